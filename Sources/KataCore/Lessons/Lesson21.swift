import RunLoopEngine

extension Lesson {
    /// Lesson 21. Its page: `Lessons/21-the-main-actors-executor.md`.
    public static let lesson21 = Lesson(
        number: 21,
        slug: "the-main-actors-executor",
        title: "The main actor's executor",
        titleZh: "主 actor 的执行器",
        kind: .build,
        level: .three,
        behaviour:
            "The main actor's jobs are main-queue blocks: Task { @MainActor in } and await MainActor.run run in every common mode, a scroll's too, in order with DispatchQueue.main's blocks, and never inside a private mode's nested run.",
        behaviourZh:
            "主 actor 的 job 就是主队列里的 Block：`Task { @MainActor in }` 和 `await MainActor.run` 在每个标记为 common 的 Mode 里都会执行（滑动时也一样），和 `DispatchQueue.main` 的 Block 按顺序排队，从不在私有 Mode 的嵌套运行里执行。",
        exerciseFile: "Exercises/21-the-main-actors-executor/MainActorEnqueuing.swift",
        task: "`StudentMainActorEnqueuing` (a `MainActorEnqueuing`): `enqueue(_:to:)`",
        taskZh: "`StudentMainActorEnqueuing`（一个 `MainActorEnqueuing`）：`enqueue(_:to:)`",
        hints: [
            "The Swift runtime hands the main actor's executor one job at a time, from any thread; `job.run()` must run it later, on the main thread. On Apple platforms that is the main dispatch queue's job.",
            "One line: `target.mainQueue.async(name: job.name) { job.run() }` — the main loop serves the main queue in every common mode, first in first out.",
            "Not `target.mainLoop?.perform(inModes: [.default])` (waits out a scroll), not `job.run()` at once when `target.isMainThread` (the caller must go on first, and the order breaks), and not a queue or a thread of its own (the job would run off the main thread).",
        ],
        hintsZh: [
            "Swift 运行时每次把一个 job 交给主 actor 的执行器，可能来自任何线程；`job.run()` 必须稍后在主线程上执行它。在苹果平台上，这是主队列的活儿。",
            "一行：`target.mainQueue.async(name: job.name) { job.run() }`——主线程 RunLoop 在每个标记为 common 的 Mode 里处理主队列，先进先出。",
            "不要用 `target.mainLoop?.perform(inModes: [.default])`（要等滑动结束），不要在 `target.isMainThread` 时立刻 `job.run()`（调用方必须先往下走，顺序也会乱），也不要单独开队列或线程（job 会跑到主线程以外）。",
        ],
        buildsOn: [14]
    )
}

extension TraceScenario {
    /// The main actor on the main loop: a task made in a button's action waits while a private
    /// mode runs, then runs during a scroll, as a main-queue callout, before the block queued after
    /// it. Swift: `Task { @MainActor in }`, whose job goes to `dispatch_get_main_queue()`.
    static let lesson21 = TraceScenario(
        name: "the-main-actors-executor",
        summary: Text(
            en: "a @MainActor task and a main-queue block wait out a private mode's run, then run during a scroll, the task first",
            zh: "一个 `@MainActor` 的 Task 和一个主队列 Block 在私有 Mode 的运行期间一直等着，滑动时才执行，Task 在前"),
        lookFor: Text(
            en: "the private run times out with no callout; in tracking: main queue \"job 1\" (the task), then \"reload table\"",
            zh: "私有 Mode 的运行超时返回，没有任何回调；在 tracking 里：先 `main queue \"job 1\"`（那个 Task），再 `\"reload table\"`")
    ) { language in
        let registry = LoopRegistry(clock: VirtualClock())
        let actor = MainLoopActor(executor: MainLoopExecutor(registry: registry))
        let main = SleepWatchedThread(
            name: "main", registry: registry, isMain: true, language: language,
            setUp: { loop in
                loop.addCommonMode(.tracking)
                try loop.add(Loop.Port(name: "private keep-alive"), forMode: "private")
            },
            run: { loop in
                loop.note(
                    Text(en: "Task { @MainActor in }, then DispatchQueue.main.async", zh: "`Task { @MainActor in }`，然后 `DispatchQueue.main.async`"),
                    in: language)
                actor.assumeIsolated { actor -> Void in
                    Task {
                        _ = actor
                        Loop.current.note(
                            Text(en: "the task runs in \(Loop.current.currentMode?.name ?? "-")", zh: "Task 在 \(Loop.current.currentMode?.name ?? "-") 里执行"),
                            in: language)
                    }
                }
                registry.mainQueue.async(name: "reload table") {}
                loop.note(Text(en: "a private mode's nested run", zh: "私有 Mode 的嵌套运行"), in: language)
                try loop.run(mode: "private", timeout: 1)
                loop.note(Text(en: "a scroll: the tracking mode (common)", zh: "滑动：tracking Mode（common）"), in: language)
                try loop.run(mode: .tracking, timeout: 1)
            })
        let trace = try main.start()
        return main.join(trace)
    }
}

extension CourseLesson {
    /// Lesson 21: its entry, its quiz questions (`Quiz/Bank/QuizLesson21.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson21 = CourseLesson(
        .lesson21, questions: QuizBank.lesson21, scenario: .lesson21,
        story: ScenarioStory(
            inOrder: [
                "private   → timed out", "tracking  main queue \"job 1\"", "the task runs in \(Loop.Mode.tracking.name)", "main queue \"reload table\"",
            ],
            never: ["private   main queue"]))
}
