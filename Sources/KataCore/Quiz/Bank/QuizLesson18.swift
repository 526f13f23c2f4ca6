import RunLoopEngine

extension QuizBank {
    /// The placeholder the display-link questions share: a `CADisplayLink` made and added.
    static let startDisplayLinkPlaceholder = "startDisplayLink: (RunLoop.Mode, Int, @escaping @Sendable (Double) -> Void) -> Void"
    static let startDisplayLinkComment = Text(
        en:
            "startDisplayLink(mode, fps, callback) (a placeholder): a CADisplayLink whose selector calls callback(link.timestamp), its preferredFramesPerSecond fps, added with link.add(to: .main, forMode: mode)",
        zh:
            "startDisplayLink(mode, fps, callback)（占位，需自己实现）：一个 CADisplayLink，它的 selector 调用 callback(link.timestamp)，preferredFramesPerSecond 为 fps，用 link.add(to: .main, forMode: mode) 加入"
    )

    static let lesson18: [QuizQuestion] = [
        QuizQuestion(
            number: 56, lesson: 18,
            title: .init(en: "a display link in .default during a scroll", zh: "滑动期间，加在 .default 里的 display link"),
            form: .choice([
                .init(en: "none", zh: "一次也没有", value: "0"),
                .init(en: "6, one per frame of the scroll", zh: "6 次，滑动期间每帧一次", value: "6"),
                .init(en: "1, the latest frame only", zh: "1 次，只有最近的那一帧", value: "1"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app (60 Hz), a display link is added to the main loop in the default mode. Then the user scrolls for 100 ms (the main loop runs the tracking mode), then the loop runs the default mode for 50 ms. How many callbacks run during the scroll?",
                    zh:
                        "在 iOS App 的主线程上（60 Hz），一个 display link 加到了主 RunLoop 的 default Mode 里。接着用户滑动 100 ms（主 RunLoop 运行 tracking Mode），然后 RunLoop 在 default Mode 里运行 50 ms。滑动期间有几次回调？"
                ),
                ios: """
                    // startDisplayLink(mode, fps, callback) (a placeholder): a CADisplayLink whose selector calls callback(link.timestamp), its preferredFramesPerSecond fps, added with link.add(to: .main, forMode: mode)
                    startDisplayLink(.default, 0) { _ in print(RunLoop.current.currentMode!.rawValue) }
                    RunLoop.main.run(mode: .tracking, before: Date(timeIntervalSinceNow: 0.1))   // the scroll
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
                    """,
                placeholders: [startDisplayLinkPlaceholder],
                comments: [
                    startDisplayLinkComment,
                    .init(en: "the scroll", zh: "滑动"),
                ],
                why: .init(
                    en:
                        "The display link's source is in the default mode only; while the main loop runs tracking, its vsyncs wait. After the scroll the link delivers one frame, the latest, and the frames of the scroll are dropped, not delivered late. Add it in .common to keep it going while the user scrolls.",
                    zh:
                        "display link 的事件源只在 default Mode 里；主 RunLoop 运行 tracking 时，它的 vsync 只能等着。滑动结束后 display link 交付一帧，最近的那一帧，滑动期间的帧被丢掉，而不是晚些补上。要让它在滑动时照常运行，就加到 .common。"
                ))
        ) { stage in
            // ▼ quiz 56
            let link = DisplayLink(name: "link") { _ in stage.print(Loop.current.currentMode!.name) }
            try link.add(to: Loop.current, forMode: .default)
            try Loop.current.run(mode: .tracking, before: Loop.current.now + 0.1)
            try Loop.current.run(mode: .default, before: Loop.current.now + 0.05)
            return [String(stage.prints().filter { $0 == Loop.Mode.tracking.name }.count)]
            // ▲ quiz 56
        },
        QuizQuestion(
            number: 57, lesson: 18,
            title: .init(en: "50 ms of work in every frame", zh: "每一帧都干 50 ms 的活"),
            form: .choice([
                .init(en: "1/60 s: the frames missed are delivered one after another", zh: "1/60 秒：错过的帧一帧接一帧地补交付", value: "1"),
                .init(en: "3/60 s: two frames are dropped each time", zh: "3/60 秒：每次丢两帧", value: "3"),
                .init(en: "4/60 s: the next frame waits for the vsync after the callback", zh: "4/60 秒：下一帧要等回调之后的那个 vsync", value: "4"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app (60 Hz), a display link's callback works 50 ms on the main thread every frame. How far apart are the timestamps of two consecutive callbacks?",
                    zh: "在 iOS App 的主线程上（60 Hz），display link 的回调每一帧都在主线程上干 50 ms 的活。相邻两次回调的 timestamp 相差多少？"),
                ios: """
                    // startDisplayLink(mode, fps, callback) (a placeholder): a CADisplayLink whose selector calls callback(link.timestamp), its preferredFramesPerSecond fps, added with link.add(to: .main, forMode: mode)
                    startDisplayLink(.common, 0) { timestamp in
                        print(timestamp)
                        Thread.sleep(forTimeInterval: 0.05)   // 50 ms of work in every frame
                    }
                    RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.2))
                    """,
                placeholders: [startDisplayLinkPlaceholder],
                comments: [
                    startDisplayLinkComment,
                    .init(en: "50 ms of work in every frame", zh: "每一帧都干 50 ms 的活"),
                ],
                why: .init(
                    en:
                        "A callback at vsync k returns 50 ms later, exactly at vsync k + 3; the next frame is the latest vsync due, k + 3, and the two in between are dropped, never delivered late: 3/60 s apart, 20 frames a second.",
                    zh:
                        "在 vsync k 的回调 50 ms 后返回，正好是 vsync k + 3；下一帧是最近一个到期的 vsync，也就是 k + 3，中间的两帧被丢掉，不会晚些补交付：相差 3/60 秒，每秒 20 帧。"
                ))
        ) { stage in
            // ▼ quiz 57
            let link = DisplayLink(name: "link") { link in
                stage.print(QuizStage.ms(link.timestamp))
                stage.clock.advance(by: 0.05)
            }
            try link.add(to: Loop.current, forMode: .common)
            try Loop.current.run(until: Loop.current.now + 0.2)
            let stamps = stage.prints().compactMap(Double.init)
            guard stamps.count >= 2 else { return [] }
            return [String(Int(((stamps[1] - stamps[0]) * 60 / 1000).rounded()))]
            // ▲ quiz 57
        },
        QuizQuestion(
            number: 58, lesson: 18,
            title: .init(en: "a display link that prefers 40 frames per second", zh: "preferredFramesPerSecond 为 40 的 display link"),
            form: .choice([
                .init(en: "40 a second", zh: "每秒 40 次", value: "40"),
                .init(en: "30 a second", zh: "每秒 30 次", value: "30"),
                .init(en: "60 a second", zh: "每秒 60 次", value: "60"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app whose display refreshes at 60 Hz, a display link's preferredFramesPerSecond is 40. How many callbacks run in one second?",
                    zh: "在 iOS App 的主线程上，屏幕的刷新率是 60 Hz，一个 display link 的 preferredFramesPerSecond 是 40。一秒里有几次回调？"),
                ios: """
                    // startDisplayLink(mode, fps, callback) (a placeholder): a CADisplayLink whose selector calls callback(link.timestamp), its preferredFramesPerSecond fps, added with link.add(to: .main, forMode: mode)
                    startDisplayLink(.common, 40) { _ in print("frame") }
                    RunLoop.main.run(until: Date(timeIntervalSinceNow: 1))
                    """,
                placeholders: [startDisplayLinkPlaceholder],
                comments: [
                    startDisplayLinkComment
                ],
                why: .init(
                    en:
                        "A display link delivers whole frames of the display: a frame every n vsyncs. 60 / 40 = 1.5 vsyncs, rounded to 2: a frame every other vsync, 30 a second. The rate you get is a factor of the display's, the nearest to the one you asked for.",
                    zh:
                        "display link 交付的是屏幕的整帧：每 n 个 vsync 一帧。60 / 40 = 1.5 个 vsync，四舍五入为 2：每隔一个 vsync 一帧，每秒 30 帧。你得到的帧率是屏幕帧率的一个因数，最接近你要的那个。"
                ))
        ) { stage in
            // ▼ quiz 58
            let link = DisplayLink(name: "link") { _ in stage.print("frame") }
            link.preferredFramesPerSecond = 40
            try link.add(to: Loop.current, forMode: .common)
            try Loop.current.run(until: Loop.current.now + 1)
            return [String(stage.prints().count)]
            // ▲ quiz 58
        },
    ]
}
