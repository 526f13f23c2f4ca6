import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "One run (CFRunLoopRunSpecific)" and "Run variants".
@Suite struct RunTests {
    // MARK: One run

    @Test func anEmptyModeReturnsFinishedAtOnceWithoutEntryOrExit() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        try loop.add(activityLogger(log), forMode: .default)
        let trace = loop.startTracing()
        #expect(try loop.run(mode: .default, timeout: 10) == .finished)
        #expect(log.all.isEmpty, "no observer is told anything for an empty mode")
        #expect(summaries(trace) == ["→ finished (empty mode: no entry, no exit)"])
        #expect(loop.now == .zero, "an empty mode returns at once")
    }

    @Test func observersAloneDoNotKeepAModeAlive() throws {
        let (loop, _) = virtualLoop()
        try loop.add(Loop.Observer(activities: .all) { _ in }, forMode: .default)
        #expect(loop.isEmpty(mode: .default))
        #expect(try loop.run(mode: .default, timeout: 1) == .finished)
    }

    @Test func aSourceAPortATimerOrABlockMakesAModeNonEmpty() throws {
        let (loop, _) = virtualLoop()
        #expect(loop.isEmpty(mode: "a") && loop.isEmpty(mode: "b") && loop.isEmpty(mode: "c") && loop.isEmpty(mode: "d"))
        try loop.add(Loop.Source {}, forMode: "a")
        try loop.add(Loop.Port(), forMode: "b")
        try loop.add(try Loop.Timer(fireDate: loop.now + 100) { _ in }, forMode: "c")
        loop.perform(inModes: ["d"]) {}
        for mode: Loop.Mode in ["a", "b", "c", "d"] { #expect(!loop.isEmpty(mode: mode), "mode \(mode)") }
        #expect(loop.isEmpty(mode: "e"))
    }

    @Test func aBlockForCommonModesKeepsOnlyCommonModesAlive() throws {
        let (loop, _) = virtualLoop()
        loop.perform(inModes: [.common]) {}
        #expect(!loop.isEmpty(mode: .default), "default is common")
        #expect(loop.isEmpty(mode: .tracking), "tracking is not common (yet)")
        loop.addCommonMode(.tracking)
        #expect(!loop.isEmpty(mode: .tracking), "now it is")
    }

    @Test func entryAndExitFrameEveryResult() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        try loop.add(activityLogger(log), forMode: .default)
        let source = Loop.Source(name: "s") {}
        try loop.add(source, forMode: .default)
        var results: [Loop.RunResult] = []
        results.append(try loop.run(mode: .default, timeout: 1))   // timed out
        source.signal()
        results.append(try loop.run(mode: .default, timeout: 1, returnAfterSourceHandled: true))   // handled source
        try loop.add(try Loop.Timer(fireDate: clock.now + 0.5) { _ in loop.stop() }, forMode: .default)
        results.append(try loop.run(mode: .default, timeout: 1))   // stopped
        loop.remove(.source(source), fromMode: .default)
        try loop.add(try Loop.Timer(fireDate: clock.now + 0.5) { _ in }, forMode: .default)
        results.append(try loop.run(mode: .default, timeout: 1))   // finished
        #expect(results == [.timedOut, .handledSource, .stopped, .finished])
        #expect(log.all.filter { $0 == "entry" }.count == 4)
        #expect(log.all.filter { $0 == "exit" }.count == 4)
        #expect(log.all.first == "entry" && log.all.last == "exit")
    }

    @Test func currentModeIsSetDuringARunAndRestoredAfterANestedRun() throws {
        let (loop, _) = virtualLoop()
        let seen = Log()
        try keepAlive(loop, "inner")
        try loop.add(
            try Loop.Timer(fireDate: loop.now + 1) { _ in
                seen.add("outer: \(loop.currentMode?.name ?? "none")")
                _ = try? loop.run(mode: "inner", timeout: 0)
                seen.add("after nested: \(loop.currentMode?.name ?? "none")")
            }, forMode: .default)
        try loop.add(Loop.Observer(activities: .entry) { _ in seen.add("entry in \(loop.currentMode?.name ?? "none")") }, forMode: "inner")
        #expect(loop.currentMode == nil)
        try loop.run(mode: .default, timeout: 2)
        #expect(loop.currentMode == nil)
        #expect(seen.all == ["outer: default", "entry in inner", "after nested: default"])
    }

    @Test func runsNestAndANestedRunRunsOnlyItsOwnMode() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        try loop.add(try Loop.Timer(name: "inner tick", fireDate: loop.now + 1.5) { _ in log.add("inner tick") }, forMode: "inner")
        try loop.add(try Loop.Timer(name: "outer tick", fireDate: loop.now + 1.2) { _ in log.add("outer tick") }, forMode: .default)
        try loop.add(
            try Loop.Timer(name: "nest", fireDate: loop.now + 1) { _ in
                log.add("nested: \(String(describing: try? loop.run(mode: "inner", timeout: 1)))")
            }, forMode: .default)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 3)
        #expect(log.all == ["inner tick", "nested: Optional(finished)", "outer tick"])
        #expect(trace.events.contains { $0.depth == 2 && $0.summary == "timer \"inner tick\"" })
    }

    @Test func resultsHaveCFsRawValues() {
        #expect(Loop.RunResult.finished.rawValue == 1)
        #expect(Loop.RunResult.stopped.rawValue == 2)
        #expect(Loop.RunResult.timedOut.rawValue == 3)
        #expect(Loop.RunResult.handledSource.rawValue == 4)
    }

    // MARK: Run variants

    @Test func runUntilStoppedRepeatsRunsUntilStopped() throws {
        let (loop, clock) = virtualLoop()
        try keepAlive(loop)
        try loop.add(try Loop.Timer(fireDate: loop.now + 3) { _ in loop.stop() }, forMode: .default)
        try loop.runUntilStopped()
        #expect(clock.now == Instant(seconds: 3))
    }

    @Test func runUntilStoppedEndsWhenTheDefaultModeIsEmpty() throws {
        let (loop, clock) = virtualLoop()
        try loop.add(try Loop.Timer(fireDate: loop.now + 2) { _ in }, forMode: .default)
        try loop.runUntilStopped()
        #expect(clock.now == Instant(seconds: 2))
    }

    @Test func runInModeIsOneRunWithItsTimeoutAndReturnAfterSource() throws {
        let (loop, clock) = virtualLoop()
        let source = Loop.Source {}
        try loop.add(source, forMode: .default)
        #expect(try loop.run(mode: .default, timeout: 2.5) == .timedOut)
        #expect(clock.now == Instant(seconds: 2.5))
        source.signal()
        #expect(try loop.run(mode: .default, timeout: 10, returnAfterSourceHandled: true) == .handledSource)
        #expect(clock.now == Instant(seconds: 2.5))
    }

    @Test func runModeBeforeReturnsFalseForAnEmptyModeAndTrueAfterOneSource() throws {
        let (loop, clock) = virtualLoop()
        #expect(try loop.run(mode: .default, before: loop.now + 5) == false)
        let log = Log()
        let source = Loop.Source(name: "s") { log.add("s") }
        try loop.add(source, forMode: .default)
        source.signal()
        #expect(try loop.run(mode: .default, before: .distantFuture) == true)
        #expect(log.all == ["s"], "it returned after the one source")
        #expect(try loop.run(mode: .default, before: clock.now + 1) == true, "the limit ended this one")
        #expect(clock.now == Instant(seconds: 1))
    }

    @Test func foundationRunIsNotEndedByStopOnlyByAnEmptyDefaultMode() throws {
        let (loop, clock) = virtualLoop()
        let stops = Lock(0)
        // A repeating timer stops the loop three times, then invalidates itself: the mode is empty.
        try loop.add(
            try Loop.Timer(name: "stopper", fireDate: loop.now + 1, interval: 1) { timer in
                stops.withLock { $0 += 1 }
                if stops.withLock({ $0 }) == 3 { timer.invalidate() }
                loop.stop()
            }, forMode: .default)
        let trace = loop.startTracing()
        try loop.run()
        #expect(stops.withLock { $0 } == 3)
        #expect(clock.now == Instant(seconds: 3))
        #expect(summaries(trace, .results).filter { $0 == "→ stopped" }.count == 3, "each stop ended one inner run; run() started another")
    }

    @Test func foundationRunUntilEndsAtItsLimitAndPollsOnceEvenIfItHasPassed() throws {
        let (loop, clock) = virtualLoop()
        let ticks = Log()
        try loop.add(try Loop.Timer(fireDate: loop.now + 1, interval: 1) { _ in ticks.add("tick") }, forMode: .default)
        try loop.run(until: loop.now + 3.5)
        #expect(ticks.count == 3)
        #expect(clock.now == Instant(seconds: 3.5))
        let source = Loop.Source(name: "late") { ticks.add("late source") }
        try loop.add(source, forMode: .default)
        source.signal()
        try loop.run(until: clock.now - 1)
        #expect(ticks.all.last == "late source", "like Foundation, run(until:) with a past date still polls once")
    }
}
