extension Lesson {
    /// Lesson 09. Its page: `Lessons/09-keep-alive-with-a-port.md`.
    public static let lesson09 = Lesson(
        number: 9,
        slug: "keep-alive-with-a-port",
        title: "Keep alive with a port",
        titleZh: "用端口保活",
        kind: .use,
        level: .two,
        behaviour: "A loop with nothing to do exits at once; a port keeps a network thread alive (AFNetworking 2).",
        behaviourZh: "无事可做的 RunLoop 会立即退出；一个端口让网络线程常驻（AFNetworking 2）。",
        exerciseFile: "Exercises/09-keep-alive-with-a-port/NetworkThread.swift",
        task: "`NetworkThread`: `start()`, the port that keeps its loop alive",
        taskZh: "`NetworkThread`：`start()`，以及让它的 RunLoop 保活的端口",
        hints: [
            "The thread's body is where the loop lives: `let loop = Loop.current`, then run it. On its own, `try loop.run()` returns at once — the `.default` mode is empty.",
            "Give the loop something to wait for that never happens: `try loop.add(Loop.Port(), forMode: .default)` before running it.",
            "`start()` just starts the thread, `try thread.start()`; `perform` is already written (it goes through the loop, like AFNetworking's `performSelector:onThread:`).",
        ],
        hintsZh: [
            "RunLoop 住在线程的函数体里：`let loop = Loop.current`，然后运行它。单独调用 `try loop.run()` 会立即返回—— `.default` Mode 是空的。",
            "给 RunLoop 一个永远不会来的东西去等：运行之前先 `try loop.add(Loop.Port(), forMode: .default)`。",
            "`start()` 只是启动线程：`try thread.start()`；`perform` 已经写好了（它经过 RunLoop，就像 AFNetworking 的 `performSelector:onThread:`）。",
        ],
        buildsOn: [2, 8]
    )
}

extension CourseLesson {
    /// Lesson 09: its entry, its quiz questions (`Quiz/Bank/QuizLesson09.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson09 = CourseLesson(
        .lesson09, questions: QuizBank.lesson09, scenario: .keepAlivePort,
        story: ScenarioStory(
            inOrder: ["→ finished (empty mode", "add a port", "before waiting", "woke: port \"network\"", "message: response", "→ handled source"]))
}
