import Testing

/// Lesson 25: the student's app main loop against the engine's (`ReferenceApplicationMain`), on
/// the main thread of a registry of its own, on a virtual clock: the system sends the app's
/// events to its port from timers in the common modes, and the driver runs the main loop until
/// a deadline. The whole trace is compared: runs, activities, callouts, the pools' depths, the
/// commits, the events, the frames and the main queue's jobs (the engine and the app note them).

@Suite("Lesson 25 — UIApplicationMain in miniature", .serialized, .tags(.lesson25, .level3, .build), .namedInChinese)
struct Lesson25Tests {
    /// One thing the system or the app does at a time of the session.
    enum Cue: Sendable {
        /// The system sends this event to the app's port (`tap`, `drag began`, `drag ended`, `animate`).
        case event(String)
        /// A background thread sends a job to the main queue (`DispatchQueue.main.async`) that lays
        /// the window out again (a response that arrived).
        case job(Int)
        /// The app's code on the main thread takes this long (a stall).
        case stall(Double)
        /// The app has observers of its own (``session(_:_:until:appObservers:)``'s
        /// `appObservers`), whatever the cue's time.
        case appObservers
    }

    /// A session of the app whose main loop `main` assembles and drives: `cues` at their times,
    /// the driver run until `deadline`. Its trace, the student's names of the event source0 and
    /// the observers replaced by UIKit's. With `appObservers`, observers of the app's own at
    /// order 0, in the common modes: one added before `launch` (code in `main()` before
    /// `UIApplicationMain`) that notes the pool's depth at each entry, and two added after it (the
    /// app delegate's) that lay the window out, before the first sleep and at the first exit: the
    /// pool push must come before the first, the commit after the others, at the exit too.
    static func session(_ main: any ApplicationMain, _ cues: [(Double, Cue)], until deadline: Double = 3, appObservers: Bool = false) throws -> [String] {
        let clock = VirtualClock()
        let registry = LoopRegistry(clock: clock)
        let lines = Lock<Result<[String], any Error>>(.success([]))
        let thread = LoopThread(name: "main", registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            let outcome = Result { () throws -> [String] in
                let app = Application(mainLoop: loop, main: main)
                let appObservers = appObservers || cues.contains { if case .appObservers = $0.1 { true } else { false } }
                for (number, (time, cue)) in cues.enumerated() {
                    if case .appObservers = cue { continue }
                    let timer = try Loop.Timer(name: "cue \(number + 1)", fireDate: .zero + time) { _ in
                        switch cue {
                        case .event(let event): try? app.eventPort.send(event)
                        case .job(let job):
                            let window = app.window
                            registry.mainQueue.async(name: "job \(job)") {
                                Loop.current.note("job \(job) (main queue): the window laid out again")
                                window.setNeedsLayout()
                            }
                        case .stall(let seconds):
                            Loop.current.note("the app's code takes \(PracticeText.number(seconds)) s")
                            clock.advance(by: seconds)
                        case .appObservers: break
                        }
                    }
                    try loop.add(timer, forMode: .common)
                }
                let trace = loop.startTracing()
                if appObservers {
                    let pools = loop.autoreleasePoolStack
                    let entry = Loop.Observer(name: "main()'s observer", activities: .entry, order: 0) { _ in
                        Loop.current.note("main()'s observer: pool depth \(pools.depth)")
                    }
                    try loop.add(entry, forMode: .common)
                }
                main.launch(app)
                if appObservers {
                    let window = app.window
                    let layout = Loop.Observer(name: "the app's observer", activities: .beforeWaiting, repeats: false, order: 0) { _ in
                        Loop.current.note("the app's observer: the window laid out again")
                        window.setNeedsLayout()
                    }
                    try loop.add(layout, forMode: .common)
                    let exit = Loop.Observer(name: "the app's exit observer", activities: .exit, repeats: false, order: 0) { _ in
                        Loop.current.note("the app's exit observer: the window laid out again")
                        window.setNeedsLayout()
                    }
                    try loop.add(exit, forMode: .common)
                }
                try main.runMainLoop(app, until: .zero + deadline)
                return trace.lines(.all)
            }
            lines.withLock { $0 = outcome }
        }
        try thread.start()
        thread.join(timeout: 4)
        return named(try lines.withLock { $0 }.get())
    }

    /// `lines` with the student's names of the event source0 and the observers replaced.
    static func named(_ lines: [String]) -> [String] {
        Harness.renaming("source", to: "__handleEventQueue", in: lines)
    }

    /// The student's session and the reference's.
    static func compare(
        _ cues: [(Double, Cue)], until deadline: Double = 3, appObservers: Bool = false
    ) async throws -> (actual: [String], expected: [String]) {
        let actual = try await Harness.attempt(lesson: 25) { try session(StudentApplicationMain(), cues, until: deadline, appObservers: appObservers) }
        let expected = try session(ReferenceApplicationMain(), cues, until: deadline, appObservers: appObservers)
        return (actual, expected)
    }

    @Test(
        "A tap: the port wakes the loop, the source0 sends it; before the sleep the commit, then the pool's pop and push, last",
        .zh("一次点击：端口唤醒 RunLoop，Source0 把它发出去；休眠之前先提交，最后才是自动释放池的弹出和压入"),
        .holds("§1", "§2", "§3", "§4", "§6", "§8"))
    func tap() async throws {
        let (actual, expected) = try await Self.compare([(0.5, .event("tap"))], until: 1)
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "launch installs, in .common: the pool push at the entry (order Int(Int32.min) + 1), the commit before waiting and at the exit (order 2 000 000), the pool pop (and push again before waiting) at order Int(Int32.max); the event source0 calling app.handleEventQueue(), kept in app.eventSource, and app.eventPort; then app.modes.push(.default). runMainLoop runs app.modes.top until the deadline, again each time a run ends.",
                zh:
                    "`launch` 在 `.common` 里装上：Entry 时压入自动释放池的观察者（`order` `Int(Int32.min) + 1`），BeforeWaiting 和 Exit 时提交的观察者（`order` 2 000 000），`order` `Int(Int32.max)` 的弹出观察者（BeforeWaiting 时再压入一个）；调用 `app.handleEventQueue()` 的事件 Source0，存到 `app.eventSource`，还有 `app.eventPort`；最后 `app.modes.push(.default)`。`runMainLoop` 运行 `app.modes.top` 直到截止时间，每次运行结束就再运行一次。"
            ))
    }

    @Test(
        "A scroll is not a nested run: the default-mode run exits, the driver runs the tracking mode, then the default mode again",
        .zh("滑动不是嵌套运行：default Mode 的运行退出，驱动循环运行 tracking Mode，然后再回到 default Mode"), .holds("§7", "§8"))
    func scrollIsNotNested() async throws {
        let (actual, expected) = try await Self.compare([(0.5, .event("drag began")), (1.5, .event("drag ended"))], until: 2)
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "trackingChanged pushes .tracking on app.modes when tracking begins and pops it when it ends, and returns: the push stops the default-mode run (its exit, its commit, its pool pop), and the driver's next run is in the tracking mode. Running the tracking mode inside the event's callout is a nested run: UIKit does not do that.",
                zh:
                    "`trackingChanged` 在开始跟踪时把 `.tracking` 压入 `app.modes`，结束时把它弹出，然后直接返回：压栈让 default Mode 的运行停下（它的 Exit、它的提交、它的自动释放池弹出），驱动循环下一次运行的就是 tracking Mode。在事件的回调里运行 tracking Mode 是嵌套运行：UIKit 不这么做。"
            ))
        let runs = actual.filter { $0.hasSuffix("  entry") || $0.hasSuffix("  exit") }.map { $0.contains("tracking") ? "tracking" : "default" }
        #expect(
            !actual.contains { $0.contains("tracking") && $0.hasSuffix("  entry") } || runs.starts(with: ["default", "default", "tracking"]),
            "the default-mode run exits before the tracking mode is entered: \(runs)")
    }

    @Test(
        "During a scroll the animation keeps its frames, a tap is handled and its main-queue job runs: all in the common modes",
        .zh("滑动期间动画照样出帧，点击照样处理，它的主队列任务照样执行：全都在 common modes 里"), .holds("§3", "§4", "§5", "§7"))
    func duringAScroll() async throws {
        let (actual, expected) = try await Self.compare(
            [(0.2, .event("drag began")), (0.5, .event("animate")), (0.8, .event("tap")), (1.5, .event("drag ended"))], until: 2)
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "While a finger scrolls the driver runs the tracking mode, marked common: the event source0 and port, the display link and the commit observer must all be in .common, or the frames, the tap and its commit wait for the scroll to end.",
                zh:
                    "手指滑动时，驱动循环运行 tracking Mode（它被标记为 common）：事件 Source0 和端口、display link、提交的观察者都必须加到 `.common`，否则帧、点击和它的提交都要等滑动结束。"
            ))
        #expect(actual.contains { $0.contains("tracking") && $0.contains("frame(3)") }, "the animation's three frames come during the scroll")
    }

    @Test(
        "A stall drops frames, and the pools stay balanced: one push at the entry, a pop and a push before each sleep, a pop at the exit",
        .zh("一次卡顿会丢帧，自动释放池始终成对：Entry 时压入一个，每次休眠前弹出再压入，Exit 时弹出"), .holds("§1", "§2", "§5"))
    func stallAndPools() async throws {
        let (actual, expected) = try await Self.compare(
            [(0.3, .event("animate")), (0.32, .stall(0.1)), (0.6, .job(1)), (0.7, .event("drag began")), (0.9, .event("drag ended"))],
            until: 1.2)
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "The pool push observes the entry only, at order Int(Int32.min) + 1, first of all; the pool pop observes beforeWaiting and exit at order Int(Int32.max), last of all, and pushes again only before waiting: the depth goes 1 at the entry, back to 1 after each sleep's pop and push, 0 at the exit.",
                zh:
                    "压入自动释放池的观察者只观察 Entry，`order` `Int(Int32.min) + 1`，排在最前面；弹出的观察者观察 BeforeWaiting 和 Exit，`order` `Int(Int32.max)`，排在最后面，只在 BeforeWaiting 时再压入：Entry 时深度为 1，每次休眠前弹出再压入后回到 1，Exit 时为 0。"
            ))
        let depths = actual.filter { $0.contains("objc_autoreleasePool") }.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(depths.allSatisfy { (0...1).contains($0) }, "the pools' depth stays 0 or 1: \(depths)")
        #expect(actual.contains { $0.contains("· frame(") && !$0.contains("droppedFrames: 0") }, "the stall drops frames")
    }

    @Test(
        "The app's own observers at order 0: the pool is pushed before them, the commit comes after them, at the exit too",
        .zh("App 自己的 `order` 为 0 的观察者：自动释放池在它们之前压入，提交在它们之后，Exit 时也一样"), .holds("§1", "§3"))
    func appObservers() async throws {
        let (actual, expected) = try await Self.compare(
            [(0.3, .event("tap")), (0.6, .event("drag began")), (0.9, .event("drag ended"))], until: 1.2, appObservers: true)
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "The orders are the point: the pool push at Int(Int32.min) + 1 comes before an entry observer at order 0, even one added before launch; the commit at 2 000 000 comes after a beforeWaiting or exit observer at order 0 added after launch, so what that observer changes is committed in the same turn; and it observes the exit too, where a scroll's push stops the run before it sleeps.",
                zh:
                    "关键在 `order`：`order` 为 `Int(Int32.min) + 1` 的自动释放池压入排在 `order` 为 0 的 Entry 观察者前面，哪怕那个观察者在 `launch` 之前就加上了；`order` 为 2 000 000 的提交排在 `launch` 之后加上的、`order` 为 0 的 BeforeWaiting 或 Exit 观察者后面，所以那个观察者改的东西在同一轮就提交；提交的观察者也要观察 Exit：滑动时的压栈让这次运行在休眠之前就停下。"
            ))
    }
}
