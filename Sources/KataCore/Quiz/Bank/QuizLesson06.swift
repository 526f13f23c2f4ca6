import RunLoopEngine

extension QuizBank {
    static let lesson06: [QuizQuestion] = [
        QuizQuestion(
            number: 17, lesson: 6,
            title: .init(en: "a slow tick", zh: "一次很慢的回调"),
            form: .times,
            wording: .init(
                question: .init(
                    en: "A 1 s repeating timer; its first callout takes 2.5 s. When does it fire in a 5.5 s run?",
                    zh: "一个 1 秒的重复定时器；它的第一次回调执行了 2.5 秒。在 5.5 秒的运行中，它什么时候触发？"),
                ios: """
                    final class Once: @unchecked Sendable { var first = true }   // the timer's state, on its thread only
                    let once = Once()
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in
                        if once.first { once.first = false; Thread.sleep(forTimeInterval: 2.5) }   // slow work
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 5.5))
                    """,
                comments: [
                    .init(en: "the timer's state, on its thread only", zh: "定时器的状态，只在它的线程上使用"),
                    .init(en: "slow work", zh: "耗时的工作"),
                ],
                why: .init(
                    en:
                        "After a callout, a repeating timer's next date is its old date plus the smallest whole number of intervals that lands after now: the ticks at 2 and 3 s are skipped, not replayed, and the timer keeps its phase (4 s, not 4.5 s).",
                    zh: "回调之后，重复定时器的下一次触发时间，是原来的触发时间加上最少的整数个间隔，使它落在当前时间之后：2 秒和 3 秒的时间点被跳过，不会补触发，定时器保持原来的时间表（4 秒，而不是 4.5 秒）。")),
            followUp: .init(
                question: .init(
                    en: "A timer drives a countdown label. What breaks when a tick is skipped, and how would you write the countdown instead?",
                    zh: "一个定时器驱动倒计时标签。错过时间点时会出什么问题？倒计时应该怎么写？"),
                model: .init(
                    en:
                        "A countdown that subtracts one per callout runs slow whenever ticks are skipped (a long callout, a scroll in the default mode): the skipped ticks are not replayed. Compute the remaining time from a fixed end date on each callout, so a late or skipped tick only delays the display, never the count.",
                    zh:
                        "每次回调减一的倒计时，一旦错过时间点（回调太久、default Mode 里的定时器遇上滑动）就会越走越慢：错过的时间点不会补触发。每次回调都用固定的结束时间算出剩余时间，这样晚到或错过的时间点只会推迟显示，不会让计数出错。"))
        ) { stage in
            // ▼ quiz 17
            let first = Lock(true)
            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in
                if first.withLock({ $0 }) { first.withLock { $0 = false }; stage.clock.advance(by: 2.5) }
            }

            try Loop.current.add(timer, forMode: .default)
            try Loop.current.run(until: Loop.current.now + 5.5)
            return stage.times(of: "tick")
            // ▲ quiz 17
        },
        QuizQuestion(
            number: 18, lesson: 6,
            title: .init(en: "a one-shot timer", zh: "一次性定时器"),
            form: .times,
            wording: .init(
                question: .init(
                    en: "A timer made with `repeats: false`, due in 1 s. When does it fire in a 5 s run?",
                    zh: "一个用 `repeats: false` 创建的定时器，1 秒后到期。在 5 秒的运行中，它什么时候触发？"),
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: false) { _ in print("once") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    CFRunLoopRunInMode(.defaultMode, 5, false)
                    """,
                why: .init(
                    en: "A one-shot timer (interval 0) is invalidated after its callout: it fires once.",
                    zh: "一次性定时器（间隔为 0）回调之后就失效：只触发一次。"))
        ) { stage in
            // ▼ quiz 18
            let timer = try Loop.Timer(name: "once", fireDate: Loop.current.now + 1) { _ in }

            try Loop.current.add(timer, forMode: .default)
            try Loop.current.run(mode: .default, timeout: 5, returnAfterSourceHandled: false)
            return stage.times(of: "once")
            // ▲ quiz 18
        },
        QuizQuestion(
            number: 19, lesson: 6,
            title: .init(en: "a timer whose loop starts late", zh: "RunLoop 启动晚了的定时器"),
            form: .times,
            wording: .init(
                question: .init(
                    en: "A 1 s timer is due at 0.5 s, but the thread is busy until 3.2 s before it runs its loop (until 5 s). When does the timer fire?",
                    zh: "一个 1 秒的定时器在 0.5 秒到期，但线程一直忙到 3.2 秒才运行它的 RunLoop（运行到 5 秒）。定时器什么时候触发？"),
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 0.5)
                    RunLoop.current.add(timer, forMode: .default)
                    Thread.sleep(forTimeInterval: 3.2)                  // busy at launch
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 1.8))
                    """,
                comments: [.init(en: "busy at launch", zh: "启动时正忙")],
                why: .init(
                    en:
                        "A timer whose date has passed fires once, as soon as the loop looks (3.2 s) — not once per missed tick — then keeps its phase: the next date is 0.5 s plus whole seconds after 3.2 s, so 3.5 s, then 4.5 s.",
                    zh: "触发时间已经过去的定时器，在 RunLoop 一检查它时（3.2 秒）就触发一次——而不是每个错过的时间点补一次——然后保持原来的时间表：下一次触发时间是 0.5 秒加上整数秒、落在 3.2 秒之后，也就是 3.5 秒，然后是 4.5 秒。"))
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
