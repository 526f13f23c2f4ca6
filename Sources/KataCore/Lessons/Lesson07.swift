extension Lesson {
    /// Lesson 07. Its page: `Lessons/07-perform-after-delay-is-a-timer.md`.
    public static let lesson07 = Lesson(
        number: 7,
        slug: "perform-after-delay-is-a-timer",
        title: "Perform after delay is a timer",
        titleZh: "`performSelector:afterDelay:` 就是一个定时器",
        kind: .use,
        level: .two,
        behaviour: "`performSelector:afterDelay:` is a one-shot timer in the current loop: no running loop, no call; it obeys modes.",
        behaviourZh: "`performSelector:afterDelay:` 就是当前 RunLoop 里的一个一次性定时器：RunLoop 没在运行，就不会调用；它同样受 Mode 限制。",
        exerciseFile: "Exercises/07-perform-after-delay-is-a-timer/PerformAfterDelay.swift",
        task: "`performAfterDelay(_:inModes:_:)`",
        taskZh: "`performAfterDelay(_:inModes:_:)`",
        hints: [
            "There is no waiting anywhere in the answer: `performSelector:afterDelay:` is a one-shot timer added to the current thread's loop.",
            "`Loop.current` is the calling thread's loop; make a `Loop.Timer` whose fire date is `loop.now + delay` (a loop's clock need not start at 0) and whose callout runs the work.",
            "Add that one timer to each mode in `modes` with `loop.add(_:forMode:)`, and return it so it can be cancelled.",
        ],
        hintsZh: [
            "答案里没有任何等待：`performSelector:afterDelay:` 就是加到当前线程 RunLoop 里的一个一次性定时器。",
            "`Loop.current` 是调用线程的 RunLoop；创建一个 `Loop.Timer`，触发时间是 `loop.now + delay`（RunLoop 的时钟不一定从 0 开始），回调执行任务。",
            "用 `loop.add(_:forMode:)` 把这一个定时器加到 `modes` 里的每个 Mode，然后返回它，以便取消。",
        ],
        buildsOn: [6]
    )
}

extension CourseLesson {
    /// Lesson 07: its entry, its quiz questions (`Quiz/Bank/QuizLesson07.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson07 = CourseLesson(
        .lesson07, questions: QuizBank.lesson07, scenario: .performAfterDelay,
        story: ScenarioStory(
            inOrder: ["2 s pass", "tracking  → timed out", "default   timer \"perform after delay\"", "the delayed work runs", "default   → finished"],
            never: ["tracking  timer"]))
}
