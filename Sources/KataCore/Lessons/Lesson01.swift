extension Lesson {
    /// Lesson 01. Its page: `Lessons/01-one-loop-per-thread.md`.
    public static let lesson01 = Lesson(
        number: 1,
        slug: "one-loop-per-thread",
        title: "One loop per thread",
        kind: .build,
        level: .one,
        behaviour: "A loop per thread, made on first request, kept in a registry keyed by thread, gone when the thread exits; the main loop.",
        exerciseFile: "Exercises/01-one-loop-per-thread/LoopTable.swift",
        task: "StudentLoopTable (a LoopTable): loop(for:makeLoop:), existingLoop(for:), threadDidExit(_:)",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: []
    )
}
