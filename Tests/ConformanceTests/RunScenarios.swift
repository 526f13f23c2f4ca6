// Runs: an empty mode, run(until:), and the loop of a thread that has exited.
import Foundation
import RunLoopEngine
import Testing

@Suite("Conformance: runs")
struct RunScenarios {
    /// A mode with no timer, no source and no block is empty: every way of running it returns
    /// at once (observers would not count either: see the CoreFoundation scenarios).
    @Test("run() on an empty mode returns at once, and so do the other runs")
    func emptyMode() async {
        let expected = [
            "run() returned", "run(mode: default) → false", "run(mode: custom) → false", "run(until:) returned",
            "every run returned before its limit: true",
        ]
        await conform(expected: expected) { loop, log in
            let start = monotonicSeconds()
            loop.run()
            log("run() returned")
            log("run(mode: default) → \(loop.run("default", for: 1e6))")
            log("run(mode: custom) → \(loop.run("custom", for: 1e6))")
            loop.run(untilSecondsFromNow: 30)
            log("run(until:) returned")
            // Before the 30 s limit of the last run (the others had 11 days): they returned because
            // the mode is empty, not because their time ran out. Nothing says how fast.
            log("every run returned before its limit: \(monotonicSeconds() - start < 30)")
        }
    }

    /// `run(until:)` returns at its limit while the mode has work, and earlier if the mode
    /// becomes empty.
    @Test("run(until:) returns at its limit, or when the mode has nothing left")
    func runUntil() async {
        let expected = [
            "one-shot fired", "returned before its limit, when the mode emptied: true",
            "returned at the limit: true", "repeater ticked: true", "repeater still valid: true",
        ]
        await conform(expected: expected) { loop, log in
            loop.timer(in: 0.02) { _ in log("one-shot fired") }
            var start = monotonicSeconds()
            loop.run(untilSecondsFromNow: 10)
            log("returned before its limit, when the mode emptied: \(monotonicSeconds() - start < 10)")
            let ticks = Counter()
            let repeater = loop.timer(in: 0.02, interval: 0.02) { _ in _ = ticks.next() }
            start = monotonicSeconds()
            loop.run(untilSecondsFromNow: 0.2)
            log("returned at the limit: \(monotonicSeconds() - start >= 0.19)")
            log("repeater ticked: \(ticks.current >= 1)")
            log("repeater still valid: \(repeater.isValid)")
            repeater.invalidate()
        }
    }

    /// swift-corelibs-foundation's `run(until:)` is `while run(mode: .default, before: limit) &&
    /// limit > now {}`: it runs (polls) once before it looks at the limit, so a limit already past
    /// still fires the timers that are due. So does `run(mode:before:)` with a past date (one
    /// `CFRunLoopRunInMode` with a timeout clamped to 0). That is the Swift wrapper's loop, not
    /// CFRunLoop's: Apple's `-[NSRunLoop runUntilDate:]` is other code, documented only as
    /// "repeatedly invoking runMode:beforeDate: until the specified expiration date", which does
    /// not say whether a date already past is tried once; on a Mac this scenario may differ.
    @Test("run(until:) with a limit already past still polls once and fires due timers", .tags(.foundationWrapper))
    func runUntilPastLimitPollsOnce() async {
        let expected = ["due timer fired", "run(until: past) returned", "second due timer fired", "run(mode: before: past) → true"]
        await conform(expected: expected) { loop, log in
            loop.timer(in: -1) { _ in log("due timer fired") }
            loop.run(untilSecondsFromNow: -0.5)
            log("run(until: past) returned")
            loop.timer(in: -1) { _ in log("second due timer fired") }
            log("run(mode: before: past) → \(loop.run("default", for: -0.5))")
        }
    }

    /// A thread ran its loop and exited. Its loop object can still be held, but nothing runs it:
    /// it cannot be run from another thread, a block or timer sent to it never runs, and a new
    /// thread gets a loop of its own.
    ///
    /// "Run from another thread → false" is swift-corelibs-foundation's own check in
    /// `run(mode:before:)` (`_cfRunLoop !== CFRunLoopGetCurrent()`); Apple's Foundation does not
    /// document what running another thread's loop does, so the scenario is skipped there.
    @Test(
        "the loop of a thread that has exited runs nothing any more",
        .disabled(
            if: CoreFoundationSpelling.isApples,
            "rests on swift-corelibs-foundation's run(mode:before:) refusing another thread's loop; Apple's Foundation does not document it"))
    func loopOfAnExitedThread() async {
        let expected = [
            "worker ran its loop: tick", "worker exited", "run from another thread → false",
            "block or timer sent after the exit ran: false", "a new thread has another loop: true",
        ]
        await conform(expected: expected) { loop, log in
            let held = Lock<(any LoopUnderTest)?>(nil)
            let exited = loop.startThread { workerLoop in
                held.withLock { $0 = workerLoop }
                workerLoop.timer(in: 0.01) { _ in log("worker ran its loop: tick") }
                workerLoop.run()
            }
            exited()
            log("worker exited")
            guard let workerLoop = held.withLock({ $0 }) else { return log("no loop") }
            log("run from another thread → \(workerLoop.run("default", for: 0.05))")
            let ran = Counter()
            workerLoop.perform(inModes: ["common"]) { _ = ran.next() }
            workerLoop.timer(in: 0) { _ in _ = ran.next() }
            Thread.sleep(forTimeInterval: 0.1)
            log("block or timer sent after the exit ran: \(ran.current > 0)")
            let differs = Lock<Bool?>(nil)
            loop.startThread { next in differs.withLock { $0 = next.differs(from: workerLoop) } }()
            log("a new thread has another loop: \(differs.withLock({ $0 }) ?? false)")
        }
    }
}

extension LoopUnderTest {
    /// Whether this is another loop than `other` (compares the loops, not the adapters).
    func differs(from other: any LoopUnderTest) -> Bool {
        switch (self, other) {
        case let (a as FoundationLoop, b as FoundationLoop): a.loop !== b.loop
        case let (a as EngineLoop, b as EngineLoop): a.loop !== b.loop
        default: true
        }
    }
}
