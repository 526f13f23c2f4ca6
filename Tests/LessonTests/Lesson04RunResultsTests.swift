import Testing

/// Lesson 04: the student's predictions against the reference loop, and the four results produced.
@Suite("Lesson 04 — Run results", .serialized, .tags(.lesson04, .level1, .use))
struct Lesson04Tests {
    /// Runs a scenario on a fresh virtual loop of the reference engine.
    static func actual(_ scenario: (Loop) throws -> Loop.RunResult) throws -> Loop.RunResult {
        let loop = Loop(clock: VirtualClock())
        loop.passLimit = 10_000
        return try scenario(loop)
    }

    /// The student's prediction, read on a thread of its own (it may be unsolved).
    static func predicted(_ prediction: @escaping @Sendable () -> Loop.RunResult) async throws -> Loop.RunResult {
        try await Kata.attempt(lesson: 4) { prediction() }
    }

    @Test("Predict: an empty mode returns at once")
    func emptyMode() async throws {
        let guess = try await Self.predicted { RunResultPredictions.emptyMode }
        let truth = try Self.actual { loop in try loop.run(mode: .default, timeout: 1) }
        #expect(guess == truth, "you predicted \(guess); the loop returned \(truth): a mode with no source, port or timer has nothing to wait for")
    }

    @Test("Predict: a stop sent while nothing runs is lost")
    func stopBeforeTheRun() async throws {
        let guess = try await Self.predicted { RunResultPredictions.stopBeforeTheRun }
        let truth = try Self.actual { loop in
            try loop.add(Loop.Port(), forMode: .default)
            loop.stop()
            return try loop.run(mode: .default, timeout: 1)
        }
        #expect(guess == truth, "you predicted \(guess); the loop returned \(truth): stop() with no run in progress is not remembered")
    }

    @Test("Predict: a stop in the same pass as the deadline")
    func stopAtTheDeadline() async throws {
        let guess = try await Self.predicted { RunResultPredictions.stopAtTheDeadline }
        let truth = try Self.actual { loop in
            try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in Loop.current.stop() }, forMode: .default)
            try loop.add(Loop.Port(), forMode: .default)
            return try loop.run(mode: .default, timeout: 1)
        }
        #expect(guess == truth, "you predicted \(guess); the loop returned \(truth): the decision checks 'timed out' before 'stopped'")
    }

    @Test("Predict: a timer is not a handled source")
    func timerIsNotASource() async throws {
        let guess = try await Self.predicted { RunResultPredictions.timerWithReturnAfterSource }
        let truth = try Self.actual { loop in
            try loop.add(try Loop.Timer(fireDate: loop.now + 0.5, interval: 0.5) { _ in }, forMode: .default)
            return try loop.run(mode: .default, timeout: 2, returnAfterSourceHandled: true)
        }
        #expect(guess == truth, "you predicted \(guess); the loop returned \(truth): only sources (and ports) count as handled")
    }

    @Test("Predict: a zero timeout, and the last timer")
    func zeroTimeoutAndLastTimer() async throws {
        let zero = try await Self.predicted { RunResultPredictions.zeroTimeoutWithASource }
        let last = try await Self.predicted { RunResultPredictions.lastTimerFired }
        let zeroTruth = try Self.actual { loop in
            let source = Loop.Source {}
            try loop.add(source, forMode: .default)
            source.signal()
            return try loop.run(mode: .default, timeout: 0)
        }
        let lastTruth = try Self.actual { loop in
            try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in }, forMode: .default)
            return try loop.run(mode: .default, timeout: 5)
        }
        #expect(zero == zeroTruth, "zero timeout: you predicted \(zero); the loop returned \(zeroTruth)")
        #expect(last == lastTruth, "last timer: you predicted \(last); the loop returned \(lastTruth)")
    }

    @Test("Produce each of the four results")
    func produce() async throws {
        let produced = try await Kata.attempt(lesson: 4) { () -> [String] in
            var lines: [String] = []
            let producers: [(Loop.RunResult, (Loop) throws -> Loop.RunResult)] = [
                (.finished, produceFinished(on:)), (.stopped, produceStopped(on:)),
                (.timedOut, produceTimedOut(on:)), (.handledSource, produceHandledSource(on:)),
            ]
            for (wanted, produce) in producers {
                let loop = Loop(clock: VirtualClock())
                loop.passLimit = 10_000
                let trace = loop.startTracing()
                let result = try produce(loop)
                let ran = trace.events.contains { $0.kind == .activity(.entry) }
                lines.append("\(wanted): returned \(result)\(ran ? "" : " without running (empty mode)")")
            }
            return lines
        }
        Kata.expectSameLines(produced, [
            "finished: returned finished", "stopped: returned stopped",
            "timed out: returned timed out", "handled source: returned handled source",
        ], hint: "finished: a mode that empties itself (a one-shot timer); stopped: stop() from inside the run; timed out: something to wait for that never comes; handled source: returnAfterSourceHandled with a signalled source.",
           expectedTitle: "expected")
    }
}
