import Testing

/// Lesson 14 against the reference on generated scenarios, on a main loop: main-queue work
/// queued before the runs, from callouts, from main-queue work itself and from another thread;
/// runs in the default mode, in tracking and "modal" marked common or not, nested runs from
/// callouts and from main-queue work; sources signalled meanwhile, blocks, timers and ports,
/// so that the passes that service the queue and those that do not ("not two in a row") show.
extension Lesson14Tests {
    /// What the callouts do in these scenarios: mostly queue main-queue work.
    static let practiceActs: [LoopScenario.ActKind] = [
        .mainAsync, .mainAsync, .mainAsync, .mainAsyncFromAnotherThread, .signal, .signal,
        .send, .perform, .stop, .wakeUp, .takes, .run, .run,
    ]

    static func practiceScenario(_ random: inout SeededGenerator) -> [LoopScenario.Step] {
        var steps: [LoopScenario.Step] = []
        if random.chance(0.5) { steps.append(.markCommon(.tracking)) }
        if random.chance(0.3) { steps.append(.markCommon(.modal)) }
        steps += LoopScenario.items(
            &random, practiceActs, places: [.default, .default, .common, .tracking, .modal], orders: [0],
            observers: 0...2, sources: 0...3, ports: 0...1, timers: 0...2, blocks: 0...1)
        for number in 0..<random.int(0...4) { steps.append(.mainAsync("m\(number + 1)", LoopScenario.acts(&random, practiceActs))) }
        steps += LoopScenario.runs(&random, practiceActs, count: 1...3, places: [.default, .tracking, .modal])
        return steps
    }

    static func practice(_ servicing: any MainQueueServicing) -> Practice<LoopScenario.Step> {
        Practice(
            lesson: 14, count: 250,
            hint: Text(
                en:
                    "The main queue is serviced differently from the engine in this scenario (each item does only what its numbered callouts say; work queued from another thread is queued before the callout goes on): only in common modes (whatever their names), and each service runs, in order, exactly what was queued when it started — work queued meanwhile waits for the next one.",
                zh:
                    "在这个场景里，主队列的处理和引擎的不一样（每个 item 只做它第几次回调下列出的事；从另一个线程排的任务，在回调继续之前就已经排好）：只在标记为 common 的 Mode 里处理（不管它叫什么名字），每次处理按顺序执行、并且只执行开始时排着的那些任务——期间新排进来的要等下一次。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            let mechanisms: Loop.Mechanisms = side == .student ? .reference.with(mainQueue: servicing) : .reference
            return try LoopScenario.trace(steps, mechanisms, .all, mainLoop: true)
        }
    }

    @Test("Generated scenarios: your main loop services the main queue as the reference engine does", .zh("自动生成的场景：你的主线程 RunLoop 处理主队列的方式和参考实现一致"))
    func generatedScenarios() async throws {
        try await Self.practice(StudentMainQueue()).check()
    }
}
