import RunLoopEngine

extension Lesson {
    /// Lesson 20. Its page: `Lessons/20-runloop-main-is-not-the-main-queue.md`.
    public static let lesson20 = Lesson(
        number: 20,
        slug: "runloop-main-is-not-the-main-queue",
        title: "RunLoop.main is not the main queue",
        titleZh: "`RunLoop.main` 不是主队列",
        kind: .use,
        level: .two,
        behaviour:
            "RunLoop.perform and Combine's RunLoop scheduler serve the default mode only and wake nothing; the main queue is served in every common mode.",
        behaviourZh: "RunLoop.perform 和 Combine 的 RunLoop 调度器只在 default Mode 里执行，也不唤醒 RunLoop；主队列在每个标记为 common 的 Mode 里都会被处理。",
        exerciseFile: "Exercises/20-runloop-main-is-not-the-main-queue/MainThreadSchedulers.swift",
        task: "the functions in `MainThreadSchedulers.swift`",
        taskZh: "`MainThreadSchedulers.swift` 里的函数",
        hints: [
            "Combine's RunLoop scheduler is `RunLoop.perform(_:)`, which is `perform(inModes: [.default])`: a block queued for the default mode that wakes nothing. Its `DispatchQueue` scheduler on the main queue is `DispatchQueue.main.async`.",
            "`runLoopSchedule(on:_:)`: `loop.perform(inModes: [.default], action)` and nothing else (no `wakeUp()`). `mainQueueSchedule(on:_:)`: `queue.async(action)`.",
            "Delayed work: a one-shot `Loop.Timer(fireDate: date)` added to `.default`. `Timer.publish`: a repeating `Loop.Timer` first due at `loop.now + interval`, added to `mode` as given; its callout passes `Loop.current.now`. Return both timers.",
        ],
        hintsZh: [
            "Combine 的 RunLoop 调度器就是 `RunLoop.perform(_:)`，也就是 `perform(inModes: [.default])`：一个排给 default Mode、什么都不唤醒的 Block。它在主队列上的 `DispatchQueue` 调度器就是 `DispatchQueue.main.async`。",
            "`runLoopSchedule(on:_:)`：`loop.perform(inModes: [.default], action)`，别的都不做（不调用 `wakeUp()`）。`mainQueueSchedule(on:_:)`：`queue.async(action)`。",
            "延迟任务：一个一次性的 `Loop.Timer(fireDate: date)`，加到 `.default`。`Timer.publish`：一个重复的 `Loop.Timer`，第一次在 `loop.now + interval`，按给定的 `mode` 原样加入；它的回调传出 `Loop.current.now`。两个定时器都要返回。",
        ],
        buildsOn: [13, 14]
    )
}

extension TraceScenario {
    /// Two values handed to the main thread both ways while the main loop runs the default mode,
    /// then two more and a delayed one as a scroll begins, with a `Timer.publish` ticker in the
    /// common modes: the main queue's values arrive during the scroll, the RunLoop scheduler's and
    /// the delayed work only when it ends. CF: `CFRunLoopPerformBlock` with the default mode
    /// against the main dispatch queue's port, served in every common mode.
    static let lesson20 = TraceScenario(
        name: "runloop-main-vs-main-queue",
        summary: Text(
            en: "values for `RunLoop.main` and for `DispatchQueue.main`, before and during a scroll, with a delay and a `Timer.publish` ticker",
            zh: "交给 `RunLoop.main` 和 `DispatchQueue.main` 的值，在滑动前和滑动中，外加一个延迟任务和一个 `Timer.publish` 发布者"),
        lookFor: Text(
            en:
                "in the default mode block \"value 2\" runs before main queue \"value 1\"; during the scroll only main queue \"value 4\" and the common ticker; block \"value 3\" and the delayed value when the scroll ends",
            zh:
                "default Mode 里 `block \"value 2\"` 在 `main queue \"value 1\"` 之前执行；滑动期间只有 `main queue \"value 4\"` 和 common 的发布者；`block \"value 3\"` 和延迟的值要等滑动结束"
        )
    ) { language in
        let registry = LoopRegistry(clock: VirtualClock())
        let main = SleepWatchedThread(
            name: "main", registry: registry, isMain: true, language: language,
            setUp: { loop in
                loop.addCommonMode(.tracking)
                try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
                try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            },
            run: { loop in
                let runLoop = RunLoopScheduler(loop)
                try loop.timerPublisher(every: 0.8, in: .common, name: "Timer.publish(.common)") { _ in }
                loop.note(
                    Text(en: "value 1 to DispatchQueue.main, value 2 to RunLoop.main", zh: "值 1 交给 `DispatchQueue.main`，值 2 交给 `RunLoop.main`"), in: language)
                registry.mainQueue.async(name: "value 1") {}
                runLoop.schedule(name: "value 2") {}
                try loop.run(mode: .default, timeout: 0.5)
                loop.note(
                    Text(
                        en: "the scroll begins: value 3 to RunLoop.main, value 4 to DispatchQueue.main, value 5 to RunLoop.main after 0.5 s",
                        zh: "滑动开始：值 3 交给 `RunLoop.main`，值 4 交给 `DispatchQueue.main`，值 5 在 0.5 秒后交给 `RunLoop.main`"), in: language)
                runLoop.schedule(name: "value 3") {}
                registry.mainQueue.async(name: "value 4") {}
                try runLoop.schedule(after: loop.now + 0.5, name: "value 5") {}
                try loop.run(mode: .tracking, timeout: 1.5)
                loop.note(Text(en: "the scroll ends", zh: "滑动结束"), in: language)
                try loop.run(mode: .default, timeout: 0.5)
            })
        let trace = try main.start()
        return main.join(trace)
    }
}

extension CourseLesson {
    /// Lesson 20: its entry, its quiz questions (`Quiz/Bank/QuizLesson20.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson20 = CourseLesson(
        .lesson20, questions: QuizBank.lesson20, scenario: .lesson20,
        story: ScenarioStory(
            inOrder: [
                "default   block \"value 2\"", "default   main queue \"value 1\"", "tracking  main queue \"value 4\"",
                "tracking  timer \"Timer.publish(.common)\"", "the scroll ends", "default   block \"value 3\"", "default   timer \"value 5\"",
            ],
            never: ["tracking  block", "tracking  timer \"value 5\""]))
}
