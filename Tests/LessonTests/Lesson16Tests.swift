import Testing

/// Lesson 16: the student's stall monitor on a main loop on a virtual clock, with its watchdog
/// thread played by the engine's ``VirtualWatchdog``: the same semaphore waits, on the loop's
/// clock, so each report carries the exact instant a real watchdog would have made it.

@Suite("Lesson 16 — Stall monitor", .serialized, .tags(.lesson16, .level3, .use), .namedInChinese)
struct Lesson16Tests {
    /// The monitor every test builds: a stall is 100 ms busy, five 20 ms waits in a row.
    static let threshold = 0.1
    static let samples = 5

    // The notes of the stories, each in both languages.
    static func slowWork(_ ms: Int) -> Text { Text(en: "a callout works for \(ms) ms", zh: "一个回调干了 \(ms) ms 的活") }
    static let wakesForATimer = Text(en: "a timer wakes the loop (10 s of idle sleep before it)", zh: "一个定时器唤醒了 RunLoop（之前闲着睡了 10 秒）")
    static let scrollBegins = Text(en: "scroll begins: the app runs the tracking mode", zh: "开始滑动：App 运行 tracking Mode")
    static let scrollEnds = Text(en: "scroll ends: back to the default mode", zh: "滑动结束：回到 default Mode")
    static let modalPresented = Text(
        en: "modal presented: the app runs \"modal\" (marked common after the monitor started)", zh: "弹出模态视图：App 运行 `\"modal\"` Mode（在监控开始之后才标为 common）")
    static let modalDismissed = Text(en: "modal dismissed", zh: "模态视图关闭")

    /// A report as a timeline line.
    static func reported(_ stall: Stall) -> Text {
        reported(Reported(activity: stall.activity, since: stall.since, noticed: stall.noticed))
    }

    /// A report as a timeline line.
    static func reported(_ stall: Reported) -> Text {
        line(
            stall.noticed,
            Text(
                en: "⚠ stall reported: busy since \(stall.since), \(stall.activity)",
                zh: "⚠ 上报卡顿：从 \(stall.since) 起一直忙，停在 `\(stall.activity)`"))
    }

    /// What a monitor reported, whichever module's `Stall` it was.
    struct Reported: Sendable {
        let activity: Loop.Activity
        let since: Instant
        let noticed: Instant
    }

    /// A stall monitor's calls, whichever module's monitor it is (the student's, or the Solution's
    /// in the generated call sequences).
    struct MonitorCalls: Sendable {
        let interval: Double
        let install: @Sendable (Loop, @escaping @Sendable () -> Void) throws -> Void
        let woke: @Sendable (_ signalled: Bool, _ at: Instant) -> Void
    }

    /// Makes a monitor of `threshold` seconds and `samples` waits that reports each stall to `report`.
    typealias MakeMonitor = @Sendable (_ threshold: Double, _ samples: Int, _ report: @escaping @Sendable (Reported) -> Void) -> MonitorCalls

    /// The student's `StallMonitor`.
    static let studentMonitor: MakeMonitor = { threshold, samples, report in
        let monitor = StallMonitor(threshold: threshold, samples: samples) { report(Reported(activity: $0.activity, since: $0.since, noticed: $0.noticed)) }
        return MonitorCalls(interval: monitor.interval, install: monitor.install, woke: monitor.watchdogWoke)
    }

    /// `   1100 ms  text`, in both languages.
    static func line(_ time: Instant, _ text: Text) -> Text {
        let ms = "\(time)"
        let time = String(repeating: " ", count: max(0, 10 - ms.count)) + ms + "  "
        return Text(en: time + text.en, zh: time + text.zh)
    }

    /// `   1100 ms  · note`: a story's note as a timeline line.
    static func noted(_ time: Instant, _ note: Text) -> Text {
        line(time, Text(en: "· " + note.en, zh: "· " + note.zh))
    }

    /// What a story gave: the timeline (the story's notes and the monitor's reports, by time)
    /// and how many times the watchdog woke.
    struct Watched: Sendable {
        var lines: [Text]
        var wakeUps: Int
    }

    /// Runs `story` on a main loop (tracking marked common) on a virtual clock, watched by the
    /// student's `StallMonitor` (threshold 100 ms, 5 samples) and its watchdog.
    static func watch(_ story: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> Watched {
        try await Harness.attempt(lesson: 16) { try watched(threshold: threshold, samples: samples, by: studentMonitor, story) }
    }

    /// Runs `story` on a main loop (tracking marked common) on a virtual clock, watched by the
    /// monitor `make` makes and its watchdog, on the calling thread.
    static func watched(
        threshold: Double, samples: Int, by make: MakeMonitor, _ story: @escaping @Sendable (Loop, VirtualClock) throws -> Void
    ) throws -> Watched {
        let clock = VirtualClock()
        let loop = Loop(clock: clock, name: "main loop")
        loop.passLimit = 10_000
        loop.addCommonMode(.tracking)   // UIKit marks UITrackingRunLoopMode common
        let trace = loop.startTracing()
        let reports = Lock<[Reported]>([])
        let monitor = make(threshold, samples) { stall in reports.withLock { $0.append(stall) } }
        let interval = monitor.interval
        guard interval >= 0.001, interval.isFinite else { throw BadInterval(interval: interval, expected: threshold / Double(samples)) }
        let watchdog = try VirtualWatchdog(clock: clock, interval: interval, woke: monitor.woke)
        try watchdog.start(on: loop)   // first: its observer catches up before the student's sees the activity
        try monitor.install(loop, watchdog.signal)
        try story(loop, clock)
        watchdog.catchUp(to: clock.now)
        let notes = trace.events.compactMap { event -> (Instant, Text)? in
            guard case .note(let text) = event.kind else { return nil }
            return (event.time, noted(event.time, event.content as? Text ?? .verbatim(text)))
        }
        let stalls = reports.withLock { $0 }.map { ($0.noticed, reported($0)) }
        // By time; at the same time, the story's note first (it says what began then).
        let lines = (notes + stalls).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
        return Watched(lines: lines, wakeUps: watchdog.wakeUps)
    }

    /// A one-shot timer at `at` seconds whose callout works for `ms` milliseconds, then runs `then`.
    static func slowTimer(at: Double, ms: Int, on loop: Loop, clock: VirtualClock, mode: Loop.Mode = .default, then: @escaping @Sendable () -> Void = {}) throws
    {
        try loop.add(
            try Loop.Timer(name: "slow work", fireDate: loop.now + at) { _ in
                Loop.current.note(slowWork(ms))
                clock.advance(by: Double(ms) / 1000)
                then()
            }, forMode: mode)
    }

    /// The student's `interval`, refused before the watchdog wakes millions of times.
    struct BadInterval: Error, CustomStringConvertible {
        let interval: Double
        let expected: Double
        var description: String {
            Text(
                en: "StallMonitor.interval is \(interval) s: each wait of the watchdog lasts threshold / samples (here \(PracticeText.number(expected)) s)",
                zh: "`StallMonitor.interval` 是 \(interval) 秒：监控线程每次等待 `threshold / samples` 秒（这里是 \(PracticeText.number(expected)) 秒）"
            ).localized
        }
    }

    static let expectedTitle = Text(en: "expected (threshold 100 ms, 5 samples)", zh: "期望（阈值 100 ms，采样 5 次）")

    @Test(
        "A 400 ms callout with a 100 ms threshold gives exactly one report, 100 ms in",
        .zh("阈值 100 ms 时，一个 400 ms 的回调只上报一次，在开始后 100 ms"),
        .holds("§2", "§4", "§6", "§8", "§9"))
    func oneSlowCallout() async throws {
        let watched = try await Self.watch { loop, clock in
            try Self.slowTimer(at: 1, ms: 400, on: loop, clock: clock)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            watched.lines,
            [
                Self.noted(Instant(seconds: 1), Self.slowWork(400)),
                Self.reported(Stall(activity: .afterWaiting, since: Instant(seconds: 1), noticed: Instant(seconds: 1.1))),
            ],
            hint: Text(
                en:
                    "The loop woke at 1000 ms (after waiting) and then sat in the timer's callout. Each wait lasts threshold / samples = 20 ms; the 5th timed-out wait in a row, at 1100 ms, reports the stall with the activity and time the observer recorded — and only once: the next 15 timeouts of the same stall say nothing until a signal.",
                zh:
                    "RunLoop 在 1000 ms 醒来（AfterWaiting），然后一直卡在定时器的回调里。每次等待 `threshold / samples` = 20 ms；连续第 5 次超时，也就是 1100 ms，上报这次卡顿，带上观察者记下的状态和时刻——而且只报一次：同一次卡顿后面的 15 次超时，在下一次 `signal()` 之前都不再上报。"
            ),
            expectedTitle: Self.expectedTitle)
    }

    @Test(
        "A 10 s idle sleep is not a stall (timing beforeWaiting → afterWaiting would say it is)",
        .zh("闲着睡 10 秒不是卡顿（从 BeforeWaiting 计时到 AfterWaiting 会误报）"),
        .holds("§7"))
    func idleSleep() async throws {
        let watched = try await Self.watch { loop, _ in
            try loop.add(try Loop.Timer(name: "wake up", fireDate: loop.now + 10) { _ in Loop.current.note(Self.wakesForATimer) }, forMode: .default)
            try loop.run(mode: .default, timeout: 11)
        }
        try #require(
            watched.wakeUps >= 400,
            Text(
                en: "the watchdog woke only \(watched.wakeUps) times in 11 s: each wait should last `interval` (20 ms)",
                zh: "11 秒里监控线程只醒了 \(watched.wakeUps) 次：每次等待应该是 `interval`（20 ms）"
            ).comment)
        Harness.expectSameLines(
            watched.lines, [Self.noted(Instant(seconds: 10), Self.wakesForATimer)],
            hint: Text(
                en:
                    "While the loop sleeps its last activity is beforeWaiting: it is idle, not stuck, so a timed-out wait then counts from zero. Measuring from beforeWaiting to afterWaiting measures the sleep — the classic false positive: every quiet screen would be reported.",
                zh:
                    "RunLoop 休眠时，它最后的状态是 BeforeWaiting：它是闲着，不是卡住，所以这时超时的等待要把计数清零。从 BeforeWaiting 量到 AfterWaiting，量的是休眠——经典的误报：每个安静的页面都会被报成卡顿。"),
            expectedTitle: Self.expectedTitle)
    }

    @Test(
        "A stall while the user scrolls is caught: the observer is in the common modes",
        .zh("用户滑动时的卡顿也能发现：观察者在 common modes 里"),
        .holds("§1"))
    func stallWhileScrolling() async throws {
        let watched = try await Self.watch { loop, clock in
            try loop.add(Loop.Port(name: "event port"), forMode: .common)   // UIKit's event port keeps both modes alive
            try Self.slowTimer(at: 1.5, ms: 300, on: loop, clock: clock, mode: .tracking)
            // The app's driver switches modes as GraphicsServices does: default until the finger
            // goes down, tracking until it lifts, then default again.
            try loop.run(mode: .default, timeout: 1)
            loop.note(Self.scrollBegins)
            try loop.run(mode: .tracking, timeout: 1)
            loop.note(Self.scrollEnds)
            try loop.run(mode: .default, timeout: 0.5)
        }
        Harness.expectSameLines(
            watched.lines,
            [
                Self.noted(Instant(seconds: 1), Self.scrollBegins),
                Self.noted(Instant(seconds: 1.5), Self.slowWork(300)),
                Self.reported(Stall(activity: .afterWaiting, since: Instant(seconds: 1.5), noticed: Instant(seconds: 1.6))),
                Self.noted(Instant(seconds: 2), Self.scrollEnds),
            ],
            hint: Text(
                en:
                    "While the user scrolls, the main loop runs the tracking mode: an observer added to `.default` is not told anything then, and its last news is the default run's exit. Add it to `.common`.",
                zh: "用户滑动时，主 RunLoop 运行的是 tracking Mode：加到 `.default` 的观察者这时一个回调也收不到，它最后知道的是 default 那次运行的 `exit`。把它加到 `.common`。"),
            expectedTitle: Self.expectedTitle)
    }

    @Test(
        "Common means every common mode, also one marked later — not a list of mode names",
        .zh("common 指所有标记为 common 的 Mode，包括后来才标记的——而不是一串 Mode 名字"),
        .holds("§1"))
    func modeMarkedCommonLater() async throws {
        let watched = try await Self.watch { loop, clock in
            try loop.add(Loop.Port(name: "event port"), forMode: .common)
            loop.addCommonMode("modal")   // after the monitor was installed
            try Self.slowTimer(at: 1.5, ms: 300, on: loop, clock: clock, mode: "modal")
            try loop.run(mode: .default, timeout: 1)
            loop.note(Self.modalPresented)
            try loop.run(mode: "modal", timeout: 1)
            loop.note(Self.modalDismissed)
        }
        Harness.expectSameLines(
            watched.lines,
            [
                Self.noted(Instant(seconds: 1), Self.modalPresented),
                Self.noted(Instant(seconds: 1.5), Self.slowWork(300)),
                Self.reported(Stall(activity: .afterWaiting, since: Instant(seconds: 1.5), noticed: Instant(seconds: 1.6))),
                Self.noted(Instant(seconds: 2), Self.modalDismissed),
            ],
            hint: Text(
                en:
                    "Adding the observer to .default and .tracking by name is not `.common`: a mode marked common later (a modal's) gets only what was added to `.common`.",
                zh: "按名字把观察者加到 `.default` 和 `.tracking`，不等于 `.common`：后来才标记为 common 的 Mode（比如模态视图的）只会得到加到 `.common` 的东西。"),
            expectedTitle: Self.expectedTitle)
    }

    @Test(
        "Two slow passes back to back give two reports: a timer, then a source",
        .zh("紧挨着的两趟慢循环上报两次：先是定时器，再是事件源"),
        .holds("§3", "§5", "§6", "§9"))
    func twoSlowPasses() async throws {
        let watched = try await Self.watch { loop, clock in
            let source = Loop.Source(name: "slow source") {
                Loop.current.note(Self.slowWork(300))
                clock.advance(by: 0.3)
            }
            try loop.add(source, forMode: .default)
            try Self.slowTimer(at: 1, ms: 400, on: loop, clock: clock) { source.signal() }
            try loop.run(mode: .default, timeout: 3)
        }
        Harness.expectSameLines(
            watched.lines,
            [
                Self.noted(Instant(seconds: 1), Self.slowWork(400)),
                Self.reported(Stall(activity: .afterWaiting, since: Instant(seconds: 1), noticed: Instant(seconds: 1.1))),
                Self.noted(Instant(seconds: 1.4), Self.slowWork(300)),
                Self.reported(Stall(activity: .beforeSources, since: Instant(seconds: 1.4), noticed: Instant(seconds: 1.5))),
            ],
            hint: Text(
                en:
                    "Between the two callouts the loop passes beforeTimers and beforeSources without sleeping: the observer signals, the watchdog wakes signalled, counts from zero and may report again. A stall after beforeSources (source0s, blocks) counts like one after afterWaiting.",
                zh:
                    "两个回调之间，RunLoop 没有休眠，经过了 BeforeTimers 和 BeforeSources：观察者调用 `signal()`，监控线程被它唤醒，计数清零，可以再报一次。BeforeSources 之后（Source0、`block`）的卡顿，和 AfterWaiting 之后的一样要计数。"
            ),
            expectedTitle: Self.expectedTitle)
    }

    @Test(
        "Many short tasks back to back are no stall: each pass signals, and the count starts again",
        .zh("紧挨着的许多小任务不是卡顿：每一轮循环都会调用 `signal()`，计数重新开始"),
        .holds("§3", "§5"))
    func shortTasksBackToBack() async throws {
        let watched = try await Self.watch { loop, clock in
            let again = Lock<Loop.Source?>(nil)   // the task signals itself again, four times
            let runs = Lock(0)
            let task = Loop.Source(name: "short task") {
                Loop.current.note(Self.slowWork(60))
                clock.advance(by: 0.06)
                let more = runs.withLock { runs in
                    runs += 1
                    return runs < 5
                }
                let source = again.withLock { held -> Loop.Source? in
                    defer { if !more { held = nil } }   // the last run lets go of the task
                    return held
                }
                if more { source?.signal() }
            }
            again.withLock { $0 = task }
            try loop.add(task, forMode: .default)
            try loop.add(try Loop.Timer(name: "start", fireDate: loop.now + 1) { _ in task.signal() }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            watched.lines, [1, 1.06, 1.12, 1.18, 1.24].map { Self.noted(Instant(seconds: $0), Self.slowWork(60)) },
            hint: Text(
                en:
                    "Each 60 ms task is three timed-out waits, then the loop passes beforeTimers and beforeSources: the observer signals and the watchdog counts from zero. A monitor that never signals, or keeps its count across a signal, adds the tasks up into a stall that is not there.",
                zh:
                    "每个 60 ms 的任务是 3 次超时的等待，然后 RunLoop 经过 BeforeTimers 和 BeforeSources：观察者调用 `signal()`，监控线程把计数清零。从不调用 `signal()`、或者 `signal()` 之后还保留计数的监控器，会把这些任务加起来，报出一个并不存在的卡顿。"
            ),
            expectedTitle: Self.expectedTitle)
    }

    @Test(
        "A callout shorter than the threshold is not reported",
        .zh("比阈值短的回调不上报"),
        .holds("§4", "§8"))
    func shortCallout() async throws {
        let watched = try await Self.watch { loop, clock in
            try Self.slowTimer(at: 1, ms: 80, on: loop, clock: clock)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            watched.lines, [Self.noted(Instant(seconds: 1), Self.slowWork(80))],
            hint: Text(
                en:
                    "80 ms busy is four timed-out 20 ms waits: one short of the five that make a 100 ms stall. Report at the `samples`-th in a row, not before.",
                zh: "忙 80 ms 是 4 次超时的 20 ms 等待：比构成 100 ms 卡顿的 5 次少一次。连续第 `samples` 次时才上报，不能提前。"),
            expectedTitle: Self.expectedTitle)
    }
}
