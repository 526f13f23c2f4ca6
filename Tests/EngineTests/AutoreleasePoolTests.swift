import Testing
@testable import RunLoopEngine

/// The two pool observers UIKit puts on the main loop (lesson 12).
@Suite struct AutoreleasePoolTests {
    final class Garbage {}

    func pooledLoop() -> (Loop, VirtualClock, AutoreleasePoolStack) {
        let (loop, clock) = virtualLoop(mechanisms: Loop.Mechanisms.reference.with(autoreleasePools: ReferenceAutoreleasePoolObservers()))
        return (loop, clock, AutoreleasePoolStack.forThread(loop.owner))
    }

    @Test func thePoolObserversSitAtTheExtremeOrdersInCommonModes() throws {
        let (loop, _, _) = pooledLoop()
        let observers = loop.items(inMode: .default).compactMap { item -> Loop.Observer? in
            if case .observer(let o) = item { o } else { nil }
        }
        // UIKit's orders: −2147483647 (Int32.min + 1) for the push, 2147483647 (Int32.max) for the pop.
        #expect(observers.map(\.order).sorted() == [-2_147_483_647, 2_147_483_647])
        #expect(observers.first { $0.order == -2_147_483_647 }?.activities == .entry)
        #expect(observers.first { $0.order == 2_147_483_647 }?.activities == [.beforeWaiting, .exit])
        loop.addCommonMode(.tracking)
        #expect(loop.items(inMode: .tracking).count == 2)
    }

    @Test func garbageIsReleasedBeforeTheLoopSleepsAndNoPoolIsLeftOpen() throws {
        let (loop, _, pools) = pooledLoop()
        let weakGarbage = Lock<[Bool]>([])
        final class WeakBox: @unchecked Sendable { weak var object: Garbage? }
        let box = WeakBox()
        try loop.add(
            try Loop.Timer(fireDate: loop.now + 1) { _ in
                let garbage = Garbage()
                box.object = garbage
                pools.autorelease(garbage)
            }, forMode: .default)
        try loop.add(try Loop.Timer(fireDate: loop.now + 2) { _ in weakGarbage.withLock { $0.append(box.object == nil) } }, forMode: .default)
        try loop.run(mode: .default, timeout: 3)
        #expect(weakGarbage.withLock { $0 } == [true], "popped before the loop slept after the first timer")
        #expect(pools.depth == 0)
    }

    @Test func workThatNeverLetsTheLoopSleepKeepsItsGarbage() throws {
        let (loop, _, pools) = pooledLoop()
        let pending = Lock<Int>(0)
        let count = Lock(0)
        let source = Loop.Source(name: "chatty") {
            pools.autorelease(Garbage())
            count.withLock { $0 += 1 }
            if count.withLock({ $0 }) == 100 { pending.withLock { $0 = pools.pendingCount } }
        }
        try loop.add(source, forMode: .default)
        let resignal = Loop.Observer(activities: .beforeSources) { _ in if count.withLock({ $0 }) < 100 { source.signal() } }
        try loop.add(resignal, forMode: .default)
        try loop.run(mode: .default, timeout: 1)
        #expect(pending.withLock { $0 } == 100, "a source ran every pass: the loop polled, never slept, never drained")
        #expect(pools.pendingCount == 0 && pools.depth == 0, "drained once it could sleep, and at exit")
    }

    @Test func anObjectAutoreleasedWithNoPoolIsLeaked() {
        let pools = AutoreleasePoolStack()
        pools.autorelease(Garbage())
        #expect(pools.leakedCount == 1)
        pools.push()
        pools.autorelease(Garbage())
        #expect(pools.pendingCount == 1)
        pools.pop()
        pools.pop()
        #expect(pools.depth == 0 && pools.pendingCount == 0)
    }
}
