import RunLoopEngine

extension QuizBank {
    static let lesson13: [QuizQuestion] = [
        QuizQuestion(
            number: 41, lesson: 13,
            title: .init(en: "the timer that stops while scrolling", zh: "滑动时停下的定时器"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "Timer.scheduledTimer ticks every second on the main thread. The user scrolls from 1.5 s to 3.5 s. When does the timer fire in the first 4.2 s?",
                    zh: "Timer.scheduledTimer 在主线程上每秒触发一次。用户从 1.5 秒滑动到 3.5 秒。前 4.2 秒里，定时器什么时候触发？"),
                ios: """
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }   // default mode
                    // the user scrolls from 1.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does
                    let fingerDown = Timer(timeInterval: 0, repeats: false) { _ in
                        RunLoop.current.run(mode: .tracking, before: Date(timeIntervalSinceNow: 2))
                    }
                    fingerDown.fireDate = Date(timeIntervalSinceNow: 1.5)
                    RunLoop.current.add(fingerDown, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 4.2))
                    """,
                comments: [
                    .init(en: "default mode", zh: "放在 default Mode 里"),
                    .init(
                        en: "the user scrolls from 1.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does",
                        zh: "用户从 1.5 秒滑到 3.5 秒：这期间 UIKit 运行 tracking Mode，就像这个定时器做的那样"),
                ],
                why: .init(
                    en:
                        "scheduledTimer puts the timer in the default mode; during the scroll the main loop runs the tracking mode, so the ticks at 2 and 3 s do not come. When the default mode runs again at 3.5 s the late timer fires once, then keeps its phase: 4 s.",
                    zh:
                        "scheduledTimer 把定时器放在 default Mode；滑动期间主 RunLoop 运行 tracking Mode，所以 2 秒和 3 秒的时间点不会到来。3.5 秒 default Mode 恢复运行时，晚了的定时器触发一次，然后保持原来的时间表：4 秒。"
                ))
        ) { stage in
            // ▼ quiz 41
            try Loop.current.add(try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }, forMode: .default)
            try stage.scroll(from: 1.5, to: 3.5)
            try Loop.current.run(until: Loop.current.now + 4.2)
            return stage.times(of: "tick")
            // ▲ quiz 41
        },
        QuizQuestion(
            number: 42, lesson: 13,
            title: .init(en: "the ticker in the common modes", zh: "加到 `.common` 的定时器"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A 1 s repeating timer is added with RunLoop.main.add(timer, forMode: .common). The user scrolls from 1.5 s to 3.5 s. When does it fire in the first 4.2 s?",
                    zh: "一个 1 秒的重复定时器用 RunLoop.main.add(timer, forMode: .common) 加进去。用户从 1.5 秒滑动到 3.5 秒。前 4.2 秒里它什么时候触发？"),
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .common)
                    // the user scrolls from 1.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does
                    let fingerDown = Timer(timeInterval: 0, repeats: false) { _ in
                        RunLoop.current.run(mode: .tracking, before: Date(timeIntervalSinceNow: 2))
                    }
                    fingerDown.fireDate = Date(timeIntervalSinceNow: 1.5)
                    RunLoop.current.add(fingerDown, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 4.2))
                    """,
                comments: [
                    .init(
                        en: "the user scrolls from 1.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does",
                        zh: "用户从 1.5 秒滑到 3.5 秒：这期间 UIKit 运行 tracking Mode，就像这个定时器做的那样")
                ],
                why: .init(
                    en:
                        "UIKit marks the tracking mode common, so a timer in the common modes is in the tracking mode too and keeps its ticks while the user scrolls.",
                    zh: "UIKit 把 tracking Mode 标记为 common，所以加到 `.common` 的定时器也在 tracking Mode 里，用户滑动时照常触发。"))
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
            number: 43, lesson: 13,
            title: .init(en: "a timer in the tracking mode only", zh: "只在 tracking Mode 里的定时器"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A 1 s repeating timer is added to the main loop's tracking mode only. The user scrolls from 1.5 s to 3.5 s. When does it fire in the first 4.2 s?",
                    zh: "一个 1 秒的重复定时器只加到了主 RunLoop 的 tracking Mode。用户从 1.5 秒滑动到 3.5 秒。前 4.2 秒里它什么时候触发？"),
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .tracking)
                    // the user scrolls from 1.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does
                    let fingerDown = Timer(timeInterval: 0, repeats: false) { _ in
                        RunLoop.current.run(mode: .tracking, before: Date(timeIntervalSinceNow: 2))
                    }
                    fingerDown.fireDate = Date(timeIntervalSinceNow: 1.5)
                    RunLoop.current.add(fingerDown, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 4.2))
                    """,
                comments: [
                    .init(
                        en: "the user scrolls from 1.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does",
                        zh: "用户从 1.5 秒滑到 3.5 秒：这期间 UIKit 运行 tracking Mode，就像这个定时器做的那样")
                ],
                why: .init(
                    en:
                        "The timer lives only in the tracking mode: it is late at 1.5 s when the scroll begins and fires at once, then at 2 and 3 s; after the scroll the default mode runs and the timer waits.",
                    zh: "定时器只在 tracking Mode 里：1.5 秒滑动开始时它已经晚了，于是立即触发，然后在 2 秒和 3 秒触发；滑动结束后运行的是 default Mode，定时器只能等着。"))
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
