import Testing
@testable import RunLoopEngine

/// Every public entry point of the engine that takes a number, driven through the extremes: no
/// call may trap, and each either works or throws a ``LoopError``. A fixed list of values on
/// virtual clocks, no randomness: the same run every time. Scenarios that run a loop do it on a
/// thread of their own, so that a hang shows as a failure instead of a stuck test.
@Suite struct NumericExtremesTests {
    /// Seconds: intervals, tolerances, delays, timeouts, clock steps.
    static let seconds: [Double] = [
        .nan, .infinity, -.infinity, 1e300, -1e300, 0, -0.0,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-9, 1, -1,
    ]
    /// Points in time: what the seconds make, and the ends of an instant's range.
    static let instants: [Instant] =
        seconds.map(Instant.init(seconds:))
        + [Instant(nanoseconds: .min), Instant(nanoseconds: .min + 1), Instant(nanoseconds: .max - 1), .distantFuture]
    /// Orders and limits.
    static let integers: [Int] = [.min, .min + 1, -1, 0, 1, .max - 1, .max]

    /// Whether the engine accepts `seconds` as an interval, a tolerance or a delay.
    static func isValidInterval(_ seconds: Double) -> Bool { seconds.isFinite && seconds >= 0 }

    /// Runs `body`; an error that is not a ``LoopError`` is a failure. Returns whether it threw.
    @discardableResult
    static func attempt(
        _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) -> Bool {
        do {
            try body()
            return false
        } catch is LoopError {
            return true
        } catch {
            Issue.record("\(what()): threw \(error), which is not a LoopError", sourceLocation: sourceLocation)
            return true
        }
    }

    @Test(arguments: instants)
    func aTimerTakesAnyFireDateAndRefusesOnlyInvalidIntervalsAndTolerances(_ fireDate: Instant) async throws {
        try await offPool {
            for interval in Self.seconds {
                for tolerance in Self.seconds {
                    let (loop, clock) = virtualLoop()
                    clock.advance(by: 10)
                    let fired = Lock(0)
                    let what = "Timer(fireDate: \(fireDate), interval: \(interval), tolerance: \(tolerance))"
                    var made: Loop.Timer?
                    let refused = Self.attempt(what) {
                        made = try Loop.Timer(fireDate: fireDate, interval: interval, tolerance: tolerance) { _ in fired.withLock { $0 += 1 } }
                    }
                    #expect(refused == !(Self.isValidInterval(interval) && Self.isValidInterval(tolerance)), "\(what)")
                    guard let timer = made else { continue }
                    try loop.add(timer, forMode: .default)
                    let due = timer.fireDate
                    Self.attempt("run with \(what)") { try loop.run(mode: .default, timeout: 0) }
                    // A poll fires a timer whose fire date has passed, unless its tolerance lets it
                    // wait for a later wake-up; it never fires one not yet due. (A past fire date
                    // became now when the timer joined the loop, and a repeating timer's tolerance
                    // is at most half its interval: hence `timer.fireDate` and `timer.tolerance`.)
                    #expect(due == max(fireDate, loop.now), "\(what): fire date \(due) on joining the loop at \(loop.now)")
                    let mustFire = due + timer.tolerance <= loop.now, mayFire = due <= loop.now
                    #expect(
                        mustFire ? fired.withLock { $0 } == 1 : mayFire ? fired.withLock { $0 } <= 1 : fired.withLock { $0 } == 0,
                        "\(what): fired \(fired.withLock { $0 }) times at \(loop.now)")
                    if fired.withLock({ $0 }) == 1 && timer.repeats && timer.isValid {
                        #expect(timer.fireDate > loop.now, "\(what): next fire date \(timer.fireDate) is not after now")
                    }
                }
            }
        }
    }

    @Test(arguments: instants)
    func aTimersFireDateCanBeSetToAnyInstant(_ fireDate: Instant) async throws {
        try await offPool {
            let (loop, clock) = virtualLoop()
            clock.advance(by: 10)
            let fired = Lock(0)
            let timer = try loop.scheduleTimer(after: 5, interval: 1) { _ in fired.withLock { $0 += 1 } }
            timer.fireDate = fireDate
            Self.attempt("run after fireDate = \(fireDate)") { try loop.run(mode: .default, timeout: 0) }
            #expect(fired.withLock { $0 } == (fireDate <= loop.now ? 1 : 0), "fireDate = \(fireDate): fired \(fired.withLock { $0 }) times")
            #expect(timer.fireDate > loop.now, "fireDate = \(fireDate): next \(timer.fireDate)")
        }
    }

    @Test(arguments: seconds)
    func schedulingAndPerformingAfterADelayRefuseOnlyInvalidDelays(_ delay: Double) async throws {
        try await offPool {
            for interval in Self.seconds {
                let (loop, _) = virtualLoop()
                let refused = Self.attempt("scheduleTimer(after: \(delay), interval: \(interval))") {
                    try loop.scheduleTimer(after: delay, interval: interval) { _ in }
                }
                #expect(refused == !(Self.isValidInterval(delay) && Self.isValidInterval(interval)), "after: \(delay), interval: \(interval)")
                Self.attempt("run") { try loop.run(mode: .default, timeout: 0) }
            }
            let (loop, _) = virtualLoop()
            let ran = Lock(false)
            let refused = Self.attempt("perform(afterDelay: \(delay))") { try loop.perform(afterDelay: delay) { ran.withLock { $0 = true } } }
            #expect(refused == !Self.isValidInterval(delay))
            if !refused {
                Self.attempt("run(until: 100 s)") { try loop.run(until: Instant(seconds: 100)) }
                #expect(ran.withLock { $0 } == (delay < 100), "perform(afterDelay: \(delay)) ran once its time came, and only then")
            }
        }
    }

    @Test(arguments: seconds)
    func aRunTakesAnyTimeoutAndAnyLimit(_ value: Double) async throws {
        try await offPool {
            // One one-shot timer keeps the mode alive; once it has fired the mode is empty and every run ends.
            func loopWithATimer() throws -> (Loop, Lock<Bool>) {
                let (loop, _) = virtualLoop()
                let fired = Lock(false)
                try loop.scheduleTimer(after: 1) { _ in fired.withLock { $0 = true } }
                return (loop, fired)
            }
            var (loop, fired) = try loopWithATimer()
            // The timer is due at 1 s: a run that ends exactly then may end before or after it fires.
            let reachesTheTimer: Bool? = value == 1 ? nil : value > 1
            var result: Loop.RunResult?
            let refused = Self.attempt("run(mode:timeout: \(value))") { result = try loop.run(mode: .default, timeout: value) }
            #expect(refused == value.isNaN, "only a NaN timeout is refused (timeout \(value))")
            if let result, let reachesTheTimer {
                #expect(result == (reachesTheTimer ? .finished : .timedOut), "timeout \(value): \(result)")
                #expect(fired.withLock { $0 } == reachesTheTimer)
            }
            (loop, fired) = try loopWithATimer()
            let limit = Instant(seconds: value)   // NaN seconds: never
            let limitReachesTheTimer: Bool? = limit == Instant(seconds: 1) ? nil : limit > Instant(seconds: 1)
            Self.attempt("run(mode:before: \(limit))") { try loop.run(mode: .default, before: limit) }
            if let limitReachesTheTimer { #expect(fired.withLock { $0 } == limitReachesTheTimer, "run(mode:before: \(limit))") }
            (loop, fired) = try loopWithATimer()
            Self.attempt("run(until: \(limit))") { try loop.run(until: limit) }
            if let limitReachesTheTimer { #expect(fired.withLock { $0 } == limitReachesTheTimer, "run(until: \(limit))") }
        }
    }

    @Test(arguments: instants)
    func aLoopRunsOnAVirtualClockStartedAnywhere(_ start: Instant) async throws {
        try await offPool {
            let clock = VirtualClock(startingAt: start)
            let loop = Loop(clock: clock, mechanisms: .reference, name: "loop")
            loop.passLimit = 10_000
            let fired = Lock(0)
            try loop.scheduleTimer(after: 1, interval: 1) { _ in fired.withLock { $0 += 1 } }
            for timeout in [0, 0.5, 2.2] {
                Self.attempt("run(timeout: \(timeout)) from \(start)") { try loop.run(mode: .default, timeout: timeout) }
            }
            // Within 1 s of the last instant, time and timers stop there: the timer may never come due.
            if start < Instant(nanoseconds: .max - 3_000_000_000) {
                #expect(fired.withLock { $0 } == 2, "from \(start): a 1 s timer over 2.7 s fired \(fired.withLock { $0 }) times")
            }
            #expect(clock.now >= start)
        }
    }

    @Test(arguments: instants)
    func aVirtualClockOnlyMovesForward(_ start: Instant) {
        let clock = VirtualClock(startingAt: start)
        var last = clock.now
        for step in Self.seconds {
            clock.advance(by: step)
            #expect(clock.now >= last, "advance(by: \(step)) from \(last) went back to \(clock.now)")
            last = clock.now
        }
        for instant in Self.instants {
            clock.advance(to: instant)
            #expect(clock.now >= last, "advance(to: \(instant)) from \(last) went back to \(clock.now)")
            last = clock.now
        }
    }

    @Test(arguments: instants)
    func instantArithmeticSaturatesAndKeepsItsOrder(_ a: Instant) {
        _ = a.description + "\(a.seconds)"
        for seconds in Self.seconds {
            let later = a + seconds, earlier = a - seconds
            if seconds.isNaN {
                #expect(later == .distantFuture && earlier == .distantFuture)
            } else if seconds >= 0 {
                #expect(later >= a && earlier <= a, "\(a) ± \(seconds): \(later), \(earlier)")
            } else {
                #expect(later <= a && earlier >= a, "\(a) ± \(seconds): \(later), \(earlier)")
            }
        }
        for b in Self.instants {
            let difference = a - b
            #expect(a > b ? difference > 0 : a < b ? difference < 0 : difference == 0, "\(a) - \(b) = \(difference)")
        }
    }

    @Test(arguments: instants)
    func theReschedulingRuleTakesAnyDatesAndIntervals(_ fireDate: Instant) {
        let rule = ReferenceTimerRescheduling()
        for interval in Self.seconds {
            for now in Self.instants {
                let next = rule.nextFireDate(after: fireDate, interval: interval, now: now)
                if interval > 0 {
                    #expect(
                        next > now || next == .distantFuture,
                        "after \(fireDate), every \(interval) s, now \(now): \(next) is not after now")
                }
            }
        }
    }

    @Test(arguments: integers)
    func ordersAndPassLimitsTakeAnyInteger(_ number: Int) async throws {
        try await offPool {
            let (loop, _) = virtualLoop()
            let log = Log()
            for order in [0, number] {
                try loop.add(
                    Loop.Observer(name: "o\(order)", activities: .beforeSources, order: order) { _ in log.add("observer \(order)") },
                    forMode: .default)
            }
            let source = Loop.Source(name: "s", order: number) { log.add("source \(number)") }
            try loop.add(source, forMode: .default)
            try loop.add(Loop.Port(name: "p", order: number), forMode: .default)
            source.signal()
            #expect(try loop.run(mode: .default, timeout: 0) == .timedOut)
            let observers = number < 0 ? ["observer \(number)", "observer 0"] : ["observer 0", "observer \(number)"]
            #expect(log.all == observers + ["source \(number)"], "observers in order, then the source")
            loop.passLimit = number
            #expect(loop.passLimit == (number > 0 ? number : nil))
        }
    }

    @Test func everyActivityAndTraceFilterBitAndAnyDepthListWithoutATrap() throws {
        let (loop, _) = virtualLoop()
        let trace = loop.startTracing()
        try loop.add(Loop.Observer(activities: Loop.Activity(rawValue: .max)) { _ in }, forMode: .default)
        try keepAlive(loop)
        #expect(try loop.run(mode: .default, timeout: 0) == .timedOut)
        _ = Loop.Activity(rawValue: .max).description
        for bits in [Int.min, -1, 0, .max] {
            _ = trace.lines(LoopTrace.Filter(rawValue: bits))
        }
        for depth in Self.integers {
            let event = TraceEvent(time: .zero, mode: .default, depth: depth, kind: .note("deep"))
            let line = LoopTrace.lines([event], times: false)[0]
            #expect(line.count <= 2 * Loop.nestedRunLimit + 40, "depth \(depth): a line of \(line.count) characters")
        }
    }

    @Test func waitUntilDoneAndJoinTakeAnyTimeout() async throws {
        let worker = Worker()
        try await worker.start()
        let target = worker.thread
        let gone = LoopThread(name: "gone") {}
        try gone.start()
        #expect(await gone.finish(timeout: 5))
        let held = HeldThread()
        try await held.start()
        let running = held.thread
        try await offPool {
            for timeout in Self.seconds {
                let ran = Lock(false)
                var failure: LoopError?
                do throws(LoopError) { try target.perform(waitUntilDone: true, timeout: timeout) { ran.withLock { $0 = true } } } catch { failure = error }
                if timeout.isNaN {
                    #expect(failure == .invalidInterval(timeout) && !ran.withLock { $0 }, "a NaN timeout is refused")
                } else if timeout > 1 {
                    #expect(failure == nil && ran.withLock { $0 }, "timeout \(timeout): the work ran, got \(String(describing: failure))")
                } else {
                    #expect(ran.withLock { $0 } || failure?.description.hasPrefix("timed out") == true, "timeout \(timeout): \(String(describing: failure))")
                }
                #expect(gone.join(timeout: timeout), "an exited thread is joined whatever the timeout (\(timeout))")
                if !(timeout >= 1) {
                    #expect(running.join(timeout: timeout) == false, "a running thread is not joined within \(timeout) s")
                }
            }
        }
        for timeout in Self.seconds {
            #expect(await gone.finish(timeout: timeout), "finish(timeout: \(timeout)) of an exited thread")
        }
        await held.finish()
        await worker.stop()
    }
}
