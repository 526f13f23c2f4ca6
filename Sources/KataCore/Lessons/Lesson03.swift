extension Lesson {
    /// Lesson 03. Its page: `Lessons/03-common-modes.md`.
    public static let lesson03 = Lesson(
        number: 3,
        slug: "common-modes",
        title: "Common modes",
        titleZh: "common modes",
        kind: .build,
        level: .one,
        behaviour: "`.common` is a set of mode names, not a mode; common items reach every common mode, also one marked later.",
        behaviourZh: "`.common` 不是一个 Mode，而是一组 Mode 的名字；common item 会进入每一个标记为 common 的 Mode，包括之后才被标记的 Mode。",
        exerciseFile: "Exercises/03-common-modes/CommonModes.swift",
        task: "`StudentCommonModes` (a `CommonModeRules`): `addCommonItem(_:)`, `removeCommonItem(_:)`, `markCommon(_:)`",
        taskZh: "`StudentCommonModes`（一个 `CommonModeRules`）：`addCommonItem(_:)`、`removeCommonItem(_:)`、`markCommon(_:)`",
        hints: [
            "You need two stored properties: the set of common modes, and the list of items added to `.common`.",
            "`addCommonItem` remembers the item once (an array keeps the order) and answers `commonModes`; `removeCommonItem` forgets it — or a mode marked later gets it back — and answers `commonModes`; `markCommon` inserts the mode and answers every remembered item — unless the mode was common already.",
            "Never answer a mode that was not marked: `.common` means exactly the modes in your set, and the loop marks `.default` for you when it is made.",
        ],
        hintsZh: [
            "你需要两个存储属性：common modes 集合，以及加到 `.common` 的 item 列表。",
            "`addCommonItem` 只记住 item 一次（用数组保持顺序），返回 `commonModes`；`removeCommonItem` 忘掉它——否则之后标记的 Mode 会把它拿回来——并返回 `commonModes`；`markCommon` 插入这个 Mode，返回记住的所有 item——除非这个 Mode 本来就是 common。",
            "绝不要返回没被标记过的 Mode：`.common` 指的就是你集合里的那些 Mode，而 RunLoop 创建时会替你标记 `.default`。",
        ],
        buildsOn: [2]
    )
}

extension CourseLesson {
    /// Lesson 03: its entry, its quiz questions (`Quiz/Bank/QuizLesson03.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson03 = CourseLesson(
        .lesson03, questions: QuizBank.lesson03, scenario: .commonModes,
        story: ScenarioStory(
            inOrder: [
                "default   timer \"common timer\"", "default   timer \"default timer\"", "mark tracking common",
                "tracking  timer \"common timer\"", "tracking  timer \"common timer\"", "tracking  → timed out",
            ],
            never: ["tracking  timer \"default timer\""]))
}
