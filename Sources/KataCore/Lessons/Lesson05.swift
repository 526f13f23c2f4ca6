extension Lesson {
    /// Lesson 05. Its page: `Lessons/05-source0-signal-and-wake.md`.
    public static let lesson05 = Lesson(
        number: 5,
        slug: "source0-signal-and-wake",
        title: "Source0: signal and wake",
        kind: .use,
        level: .two,
        behaviour: "A signalled source0 waits for a wake-up; order among sources.",
        exerciseFile: "Exercises/05-source0-signal-and-wake/DoorBell.swift",
        task: "DoorBell: ring()",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [4]
    )
}
