extension Lesson {
    /// Lesson 07. Its page: `Lessons/07-perform-after-delay-is-a-timer.md`.
    public static let lesson07 = Lesson(
        number: 7,
        slug: "perform-after-delay-is-a-timer",
        title: "Perform after delay is a timer",
        kind: .use,
        level: .two,
        behaviour: "performSelector:afterDelay: is a one-shot timer in the current loop: no running loop, no call; it obeys modes.",
        exerciseFile: "Exercises/07-perform-after-delay-is-a-timer/PerformAfterDelay.swift",
        task: "performAfterDelay(_:inModes:_:)",
        keyScenario: "perform-after-delay",
        hints: [
            "There is no waiting anywhere in the answer: `performSelector:afterDelay:` is a one-shot timer added to the current thread's loop.",
            "`Loop.current` is the calling thread's loop; make a `Loop.Timer` whose fire date is `loop.now + delay` (a loop's clock need not start at 0) and whose callout runs the work.",
            "Add that one timer to each mode in `modes` with `loop.add(_:forMode:)`, and return it so it can be cancelled.",
        ],
        buildsOn: [6]
    )
}
