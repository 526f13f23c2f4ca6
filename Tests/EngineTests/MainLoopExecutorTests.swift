import Testing
@testable import RunLoopEngine

/// The main loop's actor (`MainLoopActor`, `MainLoopExecutor`): real tasks whose jobs the main
/// loop runs from its main queue, as the main actor's jobs run on Apple's main run loop. Every
/// main loop runs on a thread of its own; the test suspends, never blocks a pool thread.
@Suite(.serialized) struct MainLoopExecutorTests {
    /// A main thread on a virtual clock, with an actor on its main loop: runs `body` there.
    func onVirtualMain<T: Sendable>(_ body: @escaping @Sendable (Loop, MainQueue, MainLoopActor) throws -> T) async throws -> T {
        let registry = LoopRegistry(clock: VirtualClock())
        let actor = MainLoopActor(executor: MainLoopExecutor(registry: registry))
        return try await offPool(registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            return try body(loop, registry.mainQueue, actor)
        }
    }

    @Test func aTaskMadeOnTheMainLoopIsQueuedOnTheMainQueueAndRunsThere() async throws {
        let lines = try await onVirtualMain { loop, queue, actor -> [String] in
            let trace = loop.startTracing()
            let log = Log()
            actor.assumeIsolated { actor -> Void in
                Task {
                    _ = actor
                    log.add("task on the main loop's thread: \(Loop.current === loop)")
                }
                log.add("made")
            }
            queue.async(name: "block") { log.add("block") }
            _ = try loop.run(mode: .default, timeout: 1, returnAfterSourceHandled: true)
            return log.all + summaries(trace, .callouts)
        }
        #expect(lines == ["made", "task on the main loop's thread: true", "block", "main queue \"job 1\"", "main queue \"block\""])
    }

    @Test func jobsRunInEveryCommonModeButNotInAPrivateOne() async throws {
        let ran = try await onVirtualMain { loop, _, actor -> [String] in
            loop.addCommonMode(.tracking)
            let log = Log()
            actor.assumeIsolated { actor -> Void in
                Task {
                    _ = actor
                    log.add("task 1 in \(Loop.current.currentMode?.name ?? "-")")
                }
            }
            try keepAlive(loop, "private")
            _ = try loop.run(mode: "private", timeout: 1)
            log.add("after the private run")
            _ = try loop.run(mode: .tracking, timeout: 0)
            return log.all
        }
        #expect(ran == ["after the private run", "task 1 in \(Loop.Mode.tracking.name)"])
    }

    @Test func awaitRunFromThePoolRunsOnTheMainLoopThread() async throws {
        let registry = LoopRegistry()
        let actor = MainLoopActor(executor: MainLoopExecutor(registry: registry))
        let main = try startOffPool(registry: registry, isMain: true) { () -> Loop.RunResult in
            let loop = Loop.current
            // Ended by the stop below, whenever this test's task next gets a pool thread; the
            // time limit is only a hang guard.
            return try loop.run(mode: .default, timeout: 120)
        }
        let onMain = await actor.run { actor in actor.executor.isOnMainLoopThread && Loop.current.isMain }
        registry.mainLoop?.stop()
        #expect(onMain)
        #expect(try await main.value() == .stopped)
        #expect(!actor.executor.isOnMainLoopThread, "the test's own thread is not the main loop's")
    }

    @Test func codeOnTheMainLoopThreadOutsideAJobMayAssumeTheActor() async throws {
        let answers = try await onVirtualMain { loop, queue, actor -> [String] in
            let log = Log()
            queue.async(name: "block") {
                // The runtime finds no job of the actor running and asks the executor's checkIsolated.
                let isolated = actor.assumeIsolated { actor in actor.executor.isOnMainLoopThread }
                log.add("assumed in a main-queue block: \(isolated)")
            }
            _ = try loop.run(mode: .default, timeout: 0)
            return log.all + ["jobs: \(actor.executor.enqueuedCount)"]
        }
        #expect(answers == ["assumed in a main-queue block: true", "jobs: 0"])
    }

    @Test func jobsAndMainQueueBlocksRunInTheOrderTheyWereQueued() async throws {
        let log = try await onVirtualMain { loop, queue, actor -> [String] in
            let log = Log()
            queue.async(name: "a") { log.add("block a") }
            actor.assumeIsolated { actor -> Void in
                Task {
                    _ = actor
                    log.add("task 1")
                }
            }
            queue.async(name: "b") { log.add("block b") }
            actor.assumeIsolated { actor -> Void in
                Task {
                    _ = actor
                    log.add("task 2")
                }
            }
            _ = try loop.run(mode: .default, timeout: 0.5, returnAfterSourceHandled: true)
            return log.all
        }
        #expect(log == ["block a", "task 1", "block b", "task 2"])
    }
}
