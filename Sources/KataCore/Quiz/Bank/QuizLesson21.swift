import RunLoopEngine

extension QuizBank {
    static let lesson21: [QuizQuestion] = [
        QuizQuestion(
            number: 73, lesson: 21,
            title: .init(en: "a @MainActor task during a scroll", zh: "滑动期间的 `@MainActor` Task"),
            form: .choice([
                .init(en: "during the scroll, in the tracking mode", zh: "滑动期间，在 tracking Mode 里", value: "tracking"),
                .init(en: "after the scroll, in the default mode", zh: "滑动结束后，在 default Mode 里", value: "default"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread, called by the main loop), a Task { @MainActor in } is made; then the main loop runs the tracking mode for 1 s (as during a scroll), then the default mode. In which mode does the task's body run?",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用），创建了一个 `Task { @MainActor in }`；之后主 RunLoop 运行 tracking Mode 1 秒（就像滑动时那样），再运行 default Mode。这个 Task 的代码在哪个 Mode 里执行？"
                ),
                ios: """
                    // in a button's action:
                    // @objc func tapped(_ sender: UIButton) { … }
                    Task { @MainActor in print(RunLoop.main.currentMode!.rawValue) }
                    RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                comments: [
                    .init(en: "the scroll", zh: "滑动"),
                    .init(en: "in a button's action:", zh: "在按钮的点击回调里："),
                ],
                why: .init(
                    en:
                        "The main actor's executor sends each job to the main dispatch queue, and the main loop serves the main queue in every common mode, tracking included: the task runs during the scroll.",
                    zh: "主 actor 的执行器把每个 job 交给主队列，而主 RunLoop 在每个标记为 common 的 Mode 里都处理主队列，tracking 也不例外：这个 Task 在滑动期间执行。"))
        ) { stage in
            // ▼ quiz 73
            QuizBank.mainActorTask(stage) { stage.print(Loop.current.currentMode!.name) }
            try Loop.current.run(mode: .tracking, before: Loop.current.now + 1)
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 73
        },
        QuizQuestion(
            number: 74, lesson: 21,
            title: .init(en: "a @MainActor task while the main loop runs a private mode", zh: "主 RunLoop 运行私有 Mode 时的 `@MainActor` Task"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread, called by the main loop), a Task { @MainActor in } is made, then the main loop runs a private mode for 2 s, then the default mode for 1 s. When does the task's body run?",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用），先创建一个 `Task { @MainActor in }`，然后主 RunLoop 在一个私有 Mode 里运行 2 秒，再在 default Mode 里运行 1 秒。这个 Task 的代码什么时候执行？"
                ),
                ios: """
                    // in a button's action:
                    // @objc func tapped(_ sender: UIButton) { … }
                    Task { @MainActor in print("task") }
                    let mine = RunLoop.Mode("MyMode")
                    RunLoop.main.add(NSMachPort(), forMode: mine)
                    RunLoop.main.run(mode: mine, before: Date(timeIntervalSinceNow: 2))
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                comments: [.init(en: "in a button's action:", zh: "在按钮的点击回调里：")],
                why: .init(
                    en:
                        "The task's job is a main-queue block, and the main loop serves the main queue only in common modes: it waits through `MyMode`'s 2 s and runs when the default mode runs. The main actor is not \"the main thread whenever it is free\".",
                    zh: "这个 Task 的 job 就是主队列里的一个 Block，而主 RunLoop 只在标记为 common 的 Mode 里处理主队列：它要等过 `MyMode` 的 2 秒，到 default Mode 运行时才执行。主 actor 并不是“主线程一有空就执行”。")
            )
        ) { stage in
            // ▼ quiz 74
            QuizBank.mainActorTask(stage) { stage.print("task") }
            let mine = Loop.Mode("MyMode")
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: mine)
            try Loop.current.run(mode: mine, before: Loop.current.now + 2)
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)
            return stage.times(ofPrint: "task")
            // ▲ quiz 74
        },
        QuizQuestion(
            number: 75, lesson: 21,
            title: .init(en: "which fix updates the label during a private mode's modal loop", zh: "哪些修法能让标签在私有 Mode 的模态循环里更新"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(en: "the label is updated during the modal loop, in `MyMode`", zh: "标签在模态循环期间更新，也就是在 `MyMode` 里"),
                reading: .init(en: "the mode the update ran in", zh: "更新执行时所在的 Mode"),
                options: [
                    QuizCandidate(
                        value: "task", text: .init(en: "Task { @MainActor in … }", zh: "用 `Task { @MainActor in … }`"),
                        ios: """
                            let mine = RunLoop.Mode("MyMode")
                            Task { @MainActor in print(RunLoop.main.currentMode!.rawValue) }   // the change
                            RunLoop.main.add(NSMachPort(), forMode: mine)
                            RunLoop.main.run(mode: mine, before: Date(timeIntervalSinceNow: 1))   // the modal loop
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里"), .init(en: "the modal loop", zh: "模态循环")],
                        why: .init(
                            en: "The main actor's job is a main-queue block, and `MyMode` is not a common mode: it waits for the modal loop to end, as before.",
                            zh: "主 actor 的 job 就是主队列里的一个 Block，而 `MyMode` 不是 common 的：它照样要等模态循环结束。"),
                        run: { stage in
                            QuizBank.mainActorTask(stage) { stage.print(Loop.current.currentMode!.name) }
                            return try QuizBank.modalThenDefault(stage)
                        }),
                    QuizCandidate(
                        value: "mainQueue", text: .code("DispatchQueue.main.async"),
                        ios: """
                            let mine = RunLoop.Mode("MyMode")
                            DispatchQueue.main.async { print(RunLoop.current.currentMode!.rawValue) }   // the change
                            RunLoop.main.add(NSMachPort(), forMode: mine)
                            RunLoop.main.run(mode: mine, before: Date(timeIntervalSinceNow: 1))   // the modal loop
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里"), .init(en: "the modal loop", zh: "模态循环")],
                        why: .init(
                            en: "The same main queue the main actor uses: not served in a private mode, so the update still waits.",
                            zh: "和主 actor 用的是同一个主队列：私有 Mode 里不处理它，所以更新还是要等。"),
                        run: { stage in
                            stage.registry.mainQueue.async(name: "update") { stage.print(Loop.current.currentMode!.name) }
                            return try QuizBank.modalThenDefault(stage)
                        }),
                    QuizCandidate(
                        value: "performCommon", text: .code("RunLoop.main.perform(inModes: [.common])"),
                        ios: """
                            let mine = RunLoop.Mode("MyMode")
                            RunLoop.main.perform(inModes: [.common]) { print(RunLoop.current.currentMode!.rawValue) }   // the change
                            RunLoop.main.add(NSMachPort(), forMode: mine)
                            RunLoop.main.run(mode: mine, before: Date(timeIntervalSinceNow: 1))   // the modal loop
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里"), .init(en: "the modal loop", zh: "模态循环")],
                        why: .init(
                            en: "A block for the common modes runs in the modes marked common, and `MyMode` is not one of them: it waits too.",
                            zh: "排给 common modes 的 Block 只在标记为 common 的 Mode 里执行，`MyMode` 不在其中：它也要等。"),
                        run: { stage in
                            Loop.current.perform(inModes: [.common], name: "update") { stage.print(Loop.current.currentMode!.name) }
                            return try QuizBank.modalThenDefault(stage)
                        }),
                    QuizCandidate(
                        value: "performMine",
                        text: .init(en: "RunLoop.main.perform(inModes: [mine])", zh: "`RunLoop.main.perform(inModes: [mine])`，排给 `MyMode`"),
                        ios: """
                            let mine = RunLoop.Mode("MyMode")
                            RunLoop.main.perform(inModes: [mine]) { print(RunLoop.current.currentMode!.rawValue) }   // the change
                            RunLoop.main.add(NSMachPort(), forMode: mine)
                            RunLoop.main.run(mode: mine, before: Date(timeIntervalSinceNow: 1))   // the modal loop
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里"), .init(en: "the modal loop", zh: "模态循环")],
                        why: .init(
                            en:
                                "A run-loop block queued for `MyMode` itself runs in the modal loop's next pass: the label is updated during the modal run. (The block does not wake the loop; the modal loop's first pass runs it.)",
                            zh: "直接排给 `MyMode` 的 RunLoop Block 会在模态循环的下一轮执行：标签在模态运行期间更新。（这个 Block 不会唤醒 RunLoop；模态循环的第一轮就执行它。）"),
                        run: { stage in
                            Loop.current.perform(inModes: ["MyMode"], name: "update") { stage.print(Loop.current.currentMode!.name) }
                            return try QuizBank.modalThenDefault(stage)
                        }),
                    QuizCandidate(
                        value: "timerMine", text: .init(en: "a `Timer` added for `MyMode`", zh: "一个加到 `MyMode` 的 `Timer`"),
                        ios: """
                            let mine = RunLoop.Mode("MyMode")
                            RunLoop.main.add(Timer(timeInterval: 0, repeats: false) { _ in print(RunLoop.current.currentMode!.rawValue) }, forMode: mine)   // the change
                            RunLoop.main.add(NSMachPort(), forMode: mine)
                            RunLoop.main.run(mode: mine, before: Date(timeIntervalSinceNow: 1))   // the modal loop
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里"), .init(en: "the modal loop", zh: "模态循环")],
                        why: .init(
                            en: "A timer in `MyMode` fires in the modal loop: due at once, it updates the label during the modal run.",
                            zh: "`MyMode` 里的定时器会在模态循环里触发：它立刻到点，在模态运行期间更新标签。"),
                        run: { stage in
                            try Loop.current.add(
                                try Loop.Timer(name: "update", fireDate: Loop.current.now) { _ in stage.print(Loop.current.currentMode!.name) },
                                forMode: "MyMode")
                            return try QuizBank.modalThenDefault(stage)
                        }),
                ],
                holds: { modes in modes == ["MyMode"] }),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread, called by the main loop), a `@MainActor` view model updates a progress label with `Task { @MainActor in … }`; then the app runs a modal loop of its own in a private mode, `MyMode`, for 1 s (as a modal panel does), then the default mode. The label stays frozen until the modal loop ends. Which of these changes update it during the modal loop? The engine runs each.",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用），一个 `@MainActor` 的 `ViewModel` 用 `Task { @MainActor in … }` 更新进度标签；然后 App 在私有 Mode `MyMode` 里运行自己的模态循环 1 秒（就像模态面板那样），再运行 default Mode。标签一直不动，直到模态循环结束。下面哪些改法能让它在模态循环期间更新？引擎会逐个运行。"
                ),
                ios: """
                    // in a button's action: the update, then the modal loop
                    // @objc func tapped(_ sender: UIButton) { … }
                    Task { @MainActor in print(RunLoop.main.currentMode!.rawValue) }
                    let mine = RunLoop.Mode("MyMode")
                    RunLoop.main.add(NSMachPort(), forMode: mine)
                    RunLoop.main.run(mode: mine, before: Date(timeIntervalSinceNow: 1))   // the modal loop
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                comments: [
                    .init(en: "in a button's action: the update, then the modal loop", zh: "在按钮的点击回调里：先更新，然后是模态循环"),
                    .init(en: "the modal loop", zh: "模态循环"),
                ],
                why: .init(
                    en:
                        "The main actor's jobs and `DispatchQueue.main`'s blocks share the main queue, which the main loop serves in common modes only; a private mode runs what was put in it by name: a block queued for it, a timer added to it.",
                    zh: "主 actor 的 job 和 `DispatchQueue.main` 的 Block 共用主队列，而主 RunLoop 只在标记为 common 的 Mode 里处理主队列；私有 Mode 只执行点名放进它的东西：排给它的 Block、加到它里面的定时器。"))
        ) { stage in
            // ▼ quiz 75
            QuizBank.mainActorTask(stage) { stage.print(Loop.current.currentMode!.name) }
            return try QuizBank.modalThenDefault(stage)
            // ▲ quiz 75
        },
        QuizQuestion(
            number: 76, lesson: 21,
            title: .init(en: "a @MainActor task and a main-queue block, in order", zh: "`@MainActor` Task 和主队列 Block 的先后"),
            form: .order(words: ["block 1", "task", "block 2"]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread, called by the main loop): `DispatchQueue.main.async` prints `\"block 1\"`, a `Task { @MainActor in }` prints `\"task\"`, `DispatchQueue.main.async` prints `\"block 2\"`; then the action returns and the main loop runs the default mode. In which order are the three printed?",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用）：`DispatchQueue.main.async` 打印 `\"block 1\"`，一个 `Task { @MainActor in }` 打印 `\"task\"`，`DispatchQueue.main.async` 打印 `\"block 2\"`；然后回调返回，主 RunLoop 运行 default Mode。三者按什么顺序打印？"
                ),
                ios: """
                    // in a button's action:
                    // @objc func tapped(_ sender: UIButton) { … }
                    DispatchQueue.main.async { print("block 1") }
                    Task { @MainActor in print("task") }
                    DispatchQueue.main.async { print("block 2") }
                    """,
                comments: [.init(en: "in a button's action:", zh: "在按钮的点击回调里：")],
                why: .init(
                    en:
                        "Already on the main actor, the Task does not run at once: its job goes to the main queue behind block 1, and block 2 behind it. One serial queue, first in first out.",
                    zh: "虽然已经在主 actor 上，这个 Task 也不会立刻执行：它的 job 排进主队列，在 `block 1` 后面，`block 2` 又排在它后面。一个串行队列，先进先出。"))
        ) { stage in
            // ▼ quiz 76
            stage.registry.mainQueue.async(name: "block 1") { stage.print("block 1") }
            QuizBank.mainActorTask(stage) { stage.print("task") }
            stage.registry.mainQueue.async(name: "block 2") { stage.print("block 2") }
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 76
        },
    ]
}

extension QuizBank {
    /// The main loop runs a private mode, MyMode (kept alive by a port), for 1 s, as a modal loop
    /// does, then the default mode for 1 s; returns what the scenario printed.
    static func modalThenDefault(_ stage: QuizStage) throws -> [String] {
        try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: "MyMode")
        try Loop.current.run(mode: "MyMode", before: Loop.current.now + 1)
        try Loop.current.run(mode: .default, before: Loop.current.now + 1)
        return stage.prints()
    }

    /// `Task { @MainActor in body() }` made on the stage's main thread: a real task on an actor of
    /// the stage's main loop, its job sent to the main queue by the engine's executor.
    static func mainActorTask(_ stage: QuizStage, _ body: @escaping @Sendable () -> Void) {
        let actor = MainLoopActor(executor: MainLoopExecutor(registry: stage.registry))
        actor.assumeIsolated { actor -> Void in
            Task {
                _ = actor
                body()
            }
        }
    }
}
