import Testing

/// Lesson 04: the student's predictions against the reference loop, and the results the
/// student's own runs produce — read from the loop's trace, not from what the functions return.

@Suite("Lesson 04 — Run results", .serialized, .tags(.lesson04, .level1, .use), .namedInChinese)
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
    static func expectPrediction(
        _ name: String, _ prediction: @escaping @Sendable () -> Loop.RunResult,
        is truth: Loop.RunResult, because reason: Text,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let guess = try await Harness.attempt(lesson: 4) { prediction() }
        #expect(
            guess == truth,
            Text(
                en: "\(name): you predicted \(guess); the loop returned \(truth) — \(reason.en)",
                zh: "\(name)：你预测的是 `\(guess)`，RunLoop 返回的是 `\(truth)`——\(reason.zh)"
            ).comment,
            sourceLocation: sourceLocation)
    }

    @Test("Predict: an empty mode finishes at once, and so does a run whose last timer fired", .zh("预测：空 Mode 立即结束，最后一个定时器触发之后的运行也一样"), .holds("§1", "§2"))
    func predictFinished() async throws {
        try await Self.expectPrediction(
            "emptyMode", { RunResultPredictions.emptyMode },
            is: try Self.truth { loop in try loop.run(mode: .default, timeout: 1) },
            because: Text(
                en: "a mode with no source, port or timer has nothing to wait for",
                zh: "没有事件源、端口和定时器的 Mode 没有任何可等的东西"))
        try await Self.expectPrediction(
            "lastTimerFired", { RunResultPredictions.lastTimerFired },
            is: try Self.truth { loop in
                try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in }, forMode: .default)
                return try loop.run(mode: .default, timeout: 5)
            },
            because: Text(
                en: "a one-shot timer is gone once it fired, and the mode is empty again",
                zh: "一次性定时器触发之后就没了，Mode 又变空了"))
    }

    @Test("Predict: a stop from inside a run stops it", .zh("预测：在运行内部调用 `stop()` 会让它停下"), .holds("§3"))
    func predictStopped() async throws {
        try await Self.expectPrediction(
            "stopFromATimer", { RunResultPredictions.stopFromATimer },
            is: try Self.truth { loop in try Self.timerStops(loop, at: 1, runFor: 5) },
            because: Text(
                en: "the stop reached a run in progress, long before its deadline",
                zh: "`stop()` 赶上了一次正在进行的运行，离它的截止时间还早得很"))
    }

    @Test("Predict: a stop sent while nothing runs is lost", .zh("预测：没有运行时发出的 `stop()` 会丢掉"), .holds("§4"))
    func predictLostStop() async throws {
        try await Self.expectPrediction(
            "stopBeforeTheRun", { RunResultPredictions.stopBeforeTheRun },
            is: try Self.truth { loop in
                try loop.add(Loop.Port(), forMode: .default)
                loop.stop()
                return try loop.run(mode: .default, timeout: 1)
            },
            because: Text(
                en: "stop() with no run in progress is not remembered: the run waits for its deadline",
                zh: "没有正在进行的运行时，`stop()` 不会被记住：之后的运行会一直等到截止时间"))
    }

    @Test("Predict: a stop in the same pass as the deadline gives timed out", .zh("预测：`stop()` 和截止时间落在同一轮循环，结果是 `timed out`"), .holds("§5"))
    func predictStopAtTheDeadline() async throws {
        try await Self.expectPrediction(
            "stopAtTheDeadline", { RunResultPredictions.stopAtTheDeadline },
            is: try Self.truth { loop in try Self.timerStops(loop, at: 1, runFor: 1) },
            because: Text(
                en: "at the end of a pass the loop checks 'timed out' before 'stopped'",
                zh: "一轮循环结束时，RunLoop 先检查 `timed out`，再检查 `stopped`"))
    }

    @Test("Predict: a timer is not a handled source", .zh("预测：定时器不算被处理的事件源"), .holds("§6"))
    func predictTimerIsNotASource() async throws {
        try await Self.expectPrediction(
            "timerWithReturnAfterSource", { RunResultPredictions.timerWithReturnAfterSource },
            is: try Self.truth { loop in
                try loop.add(try Loop.Timer(fireDate: loop.now + 0.5, interval: 0.5) { _ in }, forMode: .default)
                return try loop.run(mode: .default, timeout: 2, returnAfterSourceHandled: true)
            },
            because: Text(
                en: "only sources and ports count as handled; timers fire and the run goes on",
                zh: "只有事件源和端口才算被处理；定时器触发了，运行还会继续"))
    }

    @Test("Predict: with a zero timeout, a handled source comes before timed out", .zh("预测：超时为 0 时，`handled source` 先于 `timed out`"), .holds("§7", "§8"))
    func predictZeroTimeout() async throws {
        try await Self.expectPrediction(
            "zeroTimeoutWithASource", { RunResultPredictions.zeroTimeoutWithASource },
            is: try Self.truth { loop in try Self.signalledSource(loop, runFor: 0, returnAfterSourceHandled: false) },
            because: Text(
                en: "one pass runs the source; nobody asked to return after it, and the deadline has passed",
                zh: "一轮循环执行了事件源；没人要求处理完就返回，而截止时间已经过了"))
        try await Self.expectPrediction(
            "zeroTimeoutReturningAfterASource", { RunResultPredictions.zeroTimeoutReturningAfterASource },
            is: try Self.truth { loop in try Self.signalledSource(loop, runFor: 0, returnAfterSourceHandled: true) },
            because: Text(
                en: "'handled a source' is the first thing the loop checks at the end of a pass, before the deadline",
                zh: "一轮循环结束时，RunLoop 第一个检查的就是“处理了事件源”，在截止时间之前"))
    }

    // MARK: Produce

    /// What a student's producer did, as the loop recorded it.
    struct Produced: Sendable {
        var returned: Loop.RunResult
        var events: [TraceEvent]

        /// How the last outermost run ended, in words.
        var lastRun: Text {
            switch events.last(where: { $0.depth == 0 && Self.endsARun($0.kind) })?.kind {
            case .runEnded(let result)?: Self.ended(result)
            case .finishedEmpty?: Text(en: "returned finished at once: its mode was empty", zh: "立即返回了 `finished`：它的 Mode 是空的")
            default: Text(en: "never ran: the loop was not run", zh: "根本没有发生：没有人运行 RunLoop")
            }
        }

        /// What each `stop()` met, in order (the notes the test's `stop` leaves in the trace).
        var stops: [Text] {
            let end = events.lastIndex { $0.depth == 0 && Self.endsARun($0.kind) } ?? events.endIndex
            let start = events[..<end].lastIndex { $0.depth == 1 && $0.kind == .activity(.entry) } ?? end
            return events.indices.compactMap { index -> Text? in
                guard case .note(let text) = events[index].kind, text.hasPrefix("stop()") else { return nil }
                let met = [Self.reached, Self.lost].first { $0.en == text } ?? Text(en: text, zh: text)
                let when = index < start ? Self.beforeTheLastRun : index < end ? Self.duringTheLastRun : Self.afterTheLastRun
                return Self.stopLine(met, nested: events[index].depth > 1, when)
            }
        }

        // The story's lines, in the student's language: built the same way for what the
        // student's run did and for what it should have done.

        /// The notes the test's `stop` leaves in the trace (in English, as every trace line).
        static let reached = Text(en: "stop() reached a run in progress", zh: "`stop()` 赶上了一次正在进行的运行")
        static let lost = Text(en: "stop() found nothing running: lost", zh: "`stop()` 没有碰到正在进行的运行：丢了")

        static let beforeTheLastRun = Text(en: "before the last run", zh: "在最后一次运行之前")
        static let duringTheLastRun = Text(en: "during the last run", zh: "在最后一次运行期间")
        static let afterTheLastRun = Text(en: "after the last run", zh: "在最后一次运行之后")

        static func ended(_ result: Loop.RunResult) -> Text { Text(en: "ended \(result)", zh: "以 `\(result)` 结束") }

        /// `stop() reached a run in progress, during the last run`.
        static func stopLine(_ met: Text, nested: Bool = false, _ when: Text) -> Text {
            Text(
                en: "\(met.en)\(nested ? " (a nested one)" : ""), \(when.en)",
                zh: "\(met.zh)\(nested ? "（在一次嵌套运行里）" : "")，\(when.zh)")
        }

        /// `the loop's run ended timed out`.
        static func runLine(_ how: Text) -> Text { Text(en: "the loop's run \(how.en)", zh: "RunLoop 的运行\(how.zh)") }

        /// `you returned timed out`.
        static func returnedLine(_ result: Loop.RunResult) -> Text { Text(en: "you returned \(result)", zh: "你返回了 `\(result)`") }

        /// `finished: the loop's run ended finished; you returned finished`.
        static func resultLine(_ wanted: Loop.RunResult, run: Text, returned: Loop.RunResult) -> Text {
            Text(
                en: "\(wanted): the loop's run \(run.en); you returned \(returned)",
                zh: "`\(wanted)`：RunLoop 的运行\(run.zh)；你返回了 `\(returned)`")
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
        try await Harness.attempt(lesson: 4) {
            let loop = Loop(clock: VirtualClock(startingAt: Instant(seconds: 1000)))
            loop.passLimit = 10_000
            let trace = loop.startTracing()
            let stop: @Sendable () -> Void = { [weak loop] in
                guard let loop else { return }
                loop.note(loop.stop() ? Produced.reached.en : Produced.lost.en)
            }
            let returned = try producer(loop, stop)
            return Produced(returned: returned, events: trace.events)
        }
    }

    @Test("Produce each of the four results, from a run that really ran", .zh("亲手造出四种结果，每一种都来自真正跑过的运行"), .holds("§9", "§11", "§12", "§13", "§14"))
    func produceTheFour() async throws {
        let producers: [(Loop.RunResult, @Sendable (Loop) throws -> Loop.RunResult)] = [
            (.finished, produceFinished(on:)), (.stopped, produceStopped(on:)),
            (.timedOut, produceTimedOut(on:)), (.handledSource, produceHandledSource(on:)),
        ]
        var actual: [Text] = [], expected: [Text] = []
        for (wanted, producer) in producers {
            let produced = try await Self.produce { loop, _ in try producer(loop) }
            actual.append(Produced.resultLine(wanted, run: produced.lastRun, returned: produced.returned))
            expected.append(Produced.resultLine(wanted, run: Produced.ended(wanted), returned: wanted))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    return what the run returned — the test reads how the run really ended. finished: a mode \
                    that empties itself (a one-shot timer); stopped: stop() from inside the run; timed out: \
                    something to wait for that never comes; handled source: returnAfterSourceHandled with a signalled source.
                    """,
                zh: """
                    返回这次运行的返回值——测试读的是运行实际上是怎么结束的。`finished`：一个会自己变空的 Mode（一次性定时器）；\
                    `stopped`：在运行内部调用 `stop()`；`timed out`：等一个永远不会来的东西；`handled source`：\
                    `returnAfterSourceHandled` 加上一个已被标记的事件源。
                    """), expectedTitle: HarnessText.expected)
    }

    @Test("Produce a stop in the same pass as the deadline: the run times out", .zh("造出和截止时间同一轮的 `stop()`：运行以超时结束"), .holds("§10", "§15", "§16"))
    func produceStopAtTheDeadlineTimesOut() async throws {
        let produced = try await Self.produce(produceStopAtTheDeadline(on:stop:))
        Harness.expectSameLines(
            produced.stops + [Produced.runLine(produced.lastRun), Produced.returnedLine(produced.returned)],
            [
                Produced.stopLine(Produced.reached, Produced.duringTheLastRun),
                Produced.runLine(Produced.ended(.timedOut)),
                Produced.returnedLine(.timedOut),
            ],
            hint: Text(
                en:
                    "call the stop() you are given from a timer due exactly at the run's deadline, `loop.now + timeout` (the clock does not start at 0; a port keeps the mode busy): one pass sees both, and checks the deadline first.",
                zh: "让一个正好在运行截止时间 `loop.now + timeout` 到点的定时器去调用交给你的 `stop()`（时钟不是从 0 开始的；用一个端口让 Mode 不为空）：同一轮循环两者都看到，并且先检查截止时间。"),
            expectedTitle: HarnessText.expected)
    }

    @Test("Produce a stop sent while nothing runs: it is lost, and the run times out", .zh("造出没有运行时发出的 `stop()`：它丢掉了，运行以超时结束"), .holds("§16", "§17"))
    func produceLostStopTimesOut() async throws {
        let produced = try await Self.produce(produceLostStop(on:stop:))
        Harness.expectSameLines(
            produced.stops + [Produced.runLine(produced.lastRun), Produced.returnedLine(produced.returned)],
            [
                Produced.stopLine(Produced.lost, Produced.beforeTheLastRun),
                Produced.runLine(Produced.ended(.timedOut)),
                Produced.returnedLine(.timedOut),
            ],
            hint: Text(
                en: "call the stop() you are given before you run the loop, then run a mode that has something to wait for (a port) with a timeout.",
                zh: "在运行 RunLoop 之前调用交给你的 `stop()`，然后带着超时运行一个有东西可等（一个端口）的 Mode。"),
            expectedTitle: HarnessText.expected)
    }
}
