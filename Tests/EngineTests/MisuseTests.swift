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

    @Test func aDisplayLinkAddedToASecondLoopIsRefused() throws {
        let (first, _) = virtualLoop()
        let (second, _) = virtualLoop()
        let link = DisplayLink(name: "d") { _ in }
        try link.add(to: first, forMode: .default)
        #expect(throws: LoopError.displayLinkInAnotherLoop(link: "d")) { try link.add(to: second, forMode: .default) }
        #expect(link.loop === first && second.isEmpty(mode: .default))
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
        let box = Lock<Loop?>(nil)
        let thread = LoopThread(name: "gone", registry: LoopRegistry()) { box.withLock { $0 = Loop.current } }
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        let loop = try #require(box.withLock { $0 })
        #expect(throws: LoopError.loopTornDown(loop: loop.name)) { try loop.run(mode: .default, timeout: 0) }
        #expect(try loop.run(mode: .default, before: .distantFuture) == false, "Foundation-shaped: false")
    }

    @Test func addingAnItemToATornDownLoopIsRefused() async throws {
        let box = Lock<Loop?>(nil)
        let thread = LoopThread(name: "gone", registry: LoopRegistry()) { box.withLock { $0 = Loop.current } }
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        let loop = try #require(box.withLock { $0 })
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
            let ran = Lock(false)
            try LoopThread.current!.perform(waitUntilDone: true, timeout: 1) { ran.withLock { $0 = true } }
            return ran.withLock { $0 } && !Loop.current.isWaiting
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
        let joined = Lock<Bool?>(nil)
        let thread = LoopThread(name: "self") { joined.withLock { $0 = LoopThread.current!.join(timeout: nil) } }
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        #expect(joined.withLock { $0 } == false)
    }

    @Test func theMainLoopOfARegistryWithNoMainThreadIsNilNotACrash() {
        let registry = LoopRegistry()
        #expect(registry.mainThread == nil)
        #expect(registry.mainLoop == nil)
        #expect(LoopRegistry.shared.mainLoop === Loop.main)
    }

    // MARK: Extreme numbers

    @Test(arguments: [Instant(seconds: -1e300), Instant.zero - .infinity, Instant(nanoseconds: .min)])
    func aRepeatingTimerWithAFarPastFireDateFiresOnceAndKeepsItsPhase(_ fireDate: Instant) throws {
        let (loop, clock) = virtualLoop()
        clock.advance(by: 10)
        let fired = Lock(0)
        let timer = try Loop.Timer(name: "ancient", fireDate: fireDate, interval: 1) { _ in fired.withLock { $0 += 1 } }
        try loop.add(timer, forMode: .default)
        #expect(try loop.run(mode: .default, timeout: 0) == .timedOut)
        #expect(fired.withLock { $0 } == 1, "a timer due long ago fires once, its missed ticks skipped")
        #expect(
            timer.fireDate > loop.now && timer.fireDate <= loop.now + 1,
            "its next fire date is the next tick after now (\(loop.now)), not \(timer.fireDate)")
    }

    @Test func anInstantBeyondItsRangeIsClampedNotATrap() {
        let first = Instant(nanoseconds: .min), last = Instant.distantFuture
        #expect(Instant(seconds: .infinity) == last && Instant(seconds: 1e300) == last)
        #expect(Instant(seconds: -.infinity) == first && Instant(seconds: -1e300) == first)
        #expect(Instant.zero - .infinity == first && Instant.zero + 1e300 == last)
        #expect(last - first > 1.8e10, "the whole range is about 18.4e9 s, got \(last - first)")
        #expect(first - last < -1.8e10, "and back again, got \(first - last)")
        #expect(Instant(seconds: 2) - Instant(seconds: 0.5) == 1.5)
    }

    @Test func aFireDateSetFarInThePastFiresOnceWithoutATrap() throws {
        let (loop, clock) = virtualLoop()
        clock.advance(by: 10)
        let fired = Lock(0)
        let timer = try loop.scheduleTimer(after: 5, interval: 1) { _ in fired.withLock { $0 += 1 } }
        timer.fireDate = Instant(seconds: -1e300)
        #expect(try loop.run(mode: .default, timeout: 0) == .timedOut)
        #expect(fired.withLock { $0 } == 1)
        #expect(timer.fireDate > loop.now && timer.fireDate <= loop.now + 1)
    }

    @Test func reschedulingFromTheFarthestPastOrToBeyondTheLastInstantDoesNotOverflow() {
        let rule = ReferenceTimerRescheduling()
        // Int64.min ns + 9 223 372 037 whole seconds is the first tick after 0.
        #expect(rule.nextFireDate(after: Instant(nanoseconds: .min), interval: 1, now: .zero) == Instant(nanoseconds: 145_224_192))
        #expect(
            rule.nextFireDate(after: Instant(nanoseconds: .min), interval: 1e-9, now: .distantFuture) == .distantFuture,
            "the next tick is past the last instant: never")
        #expect(rule.nextFireDate(after: .zero, interval: 1e300, now: Instant(seconds: 1)) == .distantFuture)
    }

    @Test(arguments: [-Double.infinity, -1e300, -1])
    func aNegativeWaitUntilDoneTimeoutDoesNotWait(_ timeout: Double) async throws {
        let held = HeldThread()
        try await held.start()
        let target = held.thread
        let error = try await offPool(timeout: 5) { () -> LoopError? in
            do throws(LoopError) { try target.perform(waitUntilDone: true, timeout: timeout) {} } catch { return error }
            return nil
        }
        #expect(error?.description.hasPrefix("timed out") == true, "no time to wait: timed out at once, got \(String(describing: error))")
        #expect(target.loop?.items(inMode: .default).isEmpty == true, "the work was withdrawn")
        await held.finish()
    }

    @Test func aNaNWaitUntilDoneTimeoutIsRefusedAndNothingIsQueued() async throws {
        let held = HeldThread()
        try await held.start()
        let target = held.thread
        let error = try await offPool(timeout: 5) { () -> LoopError? in
            do throws(LoopError) { try target.perform(waitUntilDone: true, timeout: .nan) {} } catch { return error }
            return nil
        }
        #expect(error == .invalidInterval(.nan))
        #expect(target.loop?.items(inMode: .default).isEmpty ?? true, "nothing was queued")
        await held.finish()
    }

    @Test(arguments: [Double.infinity, 1e300])
    func anInfiniteOrHugeWaitUntilDoneTimeoutWaitsForTheWork(_ timeout: Double) async throws {
        let worker = Worker()
        try await worker.start()
        let target = worker.thread
        let ran = try await offPool(timeout: 5) { () -> Bool in
            let ran = Lock(false)
            try target.perform(waitUntilDone: true, timeout: timeout) { ran.withLock { $0 = true } }
            return ran.withLock { $0 }
        }
        #expect(ran)
        await worker.stop()
    }

    @Test(arguments: [-Double.infinity, -1e300, .nan])
    func joiningWithANegativeOrNaNTimeoutReturnsFalseAtOnce(_ timeout: Double) async throws {
        let held = HeldThread()
        try await held.start()
        let target = held.thread
        let joined = try await offPool(timeout: 5) { target.join(timeout: timeout) }
        #expect(joined == false, "the thread is still running: not joined")
        await held.finish()
    }

    @Test func aWaitUntilDoneWithNoModesReturnsAtOnceWithoutRunningTheWork() async throws {
        let worker = Worker()
        try await worker.start()
        let target = worker.thread
        let ran = Lock(false)
        try await offPool(timeout: 5) { try target.perform(waitUntilDone: true, modes: []) { ran.withLock { $0 = true } } }
        let own = try await offPool(timeout: 5) { () -> Bool in
            let inline = Lock(false)
            try LoopThread.current!.perform(waitUntilDone: true, modes: []) { inline.withLock { $0 = true } }
            return inline.withLock { $0 }
        }
        #expect(!ran.withLock { $0 } && !own, "no mode to run it in: Foundation returns without performing it")
        #expect(worker.loop.items(inMode: .default).count == 2, "only the worker's own port and observer")
        await worker.stop()
    }

    @Test func aNaNIntervalErrorEqualsItselfSoThatTestsCanMatchIt() {
        #expect(LoopError.invalidInterval(.nan) == .invalidInterval(.nan))
        #expect(LoopError.invalidInterval(.nan) == .invalidInterval(-.nan))
        #expect(LoopError.invalidInterval(.nan) != .invalidInterval(1))
        #expect(LoopError.invalidInterval(-1) == .invalidInterval(-1))
        #expect(LoopError.invalidInterval(-1) != .timedOut("-1"))
        #expect(LoopError.wrongThread(loop: "a") != .wrongThread(loop: "b"))
        #expect(LoopError.passLimitExceeded(3) == .passLimitExceeded(3))
        #expect(throws: LoopError.invalidInterval(.nan)) { try Loop.Timer(fireDate: .zero, interval: .nan) { _ in } }
    }

    @Test func aModeNamedCommonIsAModeOfItsOwnNotTheCommonModes() throws {
        let (loop, _) = virtualLoop()
        let mine = Loop.Mode("common")
        #expect(mine != .common)
        let ran = Lock(false)
        let source = Loop.Source(name: "mine") { ran.withLock { $0 = true } }
        try loop.add(source, forMode: mine)
        source.signal()
        #expect(try loop.run(mode: mine, timeout: 0) == .timedOut, "a user's mode named \"common\" runs")
        #expect(ran.withLock { $0 })
        #expect(loop.isEmpty(mode: .default), "it is not a common item")
    }

    @Test func theCommonModesAreNamedAsCFNamesThem() throws {
        #expect(Loop.Mode("kCFRunLoopCommonModes") == .common, "CF's name for the set is the set, as in CF and Foundation")
        let (loop, _) = virtualLoop()
        try loop.add(Loop.Source {}, forMode: .default)
        #expect(throws: LoopError.cannotRunCommonModes) { try loop.run(mode: Loop.Mode("kCFRunLoopCommonModes"), timeout: 0) }
    }

    @Test func aSecondMainThreadInOneRegistryIsRefused() async throws {
        let registry = LoopRegistry()
        let first = HeldThread(registry: registry, isMain: true)
        try await first.start()
        let second = LoopThread(name: "second main", registry: registry, isMain: true) {}
        #expect(throws: LoopError.mainThreadAlreadyClaimed(thread: "second main")) { try second.start() }
        #expect(second.phase == .notStarted)
        #expect(registry.mainThread == first.thread.id, "the first keeps the main loop")
        let shared = LoopThread(name: "not main", isMain: true) {}
        #expect(throws: LoopError.mainThreadAlreadyClaimed(thread: "not main")) { try shared.start() }
        #expect(LoopRegistry.shared.mainThread == .main, "the process's main thread keeps the shared main loop")
        await first.finish()
    }

    @Test func aSyncOntoTheMainQueueFromTheMainThreadIsRefusedAndQueuesNothing() async throws {
        let outcome = try await offPool(timeout: 10) { () -> (error: LoopError?, ran: Bool) in
            let registry = LoopRegistry(clock: VirtualClock())
            let ran = Lock(false)
            let result = Lock<(LoopError?, Bool)>((nil, false))
            let main = LoopThread(name: "main", registry: registry, isMain: true) {
                var refusal: LoopError?
                do { try registry.mainQueue.sync(name: "inside") { ran.withLock { $0 = true } } } catch { refusal = error as? LoopError }
                try? Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
                _ = try? Loop.current.run(mode: .default, timeout: 1)
                result.withLock { $0 = (refusal, ran.withLock { $0 }) }
            }
            try main.start()
            main.join(timeout: 8)
            return result.withLock { (error: $0.0, ran: $0.1) }
        }
        #expect(outcome.error == .syncOnCurrentQueue("inside"))
        #expect(!outcome.ran, "the refused work was not queued: the main loop never runs it")
    }

    @Test func aSemaphoreWaitThatIsInfiniteNaNOrNegativeIsRefused() {
        let semaphore = Semaphore()
        for timeout in [Double.infinity, .nan, -1] {
            #expect(throws: LoopError.invalidInterval(timeout)) { try semaphore.wait(timeout: timeout) }
        }
    }

    @Test func runsNestedPastTheLimitAreRefusedAndTheLoopStaysUsable() async throws {
        let limit = Loop.nestedRunLimit
        let outcome = try await offPool(timeout: 20) { () -> (reached: Int, error: LoopError?, after: Loop.RunResult?) in
            let (loop, _) = virtualLoop()
            try keepAlive(loop)
            let deepest = Lock(0)
            let refusal = Lock<LoopError?>(nil)
            // Each level queues the next one's block and runs the loop again from inside a block.
            @Sendable func nest() {
                guard refusal.withLock({ $0 }) == nil else { return }   // a block left queued by the refused run
                deepest.withLock { $0 = max($0, ThreadRecord.current.runningLoops.count) }
                loop.perform { nest() }
                do throws(LoopError) { try loop.run(mode: .default, timeout: 0) } catch { refusal.withLock { $0 = error } }
            }
            loop.perform { nest() }
            _ = try loop.run(mode: .default, timeout: 0)
            return (deepest.withLock { $0 }, refusal.withLock { $0 }, try? loop.run(mode: .default, timeout: 0))
        }
        #expect(outcome.error == .nestedRunsTooDeep(limit: limit))
        #expect(outcome.reached == limit, "runs nest \(limit) deep, and no deeper")
        #expect(outcome.after == .timedOut, "the loop runs again once the nest has unwound")
    }
}
