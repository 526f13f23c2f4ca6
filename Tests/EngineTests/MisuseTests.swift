import Testing
@testable import RunLoopEngine

/// The misuse catalogue (docs/MISUSE.md): every misuse the engine detects is reported — an error
/// thrown, a false returned, or a documented no-op — never a crash, and leaves nothing changed.
@Suite struct MisuseTests {
    @Test func aTimerAddedToASecondLoopIsRefusedAndStaysInTheFirst() throws {
        let (first, _) = virtualLoop()
        let (second, _) = virtualLoop()
        let timer = try Loop.Timer(fireDate: first.now + 1) { _ in }
        try first.add(timer, forMode: .default)
        #expect(throws: LoopError.timerOwnedByAnotherLoop(timer: "timer")) { try second.add(timer, forMode: .default) }
        #expect(timer.loop === first && second.isEmpty(mode: .default))
    }

    @Test func anObserverAddedToASecondLoopIsRefused() throws {
        let (first, _) = virtualLoop()
        let (second, _) = virtualLoop()
        let observer = Loop.Observer(name: "o", activities: .all) { _ in }
        try first.add(observer, forMode: .default)
        #expect(throws: LoopError.observerOwnedByAnotherLoop(observer: "o")) { try second.add(observer, forMode: .default) }
        #expect(second.items(inMode: .default).isEmpty)
    }

    @Test func runningCommonIsRefusedInEveryRunVariant() throws {
        let (loop, _) = virtualLoop()
        try loop.add(Loop.Source {}, forMode: .common)
        let trace = loop.startTracing()
        #expect(throws: LoopError.cannotRunCommonModes) { try loop.run(mode: .common, timeout: 1) }
        #expect(throws: LoopError.cannotRunCommonModes) { try loop.run(mode: .common, before: .distantFuture) }
        #expect(trace.events.isEmpty, "nothing ran, no observer was told")
    }

    @Test func runningAnotherThreadsLoopIsRefused() async throws {
        let worker = Worker()
        try await worker.start()
        let loop = worker.loop
        #expect(throws: LoopError.wrongThread(loop: loop.name)) { try loop.run(mode: .default, timeout: 0) }
        // Foundation-shaped: false, as Foundation's `run(mode:before:)` answers another thread.
        #expect(try loop.run(mode: .default, before: .distantFuture) == false)
        try loop.run()
        await worker.stop()
    }

    @Test func runningATornDownLoopIsRefused() async throws {
        let box = Shared<Loop?>(nil)
        let thread = LoopThread(name: "gone", registry: LoopRegistry()) { box.value = Loop.current }
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        let loop = try #require(box.value)
        #expect(throws: LoopError.loopTornDown(loop: loop.name)) { try loop.run(mode: .default, timeout: 0) }
        #expect(try loop.run(mode: .default, before: .distantFuture) == false, "Foundation-shaped: false")
    }

    @Test func addingAnItemToATornDownLoopIsRefused() async throws {
        let box = Shared<Loop?>(nil)
        let thread = LoopThread(name: "gone", registry: LoopRegistry()) { box.value = Loop.current }
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        let loop = try #require(box.value)
        let timer = try Loop.Timer(fireDate: .zero) { _ in }
        #expect(throws: LoopError.loopTornDown(loop: loop.name)) { try loop.add(timer, forMode: .default) }
        #expect(timer.loop == nil, "the refused timer is free for another loop")
    }

    @Test func performOnAThreadThatHasExitedThrows() async throws {
        let thread = LoopThread(name: "done") {}
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        #expect(throws: LoopError.threadExited(thread: "done")) { try thread.perform {} }
    }

    @Test func performOnAThreadNeverStartedThrows() {
        let thread = LoopThread(name: "never") {}
        #expect(throws: LoopError.threadNotStarted(thread: "never")) { try thread.perform {} }
        #expect(throws: LoopError.threadNotStarted(thread: "never")) { try thread.runLoop() }
    }

    @Test func waitUntilDoneOnTheCallersOwnThreadRunsTheWorkInline() async throws {
        let ran = try await offPool { () -> Bool in
            let ran = Shared(false)
            try LoopThread.current!.perform(waitUntilDone: true, timeout: 1) { ran.value = true }
            return ran.value && !Loop.current.isWaiting
        }
        #expect(ran, "no deadlock: the work ran at once, as Foundation does")
    }

    @Test func aWaitUntilDoneThatIsNotDoneInTimeThrowsAndIsWithdrawn() async throws {
        let held = HeldThread()
        try await held.start()
        let target = held.thread
        let error = try await offPool { () -> LoopError? in
            do throws(LoopError) { try target.perform(waitUntilDone: true, timeout: 0.01) {} } catch { return error }
            return nil
        }
        #expect(error?.description.hasPrefix("timed out") == true)
        #expect(target.loop?.items(inMode: .default).isEmpty == true)
        await held.finish()
    }

    @Test(arguments: [Double.nan, -1, .infinity, -.infinity])
    func aNaNNegativeOrInfiniteIntervalIsRefused(_ seconds: Double) throws {
        let (loop, _) = virtualLoop()
        #expect(throws: LoopError.self) { try Loop.Timer(fireDate: .zero, interval: seconds) { _ in } }
        #expect(throws: LoopError.self) { try Loop.Timer(fireDate: .zero, tolerance: seconds) { _ in } }
        #expect(throws: LoopError.self) { try loop.scheduleTimer(after: seconds) { _ in } }
        #expect(throws: LoopError.self) { try loop.perform(afterDelay: seconds) {} }
        #expect(loop.isEmpty(mode: .default), "nothing was scheduled")
    }

    @Test func aNaNRunTimeoutIsRefused() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        #expect(throws: LoopError.self) { try loop.run(mode: .default, timeout: .nan) }
    }

    @Test func aNaNNumberOfSecondsInAnInstantMeansNeverNotACrash() {
        #expect(Instant.zero + .nan == .distantFuture)
        #expect(Instant(seconds: 3) - .nan == .distantFuture)
    }

    @Test func aPortUsedAfterItsInvalidationThrows() throws {
        let (loop, _) = virtualLoop()
        let port = Loop.Port(name: "closed")
        try loop.add(port, forMode: .default)
        try port.send("before")
        port.invalidate()
        #expect(port.pendingMessages == 0, "waiting messages are dropped")
        #expect(loop.isEmpty(mode: .default), "it left the loop")
        #expect(throws: LoopError.portInvalidated(port: "closed")) { try port.send("after") }
        #expect(throws: LoopError.portInvalidated(port: "closed")) { try loop.add(port, forMode: .default) }
    }

    @Test func addingAnInvalidatedItemIsRefused() throws {
        let (loop, _) = virtualLoop()
        let source = Loop.Source(name: "s") {}
        let timer = try Loop.Timer(name: "t", fireDate: .zero) { _ in }
        let observer = Loop.Observer(name: "o", activities: .all) { _ in }
        source.invalidate(); timer.invalidate(); observer.invalidate()
        #expect(throws: LoopError.invalidated(item: "source \"s\"")) { try loop.add(source, forMode: .default) }
        #expect(throws: LoopError.invalidated(item: "timer \"t\"")) { try loop.add(timer, forMode: .default) }
        #expect(throws: LoopError.invalidated(item: "observer \"o\"")) { try loop.add(observer, forMode: .default) }
        #expect(loop.items(inMode: .default).isEmpty)
    }

    @Test func stoppingALoopThatIsNotRunningReturnsFalseAndIsForgotten() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        #expect(loop.stop() == false)
        #expect(try loop.run(mode: .default, timeout: 1) == .timedOut)
    }

    @Test func wakingALoopThatIsNotRunningReturnsFalseAndIsDropped() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        #expect(loop.wakeUp() == false)
        #expect(loop.state.withLock { $0.wakeUpPending } == false)
    }

    @Test func aRunThatExceedsThePassLimitThrowsAndLeavesTheLoopUsable() throws {
        let (loop, _) = virtualLoop()
        loop.passLimit = 100
        let spinner = Loop.Source(name: "spinner") {}
        try loop.add(spinner, forMode: .default)
        try loop.add(Loop.Observer(activities: .beforeSources) { _ in spinner.signal() }, forMode: .default)
        #expect(throws: LoopError.passLimitExceeded(100)) { try loop.run(mode: .default, timeout: 10) }
        #expect(loop.currentMode == nil, "the run is over")
        loop.remove(.source(spinner), fromMode: .default)
        try keepAlive(loop)
        #expect(try loop.run(mode: .default, timeout: 1) == .timedOut)
    }

    @Test func startingAThreadTwiceIsRefused() async throws {
        let thread = LoopThread(name: "once") {}
        try thread.start()
        #expect(throws: LoopError.threadAlreadyStarted(thread: "once")) { try thread.start() }
        #expect(await thread.finish(timeout: 5))
    }

    @Test func aThreadJoiningItselfGetsFalseInsteadOfADeadlock() async throws {
        let joined = Shared<Bool?>(nil)
        let thread = LoopThread(name: "self") { joined.value = LoopThread.current!.join(timeout: nil) }
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        #expect(joined.value == false)
    }

    @Test func theMainLoopOfARegistryWithNoMainThreadIsNilNotACrash() {
        let registry = LoopRegistry()
        #expect(registry.mainThread == nil)
        #expect(registry.mainLoop == nil)
        #expect(LoopRegistry.shared.mainLoop === Loop.main)
    }
}
