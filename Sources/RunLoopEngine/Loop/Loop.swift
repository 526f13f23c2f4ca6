import Synchronization

/// A run loop: an event loop that belongs to one thread, runs one mode at a time, and
/// sleeps in the kernel until something needs it.
///
/// CoreFoundation: `CFRunLoopRef` (`struct __CFRunLoop`). Foundation: `RunLoop` / `NSRunLoop`.
///
/// A thread gets its loop from ``Loop/current`` (made on first request, kept in a
/// ``LoopRegistry``, torn down when the thread exits); the main thread's loop is
/// ``Loop/main``. A loop can also be made directly, for a scenario on the
/// ``VirtualClock``: it then belongs to the thread that made it.
///
///     let clock = VirtualClock()
///     let loop = Loop(clock: clock)
///     let timer = try Loop.Timer(fireDate: loop.now + 1, interval: 1) { _ in print("tick") }
///     try loop.add(timer, forMode: .default)
///     _ = try loop.run(mode: .default, timeout: 3.5)   // ticks at 1, 2 and 3 s, instantly
///
/// Everything a loop holds is guarded by one lock; callouts (timers, sources, observers,
/// blocks) always run outside it, on the loop's thread, so a callout may use the loop freely,
/// even run it again in another mode (a nested run).
public final class Loop: @unchecked Sendable {
    // @unchecked: every mutable field is behind `state` (a Lock) or the waiter's own lock.

    /// The clock the loop reads and sleeps on.
    public let clock: any LoopClock
    /// The mechanisms the loop is made of (the seams the build lessons replace).
    public let mechanisms: Mechanisms
    /// A label for traces and error messages.
    public let name: String

    /// The thread the loop belongs to. Only that thread may run it.
    let owner: ThreadID
    /// The registry that made this loop, if any (nil for a loop made directly).
    weak var registry: LoopRegistry?

    /// Guarded state: modes and their items, common modes, blocks, the stack of runs.
    let state: Lock<LoopState>
    /// Where the loop sleeps. CF: the wake-up port and the mode's port set.
    let waiter = KernelWaiter()
    /// Where activities and callouts are recorded, when someone listens.
    let traceSink = Lock<LoopTrace?>(nil)
    /// How many observers the loop's modes hold (shared with `state`).
    let observerCount: ObserverCount
    /// Whether `traceSink` holds a trace: read without the lock on every event.
    let isTracing = Atomic(false)
    /// ``testsOnly_afterWakeUp``.
    let afterWakeUpHook = Lock<(@Sendable () -> Void)?>(nil)
    /// The pool stack of the loop's thread, where callouts' own pools are pushed.
    public let autoreleasePoolStack: AutoreleasePoolStack
    /// CF: `_perCalloutARP`, which `__CFRunLoopCreate` sets to true for every loop (see
    /// ``perCalloutAutoreleasePools``).
    let perCalloutPools = Atomic(true)

    /// Makes a loop that belongs to the calling thread and to no registry.
    ///
    /// - Parameters:
    ///   - clock: ``RealClock`` (the default) or a ``VirtualClock`` for deterministic scenarios.
    ///   - mechanisms: the mechanisms to build the loop from; ``Mechanisms/reference`` by default.
    ///   - name: a label for traces.
    public convenience init(clock: any LoopClock = RealClock.shared, mechanisms: Mechanisms = .reference, name: String = "loop") {
        self.init(owner: .current, clock: clock, mechanisms: mechanisms, name: name, isMain: false)
    }

    init(owner: ThreadID, clock: any LoopClock, mechanisms: Mechanisms, name: String, isMain: Bool) {
        self.owner = owner
        self.clock = clock
        self.mechanisms = mechanisms
        self.name = name
        var initial = LoopState(mechanisms: mechanisms, isMain: isMain)
        initial.markCommon(.default)   // CF: a new loop's common modes are {default}
        self.observerCount = initial.observerCount
        self.state = Lock(initial)
        self.autoreleasePoolStack = AutoreleasePoolStack.forThread(owner)
        if let poolObservers = mechanisms.autoreleasePools {
            // A pool pushed in an observer's callout while its loop's flag is on is popped with
            // the callout's own pool; UIKit's observers only work on a loop with the flag off.
            perCalloutPools.store(false, ordering: .relaxed)
            poolObservers.install(on: self, pools: autoreleasePoolStack)
        }
        if let commit = mechanisms.commit {
            let transaction = Transaction.begin(for: self, on: owner)
            commit.install(on: self, transaction: transaction)
        }
    }

    /// The most passes one run may make before it throws ``LoopError/passLimitExceeded(_:)``
    /// (nil: no limit). A guard for tests and lessons: a pass that never sleeps on a virtual
    /// clock would otherwise spin for ever.
    public var passLimit: Int? {
        get { let limit = passLimitStorage.load(ordering: .relaxed); return limit > 0 ? limit : nil }
        set { passLimitStorage.store(max(newValue ?? 0, 0), ordering: .relaxed) }
    }
    private let passLimitStorage = Atomic<Int>(0)

    /// Now, on this loop's clock.
    public var now: Instant { clock.now }

    /// Whether this is the main thread's loop (the one that services the main queue).
    public var isMain: Bool { state.withLock { $0.isMain } }

    /// The mode of the innermost run, or nil when the loop is not running.
    /// CF: `CFRunLoopCopyCurrentMode`. Foundation: `currentMode`.
    public var currentMode: Mode? { state.withLock { $0.runs.last?.mode } }

    /// Whether the loop is asleep, waiting for something to happen. CF: `CFRunLoopIsWaiting`.
    public var isWaiting: Bool { state.withLock { $0.isSleeping } }

    /// When the innermost run in progress times out (``Instant/distantFuture`` for `run()`), or
    /// nil when the loop is not running. CF keeps it in `__CFRunLoopRun`'s `termTSR` and shows it
    /// to no one; here a test reads it to tell a loop asleep until work comes from one that polls.
    public var currentRunDeadline: Instant? { state.withLock { $0.runs.last?.deadline } }

    /// Whether the thread that owned this loop has exited (the loop was torn down).
    public var isTornDown: Bool { state.withLock { $0.isTornDown } }

    /// The modes this loop has, by name (modes are made on first use and never removed).
    /// CF: `CFRunLoopCopyAllModes`.
    public var allModes: Set<Mode> { state.withLock { Set($0.modes.keys) } }

    /// The modes marked common. CF: `_commonModes`.
    public var commonModes: Set<Mode> { state.withLock { $0.commonRules.commonModes } }

    /// The current thread's loop: the loop running on this thread (innermost), or else the
    /// one its registry keeps for it, made now if needed. CF: `CFRunLoopGetCurrent`.
    public static var current: Loop {
        let thread = ThreadRecord.current
        if let running = thread.runningLoops.last { return running }
        return (thread.registry ?? LoopRegistry.shared).loopForCurrentThread()
    }

    /// The main thread's loop, from any thread. CF: `CFRunLoopGetMain`.
    public static var main: Loop { LoopRegistry.shared.mainLoop! }   // the shared registry always has a main thread
}

extension Loop: Hashable, CustomStringConvertible {
    public static func == (a: Loop, b: Loop) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "Loop(\(name))" }
}
