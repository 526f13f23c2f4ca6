import Dispatch
import RunLoopEngine

extension QuizBank {
    static let lesson08: [QuizQuestion] = [
        QuizQuestion(
            number: 24, lesson: 8, title: "waitUntilDone on a thread whose loop is not running",
            form: .choice([.init("the work runs at once, and \"done\" prints", value: "done"),
                           .init("the caller waits, and the work never runs", value: "waiting"),
                           .init("the work runs on the calling thread instead", value: "caller")]),
            text: .init(
                question: "A thread is busy and never runs its run loop. Another thread performs a selector on it with waitUntilDone: true. What happens?",
                ios: """
                    let worker = Thread { Thread.sleep(forTimeInterval: 60) }   // busy; never runs its loop
                    worker.start()
                    perform(#selector(work), on: worker, with: nil, waitUntilDone: true)
                    print("done")
                    """,
                why: "The perform becomes a source0 on the worker's loop, and only a running loop calls it. The worker never runs its loop, so the work never runs and the caller waits for ever (the engine gives up after 0.3 s to say so).")
        ) { stage in
            // ▼ quiz 24
            let busy = DispatchSemaphore(value: 0)
            let worker = stage.thread("worker") { busy.wait() }
            try worker.start()
            do { try worker.perform(waitUntilDone: true, timeout: 0.3) { stage.print("work") }; stage.print("done") }
            catch { stage.print("still waiting") }
            busy.signal()
            return [stage.prints().contains("work") ? "caller" : stage.prints().contains("done") ? "done" : "waiting"]
            // ▲ quiz 24
        },
        QuizQuestion(
            number: 25, lesson: 8, title: "perform on the current thread, without waiting",
            form: .order(words: ["after the call", "work"]),
            text: .init(
                question: "A thread performs a selector on itself with waitUntilDone: false, prints, then runs its loop. In which order do the prints come?",
                ios: """
                    perform(#selector(work), on: Thread.current, with: nil, waitUntilDone: false)
                    print("after the call")
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 1))
                    """,
                why: "Without waiting, the work is queued as a source0 on the thread's own loop: it runs when the loop next runs, after the line that follows.")
        ) { stage in
            // ▼ quiz 25
            try LoopThread.current!.perform(waitUntilDone: false) { stage.print("work") }
            stage.print("after the call")
            try Loop.current.run(until: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 25
        },
        QuizQuestion(
            number: 26, lesson: 8, title: "perform on the current thread, waiting until done",
            form: .order(words: ["after the call", "work"]),
            text: .init(
                question: "The same, with waitUntilDone: true. In which order do the prints come?",
                ios: """
                    perform(#selector(work), on: Thread.current, with: nil, waitUntilDone: true)
                    print("after the call")
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 1))
                    """,
                why: "Waiting for work on your own thread could only deadlock, so Foundation runs it at once, inside the call — loop or no loop.")
        ) { stage in
            // ▼ quiz 26
            try LoopThread.current!.perform(waitUntilDone: true) { stage.print("work") }
            stage.print("after the call")
            try Loop.current.run(until: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 26
        },
        QuizQuestion(
            number: 27, lesson: 8, title: "perform on the main thread during a scroll",
            form: .choice([.init("during the scroll, in the tracking mode", value: "tracking"),
                           .init("after the scroll, in the default mode", value: "default")]),
            setting: .appMain,
            text: .init(
                question: "A worker performs a selector on the main thread (no modes argument) while the user scrolls. When does it run?",
                ios: """
                    let worker = Thread {
                        self.perform(#selector(self.update), on: .main, with: nil, waitUntilDone: false)
                    }
                    worker.start()
                    // meanwhile the user scrolls: UIKit runs the tracking mode for 1 s, then the default mode
                    RunLoop.current.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))
                    RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    // @objc func update() { print(RunLoop.current.currentMode!.rawValue) }
                    """,
                why: "With no modes argument, perform(_:on:with:waitUntilDone:) uses the common modes, and on the main loop the tracking mode is common: the work runs during the scroll.")
        ) { stage in
            // ▼ quiz 27
            let main = LoopThread.current!
            let worker = stage.thread("worker") {
                try? main.perform(waitUntilDone: false) { stage.print(Loop.current.currentMode!.name) }
            }
            try worker.start()
            worker.join()
            try Loop.current.run(mode: .tracking, before: Loop.current.now + 1)
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)

            return stage.prints()
            // ▲ quiz 27
        },
    ]
}
