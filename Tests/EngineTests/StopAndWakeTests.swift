import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "Stop and wake-up", and the per-run rules of CFRunLoopStop / CFRunLoopWakeUp.
/// (A stop while not running: MisuseTests.stoppingALoopThatIsNotRunningReturnsFalseAndIsForgotten.)
@Suite struct StopAndWakeTests {
    @Test func aStopEndsOnlyTheInnermostRun() throws {
        let (loop, clock) = virtualLoop()
        try keepAlive(loop)
        try keepAlive(loop, "inner")
        let nested = Lock<Loop.RunResult?>(nil)
        try loop.add(try Loop.Timer(fireDate: loop.now + 2) { _ in loop.stop() }, forMode: "inner")
        try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in nested.withLock { $0 = try? loop.run(mode: "inner", timeout: 10) } }, forMode: .default)
        #expect(try loop.run(mode: .default, timeout: 5) == .timedOut)
        #expect(nested.withLock { $0 } == .stopped)
        #expect(clock.now == Instant(seconds: 5))
    }

    @Test func aStopRequestBelongsToTheRunItWasMadeIn() throws {
        let (loop, clock) = virtualLoop()
        try keepAlive(loop)
        try keepAlive(loop, "inner")
        let nested = Lock<Loop.RunResult?>(nil)
        try loop.add(
            try Loop.Timer(fireDate: loop.now + 1) { _ in
                loop.stop()   // the outer run's request
                nested.withLock { $0 = try? loop.run(mode: "inner", timeout: 1) }   // a fresh run: not stopped
            }, forMode: .default)
        #expect(try loop.run(mode: .default, timeout: 5) == .stopped)
        #expect(nested.withLock { $0 } == .timedOut)
        #expect(clock.now == Instant(seconds: 2))
    }

    @Test func aWakeUpWhileNotRunningIsDropped() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        #expect(loop.wakeUp() == false)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 1)
        #expect(summaries(trace, .wakeUps) == ["woke: deadline"])
    }

    @Test func aWakeUpFromAnEntryObserverIsTaken() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let taken = Lock<Bool?>(nil)
        try loop.add(Loop.Observer(activities: .entry) { _ in taken.withLock { $0 = loop.wakeUp() } }, forMode: .default)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 1)
        #expect(taken.withLock { $0 } == true, "a run starts with fresh per-run data: wake-ups are not ignored")
        #expect(
            trace.events.filter { if case .woke = $0.kind { true } else { false } }.map { "\($0.time) \($0.summary)" }
                == ["0 ms woke: wake-up", "1000 ms woke: deadline"])
    }

    @Test func aWakeUpWhileHandlingWhatWokeTheLoopIsIgnored() throws {
        let (loop, _) = virtualLoop()
        let taken = Lock<Bool?>(nil)
        try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in taken.withLock { $0 = loop.wakeUp() } }, forMode: .default)
        try keepAlive(loop)
        try loop.run(mode: .default, timeout: 2)
        #expect(taken.withLock { $0 } == false)
    }

    @Test func aWakeUpFromASource0CalloutIsTaken() throws {
        let (loop, _) = virtualLoop()
        let taken = Lock<Bool?>(nil)
        let source = Loop.Source { taken.withLock { $0 = loop.wakeUp() } }
        try loop.add(source, forMode: .default)
        source.signal()
        try loop.run(mode: .default, timeout: 1)
        #expect(taken.withLock { $0 } == true)
    }

    @Test func afterANestedRunTheOuterRunsWakeUpFlagIsBack() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop, "inner")
        let taken = Lock<Bool?>(nil)
        let source = Loop.Source {
            _ = try? loop.run(mode: "inner", timeout: 0)   // this run ends ignoring wake-ups
            taken.withLock { $0 = loop.wakeUp() }   // the outer run's flag: not ignoring
        }
        try loop.add(source, forMode: .default)
        source.signal()
        try loop.run(mode: .default, timeout: 1)
        #expect(taken.withLock { $0 } == true)
    }

    @Test func stopFromAnotherThreadEndsASleepingRun() async throws {
        let asleep = Gate()
        let result = Lock<Loop.RunResult?>(nil)
        let loopBox = Lock<Loop?>(nil)
        let thread = LoopThread(name: "sleeper", registry: LoopRegistry()) {
            let loop = Loop.current
            try? loop.add(Loop.Port(), forMode: .default)
            try? loop.add(Loop.Observer(activities: .beforeWaiting) { _ in asleep.open() }, forMode: .default)
            loopBox.withLock { $0 = loop }
            result.withLock { $0 = try? loop.run(mode: .default, timeout: 60) }
        }
        try thread.start()
        #expect(await asleep.opened())
        #expect(loopBox.withLock { $0 }?.stop() == true)
        #expect(await thread.finish(timeout: 5))
        #expect(result.withLock { $0 } == .stopped)
    }

    @Test func aWakeUpFromAnotherThreadLetsTheLoopRunASignalledSource() async throws {
        let ran = Gate()
        let source = Loop.Source(name: "s") { ran.open() }
        let worker = Worker { try $0.add(source, forMode: .default) }
        try await worker.start()
        let loop = worker.loop
        let generation = loop.waiter.currentGeneration
        source.signal()
        #expect(loop.waiter.currentGeneration == generation, "signal() does not wake the loop")
        #expect(source.isSignalled && !ran.isOpen)
        loop.wakeUp()
        #expect(await ran.opened(), "the woken loop ran the source")
        await worker.stop()
    }
}
