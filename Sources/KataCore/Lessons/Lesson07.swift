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
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [6]
    )
}
