import RunLoopEngine

extension QuizBank {
    static let lesson10: [QuizQuestion] = [
        QuizQuestion(
            number: 31, lesson: 10, title: "CFRunLoopStop on a thread inside run()",
            form: .choice([.init("the thread exits", value: "exits"), .init("the thread keeps running its loop", value: "keeps running")]),
            text: .init(
                question: "A thread keeps its loop alive with a port and calls run(). Another thread calls CFRunLoopStop on that loop. Does the thread exit?",
                ios: """
                    var loop: CFRunLoop!
                    let thread = Thread {
                        loop = CFRunLoopGetCurrent()
                        RunLoop.current.add(NSMachPort(), forMode: .default)
                        RunLoop.current.run()
                        print("run returned")
                    }
                    thread.start()
                    CFRunLoopStop(loop)              // once the thread's loop sleeps
                    """,
                why: "run() is a loop of runs: `while run(mode: .default, before: .distantFuture) {}`. CFRunLoopStop ends the run in progress, and the while starts another at once. Only an empty default mode ends run().")
        ) { stage in
            // ▼ quiz 31
            let port = Loop.Port(name: "keep-alive")
            let thread = stage.thread("worker") {

                try? Loop.current.add(port, forMode: .default)
                try? Loop.current.run()
                stage.print("run returned")
            }
            try thread.start()
            _ = waitUntil { thread.loop?.isWaiting == true }
            thread.loop?.stop()
            let answer = choose(thread.join(timeout: 0.3), "exits", "keeps running")
            try? thread.perform(waitUntilDone: true, timeout: 1) { Loop.current.remove(.port(port), fromMode: .default) }
            return answer
            // ▲ quiz 31
        },
        QuizQuestion(
            number: 32, lesson: 10, title: "the guarded loop",
            form: .choice([.init("the thread exits", value: "exits"), .init("the thread keeps running its loop", value: "keeps running")]),
            text: .init(
                question: "The same thread, but it runs `while !shouldStop && run(mode:before:)`. Work performed on it sets shouldStop and stops the loop. Does the thread exit?",
                ios: """
                    var shouldStop = false
                    let thread = Thread {
                        RunLoop.current.add(NSMachPort(), forMode: .default)
                        while !shouldStop && RunLoop.current.run(mode: .default, before: .distantFuture) {}
                    }
                    thread.start()
                    perform(#selector(stopThread), on: thread, with: nil, waitUntilDone: false)
                    // @objc func stopThread() { shouldStop = true; CFRunLoopStop(CFRunLoopGetCurrent()) }
                    """,
                why: "The stop ends the run in progress, and the flag keeps the while from starting another: the thread leaves its loop and exits. This is the stoppable permanent thread.")
        ) { stage in
            // ▼ quiz 32
            let shouldStop = Holder(false)
            let thread = stage.thread("worker") {
                try? Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
                while !shouldStop.get, (try? Loop.current.run(mode: .default, before: .distantFuture)) == true {}
            }
            try thread.start()
            try thread.perform(waitUntilDone: false) { shouldStop.set(true); Loop.current.stop() }

            return choose(thread.join(timeout: 5), "exits", "keeps running")
            // ▲ quiz 32
        },
        QuizQuestion(
            number: 33, lesson: 10, title: "CFRunLoopRun and a stop",
            form: .times,
            text: .init(
                question: "A port keeps the loop alive; a timer calls CFRunLoopStop at 1 s. When does CFRunLoopRun() return?",
                ios: """
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    let stopper = Timer(timeInterval: 0, repeats: false) { _ in CFRunLoopStop(CFRunLoopGetCurrent()) }
                    stopper.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(stopper, forMode: .default)
                    CFRunLoopRun()
                    print("returned")
                    """,
                why: "CFRunLoopRun repeats runs until one ends stopped or finished: the stop at 1 s ends it. Foundation's run() is the one that ignores stop.")
        ) { stage in
            // ▼ quiz 33
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
            let stopper = try Loop.Timer(name: "stopper", fireDate: Loop.current.now + 1) { _ in Loop.current.stop() }

            try Loop.current.add(stopper, forMode: .default)
            try Loop.current.runUntilStopped()
            stage.print("returned")
            return stage.times(ofPrint: "returned")
            // ▲ quiz 33
        },
        QuizQuestion(
            number: 34, lesson: 10, title: "run(until:) and a stop",
            form: .times,
            text: .init(
                question: "The same, with RunLoop.current.run(until: 3 s from now) instead of CFRunLoopRun(). When does it return?",
                ios: """
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    let stopper = Timer(timeInterval: 0, repeats: false) { _ in CFRunLoopStop(CFRunLoopGetCurrent()) }
                    stopper.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(stopper, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 3))
                    print("returned")
                    """,
                why: "run(until:) is run() with an end date: the stop ends one inner run, and the loop of runs goes on until the date, 3 s.")
        ) { stage in
            // ▼ quiz 34
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
            let stopper = try Loop.Timer(name: "stopper", fireDate: Loop.current.now + 1) { _ in Loop.current.stop() }

            try Loop.current.add(stopper, forMode: .default)
            try Loop.current.run(until: Loop.current.now + 3)
            stage.print("returned")
            return stage.times(ofPrint: "returned")
            // ▲ quiz 34
        },
    ]
}
