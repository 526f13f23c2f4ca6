import RunLoopEngine

extension QuizBank {
    static let lesson03: [QuizQuestion] = [
        QuizQuestion(
            number: 7, lesson: 3, title: "a common-mode timer in a mode that is not common",
            form: .times,
            text: .init(
                question: "A 1 s timer is added to the common modes; the loop runs MyMode, which nobody marked common, for 2.5 s. When does the timer fire?",
                ios: """
                    let loop = RunLoop.current
                    let mine = RunLoop.Mode("MyMode")
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    loop.add(timer, forMode: .common)
                    loop.add(NSMachPort(), forMode: mine)
                    loop.run(mode: mine, before: Date(timeIntervalSinceNow: 2.5))
                    """,
                why: "`.common` is not a mode but a set of mode names; on a background thread's loop that set is just the default mode. MyMode is not in it, so the timer never reaches MyMode.")
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
            number: 8, lesson: 3, title: "a mode marked common after the timer was added",
            form: .times,
            text: .init(
                question: "As in the previous question, but MyMode is marked common after the timer was added to the common modes. When does the timer fire in the 2.5 s run?",
                ios: """
                    let loop = RunLoop.current
                    let mine = RunLoop.Mode("MyMode")
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    loop.add(timer, forMode: .common)
                    CFRunLoopAddCommonMode(loop.getCFRunLoop(), CFRunLoopMode(mine.rawValue as CFString))
                    loop.run(mode: mine, before: Date(timeIntervalSinceNow: 2.5))
                    """,
                why: "Marking a mode common copies every common-mode item into it, also the ones added before. The timer now lives in MyMode too (and keeps MyMode from being empty).")
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
            number: 9, lesson: 3, title: "the common modes of a background thread's loop",
            form: .choice([.init("default only", value: "default"),
                           .init("default and tracking", value: "default, tracking"),
                           .init("none until one is added", value: "none")]),
            text: .init(
                question: "A background thread makes its loop. Which modes are in its common modes?",
                ios: """
                    let loop = CFRunLoopGetCurrent()
                    // which modes does kCFRunLoopCommonModes stand for on this loop?
                    """,
                why: "A new loop's common modes are just the default mode. The tracking mode is added to the set by UIKit, on the main loop only.")
        ) { stage in
            // ▼ quiz 9
            let loop = Loop.current

            let names = loop.commonModes.map(\.name).sorted()
            return [names.isEmpty ? "none" : names.joined(separator: ", ")]
            // ▲ quiz 9
        },
    ]
}
