import Testing
@testable import RunLoopEngine

/// The autorelease pool CF pushes around each callout (CFRunLoop.c: `CFRUNLOOP_ARP_BEGIN`,
/// `__CFRunLoopPerCalloutARPBegin`, `_perCalloutARP`), and how it nests with UIKit's observers.
@Suite struct PerCalloutPoolTests {
    final class Garbage {}

    /// Weak references to what a callout made: each entry is nil once its object is gone.
    final class Watch: @unchecked Sendable {
        // @unchecked: used on the loop's thread only.
        private struct Weak { weak var object: Garbage? }
        private var made: [Weak] = []
        /// Makes an object, autoreleases it on the calling thread, and watches it.
        func autoreleaseNew() {
            let garbage = Garbage()
            made.append(Weak(object: garbage))
            AutoreleasePoolStack.current.autorelease(garbage)
        }
        var aliveCount: Int { made.filter { $0.object != nil }.count }
        var madeCount: Int { made.count }
    }

    /// A loop whose thread has no pool of its own open: what no callout pool catches is leaked.
    func bareLoop() -> (Loop, AutoreleasePoolStack) {
        let (loop, _) = virtualLoop()
        return (loop, loop.autoreleasePoolStack)
    }

    @Test func everyNewLoopHasPerCalloutPoolsOn() async throws {
        #expect(Loop(clock: VirtualClock()).perCalloutAutoreleasePools)   // __CFRunLoopCreate
        let onThread = try await offPool(registry: LoopRegistry(clock: VirtualClock())) { Loop.perCalloutAutoreleasePoolsEnabled }
        #expect(onThread)
    }

    /// Each kind of callout, run once on a loop with the flag as given; the object it
    /// autoreleased is looked at by a block queued from it, which runs after it returns.
    func aliveAfterReturn(perCalloutPools: Bool) throws -> [String: Bool] {
        let (loop, pools) = bareLoop()
        loop.perCalloutAutoreleasePools = perCalloutPools
        pools.push()   // an outer pool, so that what no callout pool takes is kept, not leaked
        defer { pools.pop() }
        let result = Lock<[String: Bool]>([:])
        @Sendable func make(_ kind: String) {
            let watch = Watch()
            watch.autoreleaseNew()
            let probe = QueuedProbe(kind: kind, watch: watch, result: result)
            Loop.current.perform(inModes: [.default]) { probe.look() }
        }
        try loop.add(try Loop.Timer(name: "timer", fireDate: loop.now + 1) { _ in make("timer") }, forMode: .default)
        let source = Loop.Source(name: "source0") { make("source0") }
        try loop.add(source, forMode: .default)
        source.signal()
        let port = Loop.Port(name: "source1") { _ in make("source1") }
        try loop.add(port, forMode: .default)
        try port.send("hello")
        let once = Lock(false)
        try loop.add(
            Loop.Observer(name: "observer", activities: .beforeWaiting) { _ in
                if !once.withLock({ $0 }) { once.withLock { $0 = true }; make("observer") }
            }, forMode: .default)
        loop.perform(inModes: [.default]) { make("block") }
        try loop.run(mode: .default, timeout: 2)
        return result.withLock { $0 }
    }

    @Test func timerCalloutsAlwaysHaveAPoolOfTheirOwn() throws {
        #expect(try aliveAfterReturn(perCalloutPools: true)["timer"] == false)
        #expect(try aliveAfterReturn(perCalloutPools: false)["timer"] == false, "CFRUNLOOP_ARP_BEGIN(NULL): whatever the flag")
    }

    @Test func sourceObserverAndBlockCalloutsHaveOneWhileTheFlagIsOn() throws {
        let on = try aliveAfterReturn(perCalloutPools: true)
        #expect(on == ["timer": false, "source0": false, "source1": false, "observer": false, "block": false])
        let off = try aliveAfterReturn(perCalloutPools: false)
        #expect(
            off == ["timer": false, "source0": true, "source1": true, "observer": true, "block": true],
            "with the flag off, their objects wait in the enclosing pool")
    }

    @Test func mainQueueServiceAlwaysHasAPoolOfItsOwn() async throws {
        let registry = LoopRegistry(clock: VirtualClock())
        let (alive, setTo) = try await offPool(registry: registry, isMain: true) { () -> (Int, Bool) in
            let loop = Loop.current
            loop.passLimit = 10_000
            let setTo = Loop.setPerCalloutAutoreleasePoolsEnabled(false)
            let watch = Watch()
            registry.mainQueue.async { watch.autoreleaseNew() }
            registry.mainQueue.async { watch.autoreleaseNew() }
            let looked = Lock(-1)
            // Queued once the service has returned: it runs in the next service.
            registry.mainQueue.async {
                registry.mainQueue.async {
                    looked.withLock { $0 = watch.aliveCount }; loop.stop()
                }
            }
            _ = try loop.run(mode: .default, timeout: 5)
            return (looked.withLock { $0 }, setTo)
        }
        #expect(setTo == false, "the SPI returns the new setting")
        #expect(alive == 0, "one pool around each service of the main queue, whatever the flag")
    }

    @Test func theSPITurnsTheFlagOffForTheCurrentThreadsLoop() async throws {
        let (answers, alive) = try await offPool(registry: LoopRegistry(clock: VirtualClock())) { () -> ([Bool], [Int]) in
            let loop = Loop.current
            loop.passLimit = 10_000
            let outer = loop.autoreleasePoolStack.push()
            defer { loop.autoreleasePoolStack.pop(outer) }
            var answers = [Loop.perCalloutAutoreleasePoolsEnabled]
            answers.append(Loop.setPerCalloutAutoreleasePoolsEnabled(false))
            answers.append(Loop.perCalloutAutoreleasePoolsEnabled)
            let watch = Watch()
            let alive = Lock<[Int]>([])
            let source = Loop.Source(name: "makes garbage") { watch.autoreleaseNew() }
            try loop.add(source, forMode: .default)
            try loop.add(Loop.Observer(activities: .beforeWaiting) { _ in alive.withLock { $0.append(watch.aliveCount) } }, forMode: .default)
            source.signal()
            _ = try loop.run(mode: .default, timeout: 0.5)
            Loop.setPerCalloutAutoreleasePoolsEnabled(true)
            source.signal()
            _ = try loop.run(mode: .default, timeout: 0.5)
            return (answers, alive.withLock { $0 })
        }
        #expect(answers == [true, false, false])
        #expect(alive == [1, 1], "off: the first object outlived its callout; on again: the second did not")
    }

    @Test func theFlagIsReadWhenTheCalloutBegins() throws {
        let (loop, pools) = bareLoop()
        let leakedBefore = pools.leakedCount
        let watch = Watch()
        let source = Loop.Source(name: "turns it off") {
            Loop.setPerCalloutAutoreleasePoolsEnabled(false)
            watch.autoreleaseNew()
        }
        try loop.add(source, forMode: .default)
        source.signal()
        try loop.run(mode: .default, timeout: 0)
        #expect(watch.aliveCount == 0 && pools.leakedCount == leakedBefore, "the pool pushed as it began is popped as it returns")
        #expect(loop.perCalloutAutoreleasePools == false)
    }

    @Test func aLoopWithUIKitsObserversRunsWithTheFlagOffAndATimersPoolNestsInsideTheTurnsPool() throws {
        let (loop, _) = virtualLoop(mechanisms: .reference.with(autoreleasePools: ReferenceAutoreleasePoolObservers()))
        let pools = loop.autoreleasePoolStack
        let invalidBefore = pools.invalidPopCount
        #expect(loop.perCalloutAutoreleasePools == false)
        let timerWatch = Watch(), sourceWatch = Watch()
        let seen = Log()
        let source = Loop.Source(name: "source0") { sourceWatch.autoreleaseNew() }
        try loop.add(source, forMode: .default)
        try loop.add(
            try Loop.Timer(name: "timer", fireDate: loop.now + 1) { _ in
                seen.add("in the timer: pools open \(pools.depth)")
                timerWatch.autoreleaseNew()
                source.signal()
            }, forMode: .default)
        try loop.add(
            Loop.Observer(name: "looks", activities: [.beforeSources, .afterWaiting]) { activity in
                guard timerWatch.madeCount > 0 else { return }
                seen.add("\(activity): timer's \(timerWatch.aliveCount), source's \(sourceWatch.aliveCount), pools open \(pools.depth)")
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 2)
        #expect(
            seen.all == [
                "in the timer: pools open 2",   // UIKit's pool for the turn, and the timer's own
                "before sources: timer's 0, source's 0, pools open 1",   // the timer's went with its own pool
                "before sources: timer's 0, source's 1, pools open 1",   // the source's waits in UIKit's: no sleep yet
                "after waiting: timer's 0, source's 0, pools open 1",   // drained before the sleep
            ])
        #expect(sourceWatch.aliveCount == 0 && pools.depth == 0 && pools.invalidPopCount == invalidBefore)
    }

    @Test func uikitsObserversOnALoopWithTheFlagOnHaveTheirPoolPoppedUnderThem() throws {
        let (loop, _) = virtualLoop(mechanisms: .reference.with(autoreleasePools: ReferenceAutoreleasePoolObservers()))
        loop.perCalloutAutoreleasePools = true
        let pools = loop.autoreleasePoolStack
        let depthAfterEntry = Lock(-1)
        try loop.add(Loop.Observer(name: "after entry", activities: .entry, order: 0) { _ in depthAfterEntry.withLock { $0 = pools.depth } }, forMode: .default)
        try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in }, forMode: .default)
        let invalidBefore = pools.invalidPopCount
        try loop.run(mode: .default, timeout: 2)
        // The entry observer's push happened inside its callout's own pool, and went with it;
        // the one open at order 0 is that observer's own callout pool.
        #expect(depthAfterEntry.withLock { $0 } == 1)
        #expect(pools.invalidPopCount > invalidBefore, "the pushes and pops no longer match (objc's badPop): counted, not a crash")
        while pools.depth > 0 { pools.pop() }
    }

    @Test func poppingAPoolPopsThePoolsInsideItAndASecondPopIsInvalid() {
        let pools = AutoreleasePoolStack()
        let outer = pools.push()
        pools.autorelease(Garbage())
        let inner = pools.push()
        pools.autorelease(Garbage())
        #expect(pools.depth == 2 && pools.pendingCount == 2)
        #expect(pools.pop(outer))
        #expect(pools.depth == 0 && pools.pendingCount == 0)
        #expect(pools.pop(inner) == false && pools.pop(outer) == false)
        #expect(pools.invalidPopCount == 2)
    }

    @Test func neitherLayerHelpsALongCalloutButAPoolPerIterationDoes() throws {
        let (loop, pools) = bareLoop()
        let peaks = Lock<[Int]>([])
        try loop.add(
            try Loop.Timer(name: "long", fireDate: loop.now + 1) { _ in
                for _ in 0..<1000 { pools.autorelease(Garbage()) }
                peaks.withLock { $0.append(pools.pendingCount) }   // all 1000 wait for the callout to return
                for _ in 0..<1000 {
                    let pool = pools.push()   // `autoreleasepool { … }` around each iteration
                    pools.autorelease(Garbage())
                    pools.pop(pool)
                }
                peaks.withLock { $0.append(pools.pendingCount) }
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 2)
        #expect(peaks.withLock { $0 } == [1000, 1000], "the first 1000 are still waiting; the second 1000 never pile up")
        #expect(pools.pendingCount == 0)
    }
}

/// Looks, from a block queued by a callout, at whether the callout's object outlived it.
private final class QueuedProbe: Sendable {
    let kind: String
    let watch: PerCalloutPoolTests.Watch
    let result: Lock<[String: Bool]>
    init(kind: String, watch: PerCalloutPoolTests.Watch, result: Lock<[String: Bool]>) {
        self.kind = kind
        self.watch = watch
        self.result = result
    }
    func look() { result.withLock { $0[kind] = watch.aliveCount > 0 } }
}
