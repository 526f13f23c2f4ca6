import Testing
@testable import RunLoopEngine

/// What a test can read of a run in progress, and the hook that makes a waker's timing
/// deterministic: ``Loop/currentRunDeadline`` and ``Loop/testsOnly_afterWakeUp``.
@Suite struct RunInspectionTests {
    @Test func theCurrentRunDeadlineIsTheInnermostRunsAndNilOutsideARun() throws {
        let loop = Loop(clock: VirtualClock(startingAt: Instant(seconds: 100)))
        loop.passLimit = 10_000
        #expect(loop.currentRunDeadline == nil)
        let seen = Lock<[Instant?]>([])
        try loop.add(Loop.Port(), forMode: .default)
        try loop.add(Loop.Port(), forMode: "nested")
        try loop.add(
            try Loop.Timer(fireDate: loop.now + 1) { _ in
                let loop = Loop.current
                seen.withLock { $0.append(loop.currentRunDeadline) }
                if let inner = try? Loop.Timer(fireDate: loop.now + 0.5, callout: { _ in seen.withLock { $0.append(Loop.current.currentRunDeadline) } }) {
                    try? loop.add(inner, forMode: "nested")
                }
                _ = try? loop.run(mode: "nested", timeout: 2)
                seen.withLock { $0.append(loop.currentRunDeadline) }
            }, forMode: .default)
        _ = try loop.run(mode: .default, timeout: 5)
        #expect(seen.withLock { $0 } == [Instant(seconds: 105), Instant(seconds: 103), Instant(seconds: 105)])
        #expect(loop.currentRunDeadline == nil)
    }

    @Test func runForEverHasTheDistantFutureForDeadline() throws {
        let (loop, _) = virtualLoop()
        let seen = Lock<Instant?>(nil)
        try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in seen.withLock { $0 = Loop.current.currentRunDeadline } }, forMode: .default)
        _ = try loop.run(mode: .default, before: .distantFuture)
        #expect(
            seen.withLock { $0 }.map { $0 - Instant(seconds: 1) >= 1e9 } == true,
            "a run before the distant future ends only when there is work: \(String(describing: seen.withLock { $0 }))")
    }

    @Test func theAfterWakeUpHookRunsOnTheWakerAfterEveryWakeUp() {
        let (loop, _) = virtualLoop()
        let calls = Lock<[ThreadID]>([])
        loop.testsOnly_afterWakeUp = { calls.withLock { $0.append(ThreadID.current) } }
        _ = loop.wakeUp()   // not running: dropped, and the hook runs all the same
        loop.testsOnly_afterWakeUp = nil
        _ = loop.wakeUp()
        #expect(calls.withLock { $0 } == [ThreadID.current])
    }
}
