import RunLoopEngine

extension QuizBank {
    static let lesson24: [QuizQuestion] = [
        QuizQuestion(
            number: 85, lesson: 24,
            title: .init(en: "idle-pass decoding during a scroll", zh: "滑动期间，空闲的一轮里的解码"),
            form: .choice([
                .init(en: "none: they wait for the scroll to end", zh: "一张都没有：等滑动结束", value: "none"),
                .init(en: "one per pass, as before", zh: "和之前一样，每轮一张", value: "some"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "Six cells queue an image each to decode. A repeating beforeWaiting observer, added to the main loop in the default mode, decodes one per callout (100 ms each) and wakes the loop while images remain. The user scrolls from 0.25 s to 1.25 s. How many images are decoded during the scroll?",
                    zh:
                        "列表里的六个单元格各排入一张要解码的图片。一个重复的 BeforeWaiting 观察者加在主 RunLoop 的 default Mode 里，每次回调解码一张（每张 100 ms），还有剩下的就唤醒 RunLoop。用户从 0.25 秒滑到 1.25 秒。滑动期间解码了几张？"
                ),
                ios: """
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                        if decodeNext() { CFRunLoopWakeUp(CFRunLoopGetMain()) }   // one image, 100 ms; true while images remain
                    }
                    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
                    // the user scrolls from 0.25 s to 1.25 s
                    """,
                placeholders: ["decodeNext: @escaping @Sendable () -> Bool"],
                comments: [
                    .init(en: "one image, 100 ms; true while images remain", zh: "解码一张，100 ms；还有剩下的就返回 `true`"),
                    .init(en: "the user scrolls from 0.25 s to 1.25 s", zh: "用户从 0.25 秒滑到 1.25 秒"),
                ],
                why: .init(
                    en:
                        "The observer is in the default mode: while UIKit has pushed the tracking mode, the loop's passes are tracking passes, and no default-mode observer is told. Three images are decoded before the scroll, none during it, the other three right after it.",
                    zh:
                        "观察者在 default Mode 里：UIKit 压入 tracking Mode 期间，RunLoop 的每一轮都是 tracking 的，default Mode 的观察者一个也不会被通知。滑动前解码了三张，滑动期间一张都没有，剩下三张在滑动一结束就解码。"
                )),
            followUp: .init(
                question: .init(
                    en: "YYKit's `YYTransaction` and Texture's `ASRunLoopQueue` add their observers to the common modes. Why is that not a mistake there?",
                    zh: "YYKit 的 `YYTransaction` 和 Texture 的 `ASRunLoopQueue` 把观察者加到 common modes。为什么在它们那里这不算错？"),
                model: .init(
                    en:
                        "They run small work that must not wait for the scroll: `YYTransaction` applies the layout changes committed during a pass (before waiting and at exit, ordered after Core Animation's commit), `ASRunLoopQueue` a bounded batch per pass. Decoding big images is the work you keep out of the tracking mode, or move off the main thread.",
                    zh:
                        "它们做的是不能等滑动结束的小工作：`YYTransaction` 应用一轮里提交的布局改动（在休眠前和退出时，排在 Core Animation 的提交之后），`ASRunLoopQueue` 每轮处理有上限的一批。解码大图才是要挡在 tracking Mode 之外、或者挪到子线程的工作。"
                ))
        ) { stage in
            // ▼ quiz 85
            let loop = Loop.current
            let left = Lock(6)
            let observer = Loop.Observer(name: "decode", activities: .beforeWaiting) { _ in
                guard left.withLock({ $0 }) > 0 else { return }
                loop.note("decoded")
                stage.clock.advance(by: 0.1)
                if left.withLock({
                    $0 -= 1; return $0
                }) > 0 {
                    loop.wakeUp()
                }
            }
            try loop.add(observer, forMode: .default)
            try stage.scroll(from: 0.25, to: 1.25)
            try stage.runMainLoop(until: loop.now + 2)
            return [stage.modes(ofNote: "decoded").contains(Loop.Mode.tracking.name) ? "some" : "none"]
            // ▲ quiz 85
        },
        QuizQuestion(
            number: 86, lesson: 24,
            title: .init(en: "which fix keeps the idle decoding going", zh: "哪些修法能让闲时解码继续下去"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(
                    en: "the three images decoded one per beforeWaiting callout (1, 2, 3), and then the loop sleeps: three callouts in the second",
                    zh: "三张图片每次 BeforeWaiting 回调解码一张（1、2、3），然后 RunLoop 休眠：这一秒里一共三次回调"),
                reading: .init(en: "the callout each image was decoded in, and how many callouts came", zh: "每张图片在第几次回调里解码，以及一共有几次回调"),
                words: QuizBank.decodeWords,
                options: [
                    QuizCandidate(
                        value: "wakeUp", text: .init(en: "`CFRunLoopWakeUp` after an image while images remain", zh: "解码一张后，还有剩下的就 `CFRunLoopWakeUp`"),
                        ios: """
                            let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                                if decodeNext() { CFRunLoopWakeUp(CFRunLoopGetMain()) }
                            }
                            CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
                            """,
                        why: .init(
                            en:
                                "The wake-up reaches the loop before it sleeps: the sleep this pass begins returns at once, the next pass reaches beforeWaiting again, and the next image is decoded. After the last one nothing wakes it, and it sleeps.",
                            zh:
                                "唤醒在 RunLoop 休眠之前就到了：这一轮开始的休眠立刻返回，下一轮又到 BeforeWaiting，解码下一张。最后一张之后没有东西唤醒它，它就休眠。"),
                        run: { stage in
                            try QuizBank.decodeThree(stage) { loop, more in if more { loop.wakeUp() } }
                        }),
                    QuizCandidate(
                        value: "source",
                        text: .init(
                            en: "signal a source0 and wake the loop (Texture's `ASRunLoopQueue`)", zh: "标记一个 Source0 并唤醒 RunLoop（Texture 的 `ASRunLoopQueue`）"),
                        ios: """
                            let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                                if decodeNext() {
                                    CFRunLoopSourceSignal(turn)                 // a source0 that does nothing
                                    CFRunLoopWakeUp(CFRunLoopGetMain())
                                }
                            }
                            CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
                            """,
                        comments: [.init(en: "a source0 that does nothing", zh: "一个什么也不做的 Source0")],
                        why: .init(
                            en:
                                "The wake-up turns the loop; the pass after it runs the empty source0, and a pass that ran a source does not sleep, so it skips beforeWaiting: each image takes two passes, but one callout, and the loop sleeps after the last.",
                            zh:
                                "唤醒让 RunLoop 转起来；之后那一轮执行这个空的 Source0，而执行过 Source 的一轮不休眠，所以跳过 BeforeWaiting：每张图片用两轮，但只占一次回调，最后一张之后 RunLoop 休眠。"),
                        run: { stage in
                            let turn = Loop.Source(name: "turn") {}
                            return try QuizBank.decodeThree(stage, setUp: { try $0.add(turn, forMode: .default) }) { loop, more in
                                if more {
                                    turn.signal()
                                    loop.wakeUp()
                                }
                            }
                        }),
                    QuizCandidate(
                        value: "allAtOnce", text: .init(en: "decode every image in the one callout", zh: "在那一次回调里把所有图片都解码"),
                        ios: """
                            let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                                while decodeNext() {}
                            }
                            CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
                            """,
                        why: .init(
                            en:
                                "All three are decoded, but in one callout: the main loop is busy for 300 ms in a row, which is the stall the queue was there to avoid.",
                            zh: "三张都解码了，但在同一次回调里：主 RunLoop 连续忙 300 ms，这正是任务队列本来要避免的卡顿。"),
                        run: { stage in
                            try QuizBank.decodeThree(stage, perCallout: 3) { _, _ in }
                        }),
                    QuizCandidate(
                        value: "keepAliveTimer",
                        text: .init(
                            en: "a repeating 0.01 s timer in the default mode keeps the loop awake", zh: "default Mode 里放一个 0.01 秒的重复定时器，让 RunLoop 保持醒着"),
                        ios: """
                            let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                                _ = decodeNext()
                            }
                            CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
                            let awake = Timer(timeInterval: 0.01, repeats: true) { _ in }   // does nothing
                            RunLoop.main.add(awake, forMode: .default)
                            """,
                        comments: [.init(en: "does nothing", zh: "什么也不做")],
                        why: .init(
                            en:
                                "It decodes the three, one per callout, but the timer wakes the loop a hundred times a second for ever, images or not: the callouts never stop, and neither does the battery drain.",
                            zh: "三张都每次回调解码一张，但不管有没有图片，定时器都让 RunLoop 每秒醒一百次、永不停止：回调停不下来，耗电也停不下来。"),
                        run: { stage in
                            try QuizBank.decodeThree(
                                stage,
                                setUp: { loop in
                                    try loop.add(try Loop.Timer(name: "awake", fireDate: loop.now + 0.01, interval: 0.01) { _ in }, forMode: .default)
                                }
                            ) { _, _ in }
                        }),
                ],
                holds: { reading in reading == ["image 1: callout 1", "image 2: callout 2", "image 3: callout 3", "callouts: 3"] }),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "Three images wait to be decoded. A repeating beforeWaiting observer in the default mode decodes one per callout (100 ms each), but after the first the main loop sleeps with two images left, until some event wakes it. The need: one image per callout, and then the loop sleeps. Which of these meet it? The engine runs each for 1 s.",
                    zh:
                        "三张图片等着解码。一个 default Mode 里重复的 BeforeWaiting 观察者每次回调解码一张（每张 100 ms），可是解码完第一张，主 RunLoop 就带着剩下的两张去休眠了，直到某个事件把它唤醒。要求：每次回调一张，之后 RunLoop 休眠。下面哪些写法满足要求？引擎会逐个运行 1 秒。"
                ),
                ios: """
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                        _ = decodeNext()                                  // one image, 100 ms; true while images remain
                    }
                    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
                    """,
                placeholders: ["decodeNext: @escaping @Sendable () -> Bool", "turn: CFRunLoopSource"],
                comments: [.init(en: "one image, 100 ms; true while images remain", zh: "解码一张，100 ms；还有剩下的就返回 `true`")],
                why: .init(
                    en:
                        "An observer does not keep the loop awake, and beforeWaiting comes once per pass that is about to sleep: to get the next pass, wake the loop (with a source0 signalled, or not) while work remains, and stop when none does. A keep-alive timer turns the loop for ever; draining all in one callout is the stall again.",
                    zh:
                        "观察者不能让 RunLoop 保持醒着，而 BeforeWaiting 每个即将进入休眠的一轮只有一次：要有下一轮，就在还有工作时唤醒 RunLoop（标不标记 Source0 都行），没有工作了就停。保活的定时器让 RunLoop 永远转下去；在一次回调里全部做完，又回到了卡顿。"
                )),
            followUp: .init(
                question: .init(
                    en: "Why does Texture's `ASRunLoopQueue` signal a source before it wakes the loop?",
                    zh: "为什么 Texture 的 `ASRunLoopQueue` 在唤醒 RunLoop 之前还要标记一个 Source？"),
                model: .init(
                    en:
                        "Its comment says a run loop is not guaranteed to turn if it has no scheduled work: a signalled source0 is work the pass must do, in every mode the source is in, so the queue is served even when the wake-up would find nothing else. The cost is the extra pass that runs the empty source.",
                    zh:
                        "它的注释说，没有加入任何工作时，RunLoop 不保证会再转一轮：标记过的 Source0 是这一轮必须处理的工作，在它所在的每个 Mode 里都是，所以即使唤醒之后别无他事，队列也会被处理。代价是多出一轮来执行那个空的 Source。"
                ))
        ) { stage in
            // ▼ quiz 86
            return try QuizBank.decodeThree(stage) { _, _ in }
            // ▲ quiz 86
        },
        QuizQuestion(
            number: 87, lesson: 24,
            title: .init(en: "an idle-time observer at entry", zh: "加在 Entry 上的闲时任务观察者"),
            form: .choice([
                .init(en: "1", zh: "1", value: "1"),
                .init(en: "3", zh: "3", value: "3"),
                .init(en: "6", zh: "6", value: "6"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "The same queue of six images, but the observer watches the entry activity instead of beforeWaiting, and wakes the loop while images remain. The main loop runs the default mode for 1 s, one run. How many images are decoded?",
                    zh:
                        "还是那六张图片的队列，但观察者监听的是 Entry 而不是 BeforeWaiting，还有剩下的图片就唤醒 RunLoop。主 RunLoop 运行 default Mode 1 秒，只运行一次。解码了几张？"
                ),
                ios: """
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.entry.rawValue, true, 0) { _, _ in
                        if decodeNext() { CFRunLoopWakeUp(CFRunLoopGetMain()) }
                    }
                    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    """,
                placeholders: ["decodeNext: @escaping @Sendable () -> Bool"],
                why: .init(
                    en:
                        "Entry is told once per run, when the run begins, not once per pass: one image, and the wake-ups only turn passes that tell nobody. An app's main loop is entered again only when a run ends (a scroll pushing or popping a mode), so the images would trickle in one per scroll.",
                    zh:
                        "Entry 每次运行只通知一次，在运行开始时，而不是每轮一次：只解码一张，唤醒只是让 RunLoop 多转几轮，这几轮谁也不通知。App 的主 RunLoop 只有在一次运行结束时（滑动压入或弹出 Mode）才重新进入，所以图片会每滑一次才出来一张。"
                ))
        ) { stage in
            // ▼ quiz 87
            let loop = Loop.current
            let left = Lock(6)
            let observer = Loop.Observer(name: "decode", activities: .entry) { _ in
                guard left.withLock({ $0 }) > 0 else { return }
                stage.print("decoded")
                stage.clock.advance(by: 0.1)
                if left.withLock({
                    $0 -= 1; return $0
                }) > 0 {
                    loop.wakeUp()
                }
            }
            try loop.add(observer, forMode: .default)
            try loop.run(mode: .default, before: loop.now + 1)
            return ["\(stage.prints().count)"]
            // ▲ quiz 87
        },
    ]
}

extension QuizBank {
    /// The lines of question 86's reading, in both languages.
    static let decodeWords: [String: Text] = {
        var words: [String: Text] = [:]
        for image in 1...3 {
            for callout in 1...200 {
                words["image \(image): callout \(callout)"] = Text(en: "image \(image): callout \(callout)", zh: "图片 \(image)：第 \(callout) 次回调")
            }
        }
        for count in 0...200 { words["callouts: \(count)"] = Text(en: "callouts: \(count)", zh: "一共 \(count) 次回调") }
        return words
    }()

    /// Three images wait; a repeating beforeWaiting observer in the default mode decodes up to
    /// `perCallout` of them per callout (100 ms each), then calls `after` with the loop and
    /// whether images remain; `setUp` adds what an option adds. The default mode runs for 1 s.
    /// Returns the callout each image was decoded in, and how many callouts came.
    static func decodeThree(
        _ stage: QuizStage, perCallout: Int = 1, setUp: (Loop) throws -> Void = { _ in },
        after: @escaping @Sendable (Loop, Bool) -> Void
    ) throws -> [String] {
        let loop = Loop.current
        let state = Lock((left: 3, callouts: 0))
        let observer = Loop.Observer(name: "decode", activities: .beforeWaiting) { _ in
            let callout = state.withLock { state -> Int in
                state.callouts += 1
                return state.callouts
            }
            for _ in 0..<perCallout {
                let image = state.withLock { state -> Int? in
                    guard state.left > 0 else { return nil }
                    state.left -= 1
                    return 3 - state.left
                }
                guard let image else { break }
                stage.print("image \(image): callout \(callout)")
                stage.clock.advance(by: 0.1)
            }
            after(loop, state.withLock { $0.left } > 0)
        }
        try loop.add(observer, forMode: .default)
        try setUp(loop)
        try loop.run(mode: .default, timeout: 1)
        return stage.prints() + ["callouts: \(state.withLock { $0.callouts })"]
    }
}
