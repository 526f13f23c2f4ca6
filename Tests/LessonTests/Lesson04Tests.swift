import Testing

/// Lesson 04: the student's predictions against the reference loop, and the results the
/// student's own runs produce — read from the loop's trace, not from what the functions return.
@Suite("Lesson 04 — Run results", .serialized, .tags(.lesson04, .level1, .use))
struct Lesson04Tests {
    // MARK: Predict

    /// Runs a scenario on a fresh virtual loop of the reference engine: the truth.
    static func truth(_ scenario: (Loop) throws -> Loop.RunResult) throws -> Loop.RunResult {
        let loop = Loop(clock: VirtualClock())
        loop.passLimit = 10_000
        return try scenario(loop)
    }

    /// A timer due `at` seconds calls stop(); a port keeps the mode busy; the run lasts `runFor` seconds.
    static func timerStops(_ loop: Loop, at fire: Double, runFor timeout: Double) throws -> Loop.RunResult {
        try loop.add(try Loop.Timer(fireDate: loop.now + fire) { _ in Loop.current.stop() }, forMode: .default)
        try loop.add(Loop.Port(), forMode: .default)
        return try loop.run(mode: .default, timeout: timeout)
    }

    /// A signalled source waits in the mode; the run lasts `runFor` seconds.
    static func signalledSource(_ loop: Loop, runFor timeout: Double, returnAfterSourceHandled: Bool) throws -> Loop.RunResult {
        let source = Loop.Source {}
        try loop.add(source, forMode: .default)
        source.signal()
        return try loop.run(mode: .default, timeout: timeout, returnAfterSourceHandled: returnAfterSourceHandled)
    }

    /// Reads the student's prediction (on a thread of its own: it may be unsolved) and expects it
    /// to be what the reference loop returned.
    static func expectPrediction(_ name: String, _ prediction: @escaping @Sendable () -> Loop.RunResult,
                                 is truth: Loop.RunResult, because reason: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let guess = try await Kata.attempt(lesson: 4) { prediction() }
        #expect(guess == truth, "\(name): you predicted \(guess); the loop returned \(truth) — \(reason)", sourceLocation: sourceLocation)
    }

    @Test("Predict: an empty mode finishes at once, and so does a run whose last timer fired")
    func predictFinished() async throws {
        try await Self.expectPrediction("emptyMode", { RunResultPredictions.emptyMode },
            is: try Self.truth { loop in try loop.run(mode: .default, timeout: 1) },
            because: "a mode with no source, port or timer has nothing to wait for")
        try await Self.expectPrediction("lastTimerFired", { RunResultPredictions.lastTimerFired },
            is: try Self.truth { loop in
                try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in }, forMode: .default)
                return try loop.run(mode: .default, timeout: 5)
            },
            because: "a one-shot timer is gone once it fired, and the mode is empty again")
    }

    @Test("Predict: a stop from inside a run stops it")
    func predictStopped() async throws {
        try await Self.expectPrediction("stopFromATimer", { RunResultPredictions.stopFromATimer },
            is: try Self.truth { loop in try Self.timerStops(loop, at: 1, runFor: 5) },
            because: "the stop reached a run in progress, long before its deadline")
    }

    @Test("Predict: a stop sent while nothing runs is lost")
    func predictLostStop() async throws {
        try await Self.expectPrediction("stopBeforeTheRun", { RunResultPredictions.stopBeforeTheRun },
            is: try Self.truth { loop in
                try loop.add(Loop.Port(), forMode: .default)
                loop.stop()
                return try loop.run(mode: .default, timeout: 1)
            },
            because: "stop() with no run in progress is not remembered: the run waits for its deadline")
    }

    @Test("Predict: a stop in the same pass as the deadline gives timed out")
    func predictStopAtTheDeadline() async throws {
        try await Self.expectPrediction("stopAtTheDeadline", { RunResultPredictions.stopAtTheDeadline },
            is: try Self.truth { loop in try Self.timerStops(loop, at: 1, runFor: 1) },
            because: "at the end of a pass the loop checks 'timed out' before 'stopped'")
    }

    @Test("Predict: a timer is not a handled source")
    func predictTimerIsNotASource() async throws {
        try await Self.expectPrediction("timerWithReturnAfterSource", { RunResultPredictions.timerWithReturnAfterSource },
            is: try Self.truth { loop in
                try loop.add(try Loop.Timer(fireDate: loop.now + 0.5, interval: 0.5) { _ in }, forMode: .default)
                return try loop.run(mode: .default, timeout: 2, returnAfterSourceHandled: true)
            },
            because: "only sources and ports count as handled; timers fire and the run goes on")
    }

    @Test("Predict: with a zero timeout, a handled source comes before timed out")
    func predictZeroTimeout() async throws {
        try await Self.expectPrediction("zeroTimeoutWithASource", { RunResultPredictions.zeroTimeoutWithASource },
            is: try Self.truth { loop in try Self.signalledSource(loop, runFor: 0, returnAfterSourceHandled: false) },
            because: "one pass runs the source; nobody asked to return after it, and the deadline has passed")
        try await Self.expectPrediction("zeroTimeoutReturningAfterASource", { RunResultPredictions.zeroTimeoutReturningAfterASource },
            is: try Self.truth { loop in try Self.signalledSource(loop, runFor: 0, returnAfterSourceHandled: true) },
            because: "'handled a source' is the first thing the loop checks at the end of a pass, before the deadline")
    }

    // MARK: Produce

    /// What a student's producer did, as the loop recorded it.
    struct Produced: Sendable {
        var returned: Loop.RunResult
        var events: [TraceEvent]

        /// How the last outermost run ended, in words.
        var lastRun: String {
            switch events.last(where: { $0.depth == 0 && Self.endsARun($0.kind) })?.kind {
            case .runEnded(let result)?: "ended \(result)"
            case .finishedEmpty?: "returned finished at once: its mode was empty"
            default: "never ran: the loop was not run"
            }
        }

        /// What each `stop()` met, in order (the notes the test's `stop` leaves in the trace).
        var stops: [String] {
            let end = events.lastIndex { $0.depth == 0 && Self.endsARun($0.kind) } ?? events.endIndex
            let start = events[..<end].lastIndex { $0.depth == 1 && $0.kind == .activity(.entry) } ?? end
            return events.indices.compactMap { index -> String? in
                guard case .note(let text) = events[index].kind, text.hasPrefix("stop()") else { return nil }
                let when = index < start ? "before the last run" : index < end ? "during the last run" : "after the last run"
                return "\(text)\(events[index].depth > 1 ? " (a nested one)" : ""), \(when)"
            }
        }

        static func endsARun(_ kind: TraceEvent.Kind) -> Bool {
            switch kind {
            case .runEnded, .finishedEmpty: true
            default: false
            }
        }
    }

    /// Runs a producer on a fresh traced loop on a virtual clock; hands it a `stop` that stops
    /// the loop and notes, in the trace, whether a run was there to stop. The clock does not
    /// start at 0 (it reads 1000 s): a fire date counted from the clock's origin is in the past.
    static func produce(_ producer: @escaping @Sendable (Loop, @escaping @Sendable () -> Void) throws -> Loop.RunResult) async throws -> Produced {
        try await Kata.attempt(lesson: 4) {
            let loop = Loop(clock: VirtualClock(startingAt: Instant(seconds: 1000)))
            loop.passLimit = 10_000
            let trace = loop.startTracing()
            let stop: @Sendable () -> Void = { [weak loop] in
                guard let loop else { return }
                loop.note(loop.stop() ? "stop() reached a run in progress" : "stop() found nothing running: lost")
            }
            let returned = try producer(loop, stop)
            return Produced(returned: returned, events: trace.events)
        }
    }

    @Test("Produce each of the four results, from a run that really ran")
    func produceTheFour() async throws {
        let producers: [(Loop.RunResult, @Sendable (Loop) throws -> Loop.RunResult)] = [
            (.finished, produceFinished(on:)), (.stopped, produceStopped(on:)),
            (.timedOut, produceTimedOut(on:)), (.handledSource, produceHandledSource(on:)),
        ]
        var actual: [String] = [], expected: [String] = []
        for (wanted, producer) in producers {
            let produced = try await Self.produce { loop, _ in try producer(loop) }
            actual.append("\(wanted): the loop's run \(produced.lastRun); you returned \(produced.returned)")
            expected.append("\(wanted): the loop's run ended \(wanted); you returned \(wanted)")
        }
        Kata.expectSameLines(actual, expected, hint: """
            return what the run returned — the test reads how the run really ended. finished: a mode \
            that empties itself (a one-shot timer); stopped: stop() from inside the run; timed out: \
            something to wait for that never comes; handled source: returnAfterSourceHandled with a signalled source.
            """, expectedTitle: HarnessText.expected.localized)
    }

    @Test("Produce a stop in the same pass as the deadline: the run times out")
    func produceStopAtTheDeadlineTimesOut() async throws {
        let produced = try await Self.produce(produceStopAtTheDeadline(on:stop:))
        Kata.expectSameLines(produced.stops + ["the loop's run \(produced.lastRun)", "you returned \(produced.returned)"], [
            "stop() reached a run in progress, during the last run",
            "the loop's run ended timed out",
            "you returned timed out",
        ], hint: "call the stop() you are given from a timer due exactly at the run's deadline, `loop.now + timeout` (the clock does not start at 0; a port keeps the mode busy): one pass sees both, and checks the deadline first.",
           expectedTitle: HarnessText.expected.localized)
    }

    @Test("Produce a stop sent while nothing runs: it is lost, and the run times out")
    func produceLostStopTimesOut() async throws {
        let produced = try await Self.produce(produceLostStop(on:stop:))
        Kata.expectSameLines(produced.stops + ["the loop's run \(produced.lastRun)", "you returned \(produced.returned)"], [
            "stop() found nothing running: lost, before the last run",
            "the loop's run ended timed out",
            "you returned timed out",
        ], hint: "call the stop() you are given before you run the loop, then run a mode that has something to wait for (a port) with a timeout.",
           expectedTitle: HarnessText.expected.localized)
    }
}

extension ChineseTestNames {
    static let lesson04: [String: String] = [:]
}
