extension Lesson {
    /// Lesson 02. Its page: `Lessons/02-mode-isolation.md`.
    public static let lesson02 = Lesson(
        number: 2,
        slug: "mode-isolation",
        title: "Mode isolation",
        kind: .build,
        level: .one,
        behaviour: "One mode runs at a time; items of other modes wait; an empty mode returns at once; an item added twice is held once; observers alone keep nothing alive.",
        exerciseFile: "Exercises/02-mode-isolation/ModeItems.swift",
        task: "StudentModeItemTable (a ModeItemTable): insert(_:), remove(_:), items(of:), isEmpty",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: []
    )
}
