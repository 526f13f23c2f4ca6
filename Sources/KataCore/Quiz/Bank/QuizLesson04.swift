import RunLoopEngine

/// The run results as choices, named as CFRunLoopRunResult names them.
private let runResults: [QuizQuestion.Choice] = [
    .init("kCFRunLoopRunFinished", value: "finished"),
    .init("kCFRunLoopRunStopped", value: "stopped"),
    .init("kCFRunLoopRunTimedOut", value: "timed out"),
    .init("kCFRunLoopRunHandledSource", value: "handled source"),
]

extension QuizBank {
    static let lesson04: [QuizQuestion] = [
        QuizQuestion(
            number: 10, lesson: 4, title: "a run whose only timer fires once",
            form: .choice(runResults),
            text: .init(
                question: "The default mode holds one one-shot timer, due in 1 s. What does a 10 s CFRunLoopRunInMode return?",
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: false) { _ in print("once") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    let result = CFRunLoopRunInMode(.defaultMode, 10, false)
                    """,
                why: "A one-shot timer is invalidated after its callout and leaves the mode. The mode is then empty, so the run ends with finished at 1 s, long before its 10 s.")
        ) { stage in
            // ▼ quiz 10
            let loop = Loop.current
            let timer = try Loop.Timer(name: "once", fireDate: loop.now + 1) { _ in }

            try loop.add(timer, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 10, returnAfterSourceHandled: false)
            return [result.description]
            // ▲ quiz 10
        },
        QuizQuestion(
            number: 11, lesson: 4, title: "stop before the run",
            form: .choice(runResults),
            text: .init(
                question: "The code stops the current loop, then runs it for 2 s; the mode holds a port. What does the run return?",
                ios: """
                    let loop = RunLoop.current
                    loop.add(NSMachPort(), forMode: .default)
                    CFRunLoopStop(CFRunLoopGetCurrent())
                    let result = CFRunLoopRunInMode(.defaultMode, 2, false)
                    """,
                why: "CFRunLoopStop ends the run in progress; with no run in progress it does nothing, and nothing remembers it. The run then waits out its 2 s: timed out.")
        ) { stage in
            // ▼ quiz 11
            let loop = Loop.current
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            loop.stop()
            let result = try loop.run(mode: .default, timeout: 2, returnAfterSourceHandled: false)
            return [result.description]
            // ▲ quiz 11
        },
        QuizQuestion(
            number: 12, lesson: 4, title: "return after a source, but only timers fire",
            form: .choice(runResults),
            text: .init(
                question: "A 1 s repeating timer; CFRunLoopRunInMode for 3.5 s with returnAfterSourceHandled true. What does it return?",
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    let result = CFRunLoopRunInMode(.defaultMode, 3.5, true)
                    """,
                why: "A timer firing never counts as a handled source (only a source0, a port or the main queue do). The timer fires at 1, 2 and 3 s and the run times out at 3.5 s.")
        ) { stage in
            // ▼ quiz 12
            let loop = Loop.current
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 3.5, returnAfterSourceHandled: true)
            return [result.description]
            // ▲ quiz 12
        },
        QuizQuestion(
            number: 13, lesson: 4, title: "a timer that stops its loop",
            form: .choice(runResults),
            text: .init(
                question: "A 1 s repeating timer calls CFRunLoopStop on its first tick; the run was asked for 5 s. What does it return?",
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in
                        CFRunLoopStop(CFRunLoopGetCurrent())
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    let result = CFRunLoopRunInMode(.defaultMode, 5, false)
                    """,
                why: "A stop during a run ends that run at the end of the pass: stopped, at 1 s. The timer is still valid; the next run would see it again.")
        ) { stage in
            // ▼ quiz 13
            let loop = Loop.current
            let timer = try Loop.Timer(name: "stopper", fireDate: loop.now + 1, interval: 1) { _ in
                Loop.current.stop()
            }

            try loop.add(timer, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 5, returnAfterSourceHandled: false)
            return [result.description]
            // ▲ quiz 13
        },
    ]
}
