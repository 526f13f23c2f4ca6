import Testing

/// Lesson 13: the student's scheduling on a simulated UI loop (virtual clock) that runs the
/// tracking mode while a scroll lasts, as UIKit does.
@Suite("Lesson 13 — Scrolling keeps the ticker", .serialized, .tags(.lesson13, .level3, .use))
struct Lesson13Tests {
    /// A UI loop: tracking is a common mode; a scroll from `scroll.lowerBound` to
    /// `scroll.upperBound` seconds runs the tracking mode (nested runs until the finger lifts, as
    /// UIKit does while a finger drags); the network sends a chunk every second from 0.5 s.
    static func screen(scroll: ClosedRange<Double>?, seconds: Double = 6, extra: @escaping @Sendable (Loop) throws -> Void = { _ in }) async throws -> [String] {
        try await Kata.attempt(lesson: 13) { () -> [String] in
            let clock = VirtualClock()
            let loop = Loop(clock: clock, name: "main loop")
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)   // UIKit marks UITrackingRunLoopMode common
            let trace = loop.startTracing()

            try startCountdown(from: 5, on: loop) { left in Loop.current.note("countdown \(left)") }
            let download = try listenForDownload(on: loop) { chunk in Loop.current.note("download \(chunk)") }
            try scheduleBadgeRefresh(every: 1, on: loop) { Loop.current.note("badge refreshed") }

            // The network: sends a chunk every second (it lives elsewhere; here a common timer).
            let sent = Log()
            try loop.add(try Loop.Timer(name: "network", fireDate: loop.now + 0.5, interval: 1) { timer in
                sent.add("chunk")
                try? download.send("chunk \(sent.count)")
                if sent.count == 4 { timer.invalidate() }
            }, forMode: .common)

            if let scroll {
                try loop.add(try Loop.Timer(name: "finger down", fireDate: loop.now + scroll.lowerBound) { _ in
                    Self.scroll(on: Loop.current, lasting: scroll.upperBound - scroll.lowerBound)
                }, forMode: .default)
            }
            try extra(loop)
            try loop.run(mode: .default, timeout: seconds)
            return trace.lines(.notes)
        }
    }

    /// A scroll as UIKit runs it: the touches arrive on a port of the tracking mode, and the loop
    /// runs the tracking mode — a nested run, returning after each event — until the event that
    /// ends the scroll (the finger lifts, `duration` seconds later).
    static func scroll(on ui: Loop, lasting duration: Double) {
        ui.note("scroll begins (tracking mode)")
        let ended = Lock(false)
        let touches = Loop.Port(name: "touches") { event in
            if event == "finger up" { ended.withLock { $0 = true } }
        }
        try? ui.add(touches, forMode: .tracking)
        if let lift = try? Loop.Timer(name: "the system: finger up", fireDate: ui.now + duration, callout: { _ in try? touches.send("finger up") }) {
            try? ui.add(lift, forMode: .tracking)
        }
        var events = 0
        while !ended.withLock({ $0 }), events < 1_000 {   // bounded: a wrong answer must not spin
            _ = try? ui.run(mode: .tracking, timeout: 60, returnAfterSourceHandled: true)
            events += 1
        }
        ui.remove(.port(touches), fromMode: .tracking)
        ui.note("scroll ends")
    }

    static func during(_ lines: [String]) -> [String] {
        guard let begin = lines.firstIndex(where: { $0.contains("scroll begins") }),
              let end = lines.firstIndex(where: { $0.contains("scroll ends") }) else { return [] }
        return Array(lines[(begin + 1)..<end])
    }

    @Test("The countdown keeps ticking while the user scrolls")
    func countdownTicksDuringScroll() async throws {
        let lines = try await Self.screen(scroll: 1.2...4.2)
        let inScroll = Self.during(lines).filter { $0.contains("countdown") }
        Kata.expectSameLines(inScroll, ["   2000 ms  tracking    · countdown 3", "   3000 ms  tracking    · countdown 2", "   4000 ms  tracking    · countdown 1"],
                             hint: "A timer in the default mode waits while the loop runs the tracking mode. Add it to `.common`: default and tracking are both common on a UI loop.", expectedTitle: "expected during the scroll")
    }

    @Test("Download chunks keep arriving while the user scrolls")
    func downloadDuringScroll() async throws {
        let lines = try await Self.screen(scroll: 1.2...4.2)
        let inScroll = Self.during(lines).filter { $0.contains("download") }
        Kata.expectSameLines(inScroll, ["   1500 ms  tracking    · download chunk 2", "   2500 ms  tracking    · download chunk 3", "   3500 ms  tracking    · download chunk 4"],
                             hint: "A port only wakes the loop while it runs a mode the port is in. Schedule it in `.common` (as NSURLConnection is scheduled for scroll views).", expectedTitle: "expected during the scroll")
    }

    @Test("The badge refresh pauses during the scroll and catches up once after")
    func badgeWaits() async throws {
        let lines = try await Self.screen(scroll: 1.2...4.2)
        let refreshedDuringScroll = Self.during(lines).contains { $0.contains("badge") }
        #expect(!refreshedDuringScroll, "the badge refreshed during the scroll: keep it in the default mode only")
        let badges = lines.filter { $0.contains("badge") }.map { String($0.prefix(10)).trimmingCharacters(in: .whitespaces) }
        #expect(badges == ["1000 ms", "4200 ms", "5000 ms", "6000 ms"], "badge refreshes at \(badges): once at 1 s, once right after the scroll (missed ticks skipped), then on schedule")
    }

    @Test("Without a scroll, everything runs on schedule")
    func noScroll() async throws {
        let lines = try await Self.screen(scroll: nil, seconds: 3)
        Kata.expectSameLines(lines, [
            "    500 ms  default   · download chunk 1", "   1000 ms  default   · countdown 4", "   1000 ms  default   · badge refreshed",
            "   1500 ms  default   · download chunk 2", "   2000 ms  default   · countdown 3", "   2000 ms  default   · badge refreshed",
            "   2500 ms  default   · download chunk 3", "   3000 ms  default   · countdown 2", "   3000 ms  default   · badge refreshed",
        ], hint: "Outside a scroll the loop runs the default mode: all three must be there (the countdown and download in `.common`, which includes default; not in `.tracking` alone).", expectedTitle: HarnessText.expected.localized)
    }

    @Test("Common means every common mode, also one marked later — not a list of mode names")
    func modalMarkedLater() async throws {
        let lines = try await Self.screen(scroll: nil, seconds: 3) { loop in
            try loop.add(try Loop.Timer(name: "present modal", fireDate: loop.now + 1.5) { _ in
                let ui = Loop.current
                ui.addCommonMode("modal")
                ui.note("modal presented (modal mode, marked common)")
                _ = try? ui.run(mode: "modal", timeout: 1.2)
                ui.note("modal dismissed")
            }, forMode: .default)
        }
        let inModal = lines.filter { $0.contains(" modal ") && !$0.contains("modal presented") && !$0.contains("modal dismissed") }
        Kata.expectSameLines(inModal, ["   1500 ms  modal       · download chunk 2", "   2000 ms  modal       · countdown 3", "   2500 ms  modal       · download chunk 3"],
                             hint: "Adding to .default and .tracking by name is not the same as `.common`: a mode marked common later receives only what was added to `.common`.", expectedTitle: "expected in the modal mode")
    }

    /// A UI loop whose clock starts at `start` seconds (not 0): `schedule` adds the work, the loop
    /// runs the default mode for `seconds`; returns the notes, timed from `start` ("+1000 ms  …").
    static func fromLaterStart(_ start: Double, seconds: Double, _ schedule: @escaping @Sendable (Loop) throws -> Void) async throws -> [String] {
        try await Kata.attempt(lesson: 13) { () -> [String] in
            let clock = VirtualClock(startingAt: Instant(seconds: start))
            let loop = Loop(clock: clock, name: "main loop")
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)
            let trace = loop.startTracing()
            try schedule(loop)
            try loop.run(mode: .default, timeout: seconds)
            let origin = Instant(seconds: start)
            return trace.events.compactMap { event -> String? in
                guard case .note = event.kind else { return nil }
                return "+\(Int(((event.time - origin) * 1000).rounded())) ms  \(event.summary)"
            }
        }
    }

    @Test("The countdown says 4, 3, 2, 1, 0 a second apart, counted from now — then its timer is gone")
    func wholeCountdown() async throws {
        // A clock that has been running for a while (1000.25 s): "a second from now" is not "at 1 s".
        let lines = try await Self.fromLaterStart(1000.25, seconds: 8) { loop in
            let timer = try startCountdown(from: 5, on: loop) { left in Loop.current.note("countdown \(left)") }
            try loop.add(try Loop.Timer(name: "look", fireDate: loop.now + 7.5) { _ in
                Loop.current.note("countdown timer valid: \(timer.isValid)")
            }, forMode: .default)
        }
        Kata.expectSameLines(lines, [
            "+1000 ms  · countdown 4", "+2000 ms  · countdown 3", "+3000 ms  · countdown 2", "+4000 ms  · countdown 1", "+5000 ms  · countdown 0",
            "+7500 ms  · countdown timer valid: false",
        ], hint: "From 5: one tick a second, the first a second after the call (`loop.now + 1`, not a date counted from the clock's zero), saying 4, 3, 2, 1, 0 — then invalidate the timer in the callout that said 0, or it goes on ticking −1, −2, … for ever.",
           expectedTitle: "expected (times from the start)")
    }

    @Test("The badge refreshes every interval, counted from now")
    func badgeInterval() async throws {
        let lines = try await Self.fromLaterStart(1000.25, seconds: 7) { loop in
            try scheduleBadgeRefresh(every: 2.5, on: loop) { Loop.current.note("badge refreshed") }
        }
        Kata.expectSameLines(lines, ["+2500 ms  · badge refreshed", "+5000 ms  · badge refreshed"],
                             hint: "Every `interval` seconds, the first one interval after the call: fire date `loop.now + interval`, interval `interval` — not at once, not once a second, not a date counted from the clock's zero.",
                             expectedTitle: "expected (times from the start)")
    }
}

extension ChineseTestNames {
    static let lesson13: [String: String] = [:]
}
