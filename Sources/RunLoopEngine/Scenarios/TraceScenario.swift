/// A named scenario from the articles, run on the reference engine, that produces a trace:
/// what `kata trace NAME` draws.
///
/// Every scenario runs on a ``VirtualClock`` (so its times are exact and the same every time)
/// on a thread of its own, and returns the trace of the loop it watches.
public struct TraceScenario: Sendable {
    /// The name to ask for: `one-touch`.
    public let name: String
    /// One line: what the scenario shows.
    public let summary: String
    /// What to look for in the timeline.
    public let lookFor: String
    private let body: @Sendable () throws -> LoopTrace

    init(name: String, summary: String, lookFor: String, body: @escaping @Sendable () throws -> LoopTrace) {
        self.name = name
        self.summary = summary
        self.lookFor = lookFor
        self.body = body
    }

    /// Runs the scenario (on a thread of its own) and returns the trace.
    public func run() -> LoopTrace {
        let result = ScenarioResult()
        let thread = LoopThread(name: "scenario") {
            do { result.trace = try body() } catch { result.error = error }
        }
        do { try thread.start() } catch { return LoopTrace.failed("could not start the scenario: \(error)") }
        guard thread.join(timeout: 10) else { return LoopTrace.failed("the scenario did not finish within 10 s") }
        if let error = result.error { return LoopTrace.failed("the scenario failed: \(error)") }
        return result.trace ?? LoopTrace.failed("the scenario produced no trace")
    }

    /// Runs the scenario and draws its timeline as an SVG picture (see ``TimelinePicture``), with
    /// the scenario's own English summary and look-for line unless others are given.
    public func picture(summary: String? = nil, lookFor: String? = nil, labels: TimelinePicture.Labels = .english) -> String {
        run().picture(title: name, summary: summary ?? self.summary, lookFor: lookFor ?? self.lookFor, labels: labels)
    }

    /// Every scenario, in the order of the course.
    public static let all: [TraceScenario] = [
        .threadGetsItsLoop, .emptyModeReturns, .commonModes, .runResults, .source0Wakeup, .timerOverrun,
        .performAfterDelay, .performOnThread, .keepAlivePort, .runVersusGuardedLoop, .oneTouch,
        .autoreleasePools, .timerDuringScroll, .mainQueue, .touchJourney,
    ]

    /// The scenario called `name`, if any.
    public static func named(_ name: String) -> TraceScenario? {
        all.first { $0.name == name }
    }
}

/// Where a scenario thread leaves its outcome. Written by the scenario thread before it exits,
/// read after `join`, so no lock is needed.
private final class ScenarioResult: @unchecked Sendable {
    var trace: LoopTrace?
    var error: (any Error)?
}

extension LoopTrace {
    /// A trace that holds one note: why there is no real trace.
    static func failed(_ reason: String) -> LoopTrace {
        let trace = LoopTrace()
        trace.append(TraceEvent(time: .zero, mode: .default, depth: 0, kind: .note(reason)))
        return trace
    }
}
