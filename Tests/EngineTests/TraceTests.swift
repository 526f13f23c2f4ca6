import Testing
@testable import RunLoopEngine

/// The trace: what it records, and how it lists it.
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
    }

    @Test func aTraceMadeFromEventsHoldsThemAsRecorded() {
        let events = [
            TraceEvent(time: .zero, mode: .default, depth: 1, kind: .activity(.entry)),
            TraceEvent(time: Instant(seconds: 1), mode: "inner", depth: 2, kind: .note("made by hand")),
        ]
        let trace = LoopTrace(events)
        #expect(trace.events == events)
        #expect(trace.lines(times: false) == ["default   entry", "inner       · made by hand"])
        #expect(LoopTrace().events.isEmpty)
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
}
