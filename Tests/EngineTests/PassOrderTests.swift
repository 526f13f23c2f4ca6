import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "One pass of the loop (__CFRunLoopRun)": its eleven steps, the last the decision.
@Suite struct PassOrderTests {
    @Test func onePassRunsTheStepsInCFsOrder() throws {
        let (loop, _) = virtualLoop()
        let source = Loop.Source(name: "s") { loop.perform(inModes: [.default], name: "queued by s") {} }
        try loop.add(source, forMode: .default)
        try loop.add(
            try Loop.Timer(name: "t", fireDate: loop.now + 1) { _ in
                loop.perform(inModes: [.default], name: "queued by t") {}
            }, forMode: .default)
        loop.perform(inModes: [.default], name: "queued before") {}
        source.signal()
        let trace = loop.startTracing()
        #expect(try loop.run(mode: .default, timeout: 2) == .timedOut)
        expectLines(
            summaries(trace),
            [
                "entry",
                // pass 1: a source ran, so the loop polls: no before/after waiting
                "before timers", "before sources", "block \"queued before\"", "source \"s\"", "block \"queued by s\"",
                // pass 2: sleeps until the timer, fires it, runs the block it queued (step 10)
                "before timers", "before sources", "before waiting", "woke: timers", "after waiting", "timer \"t\"", "block \"queued by t\"",
                // pass 3: sleeps until the deadline
                "before timers", "before sources", "before waiting", "woke: deadline", "after waiting",
                "exit", "→ timed out",
            ])
    }

    @Test func blocksRunAgainAfterSource0sOnlyIfASourceRan() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let trace = loop.startTracing()
        // No source runs: the block queued by the entry observer runs at step 3, the one queued at
        // step 3 waits for step 10 (there is no second blocks step before sleeping).
        try loop.add(
            Loop.Observer(activities: .entry, repeats: false) { _ in
                loop.perform(inModes: [.default], name: "b1") { loop.perform(inModes: [.default], name: "b2") {} }
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 1)
        expectLines(
            summaries(trace, [.activities, .callouts]),
            [
                "entry", "before timers", "before sources", "block \"b1\"", "before waiting", "after waiting", "block \"b2\"", "exit",
            ])
    }

    @Test func aRunWithNoTimeLeftPollsWithoutTellingWaitingObservers() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let trace = loop.startTracing()
        #expect(try loop.run(mode: .default, timeout: 0) == .timedOut)
        #expect(try loop.run(mode: .default, timeout: -5) == .timedOut)
        #expect(
            summaries(trace) == [
                "entry", "before timers", "before sources", "exit", "→ timed out",
                "entry", "before timers", "before sources", "exit", "→ timed out",
            ])
    }

    @Test func aPassHandlesOnePortMessage() throws {
        let (loop, _) = virtualLoop()
        let port = Loop.Port(name: "p") { _ in }
        try loop.add(port, forMode: .default)
        try port.send("m1")
        try port.send("m2")
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 1)
        expectLines(
            summaries(trace, [.callouts, .wakeUps]),
            [
                "woke: port \"p\"", "port \"p ← m1\"", "woke: port \"p\"", "port \"p ← m2\"", "woke: deadline",
            ])
    }

    @Test func handledSourceIsDecidedBeforeTimedOut() throws {
        let (loop, _) = virtualLoop()
        let source = Loop.Source {}
        try loop.add(source, forMode: .default)
        source.signal()
        #expect(try loop.run(mode: .default, timeout: 0, returnAfterSourceHandled: true) == .handledSource)
    }

    @Test func timedOutIsDecidedBeforeStopped() throws {
        let (loop, _) = virtualLoop()
        let source = Loop.Source { loop.stop() }
        try loop.add(source, forMode: .default)
        source.signal()
        #expect(try loop.run(mode: .default, timeout: 0) == .timedOut)
    }

    @Test func stoppedIsDecidedBeforeFinished() throws {
        let (loop, _) = virtualLoop()
        try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in loop.stop() }, forMode: .default)
        #expect(try loop.run(mode: .default, timeout: 5) == .stopped)
        #expect(loop.isEmpty(mode: .default), "the one-shot timer is gone: the mode was empty too")
    }

    @Test func aRunFinishesWhenItsModeBecomesEmpty() throws {
        let (loop, clock) = virtualLoop()
        try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in }, forMode: .default)
        #expect(try loop.run(mode: .default, timeout: 5) == .finished)
        #expect(clock.now == Instant(seconds: 1))
    }

    @Test func aStopBeforeTheFirstPassEndsTheRunAtOnce() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        try loop.add(Loop.Observer(activities: .entry) { _ in loop.stop() }, forMode: .default)
        let trace = loop.startTracing()
        #expect(try loop.run(mode: .default, timeout: 5) == .stopped)
        #expect(summaries(trace) == ["entry", "exit", "→ stopped"])
    }

    @Test func aTimerNeverCountsAsAHandledSource() throws {
        let (loop, _) = virtualLoop()
        let ticks = Log()
        try loop.add(try Loop.Timer(fireDate: loop.now + 1, interval: 1) { _ in ticks.add("tick") }, forMode: .default)
        #expect(try loop.run(mode: .default, timeout: 3.5, returnAfterSourceHandled: true) == .timedOut)
        #expect(ticks.count == 3)
    }

    @Test func aBlockNeverCountsAsAHandledSource() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let ran = Log()
        loop.perform(inModes: [.default]) { ran.add("block") }
        #expect(try loop.run(mode: .default, timeout: 1, returnAfterSourceHandled: true) == .timedOut)
        #expect(ran.all == ["block"])
    }

    @Test func aPortMessageCountsAsAHandledSource() throws {
        let (loop, _) = virtualLoop()
        let port = Loop.Port(name: "p") { _ in }
        try loop.add(port, forMode: .default)
        try port.send("one")
        try port.send("two")
        #expect(try loop.run(mode: .default, timeout: 5, returnAfterSourceHandled: true) == .handledSource)
        #expect(port.pendingMessages == 1, "one message per pass")
    }
}
