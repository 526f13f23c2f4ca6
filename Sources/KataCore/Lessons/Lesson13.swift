extension Lesson {
    /// Lesson 13. Its page: `Lessons/13-scrolling-keeps-the-ticker.md`.
    public static let lesson13 = Lesson(
        number: 13,
        slug: "scrolling-keeps-the-ticker",
        title: "Scrolling keeps the ticker",
        titleZh: "滑动时定时器照常走",
        kind: .use,
        level: .three,
        behaviour: "A UI loop runs a tracking mode while scrolling: default-mode timers pause, common-mode ones keep going.",
        behaviourZh: "界面的 RunLoop 在滑动时运行 tracking Mode：default Mode 里的定时器暂停，标记为 common 的 Mode 里的定时器照常运行。",
        exerciseFile: "Exercises/13-scrolling-keeps-the-ticker/Ticker.swift",
        task: "the functions in `Ticker.swift`",
        taskZh: "`Ticker.swift` 里的函数",
        hints: [
            "While a finger drags, the main loop runs the tracking mode; only items in that mode can fire. Items added to `.common` are in default AND tracking on a UI loop.",
            "The countdown: a repeating `Loop.Timer`, first due a second from now (`loop.now + 1`, not a date counted from the clock's zero), interval 1, added to `.common`; its callout counts down and calls `timer.invalidate()` once it said 0. The download: `Loop.Port(name: \"download\", onMessage: onChunk)`, also in `.common`.",
            "The badge is the opposite case: add its timer to `.default` only — it pauses during the scroll, fires once when the scroll ends, then keeps its schedule.",
        ],
        hintsZh: [
            "手指拖动时，主线程 RunLoop 运行 tracking Mode；只有在这个 Mode 里的 item 才能触发。在 UI RunLoop 上，加到 `.common` 的 item 同时在 default 和 tracking 里。",
            "倒计时：一个重复的 `Loop.Timer`，第一次在一秒之后（`loop.now + 1`，而不是从时钟零点算起的时间），间隔 1 秒，加到 `.common`；它的回调每次把数减一，数到 0 之后调用 `timer.invalidate()`。下载：`Loop.Port(name: \"download\", onMessage: onChunk)`，也加到 `.common`。",
            "角标是反过来的情况：把它的定时器只加到 `.default`——滑动时它暂停，滑动结束时触发一次，然后按原来的时间表继续。",
        ],
        buildsOn: [3, 6]
    )
}

extension CourseLesson {
    /// Lesson 13: its entry, its quiz questions (`Quiz/Bank/QuizLesson13.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson13 = CourseLesson(
        .lesson13, questions: QuizBank.lesson13, scenario: .timerDuringScroll,
        story: ScenarioStory(
            inOrder: [
                "timer \"default ticker\"", "timer \"common ticker\"", "scroll begins", "tracking  timer \"common ticker\"",
                "tracking  timer \"common ticker\"", "scroll ends", "default   timer \"default ticker\"",
            ],
            never: ["tracking  timer \"default ticker\""]))
}
