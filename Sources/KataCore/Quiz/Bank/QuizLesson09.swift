import RunLoopEngine

extension QuizBank {
    static let lesson09: [QuizQuestion] = [
        QuizQuestion(
            number: 28, lesson: 9,
            title: .init(en: "run() on a loop with nothing to do", zh: "在无事可做的 RunLoop 上调用 run()"),
            form: .choice([.init(en: "at once", zh: "立即", value: "at once"), .init(en: "never: run() runs for ever", zh: "永远不会：run() 一直运行下去", value: "never")]),
            wording: .init(
                question: .init(
                    en: "A new thread calls RunLoop.current.run() without adding anything. When does the next line run?",
                    zh: "一个新线程什么都没加，就调用 RunLoop.current.run()。下一行什么时候执行？"),
                ios: """
                    RunLoop.current.run()
                    print("run returned")
                    """,
                why: .init(
                    en:
                        "run() runs the default mode only while it has something to wait for. An empty mode (no source, port or timer) returns at once, so a thread like this exits straight away.",
                    zh: "run() 只在 default Mode 里有东西可等时才运行它。空 Mode（没有事件源、端口或定时器）会立即返回，所以这样的线程马上就退出了。"))
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
                    en: "AFNetworking 2's network thread adds a port to its loop and calls run(). Does the line after run() run?",
                    zh: "AFNetworking 2 的网络线程往它的 RunLoop 里加了一个端口，然后调用 run()。run() 后面那一行会执行吗？"),
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
                        "The port gives the default mode something to wait for, so the mode is never empty: run() sleeps and wakes for ever, and the thread stays alive to receive work. (The engine removes the port at the end so the scenario can finish.)",
                    zh: "端口让 default Mode 有东西可等，这个 Mode 就永远不空：run() 不停地休眠、唤醒，线程一直活着，随时接收工作。（引擎在最后移除端口，好让场景能结束。）")),
            followUp: .init(
                question: .init(
                    en: "What does a long-lived thread like this cost, and what would you use for networking today?",
                    zh: "这样的常驻线程有什么代价？今天做网络请求你会用什么？"),
                model: .init(
                    en:
                        "An idle loop sleeps in the kernel and uses no CPU, so the cost is a thread and its stack kept for the app's lifetime, plus the care to stop it. URLSession runs its own delegate queue and needs no thread with a loop; a long-lived thread is still the answer when an API must be scheduled on a run loop.",
                    zh:
                        "空闲的 RunLoop 在内核里休眠，不占 CPU，代价是一个线程和它的栈在应用整个生命周期里一直占着，还要费心让它能停下。URLSession 用自己的代理队列，不需要带 RunLoop 的线程；只有当某个 API 必须调度在 RunLoop 上时，常驻线程仍然是答案。"
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
                    en: "A thread adds its keep-alive port to a mode of its own, then calls run(). Does the line after run() run?",
                    zh: "一个线程把用来保活的端口加到一个自定义 Mode 里，然后调用 run()。run() 后面那一行会执行吗？"),
                ios: """
                    RunLoop.current.add(NSMachPort(), forMode: RunLoop.Mode("MyMode"))
                    RunLoop.current.run()
                    print("run returned")
                    """,
                why: .init(
                    en:
                        "run() runs the default mode only. A port in MyMode keeps MyMode alive, not the default mode, which is still empty: run() returns at once and the thread ends.",
                    zh: "run() 只运行 default Mode。MyMode 里的端口保住的是 MyMode，而 default Mode 仍然是空的：run() 立即返回，线程结束。"))
        ) { stage in
            // ▼ quiz 30
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: Loop.Mode("MyMode"))
            try Loop.current.run()
            stage.print("run returned")
            return choose(stage.times(ofPrint: "run returned") == ["0"], "at once", "never")
            // ▲ quiz 30
        },
    ]
}
