import Testing
@testable import RunLoopEngine

/// Each lesson's key scenario (the picture on its page) shows what its "look for" line says: the
/// lines below must appear in its trace, in this order.
@Suite struct LessonScenarioTests {
    static let stories: [(String, [String])] = [
        ("thread-gets-its-loop", ["the same loop — true", "timer \"one-shot\"", "→ finished", "still holds its loop — false"]),
        ("empty-mode-returns", ["tracking  → finished (empty mode: no entry, no exit)", "default   entry", "timer \"default timer\"", "→ finished"]),
        ("common-modes", ["default   timer \"common timer\"", "default   timer \"default timer\"", "mark tracking common",
                          "tracking  timer \"common timer\"", "tracking  timer \"common timer\"", "tracking  → timed out"]),
        ("run-results", ["→ finished", "timer \"calls stop()\"", "→ stopped", "→ timed out", "source \"signalled\"", "→ handled source"]),
        ("source0-wakeup", ["nothing wakes the loop", "wakeUp()", "woke: wake-up", "before sources", "source \"bell\"", "the bell's work runs"]),
        ("perform-after-delay", ["2 s pass", "tracking  → timed out", "default   timer \"perform after delay\"", "the delayed work runs", "default   → finished"]),
        ("keep-alive-port", ["→ finished (empty mode", "add a port", "before waiting", "woke: port \"network\"", "message: response", "→ handled source"]),
        ("autorelease-pools", ["tick: 0 waiting", "tick: 0 waiting", "busy: 0 waiting", "busy: 3 waiting", "busy: 6 waiting"]),
        ("main-queue", ["private   → timed out", "default   main queue \"update label\"", "default   main queue \"reload table\""]),
    ]

    @Test(arguments: stories.map(\.0))
    func theScenarioShowsWhatItsPageSays(_ name: String) async throws {
        let scenario = try #require(TraceScenario.named(name))
        let expected = Self.stories.first { $0.0 == name }!.1
        let lines = try await offPool(timeout: 30) { scenario.run().lines(times: false) }
        var rest = lines[...]
        for wanted in expected {
            guard let index = rest.firstIndex(where: { $0.contains(wanted) }) else {
                Issue.record("\(name): no line with \"\(wanted)\" after the ones before it.\n\(lines.joined(separator: "\n"))")
                return
            }
            rest = rest[(index + 1)...]
        }
        // No stray work: in the tracking or private runs nothing but the common timer fires.
        #expect(!lines.contains { ($0.hasPrefix("tracking") || $0.hasPrefix("private")) && $0.contains("default timer") })
    }
}
