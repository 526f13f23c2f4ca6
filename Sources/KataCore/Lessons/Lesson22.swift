import RunLoopEngine

extension Lesson {
    /// Lesson 22. Its page: `Lessons/22-timers-without-a-running-loop.md`.
    public static let lesson22 = Lesson(
        number: 22,
        slug: "timers-without-a-running-loop",
        title: "Timers without a running loop",
        titleZh: "没有运行中的 RunLoop 的定时器",
        kind: .use,
        level: .two,
        behaviour:
            "A `Timer` ticks only in a run of its thread's loop, in its modes; a timer source and a sleeping main-actor task need no loop and reach the main thread through the main queue, in every common mode, late when it is busy.",
        behaviourZh:
            "`Timer` 只在它所在线程的 RunLoop 运行、而且运行的是它的 Mode 时才触发；GCD 定时器和休眠的主 actor Task 不需要 RunLoop，它们通过主队列到达主线程，在每个标记为 common 的 Mode 里执行，主线程忙时会晚到。",
        exerciseFile: "Exercises/22-timers-without-a-running-loop/TimersWithoutARunningLoop.swift",
        task: "the functions in `TimersWithoutARunningLoop.swift`",
        taskZh: "`TimersWithoutARunningLoop.swift` 里的函数",
        hints: [
            "`Timer.scheduledTimer` is a repeating `Loop.Timer` on `Loop.current`, in `.default`. A timer source is `DispatchTimerSource(queue: registry.mainQueue)`: `schedule(deadline:repeating:)`, `setEventHandler`, `resume()`. A main-actor task: `actor.assumeIsolated { actor in Task { _ = actor } }`, with the `for` loop of sleeps and ticks inside the task.",
            "`dispatchTicker`: deadline `registry.clock.now + interval`, `repeating: interval`, the handler calls `tick(source.data)` (capture the source weakly), then `resume()` and return the source. `sleepingTicker`: in the task, `count` times `await actor.sleep(for: interval)` then `tick()`.",
            "Which tick when made off the main thread: not the `Timer` (its thread's loop never runs); the source (the system fires it, its handler goes to the main queue) and the main-actor task (its jobs go to the main queue) do.",
        ],
        hintsZh: [
            "`Timer.scheduledTimer` 是 `Loop.current` 上、`.default` 里的一个重复 `Loop.Timer`。GCD 定时器是 `DispatchTimerSource(queue: registry.mainQueue)`：`schedule(deadline:repeating:)`、`setEventHandler`、`resume()`。主 actor 的 Task：`actor.assumeIsolated { actor in Task { _ = actor } }`，休眠和触发的 `for` 循环写在 Task 里。",
            "`dispatchTicker`：第一次触发时间是 `registry.clock.now + interval`，`repeating: interval`，回调调用 `tick(source.data)`（弱引用这个 GCD 定时器），然后 `resume()` 并返回它。`sleepingTicker`：在 Task 里循环 `count` 次，先 `await actor.sleep(for: interval)` 再 `tick()`。",
            "在主线程以外创建时哪些会触发：`Timer` 不会（它那个线程的 RunLoop 从不运行）；GCD 定时器会（系统触发它，回调交给主队列），主 actor 的 Task 也会（它的 job 交给主队列）。",
        ],
        buildsOn: [13, 14, 21]
    )
}

extension TraceScenario {
    /// A ticker made two ways on an app's main loop, and one more on a thread that returns at
    /// once: a `Timer` in the default mode and a timer source on the main queue; then a scroll and
    /// a busy main thread. (The sleeping main-actor task is left to the tests.) libdispatch: a
    /// `DISPATCH_SOURCE_TYPE_TIMER` source on the main queue; CF: a `CFRunLoopTimer` in
    /// `kCFRunLoopDefaultMode` and one in a loop that never runs.
    static let lesson22 = TraceScenario(
        name: "timers-without-a-running-loop",
        summary: Text(
            en: "a `Timer` and a timer source ticking every second, through a scroll and a busy main thread",
            zh: "一个 `Timer`、一个 GCD 定时器和一个休眠的主 actor Task，每秒触发一次，经过一次滑动和一段主线程忙碌"),
        lookFor: Text(
            en:
                "during the scroll only main queue \"DispatchSourceTimer\"; timer \"Timer.scheduledTimer\" once when the scroll ends; after the long layout pass the source's call counts 2; the worker's timer never",
            zh:
                "滑动期间只有 `main queue \"DispatchSourceTimer\"`；`timer \"Timer.scheduledTimer\"` 在滑动结束时触发一次；那次很长的布局之后，GCD 定时器的那次调用计数为 2；工作线程的定时器一次也没有"
        )
    ) { language in
        let clock = VirtualClock()
        let registry = LoopRegistry(clock: clock)
        let main = SleepWatchedThread(
            name: "main", registry: registry, isMain: true, language: language,
            setUp: { loop in
                loop.addCommonMode(.tracking)
                try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
                try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            },
            run: { loop in
                let worker = LoopThread(name: "worker", registry: registry) {
                    let own = Loop.current
                    try? own.add(Loop.Timer(name: "worker's Timer", fireDate: own.now + 1, interval: 1) { _ in }, forMode: .default)
                }
                try worker.start()
                _ = worker.join(timeout: 2)
                try loop.add(Loop.Timer(name: "Timer.scheduledTimer", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .default)
                let source = DispatchTimerSource(queue: registry.mainQueue)
                source.schedule(deadline: loop.now + 1, repeating: 1)
                source.setEventHandler { [weak source] in
                    Loop.current.note(Text(en: "the source's call counts \(source?.data ?? 0)", zh: "GCD 定时器的这次调用计数为 \(source?.data ?? 0)"), in: language)
                }
                source.resume()
                try loop.run(mode: .default, timeout: 1.5)
                loop.note(Text(en: "the scroll begins", zh: "滑动开始"), in: language)
                try loop.run(mode: .tracking, timeout: 1.8)
                loop.note(Text(en: "the scroll ends; a long layout pass follows", zh: "滑动结束；接着是一次很长的布局"), in: language)
                registry.mainQueue.async(name: "a long layout pass") { clock.advance(by: 2.2) }
                try loop.run(mode: .default, timeout: 2)
                try loop.run(mode: .default, timeout: 1.5)
                source.cancel()
            })
        let trace = try main.start()
        return main.join(trace)
    }
}

extension CourseLesson {
    /// Lesson 22: its entry, its quiz questions (`Quiz/Bank/QuizLesson22.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson22 = CourseLesson(
        .lesson22, questions: QuizBank.lesson22, scenario: .lesson22,
        story: ScenarioStory(
            inOrder: [
                "default   timer \"Timer.scheduledTimer\"", "default   main queue \"DispatchSourceTimer\"", "the scroll begins",
                "tracking  main queue \"DispatchSourceTimer\"", "the scroll ends", "default   timer \"Timer.scheduledTimer\"",
                "the source's call counts 2",
            ],
            never: ["tracking  timer \"Timer.scheduledTimer\"", "worker's Timer"]))
}
