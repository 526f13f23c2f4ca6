import Testing
@testable import RunLoopEngine

/// The trace: what it records, how it renders, and that a scenario gives the same trace every time.
@Suite struct TraceTests {
    @Test func aTraceRecordsTimesModesNestingAndNotes() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop, "inner")
        try loop.add(
            try Loop.Timer(name: "t", fireDate: loop.now + 1) { _ in
                loop.note("in the callout")
                _ = try? loop.run(mode: "inner", timeout: 0)
            }, forMode: .default)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 2)
        let note = try #require(trace.events.first { $0.kind == .note("in the callout") })
        #expect(note.time == Instant(seconds: 1) && note.mode == .default && note.depth == 1)
        #expect(trace.events.contains { $0.mode == "inner" && $0.depth == 2 && $0.kind == .activity(.entry) })
        let lines = trace.lines()
        #expect(lines.contains("   1000 ms  default   · in the callout"))
        #expect(lines.contains("   1000 ms  inner       entry"), "nested runs are indented")
        let timeline = trace.timeline()
        #expect(timeline.hasPrefix("      time  mode      event"))
        #expect(timeline.contains("│ entry"))
    }

    @Test func rewritingNotesChangesTheNotesOnlyAndLeavesTheTraceAsItWas() throws {
        let (loop, _) = virtualLoop()
        try loop.add(try Loop.Timer(name: "t", fireDate: loop.now + 1) { _ in loop.note("in the callout") }, forMode: .default)
        let trace = loop.startTracing()
        loop.note("before the run")
        try loop.run(mode: .default, timeout: 2)
        let before = trace.events
        let rewritten = trace.rewritingNotes { "«\($0)»" }
        #expect(rewritten.events.count == before.count)
        for (old, new) in zip(before, rewritten.events) {
            if case .note(let text) = old.kind {
                #expect(new == TraceEvent(time: old.time, mode: old.mode, depth: old.depth, kind: .note("«\(text)»")))
            } else {
                #expect(new == old)
            }
        }
        #expect(rewritten.lines().contains("   1000 ms  default   · «in the callout»"))
        #expect(trace.events == before, "the trace rewritten is a copy: the original keeps its notes")
    }

    @Test func stoppingAndClearingATrace() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 0)
        #expect(!trace.events.isEmpty)
        trace.clear()
        loop.stopTracing()
        #expect(loop.trace == nil)
        try loop.run(mode: .default, timeout: 0)
        #expect(trace.events.isEmpty)
    }

    @Test func filtersChooseWhatALineListShows() throws {
        let (loop, _) = virtualLoop()
        try loop.add(try Loop.Timer(name: "t", fireDate: loop.now + 1) { _ in }, forMode: .default)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 2)
        #expect(summaries(trace, .callouts) == ["timer \"t\""])
        #expect(summaries(trace, .results) == ["→ finished"])
        #expect(summaries(trace, .wakeUps) == ["woke: timers"])
    }

    @Test func sideBySideMarksTheFirstDifference() {
        let text = LoopTrace.sideBySide(expected: ["a", "b", "c"], actual: ["a", "x", "y"])
        let rows = text.split(separator: "\n").map(String.init)
        #expect(rows.count == 5)
        #expect(rows[2].hasPrefix("   1 a"))
        #expect(rows[3].hasPrefix("✗  2 b") && rows[3].hasSuffix("│ x"))
        #expect(rows[4].hasPrefix("   3 c"), "only the first difference is marked")
    }

    @Test func everyArticleScenarioGivesTheSameTraceEveryTime() async throws {
        for scenario in TraceScenario.all {
            let (first, second) = try await offPool(timeout: 30) { (scenario.run().lines(), scenario.run().lines()) }
            #expect(!first.isEmpty && first == second, "scenario \(scenario.name)")
            #expect(!first.contains { $0.contains("failed") || $0.contains("did not finish") }, "scenario \(scenario.name): \(first)")
            #expect(TraceScenario.named(scenario.name)?.name == scenario.name)
        }
    }
}
