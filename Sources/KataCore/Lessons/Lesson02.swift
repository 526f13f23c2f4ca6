extension Lesson {
    /// Lesson 02. Its page: `Lessons/02-mode-isolation.md`.
    public static let lesson02 = Lesson(
        number: 2,
        slug: "mode-isolation",
        title: "Mode isolation",
        titleZh: "Mode 隔离",
        kind: .build,
        level: .one,
        behaviour:
            "One mode runs at a time; items of other modes wait; an empty mode returns at once; an item added twice is held once; observers alone keep nothing alive.",
        behaviourZh: "同一时刻只运行一个 Mode，其他 Mode 的 item 只能等着；空 Mode 立即返回；同一个 item 加两次只算一个；光有观察者留不住 RunLoop。",
        exerciseFile: "Exercises/02-mode-isolation/ModeItems.swift",
        task: "`StudentModeItemTable` (a `ModeItemTable`): `insert(_:)`, `remove(_:)`, `items(of:)`, `isEmpty`",
        taskZh: "`StudentModeItemTable`（一个 `ModeItemTable`）：`insert(_:)`、`remove(_:)`、`items(of:)`、`isEmpty`",
        hints: [
            "Keep everything in one array in the order it was added; `Loop.Item` is `Hashable` and `Equatable` by identity.",
            "`insert` checks `contains` first and returns `false` for a duplicate; `remove` returns `false` for an item it does not hold — the loop counts items by what you answer. `items(of:)` filters by `item.kind`.",
            "`isEmpty` looks only at sources, ports and timers: `!held.contains { $0.kind != .observer }`.",
        ],
        hintsZh: [
            "把所有 item 按添加顺序放在一个数组里；`Loop.Item` 按对象身份实现了 `Hashable` 和 `Equatable`。",
            "`insert` 先检查 `contains`，重复的返回 `false`；`remove` 对不在表里的 item 返回 `false`——RunLoop 按你的回答来给 item 计数。`items(of:)` 按 `item.kind` 过滤。",
            "`isEmpty` 只看事件源、端口和定时器：`!held.contains { $0.kind != .observer }`。",
        ],
        buildsOn: [1]
    )
}

extension CourseLesson {
    /// Lesson 02: its entry, its quiz questions (`Quiz/Bank/QuizLesson02.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson02 = CourseLesson(
        .lesson02, questions: QuizBank.lesson02, scenario: .emptyModeReturns,
        story: ScenarioStory(
            inOrder: ["tracking  → finished (empty mode: no entry, no exit)", "default   entry", "timer \"default timer\"", "→ finished"],
            never: ["tracking  timer"]))
}
