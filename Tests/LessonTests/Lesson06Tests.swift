import Testing

/// Lesson 06: the student's `nextFireDate(after:interval:now:)` inside the reference loop,
/// against the engine's own rule, on a virtual clock.
@Suite("Lesson 06 — Timer skip on overrun", .serialized, .tags(.lesson06, .level2, .build))
struct Lesson06Tests {
    static let student = Loop.Mechanisms.reference.with(timers: StudentTimerSchedule())

    /// The same scenario with the student's rule and with the engine's: callouts and notes.
    static func compare(seconds: Double, _ setUp: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: [String], expected: [String]) {
        try await Kata.traces(lesson: 6, student: student, filter: [.callouts, .notes]) { loop, clock in
            try setUp(loop, clock)
            try loop.run(mode: .default, timeout: seconds)
        }
    }

    @Test("A timer that is on time fires once per interval")
    func onTime() async throws {
        let (actual, expected) = try await Self.compare(seconds: 3.5) { loop, _ in
            try loop.add(try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .default)
        }
        Kata.expectSameLines(actual, expected, hint: "With nothing late, the next fire date is simply the last one plus the interval.")
        #expect(actual.count == 3, "ticks at 1, 2 and 3 s")
    }

    @Test("Ticks missed during a slow callout are skipped, not replayed")
    func missedTicksAreSkipped() async throws {
        let (actual, expected) = try await Self.compare(seconds: 5.5) { loop, clock in
            let first = FirstTime()
            try loop.add(try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                if first.check() {
                    Loop.current.note("slow work takes 2.5 s")
                    clock.advance(by: 2.5)
                }
            }, forMode: .default)
        }
        Kata.expectSameLines(actual, expected, hint: """
            The callout at 1 s returned at 3.5 s: the ticks at 2 and 3 s are gone. CF does not fire them \
            late, one after the other; the timer's next tick is the first one of its schedule after now: 4 s.
            """)
        #expect(actual.filter { $0.contains("timer") }.count == 3, "ticks at 1, 4 and 5 s: no burst of catch-up ticks")
    }

    @Test("The timer keeps its phase: it does not restart from now")
    func phaseIsKept() async throws {
        let (actual, expected) = try await Self.compare(seconds: 3.5) { loop, clock in
            let first = FirstTime()
            try loop.add(try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                if first.check() { clock.advance(by: 0.3) }
            }, forMode: .default)
        }
        Kata.expectSameLines(actual, expected, hint: """
            The callout at 1 s returned at 1.3 s. The next tick is at 2 s, on the original schedule — \
            not at now + interval (2.3 s): a timer does not drift because one callout was slow.
            """)
        #expect(actual.contains { $0.hasPrefix("   2000 ms") }, "a tick at exactly 2000 ms")
    }

    @Test("Ticks missed while the loop ran another mode are skipped too")
    func ticksMissedInAnotherMode() async throws {
        let (actual, expected) = try await Self.compare(seconds: 4.5) { loop, _ in
            try loop.add(try Loop.Timer(name: "default ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .default)
            try loop.add(try Loop.Timer(name: "scroll", fireDate: loop.now + 0.5) { _ in
                Loop.current.note("the user scrolls for 3.2 s (tracking mode)")
                _ = try? Loop.current.run(mode: .tracking, timeout: 3.2)
            }, forMode: .default)
            try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
        }
        Kata.expectSameLines(actual, expected, hint: """
            The default-mode timer could not fire during the tracking run (1, 2, 3 s). When the scroll \
            ends at 3.7 s it fires once, for its old fire date, and then goes back to its schedule: 4 s.
            """)
        #expect(actual.filter { $0.contains("timer \"default ticker\"") }.map { $0.prefix(10) } == ["   3700 ms", "   4000 ms"],
                "once, late, when the scroll ends at 3.7 s; then on schedule at 4 s")
    }

    @Test("A tick that falls exactly on now is already missed")
    func tickOnNowIsMissed() async throws {
        let (actual, expected) = try await Self.compare(seconds: 4.5) { loop, clock in
            let first = FirstTime()
            try loop.add(try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                if first.check() { clock.advance(by: 2) }   // returns at exactly 3 s
            }, forMode: .default)
        }
        Kata.expectSameLines(actual, expected, hint: """
            The callout returned at exactly 3 s. CF's rule is "the first tick strictly after now", \
            so the tick at 3 s is missed too: the next one is at 4 s.
            """)
        #expect(actual.filter { $0.contains("timer") }.map { $0.prefix(10) } == ["   1000 ms", "   4000 ms"], "no tick at 3 s")
    }

    @Test("A one-shot timer fires once and ends; a repeating one goes on")
    func oneShotEnds() async throws {
        let (actual, expected) = try await Kata.traces(lesson: 6, student: Self.student, filter: [.callouts, .notes, .results]) { loop, _ in
            let once = try Loop.Timer(name: "once", fireDate: loop.now + 1) { _ in }
            try loop.add(once, forMode: .default)
            let ticks = Log()
            try loop.add(try Loop.Timer(name: "repeating", fireDate: loop.now + 1, interval: 1) { timer in
                ticks.add("tick")
                if ticks.count == 3 { timer.invalidate() }   // the last tick, at 3 s
            }, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 10)
            loop.note("run: \(result); \"once\" is valid: \(once.isValid); items in the default mode: \(loop.items(inMode: .default).count)")
        }
        Kata.expectSameLines(actual, expected, hint: """
            A timer with interval 0 is one-shot: the loop invalidates it after its callout and never asks \
            your rule for its next fire date. Once the repeating timer ends too, the mode is empty and the \
            run returns finished (not at its 10 s timeout).
            """)
        #expect(actual.filter { $0.contains("\"once\"") && $0.contains("timer") }.count == 1)
        #expect(actual.filter { $0.contains("\"repeating\"") }.count == 3)
        #expect(actual.last == "   3000 ms  default   · run: finished; \"once\" is valid: false; items in the default mode: 0",
                "the one-shot timer ended after its callout; once the repeating one ended too, the mode was empty")
    }

    @Test("With tolerance the timer may fire late; its schedule keeps its phase")
    func toleranceKeepsPhase() async throws {
        let (actual, expected) = try await Self.compare(seconds: 3.5) { loop, _ in
            try loop.add(try Loop.Timer(name: "relaxed", fireDate: loop.now + 1, interval: 1, tolerance: 0.3) { _ in }, forMode: .default)
        }
        Kata.expectSameLines(actual, expected, hint: """
            Tolerance lets the loop fire the timer up to 0.3 s late (here it wakes as late as allowed: 1.3, \
            2.3, 3.3 s). The fire dates stay 1, 2, 3 s: the next fire date counts from the fire date, not \
            from when the callout ran.
            """)
        #expect(actual.first?.hasPrefix("   1300 ms") == true, "the first tick comes 0.3 s late")
    }

    @Test("With tolerance, ticks missed during a slow callout are still skipped")
    func toleranceStillSkips() async throws {
        let (actual, expected) = try await Self.compare(seconds: 5.5) { loop, clock in
            let first = FirstTime()
            try loop.add(try Loop.Timer(name: "relaxed", fireDate: loop.now + 1, interval: 1, tolerance: 0.3) { _ in
                if first.check() {
                    Loop.current.note("slow work takes 2 s")
                    clock.advance(by: 2)   // fired at 1.3 s, returns at 3.3 s
                }
            }, forMode: .default)
        }
        Kata.expectSameLines(actual, expected, hint: """
            The timer fired 0.3 s late (its tolerance) for its 1 s tick, and the callout returned at 3.3 s. \
            The ticks of 2 and 3 s are gone — 3 s is before now, even if 3.3 s is within its tolerance. \
            The next fire date is 4 s (it fires at 4.3 s): no catch-up, and the schedule still counts from 1 s.
            """)
        #expect(actual.filter { $0.contains("timer") }.count == 3, "fires at 1.3, 4.3 and 5.3 s")
        #expect(actual.last?.hasPrefix("   5300 ms") == true, "the last tick on the original schedule (5 s), 0.3 s late")
    }

    @Test("The schedule counts from the timer's own fire date, not from the clock's origin")
    func phaseOfItsOwnSchedule() async throws {
        let (actual, expected) = try await Self.compare(seconds: 5.5) { loop, clock in
            clock.advance(by: 0.3)   // this loop's clock reads 0.3 s when the timer is made
            let first = FirstTime()
            try loop.add(try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                if first.check() {
                    Loop.current.note("slow work takes 2.5 s")
                    clock.advance(by: 2.5)   // fired at 1.3 s, returns at 3.8 s
                }
            }, forMode: .default)
        }
        Kata.expectSameLines(actual, expected, hint: """
            This timer's schedule is 1.3, 2.3, 3.3, 4.3 s…: its first fire date plus whole intervals. \
            The callout returned at 3.8 s, so the next tick is 4.3 s. 4 s is the next multiple of the \
            interval counted from the clock's origin — not a tick of this timer. Count from `fireDate`, never from 0.
            """)
        #expect(actual.filter { $0.contains("timer") }.map { $0.prefix(10) } == ["   1300 ms", "   4300 ms", "   5300 ms"],
                "ticks at 1.3 s, then 4.3 and 5.3 s: the phase of the timer's own schedule")
    }

    @Test("A tick exactly on now is missed for an interval like 0.1 s too")
    func tickOnNowWithATenth() async throws {
        let (actual, expected) = try await Self.compare(seconds: 0.85) { loop, clock in
            let first = FirstTime()
            try loop.add(try Loop.Timer(name: "tenths", fireDate: loop.now + 0.1, interval: 0.1) { _ in
                if first.check() {
                    Loop.current.note("slow work takes 0.3 s")
                    clock.advance(by: 0.3)   // fired at 0.1 s, returns at exactly 0.4 s
                }
            }, forMode: .default)
        }
        Kata.expectSameLines(actual, expected, hint: """
            The callout returned at exactly 400 ms, on a tick: that tick is missed, the next is 500 ms. \
            In Double seconds, (0.4 - 0.1) / 0.1 is 2.9999999999999996, not 3, so rounding it down \
            counts one tick too few and gives 400 ms again. Count the missed ticks in whole nanoseconds \
            (`Instant.nanoseconds`), where the division is exact.
            """)
        #expect(actual.filter { $0.contains("timer") }.map { $0.prefix(10) } == ["    100 ms", "    500 ms", "    600 ms", "    700 ms", "    800 ms"],
                "no second tick at 400 ms")
    }
}

/// True the first time it is asked, false after.
private final class FirstTime: Sendable {
    private let asked = Log()
    func check() -> Bool {
        asked.add("asked")
        return asked.count == 1
    }
}

extension ChineseTestNames {
    static let lesson06: [String: String] = [:]
}
