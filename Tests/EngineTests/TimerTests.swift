import Testing
@testable import RunLoopEngine

@Suite struct TimerTests {
    @Test func aTimerAlreadyFiringIsSkippedInANestedRunWhichStillSleeps() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        let nested = Lock<Loop.RunResult?>(nil)
        let timer = try Loop.Timer(name: "outer", fireDate: loop.now + 1, interval: 10) { _ in
            log.add("fired at \(clock.now)")
            nested.withLock { $0 = try? loop.run(mode: .default, timeout: 3) }
        }
        try loop.add(timer, forMode: .default)
        loop.passLimit = 50
        let trace = loop.startTracing()
        let result = try loop.run(mode: .default, timeout: 5)
        #expect(result == .timedOut)
        #expect(nested.withLock { $0 } == .timedOut)
        #expect(log.all == ["fired at 1000 ms"])
        print(trace.lines().joined(separator: "\n"))
    }
}

extension TimerTests {
    @Test func aFireDateInThePastIsDueNow() throws {
        let (loop, clock) = virtualLoop()
        clock.advance(by: 10)
        let log = Log()
        try loop.add(try Loop.Timer(fireDate: .zero) { _ in log.add("fired at \(clock.now)") }, forMode: .default)
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all == ["fired at 10000 ms"])
    }

    @Test func anIntervalOfZeroIsAOneShotTimerInvalidatedAfterItsCallout() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let timer = try Loop.Timer(fireDate: loop.now + 1) { t in log.add("valid during callout: \(t.isValid)") }
        #expect(!timer.repeats)
        try loop.add(timer, forMode: .default)
        #expect(try loop.run(mode: .default, timeout: 5) == .finished)
        #expect(log.all == ["valid during callout: true"])
        #expect(!timer.isValid && timer.loop == nil)
    }

    @Test func dueTimersFireInFireDateOrderEqualDatesInInsertionOrderAllInOnePass() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        for (name, at) in [("c", 3.0), ("a1", 1.0), ("b", 2.0), ("a2", 1.0)] {
            try loop.add(try Loop.Timer(name: name, fireDate: loop.now + at) { t in log.add(t.name) }, forMode: .default)
        }
        try keepAlive(loop)
        clock.advance(by: 5)   // all four are due when the loop first looks
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all == ["a1", "a2", "b", "c"])
        #expect(summaries(trace, .wakeUps) == ["woke: timers", "woke: deadline"], "one wake-up fired all four")
    }

    @Test func aRepeatingTimerSkipsMissedTicksAndKeepsItsPhase() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
            log.add("\(clock.now)")
            if clock.now == Instant(seconds: 1) { clock.advance(by: 2.5) }   // an overrun: 2 and 3 are missed
        }
        try loop.add(timer, forMode: .default)
        try loop.run(mode: .default, timeout: 5.5)
        #expect(log.all == ["1000 ms", "4000 ms", "5000 ms"])
        #expect(timer.fireDate == Instant(seconds: 6))
    }

    @Test func theReferenceReschedulingIsExactOnNanoseconds() {
        let rule = ReferenceTimerRescheduling()
        #expect(rule.nextFireDate(after: Instant(seconds: 1), interval: 1, now: Instant(seconds: 3.5)) == Instant(seconds: 4))
        #expect(rule.nextFireDate(after: Instant(seconds: 1), interval: 1, now: Instant(seconds: 3)) == Instant(seconds: 4), "strictly after now")
        #expect(rule.nextFireDate(after: Instant(seconds: 1), interval: 1, now: Instant(seconds: 1)) == Instant(seconds: 2))
        #expect(rule.nextFireDate(after: Instant(nanoseconds: 7), interval: 1e-9, now: Instant(nanoseconds: 10)) == Instant(nanoseconds: 11))
        #expect(rule.nextFireDate(after: Instant(seconds: 1), interval: 1e300, now: Instant(seconds: 2)) == .distantFuture)
        #expect(rule.nextFireDate(after: Instant(seconds: 1), interval: 1e10, now: Instant(seconds: 1)) == .distantFuture, "beyond Int64 nanoseconds")
        #expect(
            rule.nextFireDate(after: Instant(seconds: 1), interval: 9e9, now: Instant(seconds: 1)) == Instant(nanoseconds: 9_000_000_001_000_000_000),
            "just within")
    }

    @Test func aCalloutThatMovesItsFireDateLaterIsHonoured() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        try loop.add(
            try Loop.Timer(fireDate: loop.now + 1, interval: 1) { t in
                log.add("\(clock.now)")
                if log.count == 1 { t.fireDate = clock.now + 5 }
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 7.5)
        #expect(log.all == ["1000 ms", "6000 ms", "7000 ms"])
    }

    @Test func aCalloutThatMovesItsFireDateEarlierIsOverruled() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        try loop.add(
            try Loop.Timer(fireDate: loop.now + 2, interval: 2) { t in
                log.add("\(clock.now)")
                if log.count == 1 { t.fireDate = clock.now - 1 }
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 4.5)
        #expect(log.all == ["2000 ms", "4000 ms"], "CF honours only a later date; the next tick is as planned")
    }

    @Test func aTimerThatInvalidatesItselfInItsCalloutStops() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        try loop.add(
            try Loop.Timer(fireDate: loop.now + 1, interval: 1) { t in
                log.add("tick")
                if log.count == 2 { t.invalidate() }
            }, forMode: .default)
        #expect(try loop.run(mode: .default, timeout: 10) == .finished)
        #expect(log.count == 2)
    }

    @Test func invalidatingATimerFromOutsideRemovesItFromEveryMode() throws {
        let (loop, _) = virtualLoop()
        let timer = try Loop.Timer(fireDate: loop.now + 1) { _ in }
        try loop.add(timer, forMode: .common)
        try loop.add(timer, forMode: "private")
        timer.invalidate()
        #expect(loop.isEmpty(mode: .default) && loop.isEmpty(mode: "private"))
        loop.addCommonMode(.tracking)
        #expect(loop.isEmpty(mode: .tracking))
    }

    @Test func aTimerFiresOnlyWhileOneOfItsModesRuns() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        try loop.add(try Loop.Timer(fireDate: loop.now + 1, interval: 1) { _ in log.add("\(clock.now)") }, forMode: .default)
        try keepAlive(loop, "other")
        try loop.run(mode: "other", timeout: 3.5)
        #expect(log.all.isEmpty, "a timer is not a thread")
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all == ["3500 ms", "4000 ms"], "late once, then back on its phase")
    }

    @Test func toleranceLetsTheLoopFireLateByUpToThatMuchAndCoalesce() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        try loop.add(try Loop.Timer(name: "a", fireDate: loop.now + 1, tolerance: 0.5) { _ in log.add("a \(clock.now)") }, forMode: .default)
        try loop.add(try Loop.Timer(name: "b", fireDate: loop.now + 1.3) { _ in log.add("b \(clock.now)") }, forMode: .default)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 5)
        #expect(log.all == ["a 1300 ms", "b 1300 ms"], "a waits (within its tolerance) for b: one wake-up for both")
        #expect(summaries(trace, .wakeUps) == ["woke: timers"])
    }

    @Test func scheduleTimerIsDueAfterItsDelayAndATimerMadeForNowIsDueAtOnce() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        try loop.scheduleTimer(name: "scheduled", after: 2) { _ in log.add("scheduled \(clock.now)") }
        try loop.add(try Loop.Timer(name: "now", fireDate: loop.now) { _ in log.add("now \(clock.now)") }, forMode: .default)
        try loop.run(mode: .default, timeout: 5)
        #expect(log.all == ["now 0 ms", "scheduled 2000 ms"])
    }

    @Test func performAfterDelayIsAOneShotTimerInTheLoopsModes() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        let timer = try loop.perform(afterDelay: 1, inModes: [.default]) { log.add("\(clock.now)") }
        #expect(!timer.repeats && loop.contains(.timer(timer), inMode: .default))
        try keepAlive(loop, "other")
        try loop.run(mode: "other", timeout: 2)
        #expect(log.all.isEmpty, "it obeys modes")
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all == ["2000 ms"])
        #expect(!timer.isValid)
    }

    @Test func manyTimersFireInOrder() throws {
        let (loop, clock) = virtualLoop()
        let fired = Lock<[Int64]>([])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let at = Double(Int.random(in: 1...1_000, using: &generator)) / 100
            try loop.add(try Loop.Timer(fireDate: loop.now + at) { _ in fired.withLock { $0.append(clock.now.nanoseconds) } }, forMode: .default)
        }
        #expect(try loop.run(mode: .default, timeout: 20) == .finished)
        #expect(fired.withLock { $0 }.count == 5_000)
        #expect(fired.withLock { $0 } == fired.withLock { $0 }.sorted())
    }

    @Test func nextTimerFireDateIsTheEarliestOfTheMode() throws {
        let (loop, _) = virtualLoop()
        #expect(loop.nextTimerFireDate(mode: .default) == nil)
        let late = try Loop.Timer(fireDate: loop.now + 5) { _ in }
        let early = try Loop.Timer(fireDate: loop.now + 2) { _ in }
        try loop.add(late, forMode: .default)
        try loop.add(early, forMode: .default)
        #expect(loop.nextTimerFireDate(mode: .default) == Instant(seconds: 2))
        early.fireDate = loop.now + 9
        #expect(loop.nextTimerFireDate(mode: .default) == Instant(seconds: 5))
    }
}
