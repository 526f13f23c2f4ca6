import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "Thread ↔ loop" and the Foundation helpers: LoopThread, perform on a thread.
@Suite struct ThreadTests {
    @Test func aThreadGoesFromNotStartedToRunningToFinished() async throws {
        let held = HeldThread()
        #expect(held.thread.phase == .notStarted && held.thread.id == nil)
        try await held.start()
        #expect(held.thread.phase == .running && held.thread.id != nil)
        await held.finish()
        #expect(held.thread.phase == .finished && held.thread.isFinished)
    }

    @Test func loopThreadCurrentIsTheThreadRunningTheCode() async throws {
        let seen = Lock<Bool>(false)
        let thread = LoopThread(name: "me") { seen.withLock { $0 = LoopThread.current?.name == "me" } }
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        #expect(seen.withLock { $0 })
        #expect(LoopThread.current == nil, "a Swift Testing thread is no LoopThread")
    }

    @Test("a thread's exit sequence runs once: the end of its body and its thread-local destructor do not both start it")
    func theExitSequenceRunsOnce() async throws {
        let record = Lock<ThreadRecord?>(nil)
        let thread = LoopThread(name: "exits once") {
            record.withLock { $0 = ThreadRecord.current }
            _ = Loop.current
        }
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        let runs = try #require(record.withLock { $0 }).exitSequenceRuns
        #expect(runs == 1, "the exit sequence ran \(runs) times; it must have one trigger")
    }

    @Test func performWaitingUntilDoneRunsTheWorkOnTheTargetThread() async throws {
        let worker = Worker()
        try await worker.start()
        let ranOn = Lock<ThreadID?>(nil)
        let target = worker.thread
        try await offPool { try target.perform(waitUntilDone: true, timeout: 5) { ranOn.withLock { $0 = ThreadID.current } } }
        #expect(ranOn.withLock { $0 } == worker.thread.id)
        await worker.stop()
    }

    @Test func performWithoutWaitingReturnsAtOnceAndTheWorkRunsLater() async throws {
        let worker = Worker()
        try await worker.start()
        let ran = Gate()
        try worker.thread.perform { ran.open() }
        #expect(await ran.opened())
        #expect(worker.loop.items(inMode: .default).allSatisfy { $0.kind != .source }, "the one-shot source left the loop")
        await worker.stop()
    }

    @Test func performedWorkWaitsUntilTheLoopRunsOneOfItsModes() async throws {
        let worker = Worker()
        try await worker.start()
        let log = Log()
        try worker.thread.perform(modes: ["other"]) { log.add("other") }
        let ranDefault = Gate()
        try worker.thread.perform(modes: [.default]) { ranDefault.open() }
        #expect(await ranDefault.opened())
        #expect(log.all.isEmpty)
        #expect(worker.loop.items(inMode: "other").contains { $0.kind == .source }, "the work waits in mode other")
        await worker.stop()
    }

    /// Foundation's `performSelector:onThread:withObject:waitUntilDone:` (no modes) is the
    /// `modes:` variant with the common modes: where tracking is common, as on UIKit's main loop,
    /// the work runs while the loop runs the tracking mode.
    @Test func performWithoutModesRunsInEveryCommonModeIncludingTracking() async throws {
        let worker = Worker(mode: .tracking, setUp: { $0.addCommonMode(.tracking) })
        try await worker.start()
        let ran = Gate()
        try worker.thread.perform { ran.open() }
        #expect(
            await ran.opened(within: 2),
            "work performed with no modes did not run while the loop ran the tracking mode (a common mode): the default modes must be the common modes, not just default"
        )
        await worker.stop()
    }

    @Test func performWaitingUntilDoneOnTheCallersOwnThreadRunsTheWorkInline() async throws {
        let order = Log()
        try await offPool {
            let me = LoopThread.current!
            try me.perform(waitUntilDone: true) { order.add("work") }   // its loop is not running
            order.add("after perform")
        }
        #expect(order.all == ["work", "after perform"])
    }

    @Test func aWaitingPerformEndsWithThreadExitedWhenTheThreadExitsFirst() async throws {
        let held = HeldThread()
        try await held.start()
        let target = held.thread
        // The perform has no time limit of its own: only this test's task ends its wait, and a
        // busy run may give that task a pool thread only much later. The hang guard is the
        // off-pool run's, which counts from the moment the test awaits the outcome.
        let outcome = try startOffPool(timeout: 90) { () -> String in
            do { try target.perform(waitUntilDone: true) {} } catch { return "\(error)" }
            return "ran"
        }
        #expect(await until(60) { target.status.withLock { $0.pendingPerforms.count } == 1 })
        await held.finish()   // exits without ever running its loop
        #expect(try await outcome.value() == LoopError.threadExited(thread: "held").description)
    }

    @Test func twoThreadsCanJoinTheSameThread() async throws {
        let held = HeldThread()
        try await held.start()
        let target = held.thread
        let joining = Lock(0)
        let joiners = try (0..<2).map { _ in
            // Joins with no time limit of their own, as the release below comes whenever this
            // test's task next gets a pool thread. A joiner that never wakes fails the off-pool
            // run's hang guard, which counts from the moment the test awaits it; a join that
            // returns without the thread's exit returns false.
            try startOffPool(timeout: 90) { () -> Bool in
                joining.withLock { $0 += 1 }
                return target.join(timeout: nil) && target.isFinished
            }
        }
        #expect(await until(60) { joining.withLock { $0 } == 2 })
        held.release.open()
        for joiner in joiners { #expect(try await joiner.value(), "each joiner woke when the thread exited, and only then") }
    }
}
