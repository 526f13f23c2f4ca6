import RunLoopEngine

extension QuizBank {
    static let lesson02: [QuizQuestion] = [
        QuizQuestion(
            number: 4, lesson: 2, title: "a default-mode timer while the loop runs another mode",
            form: .times,
            text: .init(
                question: "A 1 s timer is scheduled in the default mode; the loop then runs a mode of its own for 3.5 s. When does the timer fire during that run?",
                ios: """
                    let loop = RunLoop.current
                    let mine = RunLoop.Mode("MyMode")
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    loop.add(timer, forMode: .default)
                    loop.add(NSMachPort(), forMode: mine)   // MyMode has a port: not empty
                    loop.run(mode: mine, before: Date(timeIntervalSinceNow: 3.5))
                    """,
                why: "A loop runs one mode at a time, and only that mode's items take part. The timer lives in the default mode; while MyMode runs, it waits.")
        ) { stage in
            // ▼ quiz 4
            let loop = Loop.current
            let mine = Loop.Mode("MyMode")
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .default)
            try loop.add(Loop.Port(name: "keep-alive"), forMode: mine)
            try loop.run(mode: mine, before: loop.now + 3.5)
            return stage.times(of: "tick")
            // ▲ quiz 4
        },
        QuizQuestion(
            number: 5, lesson: 2, title: "a mode with only an observer",
            form: .choice([.init("false, at once: the mode is empty", value: "false at once"),
                           .init("true, after waiting until the date", value: "true after waiting"),
                           .init("true, at once", value: "true at once")]),
            text: .init(
                question: "A mode holds one observer and nothing else. What does run(mode:before:) do?",
                ios: """
                    let loop = RunLoop.current
                    let mine = RunLoop.Mode("MyMode")
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, _ in }
                    CFRunLoopAddObserver(loop.getCFRunLoop(), observer, CFRunLoopMode(mine.rawValue as CFString))
                    let ran = loop.run(mode: mine, before: Date(timeIntervalSinceNow: 2))
                    """,
                why: "A mode with no source, no port and no timer is empty; observers do not count. run(mode:before:) returns false at once, without entering the mode (no entry, no exit).")
        ) { stage in
            // ▼ quiz 5
            let loop = Loop.current
            let mine = Loop.Mode("MyMode")
            let observer = Loop.Observer(name: "watcher", activities: .all) { _ in }
            try loop.add(observer, forMode: mine)
            let ran = try loop.run(mode: mine, before: loop.now + 2)
            return [(ran ? "true" : "false") + (loop.now == .zero ? " at once" : " after waiting")]
            // ▲ quiz 5
        },
        QuizQuestion(
            number: 6, lesson: 2, title: "the same timer added twice",
            form: .times,
            text: .init(
                question: "The same 1 s repeating timer is added to the default mode twice. When does it fire in a 3.5 s run?",
                ios: """
                    let loop = RunLoop.current
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    loop.add(timer, forMode: .default)
                    loop.add(timer, forMode: .default)
                    loop.run(until: Date(timeIntervalSinceNow: 3.5))
                    """,
                why: "A mode holds an item once: adding it again changes nothing. The timer fires once per second, not twice.")
        ) { stage in
            // ▼ quiz 6
            let loop = Loop.current
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .default)
            try loop.add(timer, forMode: .default)
            try loop.run(until: loop.now + 3.5)
            return stage.times(of: "tick")
            // ▲ quiz 6
        },
    ]
}
