import RunLoopEngine

extension QuizBank {
    static let lesson09: [QuizQuestion] = [
        QuizQuestion(
            number: 28, lesson: 9,
            title: .init(en: "`run()` on a loop with nothing to do", zh: "在无事可做的 RunLoop 上调用 `run()`"),
            form: .choice([
                .init(en: "at once", zh: "立即", value: "at once"), .init(en: "never: `run()` runs for ever", zh: "永远不会：`run()` 一直运行下去", value: "never"),
            ]),
            wording: .init(
                question: .init(
                    en: "A new thread calls `RunLoop.current.run()` without adding anything. When does the next line run?",
                    zh: "一个新线程什么都没加，就调用 `RunLoop.current.run()`。下一行什么时候执行？"),
                ios: """
                    RunLoop.current.run()
                    print("run returned")
                    """,
                why: .init(
                    en:
                        "`run()` runs the default mode only while it has something to wait for. An empty mode (no source, port or timer) returns at once, so a thread like this exits straight away.",
                    zh: "`run()` 只在 default Mode 里有东西可等时才运行它。空 Mode（没有事件源、端口或定时器）会立即返回，所以这样的线程马上就退出了。"))
        ) { stage in
            // ▼ quiz 28
            try Loop.current.run()
            stage.print("run returned")
            return choose(stage.times(ofPrint: "run returned") == ["0"], "at once", "never")
            // ▲ quiz 28
        },
        QuizQuestion(
            number: 29, lesson: 9,
            title: .init(en: "the AFNetworking network thread", zh: "AFNetworking 的网络线程"),
            form: .choice([.init(en: "at once", zh: "立即", value: "at once"), .init(en: "never, while the port is there", zh: "永远不会，只要端口还在", value: "never")]),
            wording: .init(
                question: .init(
                    en: "AFNetworking 2's network thread adds a port to its loop and calls `run()`. Does the line after `run()` run?",
                    zh: "AFNetworking 2 的网络线程往它的 RunLoop 里加了一个端口，然后调用 `run()`。`run()` 后面那一行会执行吗？"),
                ios: """
                    let thread = Thread {
                        RunLoop.current.add(NSMachPort(), forMode: .default)
                        RunLoop.current.run()
                        print("run returned")
                    }
                    thread.start()
                    """,
                why: .init(
                    en:
                        "The port gives the default mode something to wait for, so the mode is never empty: `run()` sleeps and wakes for ever, and the thread stays alive to receive work. (The engine removes the port at the end so the scenario can finish.)",
                    zh: "端口让 default Mode 有东西可等，这个 Mode 就永远不空：`run()` 不停地休眠、唤醒，线程一直活着，随时接收工作。（引擎在最后移除端口，好让场景能结束。）")),
            followUp: .init(
                question: .init(
                    en: "What does a long-lived thread like this cost, and what would you use for networking today?",
                    zh: "这样的常驻线程有什么代价？今天做网络请求你会用什么？"),
                model: .init(
                    en:
                        "An idle loop sleeps in the kernel and uses no CPU, so the cost is a thread and its stack kept for the app's lifetime, plus the care to stop it. `URLSession` runs its own delegate queue and needs no thread with a loop; a long-lived thread is still the answer when an API must be scheduled on a run loop.",
                    zh:
                        "空闲的 RunLoop 在内核里休眠，不占 CPU，代价是一个线程和它的栈在应用整个生命周期里一直占着，还要费心让它能停下。`URLSession` 用自己的代理队列，不需要带 RunLoop 的线程；只有当某个 API 必须调度在 RunLoop 上时，常驻线程仍然是答案。"
                ))
        ) { stage in
            // ▼ quiz 29
            let port = Loop.Port(name: "keep-alive")
            let thread = stage.thread("network") {
                try? Loop.current.add(port, forMode: .default)
                try? Loop.current.run()
                stage.print("run returned")
            }
            try thread.start()
            _ = waitUntil { thread.loop?.isWaiting == true || stage.prints().contains("run returned") }
            let answer = choose(stage.prints().contains("run returned"), "at once", "never")
            try thread.perform(waitUntilDone: true, timeout: 1) { Loop.current.remove(.port(port), fromMode: .default) }
            return answer
            // ▲ quiz 29
        },
        QuizQuestion(
            number: 30, lesson: 9,
            title: .init(en: "a keep-alive port in the wrong mode", zh: "保活端口放错了 Mode"),
            form: .choice([.init(en: "at once", zh: "立即", value: "at once"), .init(en: "never, while the port is there", zh: "永远不会，只要端口还在", value: "never")]),
            wording: .init(
                question: .init(
                    en: "A thread adds its keep-alive port to a mode of its own, then calls `run()`. Does the line after `run()` run?",
                    zh: "一个线程把用来保活的端口加到一个自定义 Mode 里，然后调用 `run()`。`run()` 后面那一行会执行吗？"),
                ios: """
                    RunLoop.current.add(NSMachPort(), forMode: RunLoop.Mode("MyMode"))
                    RunLoop.current.run()
                    print("run returned")
                    """,
                why: .init(
                    en:
                        "`run()` runs the default mode only. A port in `MyMode` keeps `MyMode` alive, not the default mode, which is still empty: `run()` returns at once and the thread ends.",
                    zh: "`run()` 只运行 default Mode。`MyMode` 里的端口保住的是 `MyMode`，而 default Mode 仍然是空的：`run()` 立即返回，线程结束。"))
        ) { stage in
            // ▼ quiz 30
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: Loop.Mode("MyMode"))
            try Loop.current.run()
            stage.print("run returned")
            return choose(stage.times(ofPrint: "run returned") == ["0"], "at once", "never")
            // ▲ quiz 30
        },
        QuizQuestion(
            number: 68, lesson: 9,
            title: .init(en: "which fix keeps the network thread alive", zh: "哪些修法能让网络线程保活"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(en: "`run()` does not return: the thread stays alive, waiting for work", zh: "`run()` 不返回：线程一直活着，等着任务"),
                reading: .init(en: "what `run()` does", zh: "`run()` 的表现"),
                words: [
                    "keeps running": .init(en: "keeps running", zh: "一直在运行"), "returns at once": .init(en: "returns at once", zh: "立即返回"),
                ],
                options: [
                    QuizCandidate(
                        value: "default", text: .init(en: "add the port to the default mode", zh: "把端口加到 default Mode"),
                        ios: """
                            let thread = Thread {
                                RunLoop.current.add(NSMachPort(), forMode: .default)   // the change
                                RunLoop.current.run()
                                print("run returned")
                            }
                            thread.start()
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "`run()` runs the default mode, and now the port is in it: the mode is never empty, so `run()` sleeps and wakes for ever and the thread stays, waiting for work. AFNetworking 2's network thread.",
                            zh:
                                "`run()` 运行的是 default Mode，现在端口就在里面：这个 Mode 永远不空，`run()` 休眠、唤醒、再休眠，线程一直留着等任务。这就是 AFNetworking 2 的网络线程。"),
                        run: { stage in try QuizBank.keptAlive(stage, byAPortIn: .default) }),
                    QuizCandidate(
                        value: "common", text: .init(en: "add the port to the common modes", zh: "把端口加到 common modes"),
                        ios: """
                            let thread = Thread {
                                RunLoop.current.add(NSMachPort(), forMode: .common)   // the change
                                RunLoop.current.run()
                                print("run returned")
                            }
                            thread.start()
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "Every loop's common modes hold the default mode, so a port added to `.common` is in the default mode too: `run()` has something to wait for and never returns.",
                            zh:
                                "每个 RunLoop 的 common modes 里都有 default Mode，所以加到 `.common` 的端口也在 default Mode 里：`run()` 有东西可等，永远不会返回。"),
                        run: { stage in try QuizBank.keptAlive(stage, byAPortIn: .common) }),
                    QuizCandidate(
                        value: "observer", text: .init(en: "an observer in the default mode instead of the port", zh: "用 default Mode 里的观察者代替端口"),
                        ios: """
                            let thread = Thread {
                                let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, _ in }
                                CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)   // the change
                                RunLoop.current.run()
                                print("run returned")
                            }
                            thread.start()
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "Observers do not keep a mode alive: only a source, a timer or a queued block do. The default mode is still empty, `run()` returns at once, and the thread ends.",
                            zh:
                                "观察者不能让 Mode 保活：只有事件源、定时器或排队的 Block 才行。default Mode 仍然是空的，`run()` 立即返回，线程结束。"),
                        run: { stage in
                            let thread = stage.thread("worker") {
                                try? Loop.current.add(Loop.Observer(name: "observer", activities: .all) { _ in }, forMode: .default)
                                try? Loop.current.run()
                            }
                            return try QuizBank.keptAlive(thread) {}
                        }),
                    QuizCandidate(
                        value: "twice", text: .init(en: "call `run()` twice", zh: "调用两次 `run()`"),
                        ios: """
                            let thread = Thread {
                                RunLoop.current.add(NSMachPort(), forMode: RunLoop.Mode("MyMode"))
                                RunLoop.current.run()
                                RunLoop.current.run()   // the change
                                print("run returned")
                            }
                            thread.start()
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "Each `run()` runs the default mode, empty each time: both return at once. The port keeps `MyMode` alive, and nothing runs `MyMode`.",
                            zh:
                                "每次 `run()` 运行的都是 default Mode，每次都是空的：两次都立即返回。端口保住的是 `MyMode`，而没有人运行 `MyMode`。"),
                        run: { stage in
                            let thread = stage.thread("worker") {
                                try? Loop.current.add(Loop.Port(name: "keep-alive"), forMode: Loop.Mode("MyMode"))
                                try? Loop.current.run()
                                try? Loop.current.run()
                            }
                            return try QuizBank.keptAlive(thread) {}
                        }),
                ],
                holds: { reading in reading == ["keeps running"] }),
            wording: .init(
                question: .init(
                    en:
                        "A network thread adds its keep-alive port to a mode of its own, `MyMode`, then calls `run()`; `run()` returns at once and the thread ends. Which of these changes keep the thread alive, waiting for work? The engine runs each.",
                    zh:
                        "一个网络线程把用来保活的端口加到自定义的 `MyMode` 里，然后调用 `run()`；`run()` 立即返回，线程结束了。下面哪些改动能让线程常驻、一直等着任务？引擎会逐个运行。"),
                ios: """
                    let thread = Thread {
                        RunLoop.current.add(NSMachPort(), forMode: RunLoop.Mode("MyMode"))
                        RunLoop.current.run()
                        print("run returned")
                    }
                    thread.start()
                    """,
                why: .init(
                    en:
                        "`run()` runs the default mode, and a mode with no source, timer or block returns at once. A fix gives the default mode something to wait for: a port in it, directly or through the common modes.",
                    zh:
                        "`run()` 运行的是 default Mode，没有事件源、定时器或 Block 的 Mode 会立即返回。能修好的改动，都是给 default Mode 一个可等的东西：把端口放进去，直接放或者通过 common modes。"
                )),
            followUp: .init(
                question: .init(
                    en: "This thread now never stops. What would you change so that its owner can stop it and free it?",
                    zh: "现在这个线程永远停不下来。要让它的持有者能停止并释放它，你会怎么改？"),
                model: .init(
                    en:
                        "Replace `run()` with the guarded loop, `while !shouldStop && RunLoop.current.run(mode: .default, before: .distantFuture)`, and stop it by performing a method on the thread that sets `shouldStop` and calls `CFRunLoopStop`. Then the thread's body returns, the thread exits, and the owner can drop its reference.",
                    zh:
                        "把 `run()` 换成带条件的循环：`while !shouldStop && RunLoop.current.run(mode: .default, before: .distantFuture)`；停止时在那个线程上 perform 一个方法，把 `shouldStop` 设为 `true` 再调用 `CFRunLoopStop`。这样线程的函数体会返回，线程退出，持有者就可以不再持有它。"
                ))
        ) { stage in
            // ▼ quiz 68
            let thread = stage.thread("worker") {
                try? Loop.current.add(Loop.Port(name: "keep-alive"), forMode: Loop.Mode("MyMode"))
                try? Loop.current.run()
            }
            return try QuizBank.keptAlive(thread) {}
            // ▲ quiz 68
        },

    ]
}

extension QuizBank {
    /// A thread that adds a port to `mode` and calls run(), as ``keptAlive(_:cleanup:)`` finds it.
    static func keptAlive(_ stage: QuizStage, byAPortIn mode: Loop.Mode) throws -> [String] {
        let port = Loop.Port(name: "keep-alive")
        let thread = stage.thread("worker") {
            try? Loop.current.add(port, forMode: mode)
            try? Loop.current.run()
        }
        return try keptAlive(thread) { Loop.current.remove(.port(port), fromMode: mode) }
    }

    /// Starts `thread`: "keeps running" if it has not ended 0.3 s later (its loop waits for
    /// work), else "returns at once". A thread kept running runs `cleanup` on its loop, which
    /// takes out what kept it, so that its loop runs dry and the scenario ends.
    static func keptAlive(_ thread: LoopThread, cleanup: @escaping @Sendable () -> Void) throws -> [String] {
        try thread.start()
        let answer = choose(!thread.join(timeout: 0.3), "keeps running", "returns at once")
        if answer == ["keeps running"] { try? thread.perform(waitUntilDone: true, timeout: 1) { cleanup() } }
        return answer
    }
}
