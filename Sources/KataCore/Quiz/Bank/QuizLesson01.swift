import RunLoopEngine

extension QuizBank {
    static let lesson01: [QuizQuestion] = [
        QuizQuestion(
            number: 1, lesson: 1, title: "RunLoop.current twice on one thread",
            form: .choice([.init("the same loop both times", value: "same"), .init("a new loop each time", value: "different")]),
            text: .init(
                question: "On one thread, the code asks for RunLoop.current twice. Does it get the same loop?",
                ios: """
                    let first = RunLoop.current
                    let second = RunLoop.current
                    print(first === second)
                    """,
                why: "A thread has one loop, made on its first request and kept in a table keyed by the thread; every later request returns it.")
        ) { stage in
            // ▼ quiz 1
            let first = Loop.current
            let second = Loop.current
            return choose(first === second, "same", "different")
            // ▲ quiz 1
        },
        QuizQuestion(
            number: 2, lesson: 1, title: "RunLoop.current on a background thread",
            form: .choice([.init("the main loop", value: "main"), .init("a loop of its own, made on this request", value: "own")]),
            setting: .appMain,
            text: .init(
                question: "The main thread starts a thread that asks for RunLoop.current. Which loop does it get?",
                ios: """
                    let main = RunLoop.main
                    let thread = Thread {
                        let loop = RunLoop.current
                        print(loop === main ? "main" : "own")
                    }
                    thread.start()
                    """,
                why: "RunLoop.current is the calling thread's loop: a background thread gets a loop of its own, made the first time it asks. Only the main thread's loop is the main loop.")
        ) { stage in
            // ▼ quiz 2
            let main = Loop.current
            let thread = stage.thread("worker") {
                let loop = Loop.current
                stage.print(loop === main ? "main" : "own")
            }
            try thread.start()
            thread.join()
            return stage.prints()
            // ▲ quiz 2
        },
        QuizQuestion(
            number: 3, lesson: 1, title: "a thread's loop after the thread exits",
            form: .choice([.init("it is torn down with the thread", value: "torn down"),
                           .init("it lives on, ready to run again", value: "alive"),
                           .init("it becomes the main loop", value: "main")]),
            text: .init(
                question: "A thread asks for its loop, keeps a reference, and exits. What is left of the loop?",
                ios: """
                    var kept: CFRunLoop?
                    let thread = Thread { kept = CFRunLoopGetCurrent() }
                    thread.start()
                    // … after the thread has exited
                    """,
                why: "The loop table forgets a thread's loop when the thread exits, and the loop's sources are removed: it can run nothing again. CF: __CFFinalizeRunLoop.")
        ) { stage in
            // ▼ quiz 3
            let kept = Holder<Loop?>(nil)
            let thread = stage.thread("worker") { kept.set(Loop.current) }
            try thread.start()
            thread.join()
            return choose(kept.get?.isTornDown == true, "torn down", "alive")
            // ▲ quiz 3
        },
    ]
}
