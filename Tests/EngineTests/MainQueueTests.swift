import Testing
@testable import RunLoopEngine

/// The main dispatch queue and the main loop (CF-SEMANTICS: the main loop's common modes are
/// never empty; step 6 of a pass).
@Suite struct MainQueueTests {
    /// A main thread on a virtual clock: runs `body` with its main loop and the registry's queue.
    func onVirtualMain<T: Sendable>(_ body: @escaping @Sendable (Loop, MainQueue) throws -> T) async throws -> T {
        let registry = LoopRegistry(clock: VirtualClock())
        return try await offPool(registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            return try body(loop, registry.mainQueue)
        }
    }

    @Test func theMainLoopsCommonModesAreNeverEmpty() async throws {
        let (common, privateMode) = try await onVirtualMain { loop, _ in (loop.isEmpty(mode: .default), loop.isEmpty(mode: "private")) }
        #expect(common == false)
        #expect(privateMode == true)
    }

    @Test func mainQueueWorkRunsOnTheMainLoopFirstInFirstOut() async throws {
        let log = try await onVirtualMain { loop, queue -> [String] in
            let log = Log()
            queue.async { log.add("1 on main: \(loop.isMain && Loop.current === loop)") }
            queue.async {
                log.add("2"); loop.stop()
            }
            _ = try loop.run(mode: .default, timeout: 10)
            return log.all
        }
        #expect(log == ["1 on main: true", "2"])
    }

    @Test func mainQueueWorkWaitsWhileTheMainLoopRunsAPrivateMode() async throws {
        let (ranInPrivate, ranInCommon) = try await onVirtualMain { loop, queue -> (Bool, Bool) in
            let ran = Lock(false)
            queue.async { ran.withLock { $0 = true } }
            try keepAlive(loop, "private")
            _ = try loop.run(mode: "private", timeout: 1)
            let inPrivate = ran.withLock { $0 }
            _ = try loop.run(mode: .default, timeout: 0)
            return (inPrivate, ran.withLock { $0 })
        }
        #expect(!ranInPrivate)
        #expect(ranInCommon)
    }

    @Test func workQueuedWhileTheQueueIsServicedWaitsForTheNextService() async throws {
        let lines = try await onVirtualMain { loop, queue -> [String] in
            let trace = loop.startTracing()
            queue.async(name: "first") { queue.async(name: "second") {} }
            _ = try loop.run(mode: .default, timeout: 0.5, returnAfterSourceHandled: true)
            return summaries(trace, .callouts)
        }
        #expect(lines == ["main queue \"first\""], "one service per pass: second waits")
    }

    @Test func aRunNestedInMainQueueWorkDoesNotServiceTheQueue() async throws {
        let nested = try await onVirtualMain { loop, queue -> String in
            let result = Lock("")
            queue.async(name: "outer") {
                queue.async(name: "inner") {}
                // The main queue is serial: while it runs, the default mode is not kept alive by it.
                result.withLock { $0 = "\(loop.isEmpty(mode: .default)) \(String(describing: try? loop.run(mode: .default, timeout: 1)))" }
            }
            _ = try loop.run(mode: .default, timeout: 0.5, returnAfterSourceHandled: true)
            return result.withLock { $0 }
        }
        #expect(nested == "true Optional(finished)")
    }

    @Test func aPassThatDidNotServiceTheQueueServicesItWithoutSleeping() async throws {
        let lines = try await onVirtualMain { loop, queue -> [String] in
            try loop.add(try Loop.Timer(name: "due", fireDate: .zero) { _ in }, forMode: .default)
            queue.async(name: "work") {}
            let trace = loop.startTracing()
            _ = try loop.run(mode: .default, timeout: 0.5, returnAfterSourceHandled: true)
            return summaries(trace, [.activities, .callouts, .wakeUps])
        }
        expectLines(
            lines,
            [
                "entry",
                "before timers", "before sources", "before waiting", "woke: timers", "after waiting", "timer \"due\"",
                // step 6: the queue has work and was not serviced last pass: no sleep, no waiting observers
                "before timers", "before sources", "main queue \"work\"",
                "exit",
            ])
    }
}
