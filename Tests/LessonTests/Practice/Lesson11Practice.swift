import Testing

/// Lesson 11 against the reference on generated scenarios: several observers (every activity,
/// orders, once or repeating), sources signalled before the run and from callouts and observers,
/// port messages, timers due at once and later, blocks that queue blocks (for this mode, another,
/// the common modes), nested runs in other modes, stop and wake-up from callouts, callouts that
/// take time, runs of timeout 0 and longer that end with every result, some on the main loop with
/// main-queue work. The whole trace is compared.
extension Lesson11Tests {
    /// What a pass's callouts do in these scenarios.
    static let practiceActs: [LoopScenario.ActKind] = [.signal, .signal, .send, .perform, .perform, .stop, .wakeUp, .takes, .run, .invalidate]

    static func practiceScenario(_ random: inout SeededGenerator) -> [LoopScenario.Step] {
        // Busy scenarios; sparse ones; and some with nothing that keeps a mode alive for good
        // (no source, no port, not the main loop), whose runs can end with their mode empty.
        let kind = random.pick(["busy", "busy", "busy", "sparse", "sparse", "emptying"])
        let mainLoop = kind != "emptying" && random.chance(0.4)
        let kinds = practiceActs + (mainLoop ? [.mainAsync, .mainAsync] : []) + (kind == "emptying" ? [.stop, .stop, .stop, .invalidate] : [])
        let places: [LoopScenario.Place] = [.default, .default, .default, .common, .tracking]
        var steps: [LoopScenario.Step] = mainLoop ? [.onTheMainLoop] : []
        if random.chance(0.4) { steps.append(.markCommon(.tracking)) }
        let most = kind == "busy" ? 3 : 1
        steps += LoopScenario.items(
            &random, kinds, places: places, orders: [-10, 0, 0, 5],
            observers: 0...most, sources: 0...(kind == "emptying" ? 0 : most), ports: 0...(kind == "emptying" ? 0 : min(most, 2)),
            timers: (kind == "emptying" ? 1 : 0)...most + 1, blocks: 0...most)
        if mainLoop {
            for number in 0..<random.int(0...2) { steps.append(.mainAsync("m\(number + 1)", LoopScenario.acts(&random, kinds))) }
        }
        steps += LoopScenario.runs(&random, kinds, count: 1...3, places: [.default, .default, .default, .tracking])
        return steps
    }

    static func practice(_ mechanisms: Loop.Mechanisms) -> Practice<LoopScenario.Step> {
        Practice(
            lesson: 11, count: 300,
            hint: Text(
                en:
                    "Your pass and the engine's part ways in this scenario (each item does only what its numbered callouts say, and an act that names an item the scenario lacks does nothing): compare the steps — blocks (step 3, again after sources only if one ran, step 10), poll when a source ran or the timeout is 0, the main-queue shortcut, one wake reason handled, then handled source → timed out → stopped → finished.",
                zh:
                    "在这个场景里，你写的那一轮和引擎的那一轮走岔了（每个 item 只做它第几次回调下列出的事；点名了场景里没有的 item 的动作什么也不做）：逐步对照——Block（第 3 步；执行了事件源才在事件源之后再执行一次；第 10 步）、执行了事件源或超时为 0 时只轮询、主队列的捷径、只处理一个唤醒原因，然后 `handled source` → `timed out` → `stopped` → `finished`。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try LoopScenario.trace(steps, side == .student ? mechanisms : .reference, .all)
        }
    }

    @Test("Generated scenarios: your pass runs every one as the reference engine does", .zh("自动生成的场景：你写的那一轮，每个场景都和参考实现运行得一样"))
    func generatedScenarios() async throws {
        try await Self.practice(Self.student).check()
    }
}
