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
        keyScenario: "empty-mode-returns",
        hints: [
            "Keep everything in one array in the order it was added; `Loop.Item` is Hashable and Equatable by identity.",
            "`insert` checks `contains` first and returns false for a duplicate; `remove` returns false for an item it does not hold — the loop counts items by what you answer. `items(of:)` filters by `item.kind`.",
            "`isEmpty` looks only at sources, ports and timers: `!held.contains { $0.kind != .observer }`.",
        ],
        buildsOn: [1]
    )
}
