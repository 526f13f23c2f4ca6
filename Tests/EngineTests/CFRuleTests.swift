import Testing
@testable import RunLoopEngine

/// Rules of CFRunLoop.c that a scenario on the real CF cannot show on the virtual clock, or
/// that Foundation on Darwin hides: each names its CF function. The conformance suite
/// (DifferenceScenarios) holds the same rules against the real CF where it can.
@Suite struct CFRuleTests {
    // MARK: Past fire dates (CFRunLoopTimerCreate, CFRunLoopTimerSetNextFireDate)

    /// Both overdue timers become due "now": they fire in the order they joined the loop, not
    /// by their stale dates.
    @Test func overdueTimersFireInTheOrderAddedNotByTheirStaleDates() throws {
        let (loop, clock) = virtualLoop()
        clock.advance(to: Instant(seconds: 10))
        let trace = loop.startTracing()
        for (name, seconds) in [("one second late", 9.0), ("two seconds late", 8.0)] {
            let timer = try Loop.Timer(name: name, fireDate: Instant(seconds: seconds)) { _ in }
            try loop.add(timer, forMode: .default)
            #expect(timer.fireDate == loop.now, "a past fire date becomes now when the timer joins the loop")
        }
        try loop.run(mode: .default, timeout: 1)
        expectLines(summaries(trace, .callouts), ["timer \"one second late\"", "timer \"two seconds late\""])
    }

    /// A repeating timer made 2.5 intervals in the past fires now, then counts its ticks from
    /// now: next at now + 1, not at the old phase's now + 0.5 (lesson 06's phase starts here).
    @Test func aRepeatingTimerMadeInThePastCountsItsTicksFromNow() throws {
        let (loop, clock) = virtualLoop()
        clock.advance(to: Instant(seconds: 10))
        let fired = Log()
        try loop.add(try Loop.Timer(fireDate: loop.now - 2.5, interval: 1) { _ in fired.add("\(loop.now.seconds)") }, forMode: .default)
        try loop.run(mode: .default, timeout: 2.5)
        #expect(fired.all == ["10.0", "11.0", "12.0"])
    }

    /// Setting a fire date in the past: due now, in the order set.
    @Test func aFireDateSetInThePastBecomesNow() throws {
        let (loop, clock) = virtualLoop()
        clock.advance(to: Instant(seconds: 10))
        let trace = loop.startTracing()
        let a = try Loop.Timer(name: "A", fireDate: loop.now + 5) { _ in }
        let b = try Loop.Timer(name: "B", fireDate: loop.now + 5) { _ in }
        for timer in [a, b] { try loop.add(timer, forMode: .default) }
        b.fireDate = loop.now - 1
        a.fireDate = loop.now - 3
        #expect(a.fireDate == loop.now && b.fireDate == loop.now)
        try loop.run(mode: .default, timeout: 1)
        expectLines(summaries(trace, .callouts), ["timer \"B\"", "timer \"A\""])
    }

    /// A fire date at the far end of the past (set before or after the timer joins) is just
    /// "now": nothing in the rescheduling ever sees it.
    @Test func aFarPastFireDateIsNow() throws {
        let (loop, _) = virtualLoop()
        let fired = Log()
        let early = try Loop.Timer(fireDate: Instant(seconds: -1e300), interval: 1) { _ in fired.add("early \(loop.now.seconds)") }
        try loop.add(early, forMode: .default)
        let late = try Loop.Timer(fireDate: loop.now + 100, interval: 1) { _ in fired.add("late \(loop.now.seconds)") }
        try loop.add(late, forMode: .default)
        late.fireDate = loop.now - .infinity
        try loop.run(mode: .default, timeout: 1.5)
        #expect(fired.all == ["early 0.0", "late 0.0", "early 1.0", "late 1.0"])
    }

    // MARK: Tolerance (CFRunLoopTimerSetTolerance)

    @Test func aRepeatingTimersToleranceIsAtMostHalfItsInterval() throws {
        #expect(try Loop.Timer(fireDate: .zero, interval: 1, tolerance: 5) { _ in }.tolerance == 0.5)
        #expect(try Loop.Timer(fireDate: .zero, interval: 1, tolerance: 0.2) { _ in }.tolerance == 0.2)
        #expect(try Loop.Timer(fireDate: .zero, tolerance: 5) { _ in }.tolerance == 5, "a one-shot timer keeps its tolerance")
    }

    /// On the virtual clock a timer with tolerance fires as late as allowed, when nothing else
    /// wakes the loop: fire date + tolerance, the tolerance cut to half the interval.
    @Test func onTheVirtualClockAToleratedTimerFiresAsLateAsAllowed() throws {
        let (loop, _) = virtualLoop()
        let fired = Log()
        try loop.add(
            try Loop.Timer(fireDate: loop.now + 1, interval: 1, tolerance: 0.8) { _ in fired.add("\(loop.now.seconds)") },
            forMode: .default)
        try loop.run(mode: .default, timeout: 2.9)
        #expect(fired.all == ["1.5", "2.5"])
    }

    // MARK: Modes never made (CFRunLoopRunSpecific, _CFRunLoopFinished)

    @Test func runningAModeNeverMadeFinishesAndDoesNotMakeIt() throws {
        let (loop, _) = virtualLoop()
        let trace = loop.startTracing()
        #expect(try loop.run(mode: "never", timeout: 1) == .finished)
        #expect(try loop.run(mode: "never", before: loop.now + 1) == false)
        #expect(loop.isEmpty(mode: "never"))
        #expect(loop.allModes == [.default], "running a mode does not make it")
        #expect(summaries(trace, .activities).isEmpty, "no entry, no exit")
        loop.perform(inModes: ["blocks"]) {}
        #expect(loop.allModes == [.default, "blocks"], "queuing a block for a mode makes it, as CFRunLoopPerformBlock does")
    }

    // MARK: contains(_:inMode: .common) (CFRunLoopContainsSource & co.)

    @Test func containsInCommonAsksTheCommonItemsNotTheCommonModes() throws {
        let (loop, _) = virtualLoop()
        loop.addCommonMode(.tracking)
        let everywhere = Loop.Source(name: "in every common mode") {}
        for mode in [Loop.Mode.default, .tracking] { try loop.add(everywhere, forMode: mode) }
        #expect(!loop.contains(.source(everywhere), inMode: .common), "in each common mode, but never added to .common")
        let common = Loop.Source(name: "common") {}
        try loop.add(common, forMode: .common)
        #expect(loop.contains(.source(common), inMode: .common))
        loop.remove(.source(common), fromMode: .tracking)
        #expect(loop.contains(.source(common), inMode: .common), "still a common item, though one mode dropped it")
        loop.remove(.source(common), fromMode: .common)
        #expect(!loop.contains(.source(common), inMode: .common))
        let timer = try Loop.Timer(fireDate: loop.now + 1) { _ in }
        try loop.add(timer, forMode: .common)
        timer.invalidate()
        #expect(!loop.contains(.timer(timer), inMode: .common), "an invalidated timer is no common item")
    }

    // MARK: The source0 result (__CFRunLoopDoSources0)

    /// CF's "a source was handled" is the last source's answer. Here the first source
    /// invalidates the second, signalled too: the second answers false, so the pass sleeps
    /// (before waiting) instead of polling, although a source ran.
    @Test func theSource0ResultIsTheLastSourcesAnswer() throws {
        let (loop, _) = virtualLoop()
        let second = Loop.Source(name: "second", order: 1) {}
        let first = Loop.Source(name: "first", order: 0) { second.invalidate() }
        for source in [first, second] { try loop.add(source, forMode: .default) }
        first.signal()
        second.signal()
        let trace = loop.startTracing()
        #expect(try loop.run(mode: .default, timeout: 1) == .timedOut)
        expectLines(
            summaries(trace, [.activities, .callouts, .results]),
            [
                "entry", "before timers", "before sources", "source \"first\"", "before waiting", "after waiting",
                "exit", "→ timed out",
            ])
    }

    // MARK: Storage given back

    /// A mode that held many timers keeps no room for them once they are gone: the timer
    /// schedule, the item table and the due-timer buffer shrink (RSS is measured by the bench).
    @Test func storageComesBackAfterManyTimersLeave() throws {
        let (loop, _) = virtualLoop()
        let count = 20_000
        let timers = try (0..<count).map { index in try Loop.Timer(fireDate: loop.now + 1 + Double(index % 2)) { _ in } }
        for timer in timers { try loop.add(timer, forMode: .default) }
        func capacities() -> (schedule: Int, table: Int) {
            loop.state.withLock { state in
                state.withMode(.default) { ($0.timers.capacity, ($0.table as? ReferenceModeItemTable)?.storageCapacity ?? -1) } ?? (0, 0)
            }
        }
        #expect(capacities().schedule >= count && capacities().table >= count, "the storage grew: the check below means something")
        for timer in timers[..<(count / 2)] { timer.invalidate() }
        // Half are left, all due at 1 or 2 s: 5,000 fire in one pass, then 5,000 in the next,
        // then one alone at 2.5 s.
        try keepAlive(loop)
        try loop.add(try Loop.Timer(fireDate: loop.now + 2.5) { _ in }, forMode: .default)
        try loop.run(mode: .default, timeout: 3)
        let (schedule, table) = capacities()
        #expect(schedule <= 1024, "the timer schedule keeps room for \(schedule) entries with no timer left")
        #expect(table <= 1024, "the item table keeps room for \(table) items with one port left")
        let buffer = loop.state.withLock { $0.dueTimersBuffer.capacity }
        #expect(buffer <= 1024, "the due-timer buffer keeps room for \(buffer) timers after a pass that fired one")
    }
}
