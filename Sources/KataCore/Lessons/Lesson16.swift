extension Lesson {
    /// Lesson 16. Its page: `Lessons/16-stall-monitor.md`.
    public static let lesson16 = Lesson(
        number: 16,
        slug: "stall-monitor",
        title: "Stall monitor",
        titleZh: "卡顿监控",
        kind: .use,
        level: .three,
        behaviour: "An observer in the common modes and a watchdog find a busy main loop, without idle false positives.",
        behaviourZh: "加在 common modes 里的观察者加上一个监控线程，发现忙得停不下来的主 RunLoop，而不把休眠误报成卡顿。",
        exerciseFile: "Exercises/16-stall-monitor/StallMonitor.swift",
        task: "`StallMonitor` in `StallMonitor.swift`",
        taskZh: "`StallMonitor.swift` 里的 `StallMonitor`",
        hints: [
            "The observer half: a `Loop.Observer` of `.all` activities added to `.common` (a scroll runs the tracking mode). Its callout writes the activity and `loop.clock.now` into state behind a `Lock`, then calls `signal()`. Capture the clock, not the loop: the loop holds the observer.",
            "The watchdog half: `interval` is `threshold / Double(samples)`. In `watchdogWoke`, a wake-up ended by `signal()` means the loop moved on: count = 0, and forget that this stall was reported. A timed-out one counts only while the last activity is `.afterWaiting` or `.beforeSources`; after `.beforeWaiting` the loop is asleep — count = 0.",
            "Report when the count reaches `samples` and this stall was not reported yet; remember that it was (a flag cleared by the next `signal()`). Call `report` outside the lock.",
        ],
        hintsZh: [
            "观察者部分：一个观察全部状态（`.all`）的 `Loop.Observer`，加到 `.common`（滑动时运行的是 tracking Mode）。它的回调把状态和 `loop.clock.now` 写进一个 `Lock` 保护的状态里，再调用 `signal()`。捕获时钟，不要捕获 RunLoop：RunLoop 持有这个观察者。",
            "监控线程部分：`interval` 是 `threshold / Double(samples)`。在 `watchdogWoke` 里，被 `signal()` 唤醒的那次等待说明 RunLoop 往下走了：计数归零，并忘掉这次卡顿已经报过。超时的等待只有在最后的状态是 `.afterWaiting` 或 `.beforeSources` 时才计数；`.beforeWaiting` 之后 RunLoop 在休眠——计数归零。",
            "计数到达 `samples`、而这次卡顿还没报过时上报；记住已经报过（一个标志，下一次 `signal()` 时清掉）。在锁外调用 `report`。",
        ],
        buildsOn: [11, 13]
    )
}

extension CourseLesson {
    /// Lesson 16: its entry, its quiz questions (`Quiz/Bank/QuizLesson16.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson16 = CourseLesson(
        .lesson16, questions: QuizBank.lesson16, scenario: .stallMonitor,
        story: ScenarioStory(
            inOrder: [
                "timer \"tap\"", "the tap's handler works for 400 ms", "watchdog: stall — busy since 500 ms, after waiting", "scroll begins",
                "tracking    timer \"cell layout\"", "watchdog: stall — busy since 3200 ms, after waiting", "scroll ends",
            ],
            count: ("watchdog: stall", 2)))
}
