import RunLoopEngine

extension QuizBank {
    static let lesson14: [QuizQuestion] = [
        QuizQuestion(
            number: 44, lesson: 14,
            title: .init(en: "the main queue while the main loop runs a private mode", zh: "主 RunLoop 运行私有 Mode 时的主队列"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread, called by the main loop: not from a main-queue block or a `@MainActor` task, whose nested runs would not drain the main queue), `DispatchQueue.main.async` is called, then the main loop runs a private mode for 2 s, then the default mode for 1 s. When does the block run?",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用：不是在主队列的 Block 或 `@MainActor` 的 Task 里——那样嵌套运行不会处理主队列），先调用 `DispatchQueue.main.async`，然后主 RunLoop 在一个私有 Mode 里运行 2 秒，再在 default Mode 里运行 1 秒。这个 Block 什么时候执行？"
                ),
                ios: """
                    // in a button's action:
                    // @objc func tapped(_ sender: UIButton) { … }
                    DispatchQueue.main.async { print("block") }
                    let mine = RunLoop.Mode("MyMode")
                    RunLoop.main.add(NSMachPort(), forMode: mine)
                    RunLoop.main.run(mode: mine, before: Date(timeIntervalSinceNow: 2))
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                comments: [.init(en: "in a button's action:", zh: "在按钮的点击回调里：")],
                why: .init(
                    en:
                        "The main loop services the main queue only while it runs a common mode. `MyMode` is not common, so the block waits until the default mode runs, at 2 s.",
                    zh: "主 RunLoop 只在运行标记为 common 的 Mode 时处理主队列。`MyMode` 不是 common 的，所以这个 Block 要等到 default Mode 运行，也就是 2 秒。"))
        ) { stage in
            // ▼ quiz 44
            stage.registry.mainQueue.async(name: "block") {}
            let mine = Loop.Mode("MyMode")
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: mine)
            try Loop.current.run(mode: mine, before: Loop.current.now + 2)
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)
            return stage.times(of: "block")
            // ▲ quiz 44
        },
        QuizQuestion(
            number: 45, lesson: 14,
            title: .init(en: "the main queue during a scroll", zh: "滑动期间的主队列"),
            form: .choice([
                .init(en: "during the scroll, in the tracking mode", zh: "滑动期间，在 tracking Mode 里", value: "tracking"),
                .init(en: "after the scroll, in the default mode", zh: "滑动结束后，在 default Mode 里", value: "default"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread, called by the main loop: not from a main-queue block or a `@MainActor` task), `DispatchQueue.main.async` is called; then the main loop runs the tracking mode for 1 s (as during a scroll), then the default mode. In which mode does the block run?",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用：不是在主队列的 Block 或 `@MainActor` 的 Task 里），调用了 `DispatchQueue.main.async`；之后主 RunLoop 运行 tracking Mode 1 秒（就像滑动时那样），再运行 default Mode。这个 Block 在哪个 Mode 里执行？"
                ),
                ios: """
                    // in a button's action:
                    // @objc func tapped(_ sender: UIButton) { … }
                    DispatchQueue.main.async { print(RunLoop.current.currentMode!.rawValue) }
                    RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                comments: [
                    .init(en: "the scroll", zh: "滑动"),
                    .init(en: "in a button's action:", zh: "在按钮的点击回调里："),
                ],
                why: .init(
                    en:
                        "UIKit marks the tracking mode common, and the main loop services the main queue in every common mode: main-queue work keeps running during a scroll.",
                    zh: "UIKit 把 tracking Mode 标记为 common，而主 RunLoop 在每个标记为 common 的 Mode 里都处理主队列：滑动期间，主队列上的工作照常执行。"))
        ) { stage in
            // ▼ quiz 45
            stage.registry.mainQueue.async(name: "block") { stage.print(Loop.current.currentMode!.name) }
            try Loop.current.run(mode: .tracking, before: Loop.current.now + 1)
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 45
        },
        QuizQuestion(
            number: 65, lesson: 14,
            title: .init(en: "which tool runs main-thread work during a scroll", zh: "滑动期间，用哪种工具在主线程上执行任务"),
            candidates: QuizCandidates(
                kind: .whichTool,
                need: .init(en: "the work runs during the scroll, in the tracking mode", zh: "任务在滑动期间执行，也就是在 tracking Mode 里"),
                reading: .init(en: "the mode it ran in", zh: "执行时所在的 Mode"),
                options: [
                    QuizCandidate(
                        value: "mainQueue", text: .code("DispatchQueue.main.async"),
                        ios: """
                            DispatchQueue.main.async { print(RunLoop.current.currentMode!.rawValue) }
                            RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [.init(en: "the scroll", zh: "滑动")],
                        why: .init(
                            en:
                                "The main loop services the main queue in every common mode, and UIKit marks the tracking mode common: the block runs during the scroll. The everyday tool for work that must not wait for the finger to lift.",
                            zh: "主 RunLoop 在每个标记为 common 的 Mode 里都处理主队列，而 UIKit 把 tracking Mode 标记为 common：这个 Block 在滑动期间执行。不能等手指抬起的工作，平常就用它。"),
                        run: { stage in
                            stage.registry.mainQueue.async(name: "work") { stage.print(Loop.current.currentMode!.name) }
                            return try QuizBank.scrollThenDefault(stage)
                        }),
                    QuizCandidate(
                        value: "perform", text: .code("RunLoop.main.perform"),
                        ios: """
                            RunLoop.main.perform { print(RunLoop.current.currentMode!.rawValue) }
                            RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [.init(en: "the scroll", zh: "滑动")],
                        why: .init(
                            en:
                                "`RunLoop.perform` without modes queues the block for the default mode only (`CFRunLoopPerformBlock` with `kCFRunLoopDefaultMode`): it waits for the scroll to end. The same is true of Combine's `RunLoop.main` scheduler.",
                            zh:
                                "不带 Mode 的 `RunLoop.perform` 只把 Block 排给 default Mode（相当于 `CFRunLoopPerformBlock` 配 `kCFRunLoopDefaultMode`）：它要等滑动结束。Combine 的 `RunLoop.main` 调度器也是这样。"
                        ),
                        run: { stage in
                            Loop.current.perform(inModes: [.default], name: "work") { stage.print(Loop.current.currentMode!.name) }
                            return try QuizBank.scrollThenDefault(stage)
                        }),
                    QuizCandidate(
                        value: "performCommon", text: .code("RunLoop.main.perform(inModes: [.common])"),
                        ios: """
                            RunLoop.main.perform(inModes: [.common]) { print(RunLoop.current.currentMode!.rawValue) }
                            RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [.init(en: "the scroll", zh: "滑动")],
                        why: .init(
                            en:
                                "A block queued for the common modes runs in any mode marked common, the tracking mode among them: it runs during the scroll, on the main loop's next pass.",
                            zh: "排给 common modes 的 Block 在任何一个标记为 common 的 Mode 里都能执行，tracking Mode 也在其中：它在滑动期间、主 RunLoop 的下一轮循环里执行。"),
                        run: { stage in
                            Loop.current.perform(inModes: [.common], name: "work") { stage.print(Loop.current.currentMode!.name) }
                            return try QuizBank.scrollThenDefault(stage)
                        }),
                    QuizCandidate(
                        value: "timer", text: .init(en: "a `Timer` with no delay", zh: "一个不延迟的 `Timer`"),
                        ios: """
                            Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in print(RunLoop.current.currentMode!.rawValue) }
                            RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                            """,
                        comments: [.init(en: "the scroll", zh: "滑动")],
                        why: .init(
                            en:
                                "`scheduledTimer` puts even a zero-delay timer in the default mode: it is due at once, but no default-mode pass comes until the scroll ends.",
                            zh: "`scheduledTimer` 即使是零延迟的定时器也放在 default Mode：它立刻就到点了，可是滑动结束之前不会有 default Mode 的一轮循环。"),
                        run: { stage in
                            try Loop.current.add(
                                try Loop.Timer(name: "work", fireDate: Loop.current.now) { _ in stage.print(Loop.current.currentMode!.name) }, forMode: .default
                            )
                            return try QuizBank.scrollThenDefault(stage)
                        }),
                ],
                holds: { modes in modes == [Loop.Mode.tracking.name] }),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread, called by the main loop: not from a main-queue block or a `@MainActor` task), a piece of work is handed to the main thread; then the main loop runs the tracking mode for 1 s (as during a scroll), then the default mode. The work must not wait for the scroll to end. Which of these tools run it during the scroll? The engine runs each.",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用：不是在主队列的 Block 或 `@MainActor` 的 Task 里），把一个任务交给主线程；之后主 RunLoop 运行 tracking Mode 1 秒（就像滑动时那样），再运行 default Mode。这个任务不能等到滑动结束。下面哪些工具能让它在滑动期间执行？引擎会逐个运行。"
                ),
                ios: """
                    // in a button's action: hand the work to the main thread, then the scroll
                    // @objc func tapped(_ sender: UIButton) { … }
                    RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                comments: [
                    .init(en: "in a button's action: hand the work to the main thread, then the scroll", zh: "在按钮的点击回调里：先把任务交给主线程，然后是滑动"),
                    .init(en: "the scroll", zh: "滑动"),
                ],
                why: .init(
                    en:
                        "What decides is the modes each tool serves: the main queue is serviced in every common mode, a block can be queued for the common modes, while `RunLoop.perform` and `scheduledTimer` use the default mode only.",
                    zh:
                        "关键在于每种工具服务哪些 Mode：主队列在每个标记为 common 的 Mode 里都会被处理，Block 可以排给 common modes，而 `RunLoop.perform` 和 `scheduledTimer` 只用 default Mode。"
                )),
            followUp: .init(
                question: .init(
                    en: "If the work takes 200 ms, which of these tools would you still use on the main thread, and what would you do instead?",
                    zh: "如果这个任务要花 200 毫秒，这几种工具里你还会在主线程上用哪一种？换成什么做法？"),
                model: .init(
                    en:
                        "None: 200 ms in one callout stalls the scroll whichever mode runs it (12 frames missed at 60 Hz). Do the work on a background queue and send only the result to the main queue; the tool choice decides when a short main-thread step runs, not whether long work may block the gesture.",
                    zh:
                        "都不用：一个回调里占 200 毫秒，不管在哪个 Mode 里执行都会让滑动卡顿（60 Hz 下错过 12 帧）。把任务放到子线程的队列上做，只把结果交回主队列；选哪种工具只决定一小段主线程工作什么时候执行，而不是长任务能不能阻塞手势。"))
        ) { stage in
            // ▼ quiz 65
            return try QuizBank.scrollThenDefault(stage)
            // ▲ quiz 65
        },
    ]
}

extension QuizBank {
    /// The main loop runs the tracking mode for 1 s, as during a scroll, then the default mode
    /// for 1 s; returns what the scenario printed (the modes its work ran in).
    static func scrollThenDefault(_ stage: QuizStage) throws -> [String] {
        try Loop.current.run(mode: .tracking, before: Loop.current.now + 1)
        try Loop.current.run(mode: .default, before: Loop.current.now + 1)
        return stage.prints()
    }
}
