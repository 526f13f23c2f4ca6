import Testing
@testable import RunLoopEngine

/// Timer dispatch sources on the main queue (`DispatchTimerSource`) and a main-actor task's sleep
/// (`MainLoopActor.sleep(for:)`): both need no run-loop timer, ignore modes, and reach the main
/// thread through the main queue, on a main loop with a virtual clock.
@Suite(.serialized) struct DispatchTimerSourceTests {
    func onVirtualMain<T: Sendable>(_ body: @escaping @Sendable (Loop, LoopRegistry, VirtualClock) throws -> T) async throws -> T {
        let clock = VirtualClock()
        let registry = LoopRegistry(clock: clock)
        return try await offPool(registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)
            for mode in [Loop.Mode.default, .tracking, "private"] { try keepAlive(loop, mode) }
            return try body(loop, registry, clock)
        }
    }

    @Test func aRepeatingSourceTicksInEveryCommonModeAndKeepsItsPhase() async throws {
        let ticks = try await onVirtualMain { loop, registry, _ -> [String] in
            let log = Log()
            let source = DispatchTimerSource(queue: registry.mainQueue)
            source.schedule(deadline: loop.now + 0.5, repeating: 1)
            source.setEventHandler { log("\(Loop.current.now) \(Loop.current.currentMode?.name ?? "-") data \(source.data)") }
            source.resume()
            _ = try loop.run(mode: .default, timeout: 1)
            _ = try loop.run(mode: .tracking, timeout: 2)
            source.cancel()
            _ = try loop.run(mode: .default, timeout: 2)
            return log.all
        }
        #expect(ticks == ["500 ms default data 1", "1500 ms \(Loop.Mode.tracking.name) data 1", "2500 ms \(Loop.Mode.tracking.name) data 1"])
    }

    @Test func firesMissedWhileTheMainThreadIsBusyAreMergedIntoOneCall() async throws {
        let ticks = try await onVirtualMain { loop, registry, clock -> [String] in
            let log = Log()
            let source = DispatchTimerSource(queue: registry.mainQueue)
            source.schedule(deadline: loop.now + 1, repeating: 1)
            source.setEventHandler { log("\(Loop.current.now) data \(source.data)") }
            source.resume()
            let busy = try Loop.Timer(name: "busy", fireDate: loop.now + 1.5) { _ in clock.advance(by: 2.2) }
            try loop.add(busy, forMode: .default)
            _ = try loop.run(mode: .default, timeout: 4.5)
            return log.all
        }
        // Due at 1, 2, 3: the busy callout runs from 1.5 to 3.7; the fires at 2 and 3 make one call.
        #expect(ticks == ["1000 ms data 1", "3700 ms data 2", "4000 ms data 1"])
    }

    @Test func aPrivateModeHoldsTheHandlerAndMergesTheFires() async throws {
        let ticks = try await onVirtualMain { loop, registry, _ -> [String] in
            let log = Log()
            let source = DispatchTimerSource(queue: registry.mainQueue)
            source.schedule(deadline: loop.now + 1, repeating: 1)
            source.setEventHandler { log("\(Loop.current.now) data \(source.data)") }
            source.resume()
            _ = try loop.run(mode: "private", timeout: 3.5)
            _ = try loop.run(mode: .default, timeout: 1)
            return log.all
        }
        #expect(ticks == ["3500 ms data 3", "4000 ms data 1"])
    }

    @Test func aOneShotSourceFiresOnceAndNothingFiresBeforeResumeOrAfterCancel() async throws {
        let ticks = try await onVirtualMain { loop, registry, _ -> [String] in
            let log = Log()
            let once = DispatchTimerSource(queue: registry.mainQueue)
            once.schedule(deadline: loop.now + 1)
            once.setEventHandler { log("once at \(Loop.current.now)") }
            once.resume()
            let idle = DispatchTimerSource(queue: registry.mainQueue)
            idle.schedule(deadline: loop.now + 0.5, repeating: 0.5)
            idle.setEventHandler { log("never resumed") }
            let cancelled = DispatchTimerSource(queue: registry.mainQueue)
            cancelled.schedule(deadline: loop.now + 0.5, repeating: 0.5)
            cancelled.setEventHandler { log("cancelled") }
            cancelled.resume()
            cancelled.cancel()
            _ = try loop.run(mode: .default, timeout: 3)
            return log.all + ["cancelled: \(cancelled.isCancelled)"]
        }
        #expect(ticks == ["once at 1000 ms", "cancelled: true"])
    }

    @Test func aSleepingMainActorTaskGoesOnThroughTheMainQueueAndDrifts() async throws {
        let ticks = try await onVirtualMain { loop, registry, clock -> [String] in
            let log = Log()
            let actor = MainLoopActor(executor: MainLoopExecutor(registry: registry))
            actor.assumeIsolated { actor -> Void in
                Task {
                    _ = actor
                    for _ in 0..<3 {
                        await actor.sleep(for: 1)
                        log("\(Loop.current.now) \(Loop.current.currentMode?.name ?? "-") main \(Loop.current === loop)")
                    }
                }
            }
            let busy = try Loop.Timer(name: "busy", fireDate: loop.now + 1.2) { _ in clock.advance(by: 1) }
            try loop.add(busy, forMode: .default)
            _ = try loop.run(mode: .default, timeout: 3)
            _ = try loop.run(mode: .tracking, timeout: 2)
            return log.all
        }
        // Due at 1; the next sleep, due at 2, ends while the main thread is busy (1.2 to 2.2):
        // the task goes on at 2.2, and its third sleep counts from there, into a scroll.
        #expect(ticks == ["1000 ms default main true", "2200 ms default main true", "3200 ms \(Loop.Mode.tracking.name) main true"])
    }

    // At the deadline the task's job goes to its actor's executor there and then, from the main
    // loop's thread: not from a thread of the global pool, later.
    @Test func aSleepingTasksJobReachesItsExecutorFromTheMainLoopAtTheDeadline() async throws {
        let handed = try await onVirtualMain { loop, registry, _ -> [String] in
            let log = Log()
            let actor = MainLoopActor(executor: MainLoopExecutor(registry: registry, enqueuing: NotingEnqueuing(log: log)))
            actor.assumeIsolated { actor -> Void in
                Task {
                    _ = actor
                    await actor.sleep(for: 1)
                    log("woke at \(Loop.current.now)")
                }
            }
            _ = try loop.run(mode: .default, timeout: 2)
            return log.all
        }
        #expect(handed == ["job 1 at 0 ms from the main loop", "job 2 at 1000 ms from the main loop", "woke at 1000 ms"])
    }
}

/// Notes each job, when and from which thread it is enqueued, then sends it to the main queue.
private struct NotingEnqueuing: MainActorEnqueuing {
    let log: Log

    func enqueue(_ job: MainActorJob, to target: MainActorTarget) {
        log("\(job.name) at \(target.registry.clock.now) \(target.isMainThread ? "from the main loop" : "from another thread")")
        ReferenceMainActorEnqueuing().enqueue(job, to: target)
    }
}
