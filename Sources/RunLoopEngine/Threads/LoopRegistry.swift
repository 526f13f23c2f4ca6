import Synchronization

/// The thread ↔ loop registry: a loop per thread, made on the thread's first request, kept
/// while the thread lives, torn down when it exits; and a main loop.
/// CF: `_CFRunLoopGet0` and the `__CFRunLoops` dictionary; `__CFFinalizeRunLoop`.
///
/// ``shared`` is the registry of ``Loop/current`` and ``Loop/main``. A test or lesson can make
/// its own, with its own table (lesson 01), clock and mechanisms, and give it to the
/// ``LoopThread``s it starts.
public final class LoopRegistry: @unchecked Sendable {
    // @unchecked: mutable state lives behind Locks.

    /// The registry of ``Loop/current`` and ``Loop/main``.
    public static let shared = LoopRegistry(mainThread: .main)

    /// The clock of every loop this registry makes.
    public let clock: any LoopClock
    /// The mechanisms of every loop this registry makes.
    public let mechanisms: Loop.Mechanisms
    /// The main queue, serviced by this registry's main loop.
    public let mainQueue = MainQueue()
    /// The timer dispatch sources on the main queue, fired by the main loop's looks at the time.
    public let timerSources = DispatchTimerManager()

    private let table: Lock<any LoopTable>
    private let mainThreadID = Lock<ThreadID?>(nil)
    /// Whether the main thread is taken: given at creation, or reserved by a ``LoopThread``
    /// being started with `isMain: true`. A registry has one main thread, as a process does.
    private let mainIsTaken: Lock<Bool>

    /// - Parameters:
    ///   - table: the thread ↔ loop table (lesson 01's seam).
    ///   - clock: the clock of the loops it makes.
    ///   - mechanisms: the mechanisms of the loops it makes.
    ///   - mainThread: the thread whose loop is the main loop; nil until a ``LoopThread``
    ///     started with `isMain: true` claims it.
    public init(
        table: any LoopTable = ReferenceLoopTable(), clock: any LoopClock = RealClock.shared,
        mechanisms: Loop.Mechanisms = .reference, mainThread: ThreadID? = nil
    ) {
        self.table = Lock(table)
        self.clock = clock
        self.mechanisms = mechanisms
        self.mainThreadID.withLock { $0 = mainThread }
        self.mainIsTaken = Lock(mainThread != nil)
        mainQueue.registry = self
    }

    /// The thread whose loop is the main loop.
    public var mainThread: ThreadID? { mainThreadID.withLock { $0 } }

    /// The calling thread's loop, made now if it has none. CF: `CFRunLoopGetCurrent`.
    public func loopForCurrentThread() -> Loop {
        loop(for: ThreadRecord.current)
    }

    /// The loop of `thread` if it has one (a thread that never asked has none).
    public func existingLoop(for thread: ThreadID) -> Loop? {
        table.withLock { $0.existingLoop(for: thread) }
    }

    /// The main loop, made now if needed (from any thread). CF: `CFRunLoopGetMain`.
    /// nil for a registry that has no main thread yet (``shared`` always has one; another
    /// registry gets one when a ``LoopThread`` started with `isMain: true` claims it).
    public var mainLoop: Loop? {
        guard let main = mainThread else { return nil }
        if main == ThreadID.current { return loopForCurrentThread() }
        return table.withLock { table in
            table.loop(for: main) { makeLoop(for: main) }
        }
    }

    /// The main loop if it exists already.
    var existingMainLoop: Loop? {
        guard let main = mainThread else { return nil }
        return existingLoop(for: main)
    }

    /// Reserves the main thread's place for `thread`, a ``LoopThread`` being started with `isMain: true`.
    /// - Throws: ``LoopError/mainThreadAlreadyClaimed(thread:)`` if the place is taken.
    func reserveMain(for thread: String) throws(LoopError) {
        try mainIsTaken.withLock { taken throws(LoopError) in
            guard !taken else { throw .mainThreadAlreadyClaimed(thread: thread) }
            taken = true
        }
    }

    /// Makes `thread` the main thread of this registry (the ``LoopThread`` that reserved the place).
    func claimMain(_ thread: ThreadID) {
        mainThreadID.withLock { $0 = thread }
    }

    func loop(for record: ThreadRecord) -> Loop {
        var made = false
        let loop = table.withLock { table in
            table.loop(for: record.id) {
                made = true
                return makeLoop(for: record.id)
            }
        }
        if made {
            record.onExit { [weak self] thread in self?.threadDidExit(thread) }
        }
        return loop
    }

    private func makeLoop(for thread: ThreadID) -> Loop {
        let isMain = thread == mainThread
        let loop = Loop(
            owner: thread, clock: clock, mechanisms: mechanisms,
            name: isMain ? "main loop" : "loop of \(thread)", isMain: isMain)
        loop.registry = self
        return loop
    }

    /// `thread` exited: forget its loop and tear it down. CF: `__CFFinalizeRunLoop`.
    func threadDidExit(_ thread: ThreadID) {
        let loop = table.withLock { $0.threadDidExit(thread) }
        loop?.tearDown()
    }
}

extension Loop {
    /// The loop's thread exited: every item leaves every mode, queued blocks are dropped, and
    /// the loop can no longer run or take items. CF: `__CFFinalizeRunLoop`,
    /// `__CFRunLoopRemoveAllSources`.
    func tearDown() {
        let removed = state.withLock { state -> [Item] in
            state.isTornDown = true
            state.blocks = []
            var items: Set<Item> = []
            for mode in Array(state.modes.keys) {
                for kind in Item.Kind.allCases {
                    for item in state.modes[mode]!.table.items(of: kind) {
                        _ = state.remove(item, from: mode)
                        items.insert(item)
                    }
                }
            }
            return Array(items)
        }
        // Ports and sources forget this loop; timers and observers were released by `remove`.
        for item in removed {
            switch item {
            case .source(let source): source.flags.withLock { $0.loops.removeAll { $0.object === self || $0.object == nil } }
            case .port(let port): port.box.withLock { $0.loops.removeAll { $0.object === self || $0.object == nil } }
            case .timer, .observer: break
            }
        }
        waiter.notify()
    }
}
