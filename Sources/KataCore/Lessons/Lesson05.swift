extension Lesson {
    /// Lesson 05. Its page: `Lessons/05-source0-signal-and-wake.md`.
    public static let lesson05 = Lesson(
        number: 5,
        slug: "source0-signal-and-wake",
        title: "Source0: signal and wake",
        titleZh: "Source0：标记与唤醒",
        kind: .use,
        level: .two,
        behaviour: "A signalled source0 waits for a wake-up; order among sources.",
        behaviourZh: "被标记的 Source0 要等 RunLoop 被唤醒才会执行；多个事件源之间的先后顺序。",
        exerciseFile: "Exercises/05-source0-signal-and-wake/DoorBell.swift",
        task: "`DoorBell`: `ring()`",
        taskZh: "`DoorBell`：`ring()`",
        hints: [
            "The bell is a `Loop.Source`: make it in `init` with the bell's `order` and `onRing` as its perform, and add it to each of `modes` of the loop.",
            "`ring()` must not call `onRing`: it marks the source ready with `signal()`. The loop runs it on its own thread, on its next pass.",
            "A sleeping loop does not notice a signal. After `signal()`, call `loop.wakeUp()` — every time: checking `loop.isWaiting` first loses a ring that comes just as the loop falls asleep.",
        ],
        hintsZh: [
            "门铃就是一个 `Loop.Source`：在 `init` 里用门铃的 `order` 创建它，perform 是 `onRing`，再把它加到 RunLoop 的每一个 `modes` 里。",
            "`ring()` 不能调用 `onRing`：它用 `signal()` 把事件源标记为待处理。RunLoop 会在自己的线程上、在下一轮执行它。",
            "休眠中的 RunLoop 察觉不到标记。`signal()` 之后，调用 `loop.wakeUp()`——每次都要调用：先检查 `loop.isWaiting` 的话，恰好在 RunLoop 正要睡着时按下的铃就丢了。",
        ],
        buildsOn: [4]
    )
}

extension CourseLesson {
    /// Lesson 05: its entry, its quiz questions (`Quiz/Bank/QuizLesson05.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson05 = CourseLesson(
        .lesson05, questions: QuizBank.lesson05, scenario: .source0Wakeup,
        story: ScenarioStory(
            inOrder: ["nothing wakes the loop", "wakeUp()", "woke: wake-up", "before sources", "source \"bell\"", "the bell's work runs"]))
}
