extension Lesson {
    /// Lesson 04. Its page: `Lessons/04-run-results.md`.
    public static let lesson04 = Lesson(
        number: 4,
        slug: "run-results",
        title: "Run results",
        kind: .use,
        level: .one,
        behaviour: "finished / stopped / timed out / handled source, and which comes first; a stop sent while nothing runs is lost.",
        exerciseFile: "Exercises/04-run-results/RunResults.swift",
        task: "the functions in RunResults.swift",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [2]
    )
}
