import RunLoopEngine

extension QuizBank {
    static let lesson03: [QuizQuestion] = [
        QuizQuestion(
            number: 7, lesson: 3,
            title: .init(en: "a common-mode timer in a mode that is not common", zh: "加到 `.common` 的定时器，遇上不是 common 的 Mode"),
            form: .times,
            wording: .init(
                question: .init(
                    en: "A 1 s timer is added to the common modes; the loop runs `MyMode`, which nobody marked common, for 2.5 s. When does the timer fire?",
                    zh: "一个 1 秒的定时器加到了 `.common`；RunLoop 运行 `MyMode` 2.5 秒，而没有人把 `MyMode` 标记为 common。定时器什么时候触发？"),
                ios: """
                    let loop = RunLoop.current
                    let mine = RunLoop.Mode("MyMode")
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    loop.add(timer, forMode: .common)
                    loop.add(NSMachPort(), forMode: mine)
                    loop.run(mode: mine, before: Date(timeIntervalSinceNow: 2.5))
                    """,
                why: .init(
                    en:
                        "`.common` is not a mode but a set of mode names; on a background thread's loop that set is just the default mode. `MyMode` is not in it, so the timer never reaches `MyMode`.",
                    zh: "`.common` 不是一个 Mode，而是一组 Mode 名字的集合；在子线程的 RunLoop 上，这个集合里只有 default Mode。`MyMode` 不在里面，所以定时器永远到不了 `MyMode`。"))
        ) { stage in
            // ▼ quiz 7
            let loop = Loop.current
            let mine = Loop.Mode("MyMode")
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .common)
            try loop.add(Loop.Port(name: "keep-alive"), forMode: mine)
            try loop.run(mode: mine, before: loop.now + 2.5)
            return stage.times(of: "tick")
            // ▲ quiz 7
        },
        QuizQuestion(
            number: 8, lesson: 3,
            title: .init(en: "a mode marked common after the timer was added", zh: "定时器加进去之后，才被标记为 common 的 Mode"),
            form: .times,
            wording: .init(
                question: .init(
                    en:
                        "A 1 s timer is added to the common modes; only after that is `MyMode` marked common. The loop runs `MyMode` for 2.5 s. When does the timer fire?",
                    zh: "一个 1 秒的定时器先加到了 `.common`；之后 `MyMode` 才被标记为 common。RunLoop 运行 `MyMode` 2.5 秒，定时器什么时候触发？"),
                ios: """
                    let loop = RunLoop.current
                    let mine = RunLoop.Mode("MyMode")
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    loop.add(timer, forMode: .common)
                    CFRunLoopAddCommonMode(loop.getCFRunLoop(), CFRunLoopMode(mine.rawValue as CFString))
                    loop.run(mode: mine, before: Date(timeIntervalSinceNow: 2.5))
                    """,
                why: .init(
                    en:
                        "Marking a mode common copies every common-mode item into it, also the ones added before. The timer now lives in `MyMode` too (and keeps `MyMode` from being empty).",
                    zh: "把一个 Mode 标记为 common，会把所有加到 `.common` 的 item 都复制进去，包括之前加的。于是定时器也在 `MyMode` 里了（`MyMode` 也因此不是空的）。")),
            followUp: .init(
                question: .init(
                    en: "Where does the copying happen when a mode is marked common, and why does that make .common a set rather than a mode?",
                    zh: "把一个 Mode 标记为 common 时，复制发生在哪里？为什么这说明 .common 是一个集合而不是一个 Mode？"),
                model: .init(
                    en:
                        "`CFRunLoopAddCommonMode` adds the name to the loop's set of common modes and then adds every item of the loop's common items to that mode, one by one. An item added for `.common` goes to each mode in the set and is remembered among the common items for modes marked later. No run ever runs `.common` itself: it names the set.",
                    zh:
                        "`CFRunLoopAddCommonMode` 把这个 Mode 名加进 RunLoop 的 common modes 集合，然后把 RunLoop 记下的 common item 逐个加进这个 Mode。加到 `.common` 的 Mode item 会进入集合里的每个 Mode，并被记在 common item 里，留给以后标记的 Mode。没有哪一次运行会运行 `.common` 本身：它只是那个集合的名字。"
                ))
        ) { stage in
            // ▼ quiz 8
            let loop = Loop.current
            let mine = Loop.Mode("MyMode")
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .common)
            loop.addCommonMode(mine)
            try loop.run(mode: mine, before: loop.now + 2.5)
            return stage.times(of: "tick")
            // ▲ quiz 8
        },
        QuizQuestion(
            number: 9, lesson: 3,
            title: .init(en: "the common modes of a background thread's loop", zh: "子线程 RunLoop 上的标记为 common 的 Mode 有哪些"),
            form: .choice([
                .init(en: "default only", zh: "只有 default", value: "default"),
                .init(en: "default and tracking", zh: "default 和 tracking", value: "default, tracking"),
                .init(en: "none until one is added", zh: "一个都没有，要等加进来", value: "none"),
            ]),
            wording: .init(
                question: .init(
                    en: "A background thread makes its loop. Which modes are in its common modes?",
                    zh: "一个子线程创建了自己的 RunLoop。它的 common modes 集合里有哪些 Mode？"),
                ios: """
                    let loop = CFRunLoopGetCurrent()
                    // which modes does kCFRunLoopCommonModes stand for on this loop?
                    """,
                comments: [.init(en: "which modes does kCFRunLoopCommonModes stand for on this loop?", zh: "在这个 RunLoop 上，`kCFRunLoopCommonModes` 代表哪些 Mode？")],
                why: .init(
                    en: "A new loop's common modes are just the default mode. The tracking mode is added to the set by UIKit, on the main loop only.",
                    zh: "新建的 RunLoop，common modes 集合里只有 default Mode。tracking Mode 是 UIKit 加进这个集合的，而且只在主 RunLoop 上。"))
        ) { stage in
            // ▼ quiz 9
            let loop = Loop.current

            let names = loop.commonModes.map(\.name).sorted()
            return [names.isEmpty ? "none" : names.joined(separator: ", ")]
            // ▲ quiz 9
        },
    ]
}
