import RunLoopEngine

extension QuizBank {
    static let lesson25: [QuizQuestion] = [
        QuizQuestion(
            number: 88, lesson: 25,
            title: .init(en: "what the default-mode run returns when a drag begins", zh: "拖动开始时，default Mode 的这次运行返回什么"),
            form: .choice([
                .init(en: "stopped", zh: "`stopped`（被停止）", value: "stopped"),
                .init(en: "handled source", zh: "`handled source`（处理了一个事件源）", value: "handled source"),
                .init(en: "timed out", zh: "`timed out`（超时）", value: "timed out"),
                .init(en: "nothing yet: the default-mode run goes on under the scroll", zh: "还没返回：default Mode 的运行在滑动底下继续", value: "nothing"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "`GraphicsServices`' `GSEventRunModal` drives the main loop: it runs the mode on top of its stack with `CFRunLoopRunInMode`, for ever, and again each time a run returns. The user begins to drag a scroll view at 0.5 s, and UIKit pushes `UITrackingRunLoopMode`. What does the default-mode run that was in progress return?",
                    zh:
                        "`GraphicsServices` 的 `GSEventRunModal` 驱动主线程 RunLoop：它用 `CFRunLoopRunInMode` 运行栈顶的那个 Mode，没有尽头，每次运行返回就再运行一次。用户在 0.5 秒开始拖动一个滑动视图，UIKit 压入 `UITrackingRunLoopMode`。正在进行的那次 default Mode 运行返回什么？"
                ),
                ios: """
                    // GSEventRunModal, as published backtraces show it (iOS 17): the app's main loop
                    let result = CFRunLoopRunInMode(.defaultMode, 1.0e10, false)
                    print(result.rawValue)   // the user begins to drag at 0.5 s
                    """,
                comments: [
                    .init(
                        en: "GSEventRunModal, as published backtraces show it (iOS 17): the app's main loop",
                        zh: "`GSEventRunModal`，按公开的调用栈（iOS 17）：App 的主线程 RunLoop"),
                    .init(en: "the user begins to drag at 0.5 s", zh: "用户在 0.5 秒开始拖动"),
                ],
                why: .init(
                    en:
                        "The push (GSEventPushRunLoopMode) calls CFRunLoopStop: the default-mode run finishes the pass that handled the drag's event, tells its observers of the exit (the commit, the pool's pop), and returns stopped. GSEventRunModal then runs the new top, the tracking mode: a scroll is a run of its own, not one nested in the default-mode run.",
                    zh:
                        "压栈（`GSEventPushRunLoopMode`）会调用 `CFRunLoopStop`：default Mode 的运行做完处理拖动事件的这一轮，通知观察者 Exit（提交、自动释放池弹出），返回 `stopped`。接着 `GSEventRunModal` 运行新的栈顶 tracking Mode：滑动是一次独立的运行，不是嵌套在 default Mode 运行里的运行。"
                ))
        ) { stage in
            // ▼ quiz 88
            let app = try QuizBank.app(events: [(0.5, "drag began")])
            try app.main.runMainLoop(app.app, until: .zero + 1)
            let lines = stage.trace?.lines(.all, times: false) ?? []
            guard let began = lines.firstIndex(where: { $0.hasSuffix("sendEvent(.dragBegan)") }),
                let returned = lines[began...].first(where: { $0.contains("→ ") && !$0.contains("·") })
            else { return ["nothing"] }
            let result = returned.components(separatedBy: "→ ").last ?? ""
            return [returned.hasPrefix(Loop.Mode.default.name) ? result : "nothing"]
            // ▲ quiz 88
        },
        QuizQuestion(
            number: 89, lesson: 25,
            title: .init(en: "entry and exit during a scroll", zh: "滑动期间的 Entry 和 Exit"),
            form: .choice([
                .init(
                    en: "exit default, entry tracking, exit tracking, entry default", zh: "依次是 `exit default`、`entry tracking`、`exit tracking`、`entry default`",
                    value: "stack"),
                .init(en: "entry tracking, exit tracking", zh: "只有 `entry tracking`、`exit tracking`", value: "nested"),
                .init(en: "nothing: the mode changes inside the run", zh: "什么都不打印：Mode 在运行内部切换", value: "none"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "An observer of the entry and the exit, added to the app's main loop in the common modes, prints the activity and the loop's current mode. The user drags a scroll view from 0.5 s to 1.5 s. What does it print in that second?",
                    zh: "一个 Entry 和 Exit 的观察者加在 App 主线程 RunLoop 的 common modes 里，打印状态和 RunLoop 当前的 Mode。用户从 0.5 秒到 1.5 秒拖动一个滑动视图。这一秒里它打印什么？"),
                ios: """
                    let activities = CFRunLoopActivity.entry.rawValue | CFRunLoopActivity.exit.rawValue
                    let observer = CFRunLoopObserverCreateWithHandler(nil, activities, true, 0) { _, activity in
                        print(activity == .entry ? "entry" : "exit", CFRunLoopCopyCurrentMode(CFRunLoopGetMain()) as Any)
                    }
                    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
                    // the user drags a scroll view from 0.5 s to 1.5 s
                    """,
                comments: [.init(en: "the user drags a scroll view from 0.5 s to 1.5 s", zh: "用户从 0.5 秒到 1.5 秒拖动一个滑动视图")],
                why: .init(
                    en:
                        "UIKit pushes the tracking mode on GSEventRunModal's stack and pops it: each stops the run in progress, so the default-mode run exits, the driver enters tracking, and when the drag ends the tracking run exits and the driver enters the default mode again. Each run is told of its own entry and exit, and the pool and commit observers run at each exit too.",
                    zh:
                        "UIKit 把 tracking Mode 压入 `GSEventRunModal` 的栈、再弹出：每一次都会停止正在进行的运行，所以 default Mode 的运行退出，驱动循环进入 tracking；拖动结束时 tracking 的运行退出，驱动循环再进入 default Mode。每次运行都会通知自己的 Entry 和 Exit，自动释放池和提交的观察者在每次 Exit 时也会执行。"
                ))
        ) { stage in
            // ▼ quiz 89
            let app = try QuizBank.app(events: [(0.5, "drag began"), (1.5, "drag ended")])
            let observer = Loop.Observer(name: "entry and exit", activities: [.entry, .exit]) { activity in
                let mode = Loop.current.currentMode?.name ?? "-"
                if (0.5...1.5).contains(stage.clock.now.seconds) { stage.print("\(activity == .entry ? "entry" : "exit") \(mode)") }
            }
            try Loop.current.add(observer, forMode: .common)
            try app.main.runMainLoop(app.app, until: .zero + 2)
            switch stage.prints() {
            case ["exit default", "entry tracking", "exit tracking", "entry default"]: return ["stack"]
            case ["entry tracking", "exit tracking"]: return ["nested"]
            default: return ["none"]
            }
            // ▲ quiz 89
        },
        QuizQuestion(
            number: 90, lesson: 25,
            title: .init(en: "which `order` runs after the commit and before the pool's pop", zh: "哪个 `order` 排在提交之后、自动释放池弹出之前"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(
                    en: "before the tap's sleep: Core Animation's commit, then your observer, then the pool's pop",
                    zh: "点击之后休眠之前：先 Core Animation 的提交，再你的观察者，最后自动释放池弹出"),
                reading: .init(
                    en: "the order of the commit, your observer and the pool's pop before the sleep after the tap",
                    zh: "点击之后那次休眠之前，提交、你的观察者和自动释放池弹出的先后"),
                words: QuizBank.commitOrderWords,
                options: [
                    QuizCandidate(
                        value: "2000001", text: .init(en: "`order` 2 000 001", zh: "`order` 为 2 000 001"),
                        ios: QuizBank.orderedObserver("2_000_001"),
                        comments: [QuizBank.commitComment],
                        why: .init(
                            en: "One above Core Animation's 2 000 000, far below the pool's 2 147 483 647: after the commit, before the pop.",
                            zh: "比 Core Animation 的 2 000 000 大一，远小于自动释放池的 2 147 483 647：在提交之后、弹出之前。"),
                        run: { stage in try QuizBank.commitOrder(stage, order: 2_000_001) }),
                    QuizCandidate(
                        value: "0xFFFFFF", text: .init(en: "`order` `0xFFFFFF` (`YYTransaction`'s)", zh: "`order` `0xFFFFFF`（`YYTransaction` 用的）"),
                        ios: QuizBank.orderedObserver("0xFFFFFF"),
                        comments: [QuizBank.commitComment],
                        why: .init(
                            en: "16 777 215: after Core Animation's 2 000 000 and before the pool's 2 147 483 647, which is why YYKit chose it.",
                            zh: "16 777 215：在 Core Animation 的 2 000 000 之后、自动释放池的 2 147 483 647 之前，YYKit 正是因此选了它。"),
                        run: { stage in try QuizBank.commitOrder(stage, order: 0xFF_FFFF) }),
                    QuizCandidate(
                        value: "0", text: .init(en: "`order` 0", zh: "`order` 为 0"),
                        ios: QuizBank.orderedObserver("0"),
                        comments: [QuizBank.commitComment],
                        why: .init(
                            en: "0 runs before the commit: your observer sees the layer tree of the turn before.",
                            zh: "0 排在提交之前：你的观察者看到的是上一轮的图层树。"),
                        run: { stage in try QuizBank.commitOrder(stage, order: 0) }),
                    QuizCandidate(
                        value: "Int32.max", text: .init(en: "`order` `Int(Int32.max)`", zh: "`order` 为 `Int(Int32.max)`"),
                        ios: QuizBank.orderedObserver("Int(Int32.max)"),
                        comments: [QuizBank.commitComment],
                        why: .init(
                            en:
                                "The pool's own `order`: observers of the same `order` run in the order they were added, and UIKit added its own at launch, so yours runs after the pop, outside the turn's pool.",
                            zh: "和自动释放池的 `order` 一样：`order` 相同的观察者按加入的先后执行，UIKit 的在启动时就加好了，所以你的排在弹出之后，落到这一轮的自动释放池外面。"),
                        run: { stage in try QuizBank.commitOrder(stage, order: Int(Int32.max)) }),
                ],
                holds: { reading in reading == ["commit", "mine", "pool pop"] }),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "Your observer of beforeWaiting must read what Core Animation has just committed, and leave its autoreleased objects to the turn's pool: after the commit (`order` 2 000 000), before UIKit's pool pop (`order` 2 147 483 647). Which orders meet that? The engine runs each with a tap at 0.1 s.",
                    zh:
                        "你的 BeforeWaiting 观察者要读到 Core Animation 刚提交的内容，并把它自动释放的对象留给这一轮的自动释放池：在提交（`order` 2 000 000）之后、UIKit 的自动释放池弹出（`order` 2 147 483 647）之前。下面哪些 `order` 满足要求？引擎逐个运行，在 0.1 秒有一次点击。"
                ),
                ios: QuizBank.orderedObserver("order"),
                placeholders: ["afterTheCommit: @escaping @Sendable () -> Void", "order: CFIndex"],
                comments: [QuizBank.commitComment],
                why: .init(
                    en:
                        "CF calls a pass's observers in their `order`, lowest first: UIKit's pool push at −2 147 483 647 opens the turn, Core Animation commits at 2 000 000, the pool pops at 2 147 483 647 (published in `ibireme`'s 2015 dump of the main loop, iOS 8–9, and seen since). An `order` between the two runs after the commit and inside the pool; an equal `order` runs in the order of adding, after UIKit's.",
                    zh:
                        "Core Foundation 按 `order` 从小到大调用一轮里的观察者：UIKit 的自动释放池压入在 −2 147 483 647，打开这一轮；Core Animation 在 2 000 000 提交；自动释放池在 2 147 483 647 弹出（`ibireme` 2015 年公开的主线程 RunLoop 打印，iOS 8–9，之后也一直如此）。两者之间的 `order` 在提交之后、自动释放池之内执行；`order` 相同时按加入的先后执行，排在 UIKit 的后面。"
                ))
        ) { stage in
            // ▼ quiz 90
            return try QuizBank.commitOrder(stage, order: 0)
            // ▲ quiz 90
        },
    ]
}

extension QuizBank {
    /// An app on the scenario thread's main loop, as `UIApplicationMain` leaves it
    /// (``ReferenceApplicationMain``), launched, with the system sending it `events` (time in
    /// seconds, event) from timers in the common modes.
    static func app(events: [(Double, String)]) throws -> (app: Application, main: ReferenceApplicationMain) {
        let loop = Loop.current
        let main = ReferenceApplicationMain()
        let app = Application(mainLoop: loop, main: main)
        for (time, event) in events {
            try loop.add(try Loop.Timer(name: "system: \(event)", fireDate: .zero + time) { _ in try? app.eventPort.send(event) }, forMode: .common)
        }
        main.launch(app)
        return (app, main)
    }

    /// Question 90's iOS code, with the observer's order.
    static func orderedObserver(_ order: String) -> String {
        """
        let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, \(order)) { _, _ in
            afterTheCommit()   // reads the layer tree just committed
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
        """
    }

    /// The comment of question 90's iOS code.
    static let commitComment = Text(en: "reads the layer tree just committed", zh: "读取刚提交的图层树")

    /// Question 90's reading, in both languages.
    static let commitOrderWords: [String: Text] = [
        "commit": Text(en: "commit", zh: "提交"), "mine": Text(en: "your observer", zh: "你的观察者"),
        "pool pop": Text(en: "pool pop", zh: "自动释放池弹出"),
    ]

    /// An app with a tap at 0.1 s and an observer of beforeWaiting at `order` in the common
    /// modes; the driver run until 0.3 s. Returns the order of the commit, the observer and the
    /// pool's pop in the first sleep after the tap.
    static func commitOrder(_ stage: QuizStage, order: Int) throws -> [String] {
        let app = try app(events: [(0.1, "tap")])
        let loop = Loop.current
        try loop.add(Loop.Observer(name: "mine", activities: .beforeWaiting, order: order) { _ in loop.note("mine") }, forMode: .common)
        try app.main.runMainLoop(app.app, until: .zero + 0.3)
        let lines = stage.trace?.lines(.notes, times: false) ?? []
        guard let tap = lines.firstIndex(where: { $0.hasSuffix("sendEvent(.tap)") }) else { return [] }
        var seen: [String] = []
        for line in lines[tap...] {
            let word =
                line.contains("CA::Transaction::commit")
                ? "commit" : line.hasSuffix("· mine") ? "mine" : line.contains("objc_autoreleasePoolPop") ? "pool pop" : nil
            if let word, !seen.contains(word) { seen.append(word) }
            if seen.count == 3 { break }
        }
        return seen
    }
}
