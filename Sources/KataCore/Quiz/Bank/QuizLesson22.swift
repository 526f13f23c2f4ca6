import RunLoopEngine

extension QuizBank {
    static let lesson22: [QuizQuestion] = [
        QuizQuestion(
            number: 77, lesson: 22,
            title: .init(en: "a `Timer` scheduled on a thread that returns", zh: "在一个立刻返回的线程上创建的 `Timer`"),
            form: .choice([
                .init(en: "every 0.5 s", zh: "每 0.5 秒一次", value: "ticks"),
                .init(en: "never", zh: "一次也不触发", value: "never"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action, a Thread is started whose body schedules a repeating Timer every 0.5 s and returns. Then the main loop runs the default mode for 2 s. How often does the timer tick?",
                    zh:
                        "在一个按钮的点击回调里，启动一个 `Thread`，它的函数体用 `Timer.scheduledTimer` 创建一个每 0.5 秒触发的重复定时器，然后返回。接着主 RunLoop 运行 default Mode 2 秒。这个定时器多久触发一次？"
                ),
                ios: """
                    Thread {   // a thread whose body returns at once
                        _ = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in print("tick") }
                    }.start()
                    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 2))
                    """,
                comments: [.init(en: "a thread whose body returns at once", zh: "一个函数体立刻返回的线程")],
                why: .init(
                    en:
                        "scheduledTimer adds the timer to the current thread's run loop, here the new thread's, in the default mode; only a run of that loop fires it, and the thread returns without running it. Running the main loop changes nothing: the timer is not in it. A Task's pool thread is the same case, and Swift 6 says so: scheduledTimer, RunLoop.current and run() are noasync, so async code may not call them.",
                    zh:
                        "`scheduledTimer` 把定时器加到当前线程的 RunLoop 上，这里是新线程的 RunLoop，default Mode；只有运行那个 RunLoop 才会触发它，而那个线程没运行它就返回了。运行主 RunLoop 也没用：定时器不在它里面。`Task` 所在的线程池线程也是一样，Swift 6 直接点明了这一点：`scheduledTimer`、`RunLoop.current` 和 `run()` 都是 `noasync` 的，异步代码不能调用它们。"
                ))
        ) { stage in
            // ▼ quiz 77
            let pool = stage.thread("a thread whose body returns") {
                let loop = Loop.current
                try? loop.add(Loop.Timer(name: "tick", fireDate: loop.now + 0.5, interval: 0.5) { _ in stage.print("tick") }, forMode: .default)
            }
            try pool.start()
            _ = pool.join(timeout: 2)
            try Loop.current.run(mode: .default, before: Loop.current.now + 2)
            return [stage.prints().isEmpty ? "never" : "ticks"]
            // ▲ quiz 77
        },
        QuizQuestion(
            number: 78, lesson: 22,
            title: .init(en: "a `DispatchSourceTimer` on the main queue during a scroll", zh: "滑动期间主队列上的 `DispatchSourceTimer`"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action, a timer source on the main queue is set to fire 0.5 s from now and every 0.5 s after; then the user scrolls for 1.8 s (the main loop runs the tracking mode). When does it print during the scroll?",
                    zh:
                        "在一个按钮的点击回调里，主队列上的一个 GCD 定时器设定为 0.5 秒后触发、之后每 0.5 秒一次；然后用户滑动 1.8 秒（主 RunLoop 运行 tracking Mode）。滑动期间它在什么时候打印？"
                ),
                ios: """
                    let source = DispatchSource.makeTimerSource(queue: .main)
                    source.schedule(deadline: .now() + 0.5, repeating: 0.5)
                    source.setEventHandler { print("tick") }
                    source.resume()
                    let end = Date(timeIntervalSinceNow: 1.8)   // the scroll
                            while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                    """,
                comments: [.init(en: "the scroll", zh: "滑动")],
                why: .init(
                    en:
                        "A timer source is fired by the system, not by a run loop, and belongs to no mode: at each deadline its handler goes to the main queue, which the main loop serves in every common mode, tracking among them. It ticks on time through the scroll: the classic interview answer to a timer that stops while scrolling.",
                    zh:
                        "GCD 定时器由系统触发，不由 RunLoop 触发，也不属于任何 Mode：每到一个时间点，它的回调就交给主队列，而主 RunLoop 在每个标记为 common 的 Mode 里都处理主队列，tracking 也在其中。滑动期间它按时触发：这就是“滑动时定时器停了”的经典面试答案。"
                ))
        ) { stage in
            // ▼ quiz 78
            let source = DispatchTimerSource(queue: stage.registry.mainQueue, name: "tick")
            source.schedule(deadline: stage.clock.now + 0.5, repeating: 0.5)
            source.setEventHandler { stage.print("tick") }
            source.resume()
            try QuizBank.run(.tracking, for: 1.8)
            source.cancel()
            return stage.times(ofPrint: "tick")
            // ▲ quiz 78
        },
        QuizQuestion(
            number: 79, lesson: 22,
            title: .init(en: "which fix keeps a ticker going during a scroll", zh: "哪些修法能让定时器在滑动期间照常触发"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(
                    en: "three ticks during the scroll, each in the tracking mode",
                    zh: "滑动期间触发三次，每次都在 tracking Mode 里"),
                reading: .init(en: "the modes the ticks came in", zh: "每次触发时所在的 Mode"),
                options: [
                    QuizCandidate(
                        value: "source", text: .init(en: "a `DispatchSourceTimer` on the main queue", zh: "主队列上的 `DispatchSourceTimer`"),
                        ios: """
                            let source = DispatchSource.makeTimerSource(queue: .main)
                            source.schedule(deadline: .now() + 0.5, repeating: 0.5)
                            source.setEventHandler { print(RunLoop.main.currentMode!.rawValue) }
                            source.resume()
                            let end = Date(timeIntervalSinceNow: 1.8)   // the scroll
                            while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                            """,
                        comments: [.init(en: "the scroll", zh: "滑动")],
                        why: .init(
                            en:
                                "The source's handler goes to the main queue at each deadline, and the main queue is served in every common mode: it ticks in tracking.",
                            zh: "每到一个时间点，GCD 定时器的回调就交给主队列，而主队列在每个标记为 common 的 Mode 里都会被处理：它在 tracking 里触发。"),
                        run: { stage in
                            let source = DispatchTimerSource(queue: stage.registry.mainQueue, name: "tick")
                            source.schedule(deadline: stage.clock.now + 0.5, repeating: 0.5)
                            source.setEventHandler { stage.print(Loop.current.currentMode!.name) }
                            source.resume()
                            try QuizBank.run(.tracking, for: 1.8)
                            source.cancel()
                            return stage.prints()
                        }),
                    QuizCandidate(
                        value: "common", text: .init(en: "keep the `Timer`, add it in `.common`", zh: "还用 `Timer`，加到 `.common`"),
                        ios: """
                            let timer = Timer(timeInterval: 0.5, repeats: true) { _ in print(RunLoop.main.currentMode!.rawValue) }
                            RunLoop.main.add(timer, forMode: .common)
                            let end = Date(timeIntervalSinceNow: 1.8)   // the scroll
                            while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                            """,
                        comments: [.init(en: "the scroll", zh: "滑动")],
                        why: .init(
                            en:
                                "A timer in the common modes is in every mode marked common, tracking among them (lesson 13): the run-loop answer, and still a right one.",
                            zh: "加在 common modes 的定时器出现在每个标记为 common 的 Mode 里，tracking 也在其中（第 13 课）：这是 RunLoop 的答案，现在也依然正确。"),
                        run: { stage in
                            try Loop.current.add(
                                Loop.Timer(name: "tick", fireDate: Loop.current.now + 0.5, interval: 0.5) { _ in stage.print(Loop.current.currentMode!.name) },
                                forMode: .common)
                            try QuizBank.run(.tracking, for: 1.8)
                            return stage.prints()
                        }),
                    QuizCandidate(
                        value: "detached", text: .init(en: "schedule the `Timer` on a background `Thread`", zh: "在后台 `Thread` 上创建 `Timer`"),
                        ios: """
                            Thread {   // off the main thread
                                _ = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in print(RunLoop.main.currentMode!.rawValue) }
                            }.start()
                            let end = Date(timeIntervalSinceNow: 1.8)   // the scroll
                            while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                            """,
                        comments: [.init(en: "off the main thread", zh: "离开主线程"), .init(en: "the scroll", zh: "滑动")],
                        why: .init(
                            en:
                                "The timer goes to that thread's run loop, which never runs: it never ticks, during the scroll or after. (Inside a Task it would not even compile: scheduledTimer is noasync in Swift 6.)",
                            zh: "定时器加到了那个线程的 RunLoop 上，而那个 RunLoop 从不运行：它永远不会触发，滑动期间和之后都不会。（放在 Task 里，编译器甚至会报错：在 Swift 6 里 `scheduledTimer` 是 `noasync` 的。）"),
                        run: { stage in
                            let pool = stage.thread("a thread whose body returns") {
                                let loop = Loop.current
                                try? loop.add(
                                    Loop.Timer(name: "tick", fireDate: loop.now + 0.5, interval: 0.5) { _ in stage.print(Loop.current.currentMode!.name) },
                                    forMode: .default)
                            }
                            try pool.start()
                            _ = pool.join(timeout: 2)
                            try QuizBank.run(.tracking, for: 1.8)
                            return stage.prints()
                        }),
                ],
                holds: { modes in modes == Array(repeating: Loop.Mode.tracking.name, count: 3) }),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A countdown label is driven by Timer.scheduledTimer on the main thread, every 0.5 s; while the user scrolls (the main loop runs the tracking mode for 1.8 s) it freezes. Which of these keep it ticking during the scroll? The engine runs each.",
                    zh:
                        "一个倒计时标签由主线程上的 `Timer.scheduledTimer` 驱动，每 0.5 秒一次；用户滑动时（主 RunLoop 运行 tracking Mode 1.8 秒）它就停住了。下面哪些写法能让它在滑动期间照常触发？引擎会逐个运行。"
                ),
                ios: """
                    _ = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in print(RunLoop.main.currentMode!.rawValue) }
                    let end = Date(timeIntervalSinceNow: 1.8)   // the scroll
                            while Date() < end && RunLoop.main.run(mode: .tracking, before: end) {}
                    """,
                comments: [.init(en: "the scroll", zh: "滑动")],
                why: .init(
                    en:
                        "What decides is who fires the timer and where its callout is queued: a timer source and a main-actor task reach the main thread through the main queue, served in every common mode; a `Timer` in `.common` is in tracking too; a `Timer` on a pool thread's loop is never fired at all.",
                    zh:
                        "关键在于谁来触发定时器、它的回调排在哪里：GCD 定时器和主 actor 的 Task 通过主队列到达主线程，主队列在每个标记为 common 的 Mode 里都会被处理；加在 `.common` 的 `Timer` 也在 tracking 里；加在线程池线程 RunLoop 上的 `Timer` 根本不会被触发。"
                )),
            followUp: .init(
                question: .init(
                    en: "Then is a timer source always the better ticker?",
                    zh: "那 GCD 定时器总是更好的定时器吗？"),
                model: .init(
                    en:
                        "No: it is still late when the main thread is busy, since its handler waits on the main queue like any block; it merges missed fires into one call (read the count in `data`) where a `Timer` skips them; it must be kept alive and cancelled; and it ignores modes, so it cannot be told to stay off a scroll. A `Timer` in `.common`, or a display link for drawing, is often the plainer answer.",
                    zh:
                        "不是：主线程忙的时候它照样会晚，因为它的回调和别的 Block 一样在主队列上排队；错过的触发它合成一次调用（次数在 `data` 里），而 `Timer` 是跳过；它必须被持有、用完要调用 `cancel()`；它不看 Mode，所以没法让它避开滑动。加在 `.common` 的 `Timer`，或者画面用的 display link，常常是更朴素的答案。"
                ))
        ) { stage in
            // ▼ quiz 79
            try Loop.current.add(
                Loop.Timer(name: "tick", fireDate: Loop.current.now + 0.5, interval: 0.5) { _ in stage.print(Loop.current.currentMode!.name) },
                forMode: .default)
            try QuizBank.run(.tracking, for: 1.8)
            return stage.prints()
            // ▲ quiz 79
        },
        QuizQuestion(
            number: 80, lesson: 22,
            title: .init(en: "a timer source after a busy main thread", zh: "主线程忙过之后的 GCD 定时器"),
            form: .choice([
                .init(en: "1, 1, 1, 1", zh: "1, 1, 1, 1", value: "1, 1, 1, 1"),
                .init(en: "1, 2, 1", zh: "1, 2, 1", value: "1, 2, 1"),
                .init(en: "1, 1", zh: "1, 1", value: "1, 1"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A timer source on the main queue fires every 1 s from 1 s on, its handler printing source.data. At 1.5 s a block on the main queue keeps the main thread busy for 2 s. The main loop runs the default mode until 4.2 s. What does the handler print?",
                    zh:
                        "主队列上的一个 GCD 定时器从 1 秒起每 1 秒触发一次，回调打印 `source.data`。在 1.5 秒时，主队列上的一个 Block 让主线程忙了 2 秒。主 RunLoop 运行 default Mode 到 4.2 秒。回调打印了什么？"
                ),
                ios: """
                    let source = DispatchSource.makeTimerSource(queue: .main)
                    source.schedule(deadline: .now() + 1, repeating: 1)
                    source.setEventHandler { print(source.data) }
                    source.resume()
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { Thread.sleep(forTimeInterval: 2) }   // busy
                    let end = Date(timeIntervalSinceNow: 4.2)
                    while Date() < end && RunLoop.main.run(mode: .default, before: end) {}
                    """,
                comments: [.init(en: "busy", zh: "主线程忙")],
                why: .init(
                    en:
                        "The fires at 2 s and 3 s come while the main thread is busy; the source is already waiting on the main queue, so the second fire is merged into the first: one call at 3.5 s whose `data` is 2. Then 4 s, on the original phase. A `Timer` would have skipped one fire instead; the count is how a source says it was late.",
                    zh:
                        "2 秒和 3 秒的两次触发发生在主线程忙的时候；GCD 定时器的回调已经在主队列上排着，第二次触发就合并进了第一次：3.5 秒时一次调用，`data` 是 2。然后 4 秒那次，按原来的时间表。换成 `Timer` 会直接跳过一次；次数就是 GCD 定时器告诉你它晚了的方式。"
                ))
        ) { stage in
            // ▼ quiz 80
            let source = DispatchTimerSource(queue: stage.registry.mainQueue, name: "tick")
            source.schedule(deadline: stage.clock.now + 1, repeating: 1)
            source.setEventHandler { stage.print("\(source.data)") }
            source.resume()
            stage.registry.timerSources.after(stage.clock.now + 1.5) {   // DispatchQueue.main.asyncAfter
                stage.registry.mainQueue.async(name: "busy") { stage.clock.advance(by: 2) }
            }
            try QuizBank.run(.default, for: 4.2)
            source.cancel()
            return [stage.prints().joined(separator: ", ")]
            // ▲ quiz 80
        },
    ]
}

extension QuizBank {
    /// `let end = Date(timeIntervalSinceNow: seconds); while Date() < end && RunLoop.main.run(mode: mode, before: end) {}`:
    /// runs `mode` until `seconds` from now, again after each run that returned for a handled source.
    static func run(_ mode: Loop.Mode, for seconds: Double) throws {
        let loop = Loop.current
        let end = loop.now + seconds
        while loop.now < end, try loop.run(mode: mode, before: end) {}
    }
}
