import RunLoopEngine

extension QuizBank {
    static let lesson23: [QuizQuestion] = [
        QuizQuestion(
            number: 81, lesson: 23,
            title: .init(en: "`DispatchQueue.main.sync` on the main thread", zh: "在主线程上 `DispatchQueue.main.sync`"),
            form: .choice([
                .init(en: "before, inside, after", zh: "打印 `before`, `inside`, `after`", value: "before, inside, after"),
                .init(en: "before, after, inside", zh: "打印 `before`, `after`, `inside`", value: "before, after, inside"),
                .init(en: "before, then nothing: a silent deadlock", zh: "`before`，然后什么都没有：悄无声息的死锁", value: "before"),
                .init(
                    en: "before, then a crash: dispatch_sync called on queue already owned by current thread",
                    zh: "`before`，然后崩溃：`dispatch_sync called on queue already owned by current thread`", value: "before, crash"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread, called by the main loop), the code below runs on today's iOS. What does it print, and how does it end?",
                    zh: "在一个按钮的点击回调里（主线程，由主 RunLoop 调用），下面的代码在今天的 iOS 上运行。它打印什么，又怎样结束？"),
                ios: """
                    // in a button's action:
                    print("before")
                    DispatchQueue.main.sync { print("inside") }
                    print("after")
                    """,
                comments: [.init(en: "in a button's action:", zh: "在按钮的点击回调里：")],
                why: .init(
                    en:
                        "The main queue is bound to the main thread (libdispatch tags it with its owner at start), and `sync` waits until the queue has run the block: only the waiting thread could run it. `__DISPATCH_WAIT_FOR_QUEUE__` sees the owner about to wait and crashes the app on purpose rather than deadlock. The engine throws `syncOnCurrentQueue` instead.",
                    zh:
                        "主队列绑定在主线程上（`libdispatch` 启动时就把它的所有者标记为主线程），而 `sync` 要等队列执行完这个 Block：能执行它的只有正在等的这个线程。`__DISPATCH_WAIT_FOR_QUEUE__` 看到所有者正要等待，就故意让 App 崩溃，而不是死锁。引擎改为抛出 `syncOnCurrentQueue`。"
                ))
        ) { stage in
            // ▼ quiz 81
            stage.print("before")
            do {
                try stage.registry.mainQueue.sync(name: "inside") { stage.print("inside") }
            } catch LoopError.syncOnCurrentQueue {
                stage.print("crash")
                return [stage.prints().joined(separator: ", ")]   // a crash: nothing after it runs
            }
            stage.print("after")
            try Loop.current.run(mode: .default, timeout: 1)
            return [stage.prints().joined(separator: ", ")]
            // ▲ quiz 81
        },
        QuizQuestion(
            number: 82, lesson: 23,
            title: .init(en: "a semaphore waits for the main queue", zh: "信号量等主队列"),
            form: .choice([
                .init(en: "profile data", zh: "打印 `profile data`", value: "profile data"),
                .init(en: "timed out, completion", zh: "打印 `timed out`, `completion`", value: "timed out, completion"),
                .init(en: "completion, profile data", zh: "打印 `completion`, `profile data`", value: "completion, profile data"),
                .init(en: "timed out", zh: "打印 `timed out`", value: "timed out"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "In a button's action (main thread), the app starts a network call whose completion is delivered on the main queue, and waits for it on a semaphore, at most 2 s. The response is there at once. What is printed, in which order?",
                    zh: "在一个按钮的点击回调里（主线程），App 发起一个网络请求，它的完成回调在主队列上送达；App 在信号量上等它，最多 2 秒。响应立刻就到了。打印出什么，顺序如何？"),
                ios: """
                    final class Box: @unchecked Sendable { var profile: String? }
                    let box = Box()
                    let semaphore = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {                 // the network call, answered at once
                        DispatchQueue.main.async {                 // its completion, on the main queue
                            print("completion")
                            box.profile = "profile data"
                            semaphore.signal()
                        }
                    }
                    let result = semaphore.wait(timeout: .now() + 2)
                    print(result == .success ? box.profile! : "timed out")
                    """,
                comments: [
                    .init(en: "the network call, answered at once", zh: "网络请求，立刻就有了响应"),
                    .init(en: "its completion, on the main queue", zh: "它的完成回调，在主队列上"),
                ],
                why: .init(
                    en:
                        "The completion is queued on the main queue, which the main loop serves between callouts, and the main thread is inside this callout, waiting. Nothing can signal the semaphore: the wait times out after 2 s, the code prints `\"timed out\"`, and only when the action returns does the loop run the completion. Two seconds of a frozen app for a response that was there at once.",
                    zh:
                        "完成回调排进了主队列，而主 RunLoop 在两次回调之间才处理主队列，主线程此刻正在这个回调里等着。没有谁能 `signal` 这个信号量：等待 2 秒后超时，代码打印 `\"timed out\"`，直到点击回调返回，RunLoop 才执行完成回调。响应早就到了，App 却冻住了 2 秒。"
                ))
        ) { stage in
            // ▼ quiz 82
            let semaphore = Semaphore(clock: stage.clock)
            let profile = Lock<String?>(nil)
            NetworkSession(mainQueue: stage.registry.mainQueue).dataTask("profile") { data in
                stage.print("completion")
                profile.withLock { $0 = data }
                semaphore.signal()
            }
            let signalled = try semaphore.wait(timeout: 2)
            stage.print(signalled ? profile.withLock { $0 }! : "timed out")
            try Loop.current.run(mode: .default, timeout: 1)
            return [stage.prints().joined(separator: ", ")]
            // ▲ quiz 82
        },
        QuizQuestion(
            number: 83, lesson: 23,
            title: .init(en: "which fix shows the profile without a hang", zh: "哪些修法能显示资料又不 `hang`"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(
                    en: "the profile data is what the screen shows last, and the system reports no hang (no busy period of 250 ms)",
                    zh: "屏幕最后显示的是资料数据，并且系统没有报告 `hang`（没有 250 ms 的忙碌期）"),
                reading: .init(en: "what the screen showed, in order, and the system's reports", zh: "屏幕依次显示的内容，以及系统的报告"),
                words: [
                    "profile": .init(en: "the profile", zh: "资料"), "placeholder": .init(en: "the placeholder", zh: "占位内容"),
                    "timed out": .init(en: "\"timed out\"", zh: "“超时”"), "hang": .init(en: "a hang reported", zh: "报出一次 `hang`"),
                ],
                options: [
                    QuizCandidate(
                        value: "completion", text: .init(en: "show the data from the completion handler", zh: "在完成回调里显示数据"),
                        ios: """
                            fetchProfile { data in show(data) }   // delivered on the main queue
                            """,
                        comments: [.init(en: "delivered on the main queue", zh: "在主队列上送达")],
                        why: .init(
                            en:
                                "The action returns at once; the main loop serves the main queue on its next pass and the completion shows the data. Nothing waits.",
                            zh: "点击回调立即返回；主 RunLoop 下一轮就处理主队列，完成回调显示数据。没有任何等待。"),
                        run: { stage in try QuizBank.profileTap(stage) { session, show in session.dataTask("profile") { show($0) } } }),
                    QuizCandidate(
                        value: "placeholder", text: .init(en: "show a placeholder, then the data from the completion handler", zh: "先显示占位内容，再在完成回调里显示数据"),
                        ios: """
                            show("loading…")
                            fetchProfile { data in show(data) }   // delivered on the main queue
                            """,
                        comments: [.init(en: "delivered on the main queue", zh: "在主队列上送达")],
                        why: .init(
                            en: "The placeholder shows at once, the data replaces it when the completion runs on the next pass: no wait, no hang.",
                            zh: "占位内容立即显示，完成回调在下一轮执行时用数据替换它：没有等待，也没有 `hang`。"),
                        run: { stage in
                            try QuizBank.profileTap(stage) { session, show in
                                show("loading…")
                                session.dataTask("profile") { show($0) }
                            }
                        }),
                    QuizCandidate(
                        value: "shortWait", text: .init(en: "keep the semaphore, wait only 0.1 s", zh: "保留信号量，只等 0.1 秒"),
                        ios: """
                            final class Box: @unchecked Sendable { var profile: String? }
                            let box = Box()
                            let semaphore = DispatchSemaphore(value: 0)
                            fetchProfile { data in box.profile = data; semaphore.signal() }   // delivered on the main queue
                            _ = semaphore.wait(timeout: .now() + 0.1)
                            show(box.profile ?? "timed out")
                            """,
                        comments: [.init(en: "delivered on the main queue", zh: "在主队列上送达")],
                        why: .init(
                            en:
                                "A shorter wait is a shorter freeze, not a fix: the completion still cannot run while the main thread waits, so the wait always times out and the screen shows \"timed out\"; the data comes after, unused.",
                            zh: "等得短一点只是冻得短一点，不是修好：主线程在等时完成回调照样执行不了，所以等待总是超时，屏幕显示“超时”；数据之后才到，没人用。"),
                        run: { stage in try QuizBank.profileTap(stage, waitingFor: 0.1) }),
                    QuizCandidate(
                        value: "longWait", text: .init(en: "keep the semaphore, wait up to 5 s", zh: "保留信号量，最多等 5 秒"),
                        ios: """
                            final class Box: @unchecked Sendable { var profile: String? }
                            let box = Box()
                            let semaphore = DispatchSemaphore(value: 0)
                            fetchProfile { data in box.profile = data; semaphore.signal() }   // delivered on the main queue
                            _ = semaphore.wait(timeout: .now() + 5)
                            show(box.profile ?? "timed out")
                            """,
                        comments: [.init(en: "delivered on the main queue", zh: "在主队列上送达")],
                        why: .init(
                            en: "Waiting longer only freezes longer: 5 s of no pass at all, a hang the system reports, and still \"timed out\".",
                            zh: "等得越久冻得越久：整整 5 秒一轮都不走，系统报出一次 `hang`，屏幕上依然是“超时”。"),
                        run: { stage in try QuizBank.profileTap(stage, waitingFor: 5) }),
                ],
                holds: { reading in reading.last == "profile" && !reading.contains("hang") }),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A profile screen's button waits on a semaphore for `fetchProfile`, whose completion is delivered on the main queue, before it shows the profile. Users report freezes. Which of these fixes show the profile and leave the system nothing to report? The engine runs each.",
                    zh: "个人资料页的一个按钮先在信号量上等 `fetchProfile`（它的完成回调在主队列上送达），再显示资料。用户反馈界面会冻住。下面哪些修法既能显示资料，又不让系统报出任何问题？引擎会逐个运行。"),
                ios: """
                    final class Box: @unchecked Sendable { var profile: String? }
                    let box = Box()
                    let semaphore = DispatchSemaphore(value: 0)
                    fetchProfile { data in box.profile = data; semaphore.signal() }   // delivered on the main queue
                    semaphore.wait()
                    show(box.profile!)
                    """,
                placeholders: ["fetchProfile: (@escaping @Sendable (String) -> Void) -> Void", "show: @escaping @Sendable (String) -> Void"],
                comments: [.init(en: "delivered on the main queue", zh: "在主队列上送达")],
                why: .init(
                    en:
                        "Only the fixes that do not wait work: the completion handler can run only when the main thread is free. A wait of any length on the main thread for main-queue work times out, and a long one is a hang.",
                    zh: "只有不等待的修法才管用：主线程空下来，完成回调才能执行。在主线程上为主队列的任务等待，不管等多久都会超时，等得久了就是一次 `hang`。"))
        ) { stage in
            // ▼ quiz 83
            return try QuizBank.profileTap(stage, waitingFor: 30)   // `semaphore.wait()`: "for ever", longer than the run
            // ▲ quiz 83
        },
        QuizQuestion(
            number: 84, lesson: 23,
            title: .init(en: "a launch that waits for ever", zh: "一次永远在等的启动"),
            form: .choice([
                .init(
                    en: "the stall monitor at 100 ms, then the watchdog ends the app at 20 s (`0x8badf00d`)",
                    zh: "卡顿监控在 100 ms 时报出，然后看门狗在 20 秒时结束 App（`0x8badf00d`）", value: "stall at 100 ms, 0x8badf00d at 20000 ms"),
                .init(en: "only the watchdog, at 20 s (`0x8badf00d`)", zh: "只有看门狗，在 20 秒时（`0x8badf00d`）", value: "0x8badf00d at 20000 ms"),
                .init(
                    en: "the stall monitor, then a hang report once the wait ends; the app lives on",
                    zh: "卡顿监控，等待结束后再有一份 `hang` 报告；App 继续运行", value: "stall at 100 ms, hang"),
                .init(en: "nobody: the app is only waiting, not working", zh: "谁都不会：App 只是在等，并没有在干活", value: ""),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "At launch, `application(_:didFinishLaunchingWithOptions:)` waits on a semaphore with no timeout for a callback the main queue delivers. The app has a stall monitor (100 ms), and the system's launch limit is the classic 20 s. Who notices, and when?",
                    zh:
                        "启动时，`application(_:didFinishLaunchingWithOptions:)` 在信号量上不设超时地等一个由主队列送来的回调。App 里有一个卡顿监控（100 ms），系统的启动时限是经典的 20 秒。谁会察觉，在什么时候？"
                ),
                ios: """
                    // in application(_:didFinishLaunchingWithOptions:):
                    let semaphore = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {                       // the network call
                        DispatchQueue.main.async { semaphore.signal() }  // its completion, on the main queue
                    }
                    semaphore.wait()                                     // no timeout
                    """,
                comments: [
                    .init(en: "in application(_:didFinishLaunchingWithOptions:):", zh: "在 `application(_:didFinishLaunchingWithOptions:)` 里："),
                    .init(en: "the network call", zh: "网络请求"),
                    .init(en: "its completion, on the main queue", zh: "它的完成回调，在主队列上"),
                    .init(en: "no timeout", zh: "不设超时"),
                ],
                why: .init(
                    en:
                        "A waiting main thread is as stuck as a busy one: the monitor's watchdog thread sees the loop stay after waiting and reports a stall 100 ms in. The wait never ends, the launch never finishes, and at the limit the system's watchdog ends the app: a crash report with `0x8badf00d`. There is no hang report: the busy period never ends. (The engine bounds the wait at 30 s so that the run ends; the watchdog has acted by then.)",
                    zh:
                        "在等的主线程和在忙的主线程一样卡住了：卡顿监控的监控线程看到 RunLoop 一直停在 AfterWaiting，100 ms 时报出卡顿。等待永远不结束，启动永远完成不了，到了时限系统的看门狗就结束 App：一份带 `0x8badf00d` 的崩溃报告。不会有 `hang` 报告：这个忙碌期根本没有结束。（引擎把等待限制在 30 秒，好让运行结束；那时看门狗早已出手。）"
                ))
        ) { stage in
            // ▼ quiz 84
            let loop = Loop.current
            let monitor = ScenarioStallMonitor(threshold: 0.1, samples: 5) { stall in stage.print("stall at \(stall.since + 0.1)") }
            let watchdog = try VirtualWatchdog(clock: stage.clock, interval: monitor.interval, woke: monitor.watchdogWoke)
            try watchdog.start(on: loop)
            try monitor.install(on: loop, signal: watchdog.signal)
            let system = SystemWatchdog { report in
                switch report {
                case let .terminated(_, at): stage.print("0x8badf00d at \(at)")
                case .hang: stage.print("hang")
                }
            }
            try system.watch(loop)
            system.begin(.launch, on: loop)
            // The launch's callout: UIKit calls didFinishLaunching from a source of the main loop's first pass.
            let launch = Loop.Source(name: "didFinishLaunching") {
                let semaphore = Semaphore(clock: stage.clock)
                stage.registry.mainQueue.async(name: "completion") { semaphore.signal() }
                _ = try? semaphore.wait(timeout: 30)   // "for ever": longer than any launch limit
            }
            try loop.add(launch, forMode: .default)
            launch.signal()
            try loop.run(mode: .default, timeout: 31)
            return [stage.prints().joined(separator: ", ")]
            // ▲ quiz 84
        },
    ]

    /// A tap (a timer due now) whose action runs `action` with a session and a `show` that
    /// prints what the screen shows (`profile` for the data, `placeholder` for "loading…"); the
    /// main loop, watched by the system, runs 6 s. Returns what was shown and the system's
    /// reports (`hang`).
    static func profileTap(
        _ stage: QuizStage, _ action: @escaping @Sendable (NetworkSession, @escaping @Sendable (String) -> Void) throws -> Void
    ) throws -> [String] {
        let loop = Loop.current
        let system = SystemWatchdog { report in
            if case .hang = report { stage.print("hang") }
        }
        try system.watch(loop)
        let session = NetworkSession(mainQueue: stage.registry.mainQueue)
        let tap = try Loop.Timer(name: "tap", fireDate: loop.now) { _ in
            try? action(session) { shown in stage.print(shown == "profile data" ? "profile" : shown == "loading…" ? "placeholder" : shown) }
        }
        try loop.add(tap, forMode: .common)
        try loop.run(mode: .default, timeout: 6)
        return stage.prints()
    }

    /// ``profileTap(_:_:)`` with the semaphore kept: the action waits `seconds` for the completion.
    static func profileTap(_ stage: QuizStage, waitingFor seconds: Double) throws -> [String] {
        try profileTap(stage) { session, show in
            let semaphore = Semaphore(clock: stage.clock)
            let profile = Lock<String?>(nil)
            session.dataTask("profile") { data in
                profile.withLock { $0 = data }
                semaphore.signal()
            }
            _ = try semaphore.wait(timeout: seconds)
            show(profile.withLock { $0 } ?? "timed out")
        }
    }
}
