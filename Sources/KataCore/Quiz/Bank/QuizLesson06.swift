import RunLoopEngine

extension QuizBank {
    static let lesson06: [QuizQuestion] = [
        QuizQuestion(
            number: 17, lesson: 6, title: "a slow tick",
            form: .times,
            text: .init(
                question: "A 1 s repeating timer; its first callout takes 2.5 s. When does it fire in a 5.5 s run?",
                ios: """
                    var first = true
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in
                        if first { first = false; Thread.sleep(forTimeInterval: 2.5) }   // slow work
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 5.5))
                    """,
                why: "After a callout, a repeating timer's next date is its old date plus the smallest whole number of intervals that lands after now: the ticks at 2 and 3 s are skipped, not replayed, and the timer keeps its phase (4 s, not 4.5 s).")
        ) { stage in
            // ▼ quiz 17
            let first = Holder(true)
            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in
                if first.get { first.set(false); stage.clock.advance(by: 2.5) }
            }

            try Loop.current.add(timer, forMode: .default)
            try Loop.current.run(until: Loop.current.now + 5.5)
            return stage.times(of: "tick")
            // ▲ quiz 17
        },
        QuizQuestion(
            number: 18, lesson: 6, title: "a one-shot timer",
            form: .times,
            text: .init(
                question: "A timer made with repeats: false, due in 1 s. When does it fire in a 5 s run?",
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: false) { _ in print("once") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    CFRunLoopRunInMode(.defaultMode, 5, false)
                    """,
                why: "A one-shot timer (interval 0) is invalidated after its callout: it fires once.")
        ) { stage in
            // ▼ quiz 18
            let timer = try Loop.Timer(name: "once", fireDate: Loop.current.now + 1) { _ in }

            try Loop.current.add(timer, forMode: .default)
            try Loop.current.run(mode: .default, timeout: 5, returnAfterSourceHandled: false)
            return stage.times(of: "once")
            // ▲ quiz 18
        },
        QuizQuestion(
            number: 19, lesson: 6, title: "a timer whose loop starts late",
            form: .times,
            text: .init(
                question: "A 1 s timer is due at 0.5 s, but the thread is busy until 3.2 s before it runs its loop (until 5 s). When does the timer fire?",
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 0.5)
                    RunLoop.current.add(timer, forMode: .default)
                    Thread.sleep(forTimeInterval: 3.2)                  // busy at launch
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 1.8))
                    """,
                why: "A timer whose date has passed fires once, as soon as the loop looks (3.2 s) — not once per missed tick — then keeps its phase: the next date is 0.5 s plus whole seconds after 3.2 s, so 3.5 s, then 4.5 s.")
        ) { stage in
            // ▼ quiz 19
            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 0.5, interval: 1) { _ in }

            try Loop.current.add(timer, forMode: .default)
            stage.clock.advance(by: 3.2)
            try Loop.current.run(until: Loop.current.now + 1.8)
            return stage.times(of: "tick")
            // ▲ quiz 19
        },
    ]
}
