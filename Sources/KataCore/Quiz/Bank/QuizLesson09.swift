import RunLoopEngine

extension QuizBank {
    static let lesson09: [QuizQuestion] = [
        QuizQuestion(
            number: 28, lesson: 9, title: "run() on a loop with nothing to do",
            form: .choice([.init("at once", value: "at once"), .init("never: run() runs for ever", value: "never")]),
            text: .init(
                question: "A new thread calls RunLoop.current.run() without adding anything. When does the next line run?",
                ios: """
                    RunLoop.current.run()
                    print("run returned")
                    """,
                why: "run() runs the default mode only while it has something to wait for. An empty mode (no source, port or timer) returns at once, so a thread like this exits straight away.")
        ) { stage in
            // ▼ quiz 28
            try Loop.current.run()
            stage.print("run returned")
            return choose(stage.times(ofPrint: "run returned") == ["0"], "at once", "never")
            // ▲ quiz 28
        },
        QuizQuestion(
            number: 29, lesson: 9, title: "the AFNetworking network thread",
            form: .choice([.init("at once", value: "at once"), .init("never, while the port is there", value: "never")]),
            text: .init(
                question: "AFNetworking 2's network thread adds a port to its loop and calls run(). Does the line after run() run?",
                ios: """
                    let thread = Thread {
                        RunLoop.current.add(NSMachPort(), forMode: .default)
                        RunLoop.current.run()
                        print("run returned")
                    }
                    thread.start()
                    """,
                why: "The port gives the default mode something to wait for, so the mode is never empty: run() sleeps and wakes for ever, and the thread stays alive to receive work. (The engine removes the port at the end so the scenario can finish.)")
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
            number: 30, lesson: 9, title: "a keep-alive port in the wrong mode",
            form: .choice([.init("at once", value: "at once"), .init("never, while the port is there", value: "never")]),
            text: .init(
                question: "A thread adds its keep-alive port to a mode of its own, then calls run(). Does the line after run() run?",
                ios: """
                    RunLoop.current.add(NSMachPort(), forMode: RunLoop.Mode("MyMode"))
                    RunLoop.current.run()
                    print("run returned")
                    """,
                why: "run() runs the default mode only. A port in MyMode keeps MyMode alive, not the default mode, which is still empty: run() returns at once and the thread ends.")
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
