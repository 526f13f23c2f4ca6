import Testing

/// Lesson 13: the student's scheduling on a simulated UI loop (virtual clock) that runs the
/// tracking mode while a scroll lasts, as UIKit does.

@Suite("Lesson 13 — Scrolling keeps the ticker", .serialized, .tags(.lesson13, .level3, .use), .namedInChinese)
struct Lesson13Tests {
    // The notes of the story, in the student's language. The countdown's and the download's own
    // notes (`countdown 3`, `download chunk 2`) are what the app shows, and stay as they are.
    static let badgeRefreshed = Text(en: "badge refreshed", zh: "角标刷新了")
    static let scrollBegins = Text(en: "scroll begins (tracking mode)", zh: "开始滑动（tracking Mode）")
    static let scrollEnds = Text(en: "scroll ends", zh: "滑动结束")
    static let modalPresented = Text(en: "modal presented (modal mode, marked common)", zh: "弹出模态视图（`\"modal\"` Mode，已标为 common）")
    static let modalDismissed = Text(en: "modal dismissed", zh: "模态视图关闭")
    static func countdownTimerValid(_ valid: Bool) -> Text {
        Text(en: "countdown timer valid: \(valid)", zh: "倒计时的定时器仍然有效：\(valid)")
    }

    /// A UI loop: tracking is a common mode; the loop is driven by its mode stack, as an app's
    /// main loop is (`RunModeStack`: GraphicsServices' `GSEventRunModal`); a scroll from
    /// `scroll.lowerBound` to `scroll.upperBound` seconds pushes the tracking mode and pops it when
    /// the finger lifts; the network sends a chunk every second from 0.5 s.
    static func screen(scroll: ClosedRange<Double>?, seconds: Double = 6, extra: @escaping @Sendable (Loop) throws -> Void = { _ in }) async throws -> Lines {
        try await Harness.attempt(lesson: 13) { () -> Lines in
            let clock = VirtualClock()
            let loop = Loop(clock: clock, name: "main loop")
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)   // UIKit marks UITrackingRunLoopMode common
            let trace = loop.startTracing()

            try startCountdown(from: 5, on: loop) { left in Loop.current.note("countdown \(left)") }
            let download = try listenForDownload(on: loop) { chunk in Loop.current.note("download \(chunk)") }
            try scheduleBadgeRefresh(every: 1, on: loop) { Loop.current.note(Self.badgeRefreshed) }

            // The network: sends a chunk every second (it lives elsewhere; here a common timer).
            let sent = Log()
            try loop.add(
                try Loop.Timer(name: "network", fireDate: loop.now + 0.5, interval: 1) { timer in
                    sent.add("chunk")
                    try? download.send("chunk \(sent.count)")
                    if sent.count == 4 { timer.invalidate() }
                }, forMode: .common)

            let modes = RunModeStack(loop: loop)
            modes.push(.default)   // UIApplicationMain: GSEventPushRunLoopMode(kCFRunLoopDefaultMode)
            if let scroll {
                try loop.add(
                    try Loop.Timer(name: "finger down", fireDate: loop.now + scroll.lowerBound) { _ in
                        try? Self.scroll(on: modes, lasting: scroll.upperBound - scroll.lowerBound)
                    }, forMode: .default)
            }
            try extra(loop)
            try modes.run(until: loop.now + seconds)
            return trace.bilingualLines(.notes)
        }
    }

    /// A scroll as UIKit runs it: the finger goes down, UIKit pushes the tracking mode (the
    /// default-mode run is stopped, and the driver runs the loop again in tracking); the touches
    /// arrive on a port of the tracking mode, and the event that ends the scroll (the finger
    /// lifts, `duration` seconds later) pops it (the tracking run is stopped, and the driver runs
    /// the default mode again). Not a nested run.
    static func scroll(on modes: RunModeStack, lasting duration: Double) throws {
        let ui = modes.loop
        ui.note(Self.scrollBegins)
        let port = Lock<Loop.Port?>(nil)
        let touches = Loop.Port(name: "touches") { event in
            guard event == "finger up",
                let touches = port.withLock({ port in
                    defer { port = nil }; return port
                })
            else { return }
            ui.remove(.port(touches), fromMode: .tracking)
            ui.note(Self.scrollEnds)
            modes.pop()
        }
        port.withLock { $0 = touches }
        try ui.add(touches, forMode: .tracking)
        try ui.add(try Loop.Timer(name: "the system: finger up", fireDate: ui.now + duration) { _ in try? touches.send("finger up") }, forMode: .tracking)
        modes.push(.tracking)
    }

    /// The titles of the expected columns.
    static let duringTheScroll = Text(en: "expected during the scroll", zh: "期望（滑动期间）")
    static let fromTheStart = Text(en: "expected (times from the start)", zh: "期望（从开始算起的时间）")

    static func during(_ lines: Lines) -> [String] {
        guard let begin = lines.firstIndex(where: { $0.hasSuffix(Self.scrollBegins.localized) }),
            let end = lines.firstIndex(where: { $0.hasSuffix(Self.scrollEnds.localized) })
        else { return [] }
        return Array(lines[(begin + 1)..<end])
    }

    @Test("The countdown keeps ticking while the user scrolls", .zh("用户滑动时，倒计时照常走"), .holds("§5"))
    func countdownTicksDuringScroll() async throws {
        let lines = try await Self.screen(scroll: 1.2...4.2)
        let inScroll = Self.during(lines).filter { $0.contains("countdown") }
        Harness.expectSameLines(
            inScroll, ["   2000 ms  tracking  · countdown 3", "   3000 ms  tracking  · countdown 2", "   4000 ms  tracking  · countdown 1"],
            hint: Text(
                en:
                    "A timer in the default mode waits while the loop runs the tracking mode. Add it to `.common`: default and tracking are both common on a UI loop.",
                zh: "default Mode 里的定时器，在 RunLoop 运行 tracking Mode 时只能干等。把它加到 `.common`：在 UI RunLoop 上，default 和 tracking 都是 common。"),
            expectedTitle: Lesson13Tests.duringTheScroll)
    }

    @Test("Download chunks keep arriving while the user scrolls", .zh("用户滑动时，下载的数据块照常到达"), .holds("§7", "§8"))
    func downloadDuringScroll() async throws {
        let lines = try await Self.screen(scroll: 1.2...4.2)
        let inScroll = Self.during(lines).filter { $0.contains("download") }
        Harness.expectSameLines(
            inScroll,
            ["   1500 ms  tracking  · download chunk 2", "   2500 ms  tracking  · download chunk 3", "   3500 ms  tracking  · download chunk 4"],
            hint: Text(
                en:
                    "A port only wakes the loop while it runs a mode the port is in. Schedule it in `.common` (as NSURLConnection is scheduled for scroll views).",
                zh: "只有 RunLoop 正在运行端口所在的 Mode 时，端口才能唤醒它。把端口加到 `.common`（就像为了滑动视图把 `NSURLConnection` 调度到 common modes 那样）。"),
            expectedTitle: Lesson13Tests.duringTheScroll)
    }

    @Test("The badge refresh pauses during the scroll and catches up once after", .zh("角标刷新在滑动期间暂停，滑动结束后补一次"), .holds("§10"))
    func badgeWaits() async throws {
        let lines = try await Self.screen(scroll: 1.2...4.2)
        let refreshedDuringScroll = Self.during(lines).contains { $0.hasSuffix(Self.badgeRefreshed.localized) }
        #expect(
            !refreshedDuringScroll,
            Text(en: "the badge refreshed during the scroll: keep it in the default mode only", zh: "滑动期间角标刷新了：它只能放在 default Mode 里").comment)
        let badges = lines.filter { $0.hasSuffix(Self.badgeRefreshed.localized) }.map { String($0.prefix(10)).trimmingCharacters(in: .whitespaces) }
        #expect(
            badges == ["1000 ms", "4200 ms", "5000 ms", "6000 ms"],
            Text(
                en: "badge refreshes at \(badges): once at 1 s, once right after the scroll (missed ticks skipped), then on schedule",
                zh: "角标刷新的时间是 \(badges)：应该在 1 秒时一次，滑动一结束马上一次（错过的触发跳过），之后按计划进行"
            ).comment)
    }

    @Test("Without a scroll, everything runs on schedule", .zh("不滑动时，一切按计划执行"), .holds("§1", "§7", "§9"))
    func noScroll() async throws {
        let lines = try await Self.screen(scroll: nil, seconds: 3)
        Harness.expectSameLines(
            lines,
            [
                .verbatim("    500 ms  default   · download chunk 1"), .verbatim("   1000 ms  default   · countdown 4"),
                "   1000 ms  default   · " + Self.badgeRefreshed,
                .verbatim("   1500 ms  default   · download chunk 2"), .verbatim("   2000 ms  default   · countdown 3"),
                "   2000 ms  default   · " + Self.badgeRefreshed,
                .verbatim("   2500 ms  default   · download chunk 3"), .verbatim("   3000 ms  default   · countdown 2"),
                "   3000 ms  default   · " + Self.badgeRefreshed,
            ],
            hint: Text(
                en:
                    "Outside a scroll the loop runs the default mode: all three must be there (the countdown and download in `.common`, which includes default; not in `.tracking` alone).",
                zh: "不滑动时 RunLoop 运行 default Mode：三样都必须在（倒计时和下载放在 `.common`，它包含 default；不能只放在 `.tracking`）。"),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "Common means every common mode, also one marked later — not a list of mode names", .zh("common 指的是所有标记为 common 的 Mode，包括后来才标记的——而不是一串 Mode 名字"),
        .holds("§6", "§8"))
    func modalMarkedLater() async throws {
        let lines = try await Self.screen(scroll: nil, seconds: 3) { loop in
            try loop.add(
                try Loop.Timer(name: "present modal", fireDate: loop.now + 1.5) { _ in
                    let ui = Loop.current
                    ui.addCommonMode("modal")
                    ui.note(Self.modalPresented)
                    _ = try? ui.run(mode: "modal", timeout: 1.2)
                    ui.note(Self.modalDismissed)
                }, forMode: .default)
        }
        let inModal = lines.filter { $0.contains(" modal ") && !$0.hasSuffix(Self.modalPresented.localized) && !$0.hasSuffix(Self.modalDismissed.localized) }
        Harness.expectSameLines(
            inModal, ["   1500 ms  modal       · download chunk 2", "   2000 ms  modal       · countdown 3", "   2500 ms  modal       · download chunk 3"],
            hint: Text(
                en:
                    "Adding to .default and .tracking by name is not the same as `.common`: a mode marked common later receives only what was added to `.common`.",
                zh: "按名字加到 `.default` 和 `.tracking`，和加到 `.common` 不是一回事：后来才标记为 common 的 Mode，只会得到加到 `.common` 里的东西。"),
            expectedTitle: Text(en: "expected in the modal mode", zh: "期望（`\"modal\"` Mode 里）"))
    }

    /// A UI loop whose clock starts at `start` seconds (not 0): `schedule` adds the work, the loop
    /// runs the default mode for `seconds`; returns the notes, timed from `start` ("+1000 ms  …").
    static func fromLaterStart(_ start: Double, seconds: Double, _ schedule: @escaping @Sendable (Loop) throws -> Void) async throws -> Lines {
        try await Harness.attempt(lesson: 13) { () -> Lines in
            let clock = VirtualClock(startingAt: Instant(seconds: start))
            let loop = Loop(clock: clock, name: "main loop")
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)
            let trace = loop.startTracing()
            try schedule(loop)
            try loop.run(mode: .default, timeout: seconds)
            let origin = Instant(seconds: start)
            return Lines(
                trace.events.compactMap { event -> Text? in
                    guard case .note(let note) = event.kind else { return nil }
                    return "+\(Int(((event.time - origin) * 1000).rounded())) ms  · " + ((event.content as? Text) ?? .verbatim(note))
                })
        }
    }

    @Test(
        "The countdown says 4, 3, 2, 1, 0 a second apart, counted from now — then its timer is gone", .zh("倒计时从现在算起，每隔一秒依次说 4、3、2、1、0——然后它的定时器就没了"),
        .holds("§1", "§2", "§3"))
    func wholeCountdown() async throws {
        // A clock that has been running for a while (1000.25 s): "a second from now" is not "at 1 s".
        let lines = try await Self.fromLaterStart(1000.25, seconds: 8) { loop in
            let timer = try startCountdown(from: 5, on: loop) { left in Loop.current.note("countdown \(left)") }
            for look in [5.5, 7.5] {
                try loop.add(
                    try Loop.Timer(name: "look", fireDate: loop.now + look) { _ in
                        Loop.current.note(Self.countdownTimerValid(timer.isValid))
                    }, forMode: .default)
            }
        }
        Harness.expectSameLines(
            lines,
            [
                .verbatim("+1000 ms  · countdown 4"), .verbatim("+2000 ms  · countdown 3"), .verbatim("+3000 ms  · countdown 2"),
                .verbatim("+4000 ms  · countdown 1"), .verbatim("+5000 ms  · countdown 0"),
                "+5500 ms  · " + Self.countdownTimerValid(false),
                "+7500 ms  · " + Self.countdownTimerValid(false),
            ],
            hint: Text(
                en:
                    "From 5: one tick a second, the first a second after the call (`loop.now + 1`, not a date counted from the clock's zero), saying 4, 3, 2, 1, 0 — then invalidate the timer in the callout that said 0, or it goes on ticking −1, −2, … for ever.",
                zh: "从 5 开始：每秒触发一次，第一次在调用之后一秒（`loop.now + 1`，而不是从时钟零点算起的时间），依次说 4、3、2、1、0——然后在说 0 的那次回调里让定时器失效，否则它会一直触发下去：−1、−2……"),
            expectedTitle: Lesson13Tests.fromTheStart)
    }

    @Test(
        "A countdown from 0 (or less) ticks nothing, and its timer is invalid from the start", .zh("从 0（或更小的数）开始的倒计时一次也不 `tick`，它的定时器从一开始就是失效的"), .holds("§4"))
    func countdownFromZero() async throws {
        let lines = try await Self.fromLaterStart(1000.25, seconds: 4) { loop in
            let zero = try startCountdown(from: 0, on: loop) { left in Loop.current.note("countdown \(left)") }
            let negative = try startCountdown(from: -2, on: loop) { left in Loop.current.note("countdown \(left)") }
            try loop.add(
                try Loop.Timer(name: "look", fireDate: loop.now + 0.5) { _ in
                    Loop.current.note(Self.countdownTimerValid(zero.isValid || negative.isValid))
                }, forMode: .default)
        }
        Harness.expectSameLines(
            lines, ["+500 ms  · " + Self.countdownTimerValid(false)],
            hint: Text(
                en:
                    "From 0 there is nothing to count: n = seconds - 1 … 0 is empty. Tick nothing, and return the timer invalidated (never scheduled) — counting down from 0 like from any other number says -1, -2, … for ever, because it never meets 0.",
                zh: "从 0 开始就没什么可数的：`n = seconds - 1 … 0` 是空的。一次也不 `tick`，返回一个已经失效（从没加进 RunLoop）的定时器——像对待其他数那样从 0 往下数，会一直说 -1、-2……永远停不下来，因为它永远碰不到 0。"),
            expectedTitle: Lesson13Tests.fromTheStart)
    }

    @Test("The badge refreshes every interval, counted from now", .zh("角标从现在算起，每个间隔刷新一次"), .holds("§9"))
    func badgeInterval() async throws {
        let lines = try await Self.fromLaterStart(1000.25, seconds: 7) { loop in
            try scheduleBadgeRefresh(every: 2.5, on: loop) { Loop.current.note(Self.badgeRefreshed) }
        }
        Harness.expectSameLines(
            lines, ["+2500 ms  · " + Self.badgeRefreshed, "+5000 ms  · " + Self.badgeRefreshed],
            hint: Text(
                en:
                    "Every `interval` seconds, the first one interval after the call: fire date `loop.now + interval`, interval `interval` — not at once, not once a second, not a date counted from the clock's zero.",
                zh: "每 `interval` 秒一次，第一次在调用之后一个间隔：触发时间 `loop.now + interval`，间隔 `interval`——不是立即触发，不是每秒一次，也不是从时钟零点算起的时间。"),
            expectedTitle: Lesson13Tests.fromTheStart)
    }
}
