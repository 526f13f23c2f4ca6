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
                        "In a button's action (main thread, called by the main loop: not from a main-queue block or a @MainActor task, whose nested runs would not drain the main queue), DispatchQueue.main.async is called, then the main loop runs a private mode for 2 s, then the default mode for 1 s. When does the block run?",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用：不是在主队列的 Block 或 `@MainActor` 的 Task 里——那样嵌套运行不会处理主队列），先调用 DispatchQueue.main.async，然后主 RunLoop 在一个私有 Mode 里运行 2 秒，再在 default Mode 里运行 1 秒。这个 Block 什么时候执行？"
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
                        "The main loop services the main queue only while it runs a common mode. MyMode is not common, so the block waits until the default mode runs, at 2 s.",
                    zh: "主 RunLoop 只在运行标记为 common 的 Mode 时处理主队列。MyMode 不是 common 的，所以这个 Block 要等到 default Mode 运行，也就是 2 秒。"))
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
                        "In a button's action (main thread, called by the main loop: not from a main-queue block or a @MainActor task), DispatchQueue.main.async is called; then the main loop runs the tracking mode for 1 s (as during a scroll), then the default mode. In which mode does the block run?",
                    zh:
                        "在一个按钮的点击回调里（主线程，由主 RunLoop 调用：不是在主队列的 Block 或 `@MainActor` 的 Task 里），调用了 DispatchQueue.main.async；之后主 RunLoop 运行 tracking Mode 1 秒（就像滑动时那样），再运行 default Mode。这个 Block 在哪个 Mode 里执行？"
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
    ]
}
