import Testing

/// Lesson 23: the student's profile load and label refresh, called from taps on the main loop of
/// a fresh registry (virtual clock, tracking marked common, as UIKit marks it), watched by the
/// system (``SystemWatchdog``: hangs of 250 ms or more, the launch watchdog) and by lesson 16's
/// stall monitor (the reference one, its watchdog thread played on the virtual clock by
/// ``VirtualWatchdog``). Each test runs the same story with the reference answer and compares
/// the two traces: the callouts and the notes.

@Suite("Lesson 23 — A hang, and who notices", .serialized, .tags(.lesson23, .level3, .use), .namedInChinese)
struct Lesson23Tests {
    /// The lesson's two calls, as closures: the student's or the reference's.
    struct App: Sendable {
        let load: @Sendable (NetworkSession, @escaping @Sendable (String) -> Void) -> Void
        let refresh: @Sendable (MainQueue, @escaping @Sendable () -> Void) -> Void

        static let student = App(load: { loadProfile(session: $0, show: $1) }, refresh: { refreshLabel(queue: $0, update: $1) })

        /// What the Solution does: the completion handler shows the data; the refresh is main-queue work.
        static let reference = App(
            load: { session, show in session.dataTask("profile") { show($0) } },
            refresh: { queue, update in queue.async(name: "refresh", update) })
    }

    /// What a story can do on the main loop, with one side's ``App``.
    struct Stage: Sendable {
        let loop: Loop
        let queue: MainQueue
        let session: NetworkSession
        let app: App
        let system: SystemWatchdog

        /// A tap: a one-shot timer due now, in the common modes (the event source's callout), whose
        /// handler runs `handler` and then notes that it returned.
        func tap(_ name: String, _ handler: @escaping @Sendable () -> Void) throws {
            let timer = try Loop.Timer(name: name, fireDate: loop.now) { _ in
                handler()
                Loop.current.note(Lesson23Tests.returned(name))
            }
            try loop.add(timer, forMode: .common)
        }

        /// The app's load; `show` notes what it shows.
        func load(_ number: Int) {
            app.load(session) { data in Loop.current.note(Lesson23Tests.shows(data, number)) }
        }

        /// The app's refresh; the update notes it ran.
        func refresh(_ number: Int) {
            app.refresh(queue) { Loop.current.note(Lesson23Tests.refreshed(number)) }
        }

        func run(_ mode: Loop.Mode, _ seconds: Double) throws {
            try loop.run(mode: mode, timeout: seconds)
        }
    }

    // The notes, in the student's language.
    static func returned(_ tap: String) -> Text { Text(en: "\(tap)'s handler returned", zh: "\(tap) 的处理代码返回了") }
    static func shows(_ data: String, _ number: Int) -> Text {
        Text(en: "load \(number) shows \"\(data)\"", zh: "第 \(number) 次加载显示 \"\(data)\"")
    }
    static func refreshed(_ number: Int) -> Text { Text(en: "label refreshed (\(number))", zh: "标签刷新了（第 \(number) 次）") }
    static let scrollBegins = Text(en: "the scroll begins", zh: "滑动开始")
    static let scrollEnds = Text(en: "the scroll ends", zh: "滑动结束")

    /// A report of the system, as a note.
    static func reported(_ report: SystemWatchdog.Report) -> Text {
        switch report {
        case let .hang(since, duration):
            let ms = Int((duration * 1000).rounded())
            return Text(
                en: "system: a hang of \(ms) ms from \(since) (MXHangDiagnostic)", zh: "系统：从 \(since) 起一次 \(ms) ms 的 `hang`（`MXHangDiagnostic`）")
        case let .terminated(phase, at):
            return Text(
                en: "system watchdog: 0x8badf00d at \(at), \(phase.rawValue) not finished in time",
                zh: "系统看门狗：\(at) 以 `0x8badf00d` 结束了 App，\(phase.rawValue) 没有按时完成")
        }
    }

    /// Runs `story` with `app` on a watched main loop; returns the trace's callouts (the
    /// watchers' own observers left out) and notes, each in both languages.
    static func watched(_ app: App, timeout: Double = 4, _ story: @escaping @Sendable (Stage) throws -> Void) throws -> Lines {
        let clock = VirtualClock()
        let registry = LoopRegistry(clock: clock)
        let outcome = Lock<Result<Lines, any Error>?>(nil)
        let main = LoopThread(name: "main", registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)
            let result = Result { () throws -> Lines in
                for mode in [Loop.Mode.default, .tracking] { try loop.add(Loop.Port(name: "keep-alive"), forMode: mode) }
                let system = SystemWatchdog { Loop.current.note(reported($0)) }
                try system.watch(loop)
                let monitor = ScenarioStallMonitor(threshold: 0.1, samples: 5) { Loop.current.note(ScenarioStallMonitor.reported($0)) }
                let watchdog = try VirtualWatchdog(clock: clock, interval: monitor.interval, woke: monitor.watchdogWoke)
                try watchdog.start(on: loop)
                try monitor.install(on: loop, signal: watchdog.signal)
                let trace = loop.startTracing()
                let session = NetworkSession(mainQueue: registry.mainQueue)
                try story(Stage(loop: loop, queue: registry.mainQueue, session: session, app: app, system: system))
                return Lines(trace.bilingualLines([.callouts, .notes]).texts.filter { !$0.en.contains("observer \"") })
            }
            outcome.withLock { $0 = result }
        }
        try main.start()
        guard main.join(timeout: timeout) else { throw Stuck(seconds: timeout) }
        return try outcome.withLock { $0 }!.get()
    }

    struct Stuck: Error, CustomStringConvertible {
        let seconds: Double
        var description: String { "the main thread did not finish within \(seconds) s" }
    }

    /// The story with the student's app (inside the harness) and with the reference's.
    static func both(_ story: @escaping @Sendable (Stage) throws -> Void) async throws -> (actual: Lines, expected: Lines) {
        let actual = try await Harness.attempt(lesson: 23) { try watched(.student, story) }
        return (actual, try watched(.reference, story))
    }

    @Test(
        "The profile is shown from the completion handler, after the tap's handler returned",
        .zh("个人资料在完成回调里显示，在点击的处理代码返回之后"), .holds("§1", "§2", "§3"))
    func showsFromTheCompletion() async throws {
        let (actual, expected) = try await Self.both { stage in
            try stage.tap("tap") { stage.load(1) }
            try stage.run(.default, 1)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Start the task with `session.dataTask(\"profile\") { data in … }` and call `show(data)` inside that closure, once: the session queues the completion on the main queue, and the main loop runs it after the tap's handler has returned.",
                zh:
                    "用 `session.dataTask(\"profile\") { data in … }` 发起任务，在这个闭包里调用一次 `show(data)`：会话把完成回调排进主队列，主 RunLoop 在点击的处理代码返回之后执行它。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "Nothing blocks the main loop: a ticker keeps time, and no hang, stall or watchdog is reported",
        .zh("没有任何东西阻塞主 RunLoop：定时器按时触发，没有 `hang`、卡顿或看门狗的报告"), .holds("§4"))
    func nothingBlocks() async throws {
        let (actual, expected) = try await Self.both { stage in
            stage.system.begin(.launch, on: stage.loop)
            let ticker = try Loop.Timer(name: "ticker", fireDate: stage.loop.now + 0.1, interval: 0.1) { _ in }
            try stage.loop.add(ticker, forMode: .common)
            try stage.tap("didFinishLaunching") { stage.load(1) }
            try stage.run(.default, 0.35)
            ticker.invalidate()
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "A wait on the main thread for a completion that the main queue delivers can only end by its timeout: the main loop cannot serve the main queue while its thread waits. Do not wait at all: return, and let the completion handler show the data.",
                zh: "在主线程上等一个由主队列送来的完成回调，只能等到超时才结束：主线程在等，主 RunLoop 就处理不了主队列。根本不要等：直接返回，让完成回调去显示数据。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "A refresh asked on the main thread is queued, not waited for, and runs after the handler returns",
        .zh("在主线程上请求的刷新被排进队列，不去等它，在处理代码返回之后执行"), .holds("§5", "§6", "§8"))
    func refreshIsQueued() async throws {
        let (actual, expected) = try await Self.both { stage in
            try stage.tap("tap") {
                stage.refresh(1)
                stage.refresh(2)
            }
            try stage.run(.default, 0.5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "`queue.sync` on the main thread is the crash \"dispatch_sync called on queue already owned by current thread\" (here it throws `syncOnCurrentQueue`, notes the crash and the update never runs; catching the error and falling back to `async` leaves the crash in the trace). Hand the update over with `queue.async(name: \"refresh\", update)` and return.",
                zh:
                    "在主线程上 `queue.sync` 就是那个崩溃：`dispatch_sync called on queue already owned by current thread`（这里会抛出 `syncOnCurrentQueue`，记下这次崩溃，刷新永远不会执行；捕获错误再退回 `async`，崩溃也还留在轨迹里）。用 `queue.async(name: \"refresh\", update)` 交出去，然后返回。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "During a scroll a refresh and a load's completion still run (the main queue is served in the tracking mode)",
        .zh("滑动期间，刷新和加载的完成回调照样执行（tracking Mode 里也处理主队列）"), .holds("§2", "§7"))
    func duringAScroll() async throws {
        let (actual, expected) = try await Self.both { stage in
            let cell = try Loop.Timer(name: "cell appears", fireDate: stage.loop.now + 0.2) { _ in
                stage.refresh(1)
                stage.load(1)
            }
            try stage.loop.add(cell, forMode: .tracking)
            stage.loop.note(Self.scrollBegins)
            try stage.run(.tracking, 0.5)
            stage.loop.note(Self.scrollEnds)
            try stage.run(.default, 0.2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Work on the main queue runs in every common mode, tracking among them. A block performed for the default mode only (`loop.perform(inModes: [.default])`, `RunLoop.main.perform`) waits out the scroll: use the main queue.",
                zh:
                    "主队列上的任务在每个标记为 common 的 Mode 里都会执行，tracking 也在其中。只排给 default Mode 的 Block（`loop.perform(inModes: [.default])`、`RunLoop.main.perform`）要等滑动结束：请用主队列。"
            ),
            expectedTitle: HarnessText.expected)
    }
}
