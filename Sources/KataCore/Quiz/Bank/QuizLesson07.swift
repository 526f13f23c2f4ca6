import RunLoopEngine

extension QuizBank {
    static let lesson07: [QuizQuestion] = [
        QuizQuestion(
            number: 20, lesson: 7, title: "afterDelay on a background thread",
            form: .choice([.init("never", value: "never"), .init("after 1 s", value: "ran"), .init("at once", value: "at once")]),
            text: .init(
                question: "A background thread calls perform(_:with:afterDelay:) with 1 s, then its work is done and it returns. When does the selector run?",
                ios: """
                    let thread = Thread {
                        self.perform(#selector(self.refresh), with: nil, afterDelay: 1)
                        // the block ends: the thread never runs its run loop
                    }
                    thread.start()
                    """,
                why: "afterDelay is only a timer added to the calling thread's loop. A background thread's loop runs only if the thread runs it; this one never does, and the thread exits — the timer never fires.")
        ) { stage in
            // ▼ quiz 20
            let thread = stage.thread("worker") {
                _ = try? Loop.current.perform(afterDelay: 1, name: "refresh") { stage.print("refresh") }

            }
            try thread.start()
            thread.join()
            return choose(stage.prints().contains("refresh"), "ran", "never")
            // ▲ quiz 20
        },
        QuizQuestion(
            number: 21, lesson: 7, title: "afterDelay during a scroll",
            form: .times,
            setting: .appMain,
            text: .init(
                question: "On the main thread, perform(_:with:afterDelay:) with 1 s. The user scrolls from 0.5 s to 3.5 s. When does the selector run (the app runs 5 s)?",
                ios: """
                    perform(#selector(refresh), with: nil, afterDelay: 1)   // default mode
                    scroll(from: 0.5, to: 3.5)   // the finger is down: UIKit runs the tracking mode
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 5))
                    """,
                why: "afterDelay's timer is in the default mode only. During the scroll the loop runs the tracking mode, so the timer waits; it fires as soon as the default mode runs again, at 3.5 s.")
        ) { stage in
            // ▼ quiz 21
            try Loop.current.perform(afterDelay: 1, name: "refresh") {}
            try stage.scroll(from: 0.5, to: 3.5)
            try Loop.current.run(until: Loop.current.now + 5)
            return stage.times(of: "refresh")
            // ▲ quiz 21
        },
        QuizQuestion(
            number: 22, lesson: 7, title: "afterDelay in the common modes during a scroll",
            form: .times,
            setting: .appMain,
            text: .init(
                question: "The same scroll (0.5 s to 3.5 s), but the perform is asked for in the common modes. When does the selector run?",
                ios: """
                    perform(#selector(refresh), with: nil, afterDelay: 1, inModes: [.common])
                    scroll(from: 0.5, to: 3.5)   // the finger is down: UIKit runs the tracking mode
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 5))
                    """,
                why: "On the main loop UIKit marks the tracking mode common, so a timer in the common modes is in the tracking mode too: it fires on time, at 1 s, in the middle of the scroll.")
        ) { stage in
            // ▼ quiz 22
            try Loop.current.perform(afterDelay: 1, inModes: [.common], name: "refresh") {}
            try stage.scroll(from: 0.5, to: 3.5)
            try Loop.current.run(until: Loop.current.now + 5)
            return stage.times(of: "refresh")
            // ▲ quiz 22
        },
        QuizQuestion(
            number: 23, lesson: 7, title: "afterDelay 0",
            form: .order(words: ["after the call", "delayed"]),
            text: .init(
                question: "perform(_:with:afterDelay: 0), then a print, then the loop runs. In which order do the two prints come?",
                ios: """
                    perform(#selector(delayed), with: nil, afterDelay: 0)   // @objc func delayed() { print("delayed") }
                    print("after the call")
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 1))
                    """,
                why: "Even with 0 s, afterDelay adds a timer; nothing runs until the loop runs and looks at its timers. The line after the call always comes first.")
        ) { stage in
            // ▼ quiz 23
            try Loop.current.perform(afterDelay: 0, name: "delayed") { stage.print("delayed") }
            stage.print("after the call")
            try Loop.current.run(until: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 23
        },
    ]
}
