extension Lesson {
    /// Lesson 04. Its page: `Lessons/04-run-results.md`.
    public static let lesson04 = Lesson(
        number: 4,
        slug: "run-results",
        title: "Run results",
        titleZh: "运行结果",
        kind: .use,
        level: .one,
        behaviour: "finished / stopped / timed out / handled source, and which comes first; a stop sent while nothing runs is lost.",
        behaviourZh: "运行结果 `.finished` / `.stopped` / `.timedOut` / `.handledSource`，以及哪一个先出现；没有 RunLoop 在运行时发出的停止会丢失。",
        exerciseFile: "Exercises/04-run-results/RunResults.swift",
        task: "`RunResultPredictions` (eight predictions), then the six `produce…(on:)` functions",
        taskZh: "`RunResultPredictions`（八个预测），然后是六个 `produce…(on:)` 函数",
        hints: [
            "Four results: `.finished` (the mode is empty — before the run, or after its last item went), `.stopped` (`stop()` reached a run in progress), `.timedOut` (the deadline passed), `.handledSource` (a source or port ran and you asked to return after one).",
            "Step 11 checks them in this order: handled source, timed out, stopped, finished. A `stop()` with no run in progress is dropped; a timer is never a 'source'.",
            "To produce: `.finished` — one one-shot timer; `.stopped` — a timer whose callout calls `Loop.current.stop()` (plus a port so the mode is not empty); `.timedOut` — a port and a timeout; `.handledSource` — a signalled source and `returnAfterSourceHandled: true`. For the `stop()` at the deadline, the timer is due exactly when the run's timeout ends: `loop.now + timeout` (the clock need not start at 0).",
        ],
        hintsZh: [
            "四种结果：`.finished`（Mode 为空——在运行前，或最后一个 item 没了之后），`.stopped`（`stop()` 到达了正在进行的运行），`.timedOut`（过了截止时间），`.handledSource`（某个事件源或端口被处理了，而你要求处理一个就返回）。",
            "第 11 步按这个顺序检查：处理了事件源、超时、停止、完成。没有运行时的 `stop()` 会被丢掉；定时器永远不算“事件源”。",
            "制造结果：`.finished` —— 一个一次性定时器；`.stopped` —— 一个回调里调用 `Loop.current.stop()` 的定时器（再加一个端口，让 Mode 不为空）；`.timedOut` —— 一个端口加一个超时；`.handledSource` —— 一个已标记的事件源加 `returnAfterSourceHandled: true`。截止时间时的 `stop()`：让定时器恰好在这次运行超时的那一刻到期：`loop.now + timeout`（时钟不一定从 0 开始）。",
        ],
        buildsOn: [2]
    )
}

extension CourseLesson {
    /// Lesson 04: its entry, its quiz questions (`Quiz/Bank/QuizLesson04.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson04 = CourseLesson(
        .lesson04, questions: QuizBank.lesson04, scenario: .runResults,
        story: ScenarioStory(inOrder: ["→ finished", "timer \"calls stop()\"", "→ stopped", "→ timed out", "source \"signalled\"", "→ handled source"]))
}
