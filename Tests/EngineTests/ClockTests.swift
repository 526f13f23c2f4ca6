import Testing
@testable import RunLoopEngine

/// Clocks: the virtual clock jumps, callouts take time, instants are exact; the real clock sleeps for real.
@Suite struct ClockTests {
    @Test func aLoopOnTheVirtualClockJumpsToItsNextDeadline() async throws {
        // An hour of virtual time. A loop that slept for real would need the hour: the bound of
        // the off-pool run tells a jump from a sleep (how fast it goes is a benchmark's matter).
        let (ticks, now) = try await offPool(timeout: 120) { () -> (Int, Instant) in
            let (loop, clock) = virtualLoop()
            let ticks = Lock(0)
            try loop.add(try Loop.Timer(fireDate: loop.now + 1, interval: 1) { _ in ticks.withLock { $0 += 1 } }, forMode: .default)
            try loop.run(mode: .default, timeout: 3600.5)
            return (ticks.withLock { $0 }, clock.now)
        }
        #expect(ticks == 3600)
        #expect(now == Instant(seconds: 3600.5))
    }

    @Test func aCalloutTakesVirtualTime() throws {
        let (loop, clock) = virtualLoop()
        try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in clock.advance(by: 0.25) }, forMode: .default)
        try keepAlive(loop)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 2)
        #expect(trace.events.first { $0.kind == .activity(.beforeTimers) && $0.time == Instant(seconds: 1.25) } != nil)
    }

    @Test func virtualTimeNeverGoesBackwards() {
        let clock = VirtualClock(startingAt: Instant(seconds: 5))
        clock.advance(by: -1)
        clock.advance(by: .nan)
        clock.advance(by: .infinity)
        clock.advance(to: Instant(seconds: 1))
        clock.advance(to: .distantFuture)
        #expect(clock.now == Instant(seconds: 5))
        clock.advance(to: Instant(seconds: 6))
        #expect(clock.now == Instant(seconds: 6))
    }

    @Test func instantsAreWholeNanosecondsAndSaturate() {
        #expect(Instant(seconds: 1.5).nanoseconds == 1_500_000_000)
        #expect(Instant(seconds: 1) + 0.5 == Instant(seconds: 1.5))
        #expect(Instant(seconds: 2) - Instant(seconds: 0.5) == 1.5)
        #expect(Instant.zero + .infinity == .distantFuture)
        #expect(Instant.distantFuture + 1 == .distantFuture)
        #expect(Instant.zero + .nan == .distantFuture, "NaN is never, not a crash")
        #expect(Instant(seconds: .nan) == .distantFuture)
        #expect(Instant.distantFuture.description == "never")
        #expect(Instant(seconds: 1.25).description == "1250 ms")
    }

    @Test func aTimerOnTheRealClockFiresAfterItsDelayNotBefore() async throws {
        let elapsed = try await offPool { () -> Double? in
            let loop = Loop.current
            let start = loop.now
            let firedAt = Lock<Instant?>(nil)
            try loop.add(try Loop.Timer(fireDate: start + 0.02) { _ in firedAt.withLock { $0 = loop.now } }, forMode: .default)
            #expect(try loop.run(mode: .default, timeout: 5) == .finished)
            return firedAt.withLock { $0 }.map { $0 - start }
        }
        // It fired (within the run, which ended finished), and not before its delay.
        #expect(elapsed.map { $0 >= 0.02 } == true, "fired \(elapsed.map { "\($0) s" } ?? "never") after it was added, 0.02 s its delay")
    }
}
