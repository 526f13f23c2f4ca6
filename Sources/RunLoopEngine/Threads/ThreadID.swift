import Foundation
import Synchronization

/// A thread's identity, as the loop registry keys it. CF keys `__CFRunLoops` by `pthread_t`.
///
/// Each thread gets a number on first use; the main thread is always ``main``. Numbers are
/// never reused, so a thread that exited can never be mistaken for a new one.
public struct ThreadID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The process's main thread.
    public static let main = ThreadID(rawValue: 1)

    /// The calling thread.
    public static var current: ThreadID { ThreadRecord.current.id }

    public static func < (a: ThreadID, b: ThreadID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { self == .main ? "thread main" : "thread #\(rawValue)" }
}

/// What the engine knows about one thread: its number, the loops it is running, its
/// autorelease pools, and what to do when it exits. Kept in thread-local storage whose
/// destructor tells the registries that the thread is gone (CF: `__CFFinalizeRunLoop`, run from
/// the TSD destructor).
final class ThreadRecord: ThreadLocalValue, @unchecked Sendable {
    // @unchecked: `runningLoops` and `loopThread` are only touched by the thread itself (its
    // exit sequence included); `exitHandlers` and `exitRuns` are behind a Lock.
    let id: ThreadID
    /// The registry this thread takes its loop from (nil: the shared one).
    var registry: LoopRegistry?
    /// The ``LoopThread`` this thread is, if it is one. Held until the exit sequence has told it
    /// (the thread's start routine lets go of it before the thread-local destructor runs).
    var loopThread: LoopThread?
    /// The loops this thread is running, innermost last.
    var runningLoops: [Loop] = []
    /// Whether the thread's timed waits have been made precise (see ``useFineTimerSlack()``).
    private var hasFineTimerSlack = false
    private let exitHandlers = Lock<[@Sendable (ThreadID) -> Void]>([])
    /// How many times the exit sequence has run: 1 once the thread has exited, never more.
    var exitSequenceRuns: Int { exitRuns.withLock { $0 } }
    private let exitRuns = Lock(0)

    private init(id: ThreadID) { self.id = id }

    private static let numbers = SequenceCounter()   // 1 is taken by the main thread's first record
    private static let mainRecord = ThreadRecord(id: .main)

    /// Runs `handler` when the thread exits.
    func onExit(_ handler: @escaping @Sendable (ThreadID) -> Void) {
        exitHandlers.withLock { $0.append(handler) }
    }

    /// The thread's exit sequence. Its one trigger is the thread-local slot's destructor, which
    /// the system runs once, after the thread's body has returned (CF: `__CFTSDFinalize` calling
    /// `__CFFinalizeRunLoop`). In order:
    /// 1. the exit handlers: each registry that made a loop for the thread tears it down (every
    ///    item leaves every mode, queued blocks are dropped);
    /// 2. the thread's autorelease pool stack and Core Animation transaction are forgotten;
    /// 3. the ``LoopThread``, if the thread is one, is told last: it becomes finished and wakes
    ///    whoever waits to join it, so a joiner never sees a loop not yet torn down.
    func threadWillExit() {
        exitRuns.withLock { $0 += 1 }
        let handlers = exitHandlers.withLock { handlers in
            defer { handlers = [] }
            return handlers
        }
        for handler in handlers { handler(id) }
        AutoreleasePoolStack.threadDidExit(id)
        Transaction.threadDidExit(id)
        let thread = loopThread
        loopThread = nil
        thread?.threadDidExit()
    }

    /// Makes the calling thread's timed waits end on time, once per thread. A timed wait in
    /// Linux may end up to the thread's "timer slack" late (50 µs by default), so that the
    /// kernel can batch wake-ups; CF's loop sleeps on a timerfd, which has none. A loop's thread
    /// gets 1 ns, so that its timers fire as promptly as CF's. Call it on this record's thread.
    func useFineTimerSlack() {
        guard !hasFineTimerSlack else { return }
        hasFineTimerSlack = true
        SystemThread.useFineTimerSlack()
    }

    /// The calling thread's record, made on first use.
    static var current: ThreadRecord {
        if let record = slot.current { return unsafeDowncast(record, to: ThreadRecord.self) }
        let record = Thread.isMainThread ? mainRecord : ThreadRecord(id: ThreadID(rawValue: numbers.next() + 1))
        slot.set(record)
        return record
    }

    /// The thread-local slot; the system calls ``threadWillExit()`` as a thread exits.
    private static let slot = ThreadLocalSlot()
}
