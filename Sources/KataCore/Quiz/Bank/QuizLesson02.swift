import RunLoopEngine

extension QuizBank {
    static let lesson02: [QuizQuestion] = [
        QuizQuestion(
            number: 4, lesson: 2,
            title: .init(en: "a default-mode timer while the loop runs another mode", zh: "RunLoop 运行别的 Mode 时，default Mode 里的定时器"),
            form: .times,
            wording: .init(
                question: .init(
                    en:
                        "A 1 s timer is scheduled in the default mode; the loop then runs a mode of its own for 3.5 s. When does the timer fire during that run?",
                    zh: "一个 1 秒的定时器加在 default Mode 里；然后 RunLoop 在一个自定义 Mode 里运行 3.5 秒。这次运行中，定时器什么时候触发？"),
                ios: """
                    let loop = RunLoop.current
                    let mine = RunLoop.Mode("MyMode")
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    loop.add(timer, forMode: .default)
                    loop.add(NSMachPort(), forMode: mine)   // MyMode has a port: not empty
                    loop.run(mode: mine, before: Date(timeIntervalSinceNow: 3.5))
                    """,
                comments: [.init(en: "MyMode has a port: not empty", zh: "`MyMode` 里有一个端口：不是空的")],
                why: .init(
                    en:
                        "A loop runs one mode at a time, and only that mode's items take part. The timer lives in the default mode; while `MyMode` runs, it waits.",
                    zh: "RunLoop 一次只运行一个 Mode，只有这个 Mode 里的 item 参与。定时器在 default Mode 里；`MyMode` 运行期间，它只能等着。")),
            followUp: .init(
                question: .init(
                    en: "How would you find out, in a running app, which mode the main loop is in while a timer fails to fire?",
                    zh: "在运行中的应用里，定时器不触发时，你怎么查出主 RunLoop 正处在哪个 Mode？"),
                model: .init(
                    en:
                        "Ask the loop: log `RunLoop.main.currentMode` (`CFRunLoopCopyCurrentMode`) from a breakpoint or another callout, or add an observer of entry and exit in the common modes that logs the mode it sees. During a scroll it shows `UITrackingRunLoopMode`; a timer in the default mode only waits until the default mode runs again.",
                    zh:
                        "直接问 RunLoop：在断点或别的回调里打印 `RunLoop.main.currentMode`（`CFRunLoopCopyCurrentMode`），或者在 common modes 里加一个观察 Entry 和 Exit 的观察者，打印它看到的 Mode。滑动时它显示 `UITrackingRunLoopMode`；只在 default Mode 里的定时器，要等 default Mode 再次运行。"
                ))
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
            number: 5, lesson: 2,
            title: .init(en: "a mode with only an observer", zh: "只有一个观察者的 Mode"),
            form: .choice([
                .init(en: "`false`, at once: the mode is empty", zh: "立即返回 `false`：这个 Mode 是空的", value: "false at once"),
                .init(en: "`true`, after waiting until the date", zh: "等到截止时间，再返回 `true`", value: "true after waiting"),
                .init(en: "`true`, at once", zh: "立即返回 `true`", value: "true at once"),
            ]),
            wording: .init(
                question: .init(
                    en: "A mode holds one observer and nothing else. What does `run(mode:before:)` do?",
                    zh: "一个 Mode 里只有一个观察者，别的什么都没有。`run(mode:before:)` 会怎样？"),
                ios: """
                    let loop = RunLoop.current
                    let mine = RunLoop.Mode("MyMode")
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, _ in }
                    CFRunLoopAddObserver(loop.getCFRunLoop(), observer, CFRunLoopMode(mine.rawValue as CFString))
                    let ran = loop.run(mode: mine, before: Date(timeIntervalSinceNow: 2))
                    """,
                why: .init(
                    en:
                        "A mode with no source, no port and no timer is empty; observers do not count. `run(mode:before:)` returns `false` at once, without entering the mode (no `entry`, no `exit`).",
                    zh: "没有事件源、没有端口、也没有定时器的 Mode 就是空 Mode；观察者不算数。`run(mode:before:)` 立即返回 `false`，根本不进入这个 Mode（没有 `entry`，也没有 `exit`）。"))
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
            number: 6, lesson: 2,
            title: .init(en: "the same timer added twice", zh: "同一个定时器加了两次"),
            form: .times,
            wording: .init(
                question: .init(
                    en: "The same 1 s repeating timer is added to the default mode twice. When does it fire in a 3.5 s run?",
                    zh: "同一个 1 秒的重复定时器被加到 default Mode 两次。在 3.5 秒的运行中，它什么时候触发？"),
                ios: """
                    let loop = RunLoop.current
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    loop.add(timer, forMode: .default)
                    loop.add(timer, forMode: .default)
                    loop.run(until: Date(timeIntervalSinceNow: 3.5))
                    """,
                why: .init(
                    en: "A mode holds an item once: adding it again changes nothing. The timer fires once per second, not twice.",
                    zh: "同一个 item 在一个 Mode 里只存一份：再加一次什么也不会改变。定时器每秒触发一次，而不是两次。"))
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
