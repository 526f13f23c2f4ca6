import Testing

/// Lesson 12 against the reference on generated scenarios, on a main loop: objects autoreleased
/// in callouts of every kind (timers, sources, port messages, blocks, main-queue work, observers
/// of every activity at orders around and at UIKit's extremes), pools of the callouts' own, loops
/// that sleep and loops kept busy, nested runs, runs in modes common or not. Each callout that
/// autoreleases notes the pools open, the objects alive and those leaked; so does each run's end.
extension Lesson12Tests {
    /// What the callouts do in these scenarios: mostly autorelease.
    static let practiceActs: [LoopScenario.ActKind] = [
        .autorelease, .autorelease, .autorelease, .pool, .signal, .signal, .send,
        .perform, .mainAsync, .stop, .wakeUp, .takes, .run, .run,
    ]

    /// Orders at, around and beyond UIKit's: an observer at `Int32.min` runs before UIKit's push.
    static let practiceOrders = [
        Int.min, Int(Int32.min), Int(Int32.min), Int(Int32.min) + 1, -1_000_000, 0, 0, 1_000_000,
        Int(Int32.max), Int.max, Int.max,
    ]

    static func practiceScenario(_ random: inout SeededGenerator) -> [LoopScenario.Step] {
        var steps: [LoopScenario.Step] = []
        if random.chance(0.6) { steps.append(.markCommon(.tracking)) }
        if random.chance(0.2) { steps.append(.markCommon(.modal)) }
        // The app's observers: at the activities the pools turn on, at orders around UIKit's,
        // autoreleasing in their first callouts.
        for number in 0..<random.int(0...4) {
            let activities = random.pick([Loop.Activity.entry, .beforeWaiting, .exit, [.entry, .beforeWaiting, .exit], .all, LoopScenario.activities(&random)])
            let acts = (0..<random.int(1...3)).map { _ in [LoopScenario.Act.autorelease(1)] + LoopScenario.acts(&random, practiceActs, count: 0...1) }
            steps.append(
                .observer(
                    "o\(number + 1)", activities, order: random.pick(practiceOrders), repeats: random.chance(0.75),
                    random.pick([.common, .common, .default, .tracking]), acts: acts))
        }
        steps += LoopScenario.items(
            &random, practiceActs, places: [.default, .default, .common, .tracking, .modal], orders: [0],
            observers: 0...0, sources: 0...3, ports: 0...1, timers: 0...3, blocks: 0...2)
        for number in 0..<random.int(0...1) { steps.append(.mainAsync("m\(number + 1)", LoopScenario.acts(&random, practiceActs))) }
        steps += LoopScenario.runs(&random, practiceActs, count: 1...3, places: [.default, .default, .tracking, .modal])
        return steps
    }

    static func practice(_ mechanisms: Loop.Mechanisms) -> Practice<LoopScenario.Step> {
        Practice(
            lesson: 12, count: 250,
            hint: Text(
                en:
                    "The pools differ from the engine's in this scenario (each callout that autoreleases notes the pools open, the objects alive and those leaked with no pool; so does the end of each run): one push at entry before every other observer (order −2147483647), a pop and a push before waiting and a pop at exit after every other observer (order 2147483647), for every run — nested ones too — in every common mode.",
                zh:
                    "在这个场景里，自动释放池和引擎的不一样（每个 `autorelease` 了对象的回调都会记下未关闭的池、还活着的对象和没有池而泄漏的对象；每次运行结束时也会记一次）：每次运行——嵌套运行也算——在 `entry` 时先于所有其他观察者 `push` 一次（`order` −2147483647），在 `before waiting` 时晚于所有其他观察者 `pop` 再 `push`，在 `exit` 时 `pop`（`order` 2147483647），而且在每个标记为 common 的 Mode 里都是这样。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try LoopScenario.trace(steps, side == .student ? mechanisms : Self.reference, .all, mainLoop: true)
        }
    }

    @Test("Generated scenarios: your pools open and close as the reference engine's", .zh("自动生成的场景：你的自动释放池和参考实现的在同样的时刻打开、关闭"))
    func generatedScenarios() async throws {
        try await Self.practice(Self.student).check()
    }
}
