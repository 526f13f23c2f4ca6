import RunLoopEngine

/// A named scenario of the lessons and the articles, run on the reference engine, that produces
/// a trace: what `kata trace NAME` draws, and the picture on each lesson's page.
///
/// Every scenario but those marked ``onRealThreads`` runs on a ``VirtualClock`` (so its times
/// are exact and the same every time) on a thread of its own, and returns the trace of the loop
/// it watches. What it says (its summary, what to look for, the notes it writes into its trace)
/// is written here in both languages; a run writes its notes in the language asked for.
public struct TraceScenario: Sendable {
    /// The name to ask for: `one-touch`.
    public let name: String
    /// One line: what the scenario shows. Trace words (`→ finished`, `woke: port`) and the
    /// scenario's own names for its parts stay in the Chinese as the timeline prints them.
    public let summary: Text
    /// What to look for in the timeline.
    public let lookFor: Text
    /// Whether it runs on real threads and the real clock: its times differ a little from run to
    /// run (every other scenario gives the same trace every time).
    public let onRealThreads: Bool
    private let body: @Sendable (Language) throws -> LoopTrace

    init(
        name: String, summary: Text, lookFor: Text, onRealThreads: Bool = false, body: @escaping @Sendable (Language) throws -> LoopTrace
    ) {
        self.name = name
        self.summary = summary
        self.lookFor = lookFor
        self.onRealThreads = onRealThreads
        self.body = body
    }

    /// Runs the scenario (on a thread of its own) and returns the trace, its notes in `language`.
    public func run(in language: Language) -> LoopTrace {
        let result = ScenarioResult()
        let thread = LoopThread(name: "scenario") {
            do { result.trace = try body(language) } catch { result.error = error }
        }
        do { try thread.start() } catch {
            return LoopTrace.failed(Text(en: "could not start the scenario: \(error)", zh: "无法启动场景：\(error)"), in: language)
        }
        guard thread.join(timeout: 10) else {
            return LoopTrace.failed(Text(en: "the scenario did not finish within 10 s", zh: "场景没有在 10 秒内结束"), in: language)
        }
        if let error = result.error {
            return LoopTrace.failed(Text(en: "the scenario failed: \(error)", zh: "场景运行失败：\(error)"), in: language)
        }
        return result.trace ?? LoopTrace.failed(Text(en: "the scenario produced no trace", zh: "场景没有产生轨迹"), in: language)
    }

    /// Every scenario: the lessons' key scenarios in the order of the course (each lesson's file
    /// names its own, ``CourseLesson``), then those of the articles alone.
    public static let all: [TraceScenario] = CourseLesson.all.compactMap(\.scenario) + articles

    /// The scenarios no lesson page draws.
    static let articles: [TraceScenario] = [.stallMonitorLive]

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
    static func failed(_ reason: Text, in language: Language) -> LoopTrace {
        LoopTrace([TraceEvent(time: .zero, mode: .default, depth: 0, kind: .note(reason.in(language)))])
    }
}
