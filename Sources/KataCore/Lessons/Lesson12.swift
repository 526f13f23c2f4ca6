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
        keyScenario: "autorelease-pools",
        hints: [
            "Two `Loop.Observer`s, both added to `.common`: one for `.entry` that calls `pools.push()`, one for `[.beforeWaiting, .exit]` that calls `pools.pop()`.",
            "Before waiting, pop and then push again (the next turn needs a pool); at exit, only pop. The callout gets the activity to tell them apart.",
            "Orders matter: the push observer at `Int(Int32.min)` runs before every other entry observer; the pop observer at `Int(Int32.max)` runs after every other one.",
        ],
        buildsOn: [11]
    )
}
