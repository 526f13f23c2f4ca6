import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "Thread ↔ loop": the registry, teardown at exit, the main loop.
@Suite struct RegistryTests {
    @Test func aThreadsLoopIsMadeOnFirstRequestAndIsTheSameAfter() async throws {
        let registry = LoopRegistry()
        let same = try await offPool(registry: registry) { () -> Bool in
            let id = ThreadID.current
            guard registry.existingLoop(for: id) == nil else { return false }
            let loop = Loop.current
            return Loop.current === loop && registry.existingLoop(for: id) === loop && loop.registry === registry
        }
        #expect(same)
    }

    @Test func aThreadThatNeverAsksHasNoLoop() async throws {
        let held = HeldThread()
        try await held.start()
        #expect(held.thread.loop == nil)
        #expect(held.thread.registry.existingLoop(for: held.thread.id!) == nil)
        await held.finish()
    }

    @Test func runLoopFromAnotherThreadMakesTheThreadsLoop() async throws {
        let seen = Lock<Loop?>(nil)
        let held = HeldThread { seen.withLock { $0 = Loop.current } }
        try await held.start()
        let loop = try held.thread.runLoop()
        #expect(held.thread.loop === loop)
        await held.finish()
        #expect(seen.withLock { $0 } === loop)
    }

    @Test func aLoopIsTornDownWhenItsThreadExits() async throws {
        let registry = LoopRegistry()
        let port = Loop.Port(name: "p")
        let timer = try Loop.Timer(fireDate: .distantFuture) { _ in }
        let observer = Loop.Observer(activities: .all) { _ in }
        let thread = LoopThread(name: "short-lived", registry: registry) {
            let loop = Loop.current
            try? loop.add(port, forMode: .default)
            try? loop.add(timer, forMode: .common)
            try? loop.add(observer, forMode: "x")
            loop.perform(inModes: [.default]) {}
        }
        try thread.start()
        let id = thread.id!
        #expect(await thread.finish(timeout: 5))
        #expect(registry.existingLoop(for: id) == nil)
        #expect(thread.loop == nil)
        #expect(timer.loop == nil && timer.isValid, "the timer left the loop; it was not invalidated")
        #expect(port.box.withLock { $0.loops.isEmpty }, "the port forgot the loop")
        #expect(observer.core.withLock { $0.owner == nil })
    }

    @Test func theTornDownLoopKeepsNothingAndTakesNothing() async throws {
        let box = Lock<Loop?>(nil)
        let thread = LoopThread(name: "gone", registry: LoopRegistry()) {
            let loop = Loop.current
            try? loop.add(Loop.Port(), forMode: .default)
            loop.perform(inModes: [.default]) {}
            box.withLock { $0 = loop }
        }
        try thread.start()
        #expect(await thread.finish(timeout: 5))
        let loop = try #require(box.withLock { $0 })
        #expect(loop.isTornDown)
        #expect(loop.isEmpty(mode: .default))
        #expect(throws: LoopError.loopTornDown(loop: loop.name)) { try loop.add(Loop.Source {}, forMode: .default) }
    }

    @Test func theSharedRegistrysMainLoopBelongsToTheMainThread() {
        #expect(LoopRegistry.shared.mainThread == .main)
        #expect(Loop.main === LoopRegistry.shared.mainLoop)
        #expect(Loop.main.isMain)
        #expect(Loop.main.owner == .main)
    }

    @Test func aLoopThreadStartedAsMainOwnsItsRegistrysMainLoop() async throws {
        let registry = LoopRegistry()
        #expect(registry.mainThread == nil)
        let isMain = try await offPool(registry: registry, isMain: true) { Loop.current.isMain && registry.mainLoop === Loop.current }
        #expect(isMain)
    }

    @Test func loopCurrentIsTheInnermostRunningLoop() throws {
        let (loop, _) = virtualLoop()
        let seen = Lock<Bool>(false)
        try loop.add(try Loop.Timer(fireDate: loop.now) { _ in seen.withLock { $0 = Loop.current === loop } }, forMode: .default)
        try loop.run(mode: .default, timeout: 1)
        #expect(seen.withLock { $0 })
    }

    @Test func aRegistryUsesTheTableItIsGiven() async throws {
        let registry = LoopRegistry(table: CountingTable())
        _ = try await offPool(registry: registry) { Loop.current }
        #expect(CountingTable.made.withLock { $0 } >= 1)
    }
}

/// A loop table (lesson 01's seam) that counts the loops it makes.
struct CountingTable: LoopTable {
    static let made = Lock(0)
    private var inner = ReferenceLoopTable()
    init() {}
    mutating func loop(for thread: ThreadID, makeLoop: () -> Loop) -> Loop {
        inner.loop(for: thread) {
            CountingTable.made.withLock { $0 += 1 }; return makeLoop()
        }
    }
    func existingLoop(for thread: ThreadID) -> Loop? { inner.existingLoop(for: thread) }
    mutating func threadDidExit(_ thread: ThreadID) -> Loop? { inner.threadDidExit(thread) }
}
