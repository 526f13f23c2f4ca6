import RunLoopEngine

extension QuizBank {
    /// The placeholder the display-link questions share: a `CADisplayLink` made and added.
    static let startDisplayLinkPlaceholder = "startDisplayLink: (RunLoop.Mode, Int, @escaping @Sendable (Double) -> Void) -> Void"
    static let startDisplayLinkComment = Text(
        en:
            "startDisplayLink(mode, fps, callback) (a placeholder): a CADisplayLink whose selector calls callback(link.timestamp), its preferredFramesPerSecond fps, added with link.add(to: .main, forMode: mode)",
        zh:
            "`startDisplayLink(mode, fps, callback)`（示意，实现从略）：一个 `CADisplayLink`，它的 `selector` 调用 `callback(link.timestamp)`，`preferredFramesPerSecond` 为 `fps`，用 `link.add(to: .main, forMode: mode)` 加入"
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
                )),
            followUp: .init(
                question: .init(
                    en: "How would you measure the frames an app drops during a scroll?",
                    zh: "你会怎样测量应用在滑动时丢了多少帧？"),
                model: .init(
                    en:
                        "Add a display link in `.common` and compare each callback's `timestamp` with the one before: a gap of more than one frame's duration means frames were dropped. In the field, MetricKit's scroll hitch ratio (`scrollHitchTimeRatio`) or Instruments' `Animation Hitches` report the same from the system's side.",
                    zh:
                        "加一个放在 `.common` 的 display link，比较每次回调的 `timestamp` 和上一次的差：超过一帧的时长，就说明丢帧了。线上可以用 MetricKit 的滑动卡顿指标（`scrollHitchTimeRatio`），开发时用 Instruments 的 `Animation Hitches`，从系统那边报告同样的事。"
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
            title: .init(en: "a display link that prefers 40 frames per second", zh: "`preferredFramesPerSecond` 为 40 的 display link"),
            form: .choice([
                .init(en: "40 a second", zh: "每秒 40 次", value: "40"),
                .init(en: "30 a second", zh: "每秒 30 次", value: "30"),
                .init(en: "60 a second", zh: "每秒 60 次", value: "60"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app whose display refreshes at a fixed 60 Hz (not a ProMotion display, whose rate goes up to 120 Hz and changes), a display link's `preferredFramesPerSecond` is 40. How many callbacks run in one second?",
                    zh:
                        "在 iOS App 的主线程上，屏幕的刷新率固定为 60 Hz（不是 ProMotion 屏幕：那种屏幕最高 120 Hz，而且会变），一个 display link 的 `preferredFramesPerSecond` 是 40。一秒里有几次回调？"),
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
                        "A display link delivers whole frames of the display: a frame every n vsyncs. 60 / 40 = 1.5 vsyncs, rounded to 2: a frame every other vsync, 30 a second. The rate you get is a factor of the display's, the nearest to the one you asked for. `preferredFrameRateRange` (iOS 15 and later) replaces it: Apple's documentation lists `preferredFramesPerSecond` as deprecated, and says that since iOS 15 the system may change the rate (Low Power Mode, thermal state).",
                    zh:
                        "display link 交付的是屏幕的整帧：每 n 个 vsync 一帧。60 / 40 = 1.5 个 vsync，四舍五入为 2：每隔一个 vsync 一帧，每秒 30 帧。你得到的帧率是屏幕帧率的一个因数，最接近你要的那个。`preferredFrameRateRange`（iOS 15 及以后）取代了它：苹果文档把 `preferredFramesPerSecond` 列为废弃，并说明 iOS 15 起系统可以改变帧率（低电量模式、过热状态）。"
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
        QuizQuestion(
            number: 67, lesson: 18,
            title: .init(en: "which tool calls back on every frame of a scroll", zh: "滑动期间，用哪种工具每帧回调一次"),
            candidates: QuizCandidates(
                kind: .whichTool,
                need: .init(
                    en: "a callback on every frame of the scroll: the vsyncs at 16.7, 33.3, 50, 66.7 and 83.3 ms, 5 in its 100 ms",
                    zh: "滑动期间每帧回调一次：16.7、33.3、50、66.7、83.3 ms 的 vsync，100 ms 里 5 次"),
                reading: .init(en: "callbacks during the scroll", zh: "滑动期间的回调次数"),
                options: [
                    QuizCandidate(
                        value: "linkCommon", text: .init(en: "a `CADisplayLink` in `.common`", zh: "加在 `.common` 的 `CADisplayLink`"),
                        ios: """
                            // startDisplayLink(mode, fps, callback) (a placeholder): a CADisplayLink whose selector calls callback(link.timestamp), its preferredFramesPerSecond fps, added with link.add(to: .main, forMode: mode)
                            startDisplayLink(.common, 0) { _ in print(RunLoop.current.currentMode!.rawValue) }
                            let end = Date(timeIntervalSinceNow: 0.1)   // the scroll: UIKit runs the tracking mode until the finger lifts
                            while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
                            """,
                        comments: [
                            QuizBank.startDisplayLinkComment,
                            .init(en: "the scroll: UIKit runs the tracking mode until the finger lifts", zh: "滑动：手指抬起之前，UIKit 一直运行 tracking Mode"),
                        ],
                        why: .init(
                            en:
                                "A display link is called once per vsync in the modes it was added to; in the common modes it is in the tracking mode too: 5 callbacks in the 100 ms, one per frame, each with the frame's `timestamp`. The tool for per-frame work.",
                            zh:
                                "display link 在它所加入的 Mode 里每个 vsync 回调一次；加在 common modes，它也就在 tracking Mode 里：100 ms 里回调 5 次，每帧一次，每次都带着这一帧的 `timestamp`。每帧都要做的工作就用它。"
                        ),
                        run: { stage in
                            let link = DisplayLink(name: "link") { _ in stage.print(Loop.current.currentMode!.name) }
                            try link.add(to: Loop.current, forMode: .common)
                            return try QuizBank.framesDuringScroll(stage)
                        }),
                    QuizCandidate(
                        value: "linkDefault", text: .init(en: "a `CADisplayLink` in `.default`", zh: "加在 `.default` 的 `CADisplayLink`"),
                        ios: """
                            // startDisplayLink(mode, fps, callback) (a placeholder): a CADisplayLink whose selector calls callback(link.timestamp), its preferredFramesPerSecond fps, added with link.add(to: .main, forMode: mode)
                            startDisplayLink(.default, 0) { _ in print(RunLoop.current.currentMode!.rawValue) }
                            let end = Date(timeIntervalSinceNow: 0.1)   // the scroll: UIKit runs the tracking mode until the finger lifts
                            while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
                            """,
                        comments: [
                            QuizBank.startDisplayLinkComment,
                            .init(en: "the scroll: UIKit runs the tracking mode until the finger lifts", zh: "滑动：手指抬起之前，UIKit 一直运行 tracking Mode"),
                        ],
                        why: .init(
                            en:
                                "The right tool in the wrong mode: its vsyncs wait while the tracking mode runs, and the frames of the scroll are dropped. None of its callbacks comes during the scroll.",
                            zh:
                                "工具对了，Mode 错了：tracking Mode 运行期间它的 vsync 只能等着，滑动期间的帧都被丢掉。滑动期间它一次回调也没有。"),
                        run: { stage in
                            let link = DisplayLink(name: "link") { _ in stage.print(Loop.current.currentMode!.name) }
                            try link.add(to: Loop.current, forMode: .default)
                            return try QuizBank.framesDuringScroll(stage)
                        }),
                    QuizCandidate(
                        value: "observer", text: .init(en: "a beforeWaiting observer in the common modes", zh: "加在 common modes 的 BeforeWaiting 观察者"),
                        ios: """
                            let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                                print(RunLoop.current.currentMode!.rawValue)
                            }
                            CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .commonModes)
                            let end = Date(timeIntervalSinceNow: 0.1)   // the scroll: UIKit runs the tracking mode until the finger lifts
                            while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
                            """,
                        comments: [.init(en: "the scroll: UIKit runs the tracking mode until the finger lifts", zh: "滑动：手指抬起之前，UIKit 一直运行 tracking Mode")],
                        why: .init(
                            en:
                                "An observer is told when the loop is about to sleep, not when a frame is due: with nothing to wake it, the loop sleeps once through the scroll, and the observer runs once. Observers see the loop's passes, not the display.",
                            zh:
                                "观察者在 RunLoop 即将进入休眠时被通知，而不是在一帧到来时：没有东西唤醒它，RunLoop 在整个滑动期间只休眠一次，观察者也只执行一次。观察者看到的是 RunLoop 的每一轮循环，不是屏幕的刷新。"),
                        run: { stage in
                            let observer = Loop.Observer(name: "observer", activities: .beforeWaiting) { _ in stage.print(Loop.current.currentMode!.name) }
                            try Loop.current.add(observer, forMode: .common)
                            return try QuizBank.framesDuringScroll(stage)
                        }),
                    QuizCandidate(
                        value: "mainQueue", text: .code("DispatchQueue.main.async"),
                        ios: """
                            DispatchQueue.main.async { print(RunLoop.current.currentMode!.rawValue) }
                            let end = Date(timeIntervalSinceNow: 0.1)   // the scroll: UIKit runs the tracking mode until the finger lifts
                            while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                            RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
                            """,
                        comments: [.init(en: "the scroll: UIKit runs the tracking mode until the finger lifts", zh: "滑动：手指抬起之前，UIKit 一直运行 tracking Mode")],
                        why: .init(
                            en:
                                "The main queue runs during the scroll, but a block runs once, as soon as the loop services the queue: nothing ties it to the display's frames. One callback, not five.",
                            zh:
                                "主队列在滑动期间照常执行，但一个 Block 只执行一次，RunLoop 一处理主队列就执行：它和屏幕的帧没有任何关系。只有一次回调，不是五次。"),
                        run: { stage in
                            stage.registry.mainQueue.async(name: "block") { stage.print(Loop.current.currentMode!.name) }
                            return try QuizBank.framesDuringScroll(stage)
                        }),
                ],
                holds: { reading in reading == ["5"] }),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app (60 Hz), an animation must take one step on every frame, also while the user scrolls: the main loop runs the tracking mode for 100 ms, then the default mode for 50 ms. Which of these tools call back once per frame during the scroll? The engine runs each.",
                    zh:
                        "在 iOS App 的主线程上（60 Hz），一个动画要每帧走一步，用户滑动时也一样：主 RunLoop 运行 tracking Mode 100 ms，然后在 default Mode 里运行 50 ms。下面哪些工具能在滑动期间每帧回调一次？引擎会逐个运行。"
                ),
                ios: """
                    // the animation's step goes here, once per frame
                    let end = Date(timeIntervalSinceNow: 0.1)   // the scroll: UIKit runs the tracking mode until the finger lifts
                    while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
                    """,
                placeholders: [startDisplayLinkPlaceholder],
                comments: [
                    .init(en: "the animation's step goes here, once per frame", zh: "动画的每一步写在这里，每帧一次"),
                    .init(en: "the scroll: UIKit runs the tracking mode until the finger lifts", zh: "滑动：手指抬起之前，UIKit 一直运行 tracking Mode"),
                ],
                why: .init(
                    en:
                        "Only a display link is driven by the display: one callback per vsync, in the modes it was added to. An observer follows the loop's passes, the main queue runs each block once, and any of them may run during the scroll without running per frame.",
                    zh:
                        "只有 display link 是由屏幕驱动的：每个 vsync 回调一次，在它所加入的 Mode 里。观察者跟着 RunLoop 的每一轮循环走，主队列每个 Block 只执行一次，它们都可能在滑动期间执行，却不是每帧执行。"
                )),
            followUp: .init(
                question: .init(
                    en: "Why not a `Timer` with an interval of 1/60 s in the common modes?",
                    zh: "为什么不用加在 common modes、间隔 1/60 秒的 `Timer`？"),
                model: .init(
                    en:
                        "A timer keeps its own schedule, not the display's: its fire dates drift against the vsync, tolerance and a late loop move them, and a ProMotion display changes its rate; the step lands at varying points of a frame, so the animation stutters. A display link fires in step with the vsync and gives the frame's `timestamp` and `targetTimestamp` to compute the step from.",
                    zh:
                        "定时器走的是自己的时间表，不是屏幕的：它的触发时间相对 vsync 会漂移，容差和晚了的 RunLoop 会推迟它，ProMotion 屏幕还会改变帧率；每一步落在一帧里不同的位置，动画就会卡。display link 和 vsync 同步触发，还给出这一帧的 `timestamp` 和 `targetTimestamp`，用来计算这一步。"
                ))
        ) { stage in
            // ▼ quiz 67
            return try QuizBank.framesDuringScroll(stage)
            // ▲ quiz 67
        },

    ]
}

extension QuizBank {
    /// The main loop runs the tracking mode for 100 ms, again each time a run returns, as UIKit
    /// does while the finger is down, then the default mode for 50 ms; returns how many
    /// callbacks printed during the scroll.
    static func framesDuringScroll(_ stage: QuizStage) throws -> [String] {
        let end = Loop.current.now + 0.1
        while Loop.current.now < end, try Loop.current.run(mode: .tracking, before: end) {}
        try Loop.current.run(mode: .default, before: Loop.current.now + 0.05)
        return [String(stage.prints().filter { $0 == Loop.Mode.tracking.name }.count)]
    }
}
