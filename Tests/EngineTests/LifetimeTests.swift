import Foundation
import Testing
@testable import RunLoopEngine

/// Loops, threads, timers, observers and sources are freed when they should be; a permanent
/// thread started and stopped a thousand times leaves no thread and no loop behind.
@Suite struct LifetimeTests {
    final class Weak<T: AnyObject>: @unchecked Sendable {
        weak var object: T?
        init(_ object: T?) { self.object = object }
    }

    @Test func aLoopMadeDirectlyIsFreedWithItsItems() throws {
        let weakLoop: Weak<Loop>, weakTimer: Weak<Loop.Timer>, weakSource: Weak<Loop.Source>, weakObserver: Weak<Loop.Observer>
        do {
            let (loop, _) = virtualLoop()
            let timer = try Loop.Timer(fireDate: loop.now + 1, interval: 1) { _ in }
            let source = Loop.Source {}
            let observer = Loop.Observer(activities: .all) { _ in }
            try loop.add(timer, forMode: .common)
            try loop.add(source, forMode: .default)
            try loop.add(observer, forMode: .default)
            try loop.run(mode: .default, timeout: 3)
            (weakLoop, weakTimer, weakSource, weakObserver) = (Weak(loop), Weak(timer), Weak(source), Weak(observer))
        }
        #expect(weakLoop.object == nil)
        #expect(weakTimer.object == nil && weakSource.object == nil && weakObserver.object == nil)
    }

    @Test func itemsAreFreedWhenTheyLeaveALoopThatLivesOn() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let weakOneShot: Weak<Loop.Timer>, weakInvalidated: Weak<Loop.Timer>, weakObserver: Weak<Loop.Observer>, weakPort: Weak<Loop.Port>
        do {
            let oneShot = try Loop.Timer(fireDate: loop.now + 1) { _ in }
            let invalidated = try Loop.Timer(fireDate: loop.now + 5, interval: 1) { _ in }
            let observer = Loop.Observer(activities: .entry, repeats: false) { _ in }
            let port = Loop.Port()
            for (timer, mode) in [(oneShot, Loop.Mode.default), (invalidated, .common)] { try loop.add(timer, forMode: mode) }
            try loop.add(observer, forMode: .default)
            try loop.add(port, forMode: .default)
            try loop.run(mode: .default, timeout: 2)   // fires the one-shot timer and the one-time observer
            invalidated.invalidate()
            port.invalidate()
            (weakOneShot, weakInvalidated, weakObserver, weakPort) = (Weak(oneShot), Weak(invalidated), Weak(observer), Weak(port))
        }
        #expect(weakOneShot.object == nil, "a fired one-shot timer")
        #expect(weakInvalidated.object == nil, "an invalidated repeating timer (its heap entries are weak)")
        #expect(weakObserver.object == nil, "a non-repeating observer after its callout")
        #expect(weakPort.object == nil, "an invalidated port")
        #expect(loop.items(inMode: .default).count == 1)
    }

    /// A mode's timer heaps hold their timers; stale entries (a timer invalidated, moved, or
    /// removed) are dropped as soon as they outnumber the mode's timers, so what leaves a busy
    /// mode is freed too, and moving a timer again and again does not grow the heaps.
    @Test func timersThatLeaveABusyModeAreFreedAndMovesDoNotPileUp() throws {
        let (loop, _) = virtualLoop()
        let staying = try (0..<100).map { index in try Loop.Timer(fireDate: loop.now + 10 + Double(index)) { _ in } }
        let leaving: [Weak<Loop.Timer>]
        do {
            let timers = try (0..<300).map { index in try Loop.Timer(fireDate: loop.now + 5 + Double(index)) { _ in } }
            for timer in staying + timers { try loop.add(timer, forMode: .default) }
            for (index, timer) in timers.enumerated() {
                if index % 3 == 0 { timer.invalidate() } else { loop.remove(.timer(timer), fromMode: .default) }
            }
            leaving = timers.map { Weak($0) }
        }
        // At most one stale entry per timer still in the mode survives a compaction.
        let alive = leaving.filter { $0.object != nil }.count
        #expect(alive <= staying.count, "\(alive) of 300 timers that left the mode are still alive, with \(staying.count) in it")

        // One timer moved 10,000 times: still one timer, firing once, at its last date.
        let moved = staying[0]
        for step in 0..<10_000 { moved.fireDate = loop.now + 1 + Double(step) / 10_000 }
        let heaps = loop.state.withLock { state in state.withMode(.default) { $0.timers.entryCount } ?? 0 }
        #expect(heaps <= 2 * staying.count + 1, "the default mode's heap holds \(heaps) entries for \(staying.count) timers")
        #expect(loop.nextTimerFireDate(mode: .default) == moved.fireDate)

        // Once the mode's timers have all fired, nothing that left it is kept.
        try keepAlive(loop)
        try loop.run(mode: .default, timeout: 400)
        #expect(staying.allSatisfy { !$0.isValid })
        #expect(leaving.allSatisfy { $0.object == nil })
    }

    @Test func aThreadItsLoopAndThePerformSourcesAreFreedAfterItExits() async throws {
        let weakLoop = Weak<Loop>(nil)
        let weakThread: Weak<LoopThread>
        do {
            let worker = Worker()
            try await worker.start()
            let ran = Gate()
            try worker.thread.perform { ran.open() }
            #expect(await ran.opened())
            weakLoop.object = worker.loop
            await worker.stop()
            weakThread = Weak(worker.thread)
        }
        #expect(weakThread.object == nil)
        #expect(weakLoop.object == nil)
    }

    @Test func aThousandStartStopCyclesOfAPermanentThreadLeaveNoLoop() async throws {
        let loops = try await Self.startAndStopPermanentThreads(cycles: 1000, named: "permanent")
        #expect(loops.count == 1000)
        #expect(loops.allSatisfy { $0.object == nil }, "\(loops.filter { $0.object != nil }.count) loops are still alive")
    }

    /// Joined threads are gone from the kernel's list of the process's threads. Other tests
    /// start threads meanwhile, so the count of all threads proves nothing; their names do.
    /// `pthread_join` may return before the kernel has taken the thread off its list (Darwin's
    /// does: the joined thread's last steps out of the kernel come after it wakes its joiner),
    /// so the list is read until it settles, for at most 10 seconds, not once.
    @Test(.enabled(if: SystemThreads.canListThreads, "this system does not list a process's threads"))
    func startStopCyclesOfAPermanentThreadLeaveNoThread() async throws {
        let firstName = Lock("")
        _ = try await Self.startAndStopPermanentThreads(cycles: 200, named: "joined") { cycle in
            if cycle == 0 { firstName.withLock { $0 = SystemThreads.currentName() } }
        }
        #expect(firstName.withLock { $0 } == "joined 0", "the system knows the threads by name")
        @Sendable func joined() -> [String]? { SystemThreads.liveNames()?.filter { $0.hasPrefix("joined ") } }
        _ = await until(10) { joined()?.isEmpty ?? true }
        let named = try #require(joined(), "the system stopped listing threads")
        #expect(named.count == 0, "\(named.count) threads named \"joined …\" are still running after 10 s: \(named.prefix(5))")
    }

    /// Starts a permanent thread (a loop kept alive by a port, run until stopped), stops it from
    /// another thread, joins it, `cycles` times in a row; returns each thread's loop, weakly.
    static func startAndStopPermanentThreads(
        cycles: Int, named prefix: String,
        onThread: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> [Weak<Loop>] {
        try await offPool(timeout: 60) { () -> [Weak<Loop>] in
            var loops: [Weak<Loop>] = []
            for cycle in 0..<cycles {
                let loopBox = Weak<Loop>(nil)
                let stopped = Lock(false)
                let thread = LoopThread(name: "\(prefix) \(cycle)") {
                    onThread(cycle)
                    let loop = Loop.current
                    loopBox.object = loop
                    try? loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
                    while !stopped.withLock({ $0 }) { _ = try? loop.run(mode: .default, before: .distantFuture) }
                }
                try thread.start()
                try thread.perform(waitUntilDone: true, timeout: 5) {
                    stopped.withLock { $0 = true }
                    Loop.current.stop()
                }
                guard thread.join(timeout: 5) else { throw OffPoolTimeout(seconds: 5) }
                loops.append(loopBox)
            }
            return loops
        }
    }
}
