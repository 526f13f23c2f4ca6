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
                        "在 iOS App 的主线程上（60 Hz），一个 display link 以 default Mode 加到主 RunLoop 上。接着用户滑动 100 ms（主 RunLoop 运行 tracking Mode），然后 RunLoop 在 default Mode 里运行 50 ms。滑动期间有几次回调？"
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
                )),
            followUp: .init(
                question: .init(
                    en: "How would you measure the frames an app drops during a scroll?",
                    zh: "你会怎样测量应用在滑动时丢了多少帧？"),
                model: .init(
                    en:
                        "Add a display link in .common and compare each callback's timestamp with the one before: a gap of more than one frame's duration means frames were dropped. In the field, MetricKit's scroll hitch ratio (scrollHitchTimeRatio) or Instruments' Animation Hitches report the same from the system's side.",
                    zh:
                        "加一个放在 .common 的 display link，比较每次回调的 timestamp 和上一次的差：超过一帧的时长，就说明丢帧了。线上可以用 MetricKit 的滑动卡顿指标（`scrollHitchTimeRatio`），开发时用 Instruments 的 Animation Hitches，从系统那边报告同样的事。"
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
                .init(
                    en: "they are dropped: the callbacks come at least 3/60 s apart, never one a vsync to catch up",
                    zh: "被丢掉：相邻两次回调至少相差 3/60 秒，从来不会每个 vsync 来一次去追赶", value: "dropped"),
                .init(
                    en: "they are delivered late, one after another, 1/60 s apart", zh: "晚些补交付，一帧接一帧，相差 1/60 秒", value: "queued"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app with a 60 Hz display, a display link's callback works 50 ms on the main thread every frame, so each callback overruns two vsyncs. What happens to the frames whose vsyncs pass during a callback?",
                    zh: "在屏幕为 60 Hz 的 iOS App 的主线程上，display link 的回调每一帧都在主线程上干 50 ms 的活，所以每次回调都要越过两个 vsync。在回调期间过去的那些 vsync 的帧会怎样？"),
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
                        "A callback at vsync k returns 50 ms later, exactly at vsync k + 3. The vsyncs k + 1 and k + 2 passed during it: their frames are dropped, never delivered late. Whether the next callback comes at k + 3 at once (this course's display link) or at the vsync after that depends on the model, but either way the callbacks come at least 3/60 s apart.",
                    zh:
                        "在 vsync k 的回调 50 ms 后返回，正好是 vsync k + 3。vsync k + 1 和 k + 2 在回调期间过去了：它们的帧被丢掉，不会晚些补交付。下一次回调是立刻在 k + 3（本课程的 display link），还是在再下一个 vsync，取决于模型，但不管哪种，相邻两次回调至少相差 3/60 秒。"
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
            let vsyncsApart = Int(((stamps[1] - stamps[0]) * 60 / 1000).rounded())
            return choose(vsyncsApart > 1, "dropped", "queued")
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
                        "On the main thread of an iOS app whose display refreshes at a fixed 60 Hz (not a ProMotion display, whose rate goes up to 120 Hz and changes), a display link's preferredFramesPerSecond is 40. How many callbacks run in one second?",
                    zh:
                        "在 iOS App 的主线程上，屏幕的刷新率固定为 60 Hz（不是 ProMotion 屏幕：那种屏幕最高 120 Hz，而且会变），一个 display link 的 preferredFramesPerSecond 是 40。一秒里有几次回调？"),
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
                        "A display link delivers whole frames of the display: a frame every n vsyncs. 60 / 40 = 1.5 vsyncs, rounded to 2: a frame every other vsync, 30 a second. The rate you get is a factor of the display's, the nearest to the one you asked for. preferredFrameRateRange (iOS 15 and later) replaces it: Apple's documentation lists preferredFramesPerSecond as deprecated, and says that since iOS 15 the system may change the rate (Low Power Mode, thermal state).",
                    zh:
                        "display link 交付的是屏幕的整帧：每 n 个 vsync 一帧。60 / 40 = 1.5 个 vsync，四舍五入为 2：每隔一个 vsync 一帧，每秒 30 帧。你得到的帧率是屏幕帧率的一个因数，最接近你要的那个。preferredFrameRateRange（iOS 15 及以后）取代了它：苹果文档把 preferredFramesPerSecond 列为废弃，并说明 iOS 15 起系统可以改变帧率（低电量模式、过热状态）。"
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
