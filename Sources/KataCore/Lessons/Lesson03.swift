extension Lesson {
    /// Lesson 03. Its page: `Lessons/03-common-modes.md`.
    public static let lesson03 = Lesson(
        number: 3,
        slug: "common-modes",
        title: "Common modes",
        kind: .build,
        level: .one,
        behaviour: "`.common` is a set of mode names, not a mode; common items reach every common mode, also one marked later.",
        exerciseFile: "Exercises/03-common-modes/CommonModes.swift",
        task: "StudentCommonModes (a CommonModeRules): addCommonItem(_:), removeCommonItem(_:), markCommon(_:)",
        keyScenario: "common-modes",
        hints: [
            "You need two stored properties: the set of common modes, and the list of items added to `.common`.",
            "`addCommonItem` remembers the item once (an array keeps the order) and answers `commonModes`; `removeCommonItem` forgets it — or a mode marked later gets it back — and answers `commonModes`; `markCommon` inserts the mode and answers every remembered item — unless the mode was common already.",
            "Never answer a mode that was not marked: `.common` means exactly the modes in your set, and the loop marks `.default` for you when it is made.",
        ],
        buildsOn: [2]
    )
}
