extension Lesson {
    /// Lesson 10. Its page: `Lessons/10-stopping-run-vs-guarded-loop.md`.
    public static let lesson10 = Lesson(
        number: 10,
        slug: "stopping-run-vs-guarded-loop",
        title: "Stopping run vs the guarded loop",
        kind: .use,
        level: .three,
        behaviour: "`run()` ignores stop; the guarded loop ends; a permanent thread that stops, exits and is freed, with no retain cycle.",
        exerciseFile: "Exercises/10-stopping-run-vs-guarded-loop/PermanentThread.swift",
        task: "PermanentThread: start(), perform(_:), stop()",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [4, 9]
    )
}
