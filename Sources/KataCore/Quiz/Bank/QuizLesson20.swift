import RunLoopEngine

extension QuizBank {
    static let lesson20: [QuizQuestion] = [
        QuizQuestion(
            number: 69, lesson: 20,
            title: .init(en: "`RunLoop.main.perform` and the main queue in one pass", zh: "同一轮循环里的 `RunLoop.main.perform` 和主队列"),
            form: .order(words: ["main queue", "perform"]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread, called by the main loop), a block goes to `DispatchQueue.main`, then a block to `RunLoop.main.perform` (what Combine's `receive(on: RunLoop.main)` does with a value), then the main loop runs the default mode. In which order do the prints come?",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用），先把一个 Block 交给 `DispatchQueue.main`，再把一个 Block 交给 `RunLoop.main.perform`（Combine 的 `receive(on: RunLoop.main)` 对每个值做的就是这件事），然后主 RunLoop 运行 default Mode。打印的顺序是什么？"
                ),
                ios: """
                    // in a button's action:
                    DispatchQueue.main.async { print("main queue") }
                    RunLoop.main.perform { print("perform") }   // receive(on: RunLoop.main), one value
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                comments: [
                    .init(en: "in a button's action:", zh: "在按钮的点击回调里："),
                    .init(en: "receive(on: RunLoop.main), one value", zh: "`receive(on: RunLoop.main)`，一个值"),
                ],
                why: .init(
                    en:
                        "A pass runs the blocks queued for its mode (`CFRunLoopPerformBlock`) before it serves the main queue: the perform, sent second, prints first. Two values sent the two ways do not keep the order they were sent in.",
                    zh:
                        "一轮循环先执行排给当前 Mode 的 Block（`CFRunLoopPerformBlock`），再处理主队列：后发出的 perform 先打印。用两种办法发出的两个值，不会保持发出时的顺序。"))
        ) { stage in
            // ▼ quiz 69
            stage.registry.mainQueue.async(name: "main queue") { stage.print("main queue") }
            RunLoopScheduler(Loop.current).schedule(name: "perform") { stage.print("perform") }
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 69
        },
        QuizQuestion(
            number: 70, lesson: 20,
            title: .init(en: "which fix delivers values during a scroll", zh: "哪些修法能让值在滑动期间送到"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(
                    en: "each value arrives at once: the first during the scroll (tracking), the second after it (default)",
                    zh: "每个值都立即送到：第一个在滑动期间（tracking），第二个在滑动之后（default）"),
                reading: .init(en: "the modes the values arrived in", zh: "值送到时所在的 Mode"),
                options: [
                    QuizCandidate(
                        value: "mainQueue", text: .code("receive(on: DispatchQueue.main)"),
                        ios: """
                            DispatchQueue.main.async { print(RunLoop.current.currentMode!.rawValue) }   // value 1
                            RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                            DispatchQueue.main.async { print(RunLoop.current.currentMode!.rawValue) }   // value 2
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [
                            .init(en: "value 1", zh: "值 1"), .init(en: "the scroll", zh: "滑动"), .init(en: "value 2", zh: "值 2"),
                        ],
                        why: .init(
                            en:
                                "Combine's `DispatchQueue` scheduler hands each value to the main queue, which the main loop serves in every common mode, tracking among them: value 1 arrives during the scroll, value 2 right after it.",
                            zh:
                                "Combine 的 `DispatchQueue` 调度器把每个值交给主队列，而主 RunLoop 在每个标记为 common 的 Mode 里都处理主队列，tracking 也在其中：值 1 在滑动期间送到，值 2 在滑动之后马上送到。"),
                        run: { stage in
                            try QuizBank.valuesAroundAScroll(stage) { stage.registry.mainQueue.async(name: $0, $1) }
                        }),
                    QuizCandidate(
                        value: "performCommon", text: .code("RunLoop.main.perform(inModes: [.common])"),
                        ios: """
                            RunLoop.main.perform(inModes: [.common]) { print(RunLoop.current.currentMode!.rawValue) }   // value 1
                            RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                            RunLoop.main.perform(inModes: [.common]) { print(RunLoop.current.currentMode!.rawValue) }   // value 2
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [
                            .init(en: "value 1", zh: "值 1"), .init(en: "the scroll", zh: "滑动"), .init(en: "value 2", zh: "值 2"),
                        ],
                        why: .init(
                            en:
                                "A block queued for the common modes runs in any mode marked common: tracking during the scroll, default after it. (Combine's RunLoop scheduler has no option for this: its schedule always performs in the default mode.)",
                            zh:
                                "排给 common modes 的 Block 在任何一个标记为 common 的 Mode 里都能执行：滑动期间是 tracking，之后是 default。（Combine 的 RunLoop 调度器没有这样的选项：它的 `schedule(options:_:)` 总是在 default Mode 里调用 `perform`。）"
                        ),
                        run: { stage in
                            try QuizBank.valuesAroundAScroll(stage) { Loop.current.perform(inModes: [.common], name: $0, $1) }
                        }),
                    QuizCandidate(
                        value: "wakeUp",
                        text: .init(en: "keep `RunLoop.main`, and wake the main loop after each value", zh: "还用 `RunLoop.main`，每个值之后唤醒主 RunLoop"),
                        ios: """
                            RunLoop.main.perform { print(RunLoop.current.currentMode!.rawValue) }   // value 1
                            CFRunLoopWakeUp(CFRunLoopGetMain())
                            RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                            RunLoop.main.perform { print(RunLoop.current.currentMode!.rawValue) }   // value 2
                            CFRunLoopWakeUp(CFRunLoopGetMain())
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [
                            .init(en: "value 1", zh: "值 1"), .init(en: "the scroll", zh: "滑动"), .init(en: "value 2", zh: "值 2"),
                        ],
                        why: .init(
                            en:
                                "A wake-up makes the loop take another pass, in the mode it runs: the block is still queued for the default mode only, so value 1 waits for the scroll to end and arrives in the default mode with value 2.",
                            zh:
                                "唤醒只让 RunLoop 在它正在运行的 Mode 里再走一轮：Block 依然只排给了 default Mode，所以值 1 要等滑动结束，和值 2 一起在 default Mode 里送到。"),
                        run: { stage in
                            try QuizBank.valuesAroundAScroll(stage) { name, work in
                                RunLoopScheduler(Loop.current).schedule(name: name, work)
                                Loop.current.wakeUp()
                            }
                        }),
                    QuizCandidate(
                        value: "performTracking",
                        text: .code("RunLoop.main.perform(inModes: [.tracking])"),
                        ios: """
                            RunLoop.main.perform(inModes: [.tracking]) { print(RunLoop.current.currentMode!.rawValue) }   // value 1
                            RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                            RunLoop.main.perform(inModes: [.tracking]) { print(RunLoop.current.currentMode!.rawValue) }   // value 2
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [
                            .init(en: "value 1", zh: "值 1"), .init(en: "the scroll", zh: "滑动"), .init(en: "value 2", zh: "值 2"),
                        ],
                        why: .init(
                            en:
                                "Queued for the tracking mode alone, value 1 arrives during the scroll, but value 2 waits for the next scroll: the default mode never runs a block queued for tracking.",
                            zh: "只排给 tracking Mode 时，值 1 在滑动期间送到，值 2 却要等下一次滑动：default Mode 从不执行排给 tracking 的 Block。"),
                        run: { stage in
                            try QuizBank.valuesAroundAScroll(stage) { Loop.current.perform(inModes: [.tracking], name: $0, $1) }
                        }),
                ],
                holds: { modes in modes == [Loop.Mode.tracking.name, Loop.Mode.default.name] }),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A view model's values reach the screen through `receive(on: RunLoop.main)`, which performs a block on the main loop for each value. One value comes while the user scrolls (the main loop runs the tracking mode for 1 s), one after. The label must show each at once. Which of these make both arrive at once? The engine runs each.",
                    zh:
                        "一个 `ViewModel` 的值通过 `receive(on: RunLoop.main)` 显示到屏幕上，它对每个值都在主 RunLoop 上 perform 一个 Block。一个值在用户滑动时到来（主 RunLoop 运行 tracking Mode 1 秒），一个在滑动之后。标签必须立即显示每个值。下面哪些写法能让两个值都立即送到？引擎会逐个运行。"
                ),
                ios: """
                    RunLoop.main.perform { print(RunLoop.current.currentMode!.rawValue) }   // value 1: receive(on: RunLoop.main)
                    RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                    RunLoop.main.perform { print(RunLoop.current.currentMode!.rawValue) }   // value 2
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                comments: [
                    .init(en: "value 1: receive(on: RunLoop.main)", zh: "值 1：`receive(on: RunLoop.main)`"),
                    .init(en: "the scroll", zh: "滑动"),
                    .init(en: "value 2", zh: "值 2"),
                ],
                why: .init(
                    en:
                        "What decides is the modes the work is queued for, not waking the loop: the main queue and a block for the common modes run in tracking and in default; a default-only block waits out the scroll, a tracking-only one waits for the next scroll.",
                    zh:
                        "关键在于任务排给了哪些 Mode，而不是唤醒 RunLoop：主队列和排给 common modes 的 Block 在 tracking 和 default 里都会执行；只排给 default 的 Block 要等滑动结束，只排给 tracking 的要等下一次滑动。"
                )),
            followUp: .init(
                question: .init(
                    en: "Then why would anyone choose `receive(on: RunLoop.main)`?",
                    zh: "那为什么还有人选 `receive(on: RunLoop.main)`？"),
                model: .init(
                    en:
                        "To keep work off the scroll on purpose: values that would reload a table or decode images wait until the finger lifts, so the scroll gets the frames. It is a choice of modes, the same as putting a timer in the default mode; and its values overtake main-queue work in a pass, which matters when both carry state.",
                    zh:
                        "为了有意让工作避开滑动：会刷新表格或解码图片的值等到手指抬起再处理，滑动就能拿到每一帧。这和把定时器放在 default Mode 是同一种对 Mode 的选择；而且在同一轮循环里它的值会跑到主队列任务前面，两边都带着状态时要留意。"))
        ) { stage in
            // ▼ quiz 70
            RunLoopScheduler(Loop.current).schedule(name: "value 1") { stage.print(Loop.current.currentMode!.name) }
            try Loop.current.run(mode: .tracking, before: Loop.current.now + 1)
            RunLoopScheduler(Loop.current).schedule(name: "value 2") { stage.print(Loop.current.currentMode!.name) }
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 70
        },
        QuizQuestion(
            number: 71, lesson: 20,
            title: .init(en: "a RunLoop scheduler's delayed work during a scroll", zh: "滑动期间 RunLoop 调度器的延迟任务"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action, work is scheduled 0.5 s later the way Combine's RunLoop scheduler does it for `delay(for:scheduler: RunLoop.main)`: a one-shot timer in the default mode. Then the user scrolls for 2 s (the main loop runs the tracking mode), then the default mode runs for 1 s. When does the work run?",
                    zh:
                        "在一个按钮的点击回调里，按 Combine 的 RunLoop 调度器处理 `delay(for:scheduler: RunLoop.main)` 的办法，加入一个 0.5 秒后执行的任务：一个 default Mode 里的一次性定时器。然后用户滑动 2 秒（主 RunLoop 运行 tracking Mode），再运行 default Mode 1 秒。这个任务什么时候执行？"
                ),
                ios: """
                    // in a button's action: RunLoop.main.schedule(after:) is this timer
                    let timer = Timer(fire: Date(timeIntervalSinceNow: 0.5), interval: 0, repeats: false) { _ in print("delayed") }
                    RunLoop.main.add(timer, forMode: .default)
                    RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 2))   // the scroll
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                comments: [
                    .init(en: "in a button's action: RunLoop.main.schedule(after:) is this timer", zh: "在按钮的点击回调里：`RunLoop.main.schedule(after:)` 就是这个定时器"),
                    .init(en: "the scroll", zh: "滑动"),
                ],
                why: .init(
                    en:
                        "The timer is due at 0.5 s, but it is in the default mode and the tracking mode runs until 2 s: it fires once, late, when the default mode runs. A delay or debounce on RunLoop.main holds its values for the whole scroll.",
                    zh:
                        "定时器 0.5 秒就到点了，但它在 default Mode 里，而 tracking Mode 一直运行到 2 秒：等 default Mode 运行时，它晚了、触发一次。在 `RunLoop.main` 上做 `delay` 或 `debounce`，整个滑动期间的值都会被压住。"
                ))
        ) { stage in
            // ▼ quiz 71
            try RunLoopScheduler(Loop.current).schedule(after: Loop.current.now + 0.5, name: "delayed") { stage.print("delayed") }
            try Loop.current.run(mode: .tracking, before: Loop.current.now + 2)
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)
            return stage.times(ofPrint: "delayed")
            // ▲ quiz 71
        },
        QuizQuestion(
            number: 72, lesson: 20,
            title: .init(en: "`Timer.publish` in the default mode during a scroll", zh: "滑动期间 default Mode 里的 `Timer.publish`"),
            form: .choice([
                .init(en: "every 0.5 s during the scroll", zh: "滑动期间每 0.5 秒一次", value: "ticks"),
                .init(en: "not at all while the scroll lasts", zh: "滑动期间一次也没有", value: "none"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "`Timer.publish(every: 0.5, on: .main, in: .default).autoconnect()` adds a repeating timer to the main loop in the mode it is given, here the default mode. The user then scrolls for 2 s (the main loop runs the tracking mode). How often does it tick during the scroll?",
                    zh:
                        "`Timer.publish(every: 0.5, on: .main, in: .default).autoconnect()` 往主 RunLoop 加一个重复定时器，加在给定的 Mode 里，这里是 default Mode。然后用户滑动 2 秒（主 RunLoop 运行 tracking Mode）。滑动期间它多久触发一次？"
                ),
                ios: """
                    // Timer.publish(every: 0.5, on: .main, in: .default) starts this timer
                    let timer = Timer(timeInterval: 0.5, repeats: true) { _ in print("tick") }
                    RunLoop.main.add(timer, forMode: .default)
                    RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 2))   // the scroll
                    """,
                comments: [
                    .init(
                        en: "Timer.publish(every: 0.5, on: .main, in: .default) starts this timer",
                        zh: "`Timer.publish(every: 0.5, on: .main, in: .default)` 启动的就是这个定时器"),
                    .init(en: "the scroll", zh: "滑动"),
                ],
                why: .init(
                    en:
                        "`Timer.publish` takes its mode: in `.default` it pauses for the whole scroll, as a `scheduledTimer` does. Pass `.common` to keep it ticking.",
                    zh: "`Timer.publish` 用的是你给的 Mode：给 `.default`，它在整个滑动期间都暂停，和 `scheduledTimer` 一样。要它照常触发，就传 `.common`。"))
        ) { stage in
            // ▼ quiz 72
            try Loop.current.timerPublisher(every: 0.5, in: .default, name: "tick") { _ in stage.print("tick") }
            try Loop.current.run(mode: .tracking, before: Loop.current.now + 2)
            return [stage.prints().isEmpty ? "none" : "ticks"]
            // ▲ quiz 72
        },
    ]
}

extension QuizBank {
    /// Value 1 is handed to the main thread with `deliver` (a name and the work), the main loop
    /// runs the tracking mode for 1 s (a scroll), value 2 is handed over the same way, then the
    /// default mode runs for 1 s; returns the modes the values arrived in.
    static func valuesAroundAScroll(_ stage: QuizStage, _ deliver: (String, @escaping @Sendable () -> Void) -> Void) throws -> [String] {
        for (value, mode) in [("value 1", Loop.Mode.tracking), ("value 2", .default)] {
            deliver(value) { stage.print(Loop.current.currentMode!.name) }
            try Loop.current.run(mode: mode, before: Loop.current.now + 1)
        }
        return stage.prints()
    }
}
