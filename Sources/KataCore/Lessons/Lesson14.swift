extension Lesson {
    /// Lesson 14. Its page: `Lessons/14-main-queue-on-the-main-loop.md`.
    public static let lesson14 = Lesson(
        number: 14,
        slug: "main-queue-on-the-main-loop",
        title: "Main queue on the main loop",
        kind: .build,
        level: .three,
        behaviour: "Work sent to the main queue is run by the main loop, in common modes only.",
        exerciseFile: "Exercises/14-main-queue-on-the-main-loop/MainQueueServicing.swift",
        task: "StudentMainQueue (a MainQueueServicing): servicesMainQueue(in:commonModes:), service(_:)",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [3, 11]
    )
}
