extension Lesson {
    /// Lesson 12. Its page: `Lessons/12-autorelease-pool-observers.md`.
    public static let lesson12 = Lesson(
        number: 12,
        slug: "autorelease-pool-observers",
        title: "Autorelease pool observers",
        kind: .build,
        level: .three,
        behaviour: "The two pool observers at the extreme orders; work that never lets the loop sleep keeps its garbage.",
        exerciseFile: "Exercises/12-autorelease-pool-observers/PoolObservers.swift",
        task: "StudentPoolObservers (an AutoreleasePoolObservers): install(on:pools:)",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [11]
    )
}
