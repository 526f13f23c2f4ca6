import RunLoopEngine

extension QuizBank {
    static let lesson13: [QuizQuestion] = [
        QuizQuestion(
            number: 41, lesson: 13, title: "the timer that stops while scrolling",
            form: .times,
            setting: .appMain,
            text: .init(
                question: "Timer.scheduledTimer ticks every second on the main thread. The user scrolls from 1.5 s to 3.5 s. When does the timer fire in the first 4.2 s?",
                ios: """
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }   // default mode
                    scroll(from: 1.5, to: 3.5)   // the finger is down: UIKit runs the tracking mode
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 4.2))
                    """,
                why: "scheduledTimer puts the timer in the default mode; during the scroll the main loop runs the tracking mode, so the ticks at 2 and 3 s do not come. When the default mode runs again at 3.5 s the late timer fires once, then keeps its phase: 4 s.")
        ) { stage in
            // ▼ quiz 41
            try Loop.current.add(try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }, forMode: .default)
            try stage.scroll(from: 1.5, to: 3.5)
            try Loop.current.run(until: Loop.current.now + 4.2)
            return stage.times(of: "tick")
            // ▲ quiz 41
        },
        QuizQuestion(
            number: 42, lesson: 13, title: "the ticker in the common modes",
            form: .times,
            setting: .appMain,
            text: .init(
                question: "The same scroll, but the timer is added with RunLoop.main.add(timer, forMode: .common). When does it fire in the first 4.2 s?",
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .common)
                    scroll(from: 1.5, to: 3.5)   // the finger is down: UIKit runs the tracking mode
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 4.2))
                    """,
                why: "UIKit marks the tracking mode common, so a timer in the common modes is in the tracking mode too and keeps its ticks while the user scrolls.")
        ) { stage in
            // ▼ quiz 42
            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }

            try Loop.current.add(timer, forMode: .common)
            try stage.scroll(from: 1.5, to: 3.5)
            try Loop.current.run(until: Loop.current.now + 4.2)
            return stage.times(of: "tick")
            // ▲ quiz 42
        },
        QuizQuestion(
            number: 43, lesson: 13, title: "a timer in the tracking mode only",
            form: .times,
            setting: .appMain,
            text: .init(
                question: "The same scroll, but the timer is added to the tracking mode only. When does it fire in the first 4.2 s?",
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .tracking)
                    scroll(from: 1.5, to: 3.5)   // the finger is down: UIKit runs the tracking mode
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 4.2))
                    """,
                why: "The timer lives only in the tracking mode: it is late at 1.5 s when the scroll begins and fires at once, then at 2 and 3 s; after the scroll the default mode runs and the timer waits.")
        ) { stage in
            // ▼ quiz 43
            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }

            try Loop.current.add(timer, forMode: .tracking)
            try stage.scroll(from: 1.5, to: 3.5)
            try Loop.current.run(until: Loop.current.now + 4.2)
            return stage.times(of: "tick")
            // ▲ quiz 43
        },
    ]
}
