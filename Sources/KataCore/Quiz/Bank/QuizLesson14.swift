import RunLoopEngine

extension QuizBank {
    static let lesson14: [QuizQuestion] = [
        QuizQuestion(
            number: 44, lesson: 14, title: "the main queue while the main loop runs a private mode",
            form: .times,
            setting: .appMain,
            text: .init(
                question: "DispatchQueue.main.async is called, then the main loop runs a private mode for 2 s, then the default mode for 1 s. When does the block run?",
                ios: """
                    DispatchQueue.main.async { print("block") }
                    let mine = RunLoop.Mode("MyMode")
                    RunLoop.main.add(NSMachPort(), forMode: mine)
                    RunLoop.main.run(mode: mine, before: Date(timeIntervalSinceNow: 2))
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                why: "The main loop services the main queue only while it runs a common mode. MyMode is not common, so the block waits until the default mode runs, at 2 s.")
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
            number: 45, lesson: 14, title: "the main queue during a scroll",
            form: .choice([.init("during the scroll, in the tracking mode", value: "tracking"),
                           .init("after the scroll, in the default mode", value: "default")]),
            setting: .appMain,
            text: .init(
                question: "DispatchQueue.main.async is called while the main loop runs the tracking mode (a scroll), then the default mode. In which mode does the block run?",
                ios: """
                    DispatchQueue.main.async { print(RunLoop.current.currentMode!.rawValue) }
                    RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                why: "UIKit marks the tracking mode common, and the main loop services the main queue in every common mode: main-queue work keeps running during a scroll.")
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
