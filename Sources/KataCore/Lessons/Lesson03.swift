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
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [2]
    )
}
