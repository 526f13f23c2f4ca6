import Testing

/// Lesson 21 against the reference on generated scenarios: tasks made on the main thread (in a
/// button's action, a timer's callout, a main-queue block, a run-loop block, another task), tasks
/// that await and go on when a later callout finishes their work, `await MainActor.run` from the
/// pool, main-queue blocks between them, nested runs of the tracking mode (a scroll) and of a
/// private mode, marked common or not, in a job or in a callout.
extension Lesson21Tests {
    static let taskNames = ["t1", "t2", "t3", "t4"]

    static func acts(_ random: inout SeededGenerator, depth: Int, inTask: Bool) -> [Act] {
        (0..<random.int(0...3)).map { _ in act(&random, depth: depth, inTask: inTask) }
    }

    static func act(_ random: inout SeededGenerator, depth: Int, inTask: Bool) -> Act {
        let nested = { (random: inout SeededGenerator, inTask: Bool) in depth > 0 ? acts(&random, depth: depth - 1, inTask: inTask) : [] }
        switch random.int(0...9) {
        case 0, 1, 2: return .task(random.pick(taskNames), nested(&random, true))
        case 3, 4: return .mainAsync("m\(random.int(1...9))", nested(&random, false))
        case 5: return .fromAnotherThread("w\(random.int(1...9))", nested(&random, false))
        case 6: return inTask ? .suspend("work") : .resume(random.pick(taskNames))
        case 7: return .resume(random.pick(taskNames))
        case 8: return .perform("b\(random.int(1...9))", random.pick([.default, .common, .tracking]), nested(&random, false))
        default: return .run(random.pick([.tracking, .tracking, .modal]), random.pick([0, 0.5, 1]))
        }
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [ActorScenario.Step] {
        var steps: [ActorScenario.Step] = []
        if random.chance(0.2) { steps.append(.markCommon(.modal)) }
        for number in 0..<random.int(0...3) {
            steps.append(
                .timer(
                    "timer\(number + 1)", random.pick([.default, .default, .common, .tracking]), after: random.pick([0, 0.25, 0.5, 1]),
                    acts(&random, depth: 2, inTask: false)))
        }
        for _ in 0..<random.int(1...3) {
            if random.chance(0.7) { steps.append(.outside(acts(&random, depth: 2, inTask: false))) }
            steps.append(.run(random.pick([.default, .default, .tracking, .modal]), random.pick([0, 0.5, 1, 2])))
        }
        return steps
    }

    static func practice(_ enqueuing: any MainActorEnqueuing) -> Practice<ActorScenario.Step> {
        Practice(
            lesson: 21, count: 60,
            hint: Text(
                en:
                    "The main actor's jobs run differently from the engine's in this scenario (the whole trace: main-queue callouts, blocks, what each task noted and on which thread): every job goes to the main queue, from whatever thread enqueue is called, never runs at once, and so runs in every common mode, first in first out with the main queue's blocks, never inside a private mode's run.",
                zh:
                    "在这个场景里，主 actor 的 job 的执行方式和引擎的不一样（比较整条轨迹：主队列的回调、Block、每个 Task 记下的内容以及在哪个线程上）：不管 `enqueue` 在哪个线程上被调用，每个 job 都交给主队列，从不立刻执行，所以它在每个标记为 common 的 Mode 里都能执行，和主队列的 Block 一起先进先出，从不在私有 Mode 的运行里执行。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try ActorScenario.trace(steps, side == .student ? enqueuing : ReferenceMainActorEnqueuing())
        }
    }

    @Test("Generated scenarios: your executor runs the main actor's jobs as the reference engine does", .zh("自动生成的场景：你的执行器执行主 actor 的 job 的方式和参考实现一致"))
    func generatedScenarios() async throws {
        try await Self.practice(StudentMainActorEnqueuing()).check()
    }
}
