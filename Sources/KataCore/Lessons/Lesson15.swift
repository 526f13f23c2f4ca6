extension Lesson {
    /// Lesson 15. Its page: `Lessons/15-commit-at-before-waiting.md`.
    public static let lesson15 = Lesson(
        number: 15,
        slug: "commit-at-before-waiting",
        title: "The commit at beforeWaiting",
        titleZh: "BeforeWaiting 时的提交",
        kind: .build,
        level: .three,
        behaviour:
            "The UI is laid out, drawn and committed by Core Animation's observer just before the loop sleeps: changes coalesce, a long callout delays them, a loop that never sleeps freezes the UI.",
        behaviourZh: "界面由 Core Animation 的观察者在 RunLoop 即将进入休眠时布局、绘制、提交：改动会合并，耗时的回调会推迟它们，从不休眠的 RunLoop 会让界面卡住。",
        exerciseFile: "Exercises/15-commit-at-before-waiting/CommitObserver.swift",
        task: "`StudentCommit` (a `CoreAnimationCommit`): `install(on:transaction:)`, `commit(_:)`",
        taskZh: "`StudentCommit`（一个 `CoreAnimationCommit`）：`install(on:transaction:)`、`commit(_:)`",
        hints: [
            "One `Loop.Observer` of `[.beforeWaiting, .exit]` at `order` 2_000_000 whose callout calls `commit(transaction)`, added with `try? loop.add(observer, forMode: .common)`.",
            "In `commit(_:)`: `let windows = transaction.takeWindows()`; walk each window from the top, `if view.needsLayout { view.layoutSubviews() }` and then its `subviews`; only then a second walk that draws (`needsDisplay`, `display()`); last, `transaction.sendToRenderServer()`.",
            "Check the flags, never lay out or draw a view just because its window was marked: `layoutIfNeeded()` may already have laid it out. A view before its subviews: a parent's layout may mark a child, and the child must then be laid out in the same commit.",
        ],
        hintsZh: [
            "一个 `Loop.Observer`，观察 `[.beforeWaiting, .exit]`，`order` 2_000_000，回调里调用 `commit(transaction)`，用 `try? loop.add(observer, forMode: .common)` 加进去。",
            "在 `commit(_:)` 里：`let windows = transaction.takeWindows()`；从每个窗口自上而下地走，`if view.needsLayout { view.layoutSubviews() }`，再走它的 `subviews`；全部布局完，再走第二趟来绘制（`needsDisplay`、`display()`）；最后 `transaction.sendToRenderServer()`。",
            "要看标记，不能因为窗口被标记过就给视图布局或绘制：`layoutIfNeeded()` 可能已经给它布局过了。先父视图后子视图：父视图的布局可能会标记子视图，这时子视图必须在同一次提交里布局。",
        ],
        buildsOn: [11, 12]
    )
}

extension CourseLesson {
    /// Lesson 15: its entry, its quiz questions (`Quiz/Bank/QuizLesson15.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson15 = CourseLesson(
        .lesson15, questions: QuizBank.lesson15, scenario: .uiCommit,
        story: ScenarioStory(
            inOrder: [
                "timer \"tap\"", "then 0.5 s of work", "before waiting", "[header layoutSubviews]", "[label drawRect:]",
                "CA::Transaction::commit(header, label)", "source \"busy\"", "busy pass 3", "before waiting", "[label drawRect:]",
            ],
            count: ("[header layoutSubviews]", 1)))
}
