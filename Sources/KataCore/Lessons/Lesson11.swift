extension Lesson {
    /// Lesson 11. Its page: `Lessons/11-observers-and-the-iteration.md`.
    public static let lesson11 = Lesson(
        number: 11,
        slug: "observers-and-the-iteration",
        title: "Observers and the iteration",
        kind: .build,
        level: .three,
        behaviour: "The order of one pass (the ten steps), observers told of each activity; when the loop polls instead of sleeping.",
        exerciseFile: "Exercises/11-observers-and-the-iteration/OnePass.swift",
        task: "StudentPass (a LoopPassing): runPass(_:)",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [4, 5]
    )
}
