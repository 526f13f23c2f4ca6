/// Misuse of the engine, reported instead of crashing. Nothing is changed or lost when one
/// is thrown: the call had no effect, and the caller decides what to do.
///
/// docs/MISUSE.md lists each misuse with the API that reports it, what the engine does, and its test.
public enum LoopError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A loop may only be run by the thread it belongs to.
    case wrongThread(loop: String)
    /// `.common` names a set of modes, not a mode: it cannot be run.
    case cannotRunCommonModes
    /// The loop's thread has exited and the loop was torn down.
    case loopTornDown(loop: String)
    /// A timer belongs to one loop; it was added to another one.
    case timerOwnedByAnotherLoop(timer: String)
    /// An observer belongs to one loop; it was added to another one.
    case observerOwnedByAnotherLoop(observer: String)
    /// A display link belongs to one loop; it was added to another one.
    case displayLinkInAnotherLoop(link: String)
    /// The item was invalidated; it can no longer be added or used.
    case invalidated(item: String)
    /// An interval or delay that is NaN, infinite or negative, or a timeout that is NaN.
    case invalidInterval(Double)
    /// The port was invalidated; nothing can be sent to it.
    case portInvalidated(port: String)
    /// The thread has not been started yet.
    case threadNotStarted(thread: String)
    /// The thread has exited: its loop can run nothing any more. For a perform that waits on such a
    /// thread, Foundation raises `NSDestinationInvalidException` ("target thread exited while waiting
    /// for the perform"), which ends an app; the engine throws this instead.
    case threadExited(thread: String)
    /// Waiting for work that can never run: e.g. waiting on the caller's own thread while its loop is not running.
    case wouldDeadlock(String)
    /// Waited for longer than allowed.
    case timedOut(String)
    /// The thread was already started.
    case threadAlreadyStarted(thread: String)
    /// A run made more passes than the loop's ``Loop/passLimit`` allows (a guard for tests).
    case passLimitExceeded(Int)
    /// A registry has one main thread: a second ``LoopThread`` started with `isMain: true` is refused.
    case mainThreadAlreadyClaimed(thread: String)
    /// Runs nested deeper than ``Loop/nestedRunLimit`` on one thread (the next would overflow the stack).
    case nestedRunsTooDeep(limit: Int)
    /// `DispatchQueue.main.sync` on the main thread, which owns the main queue: the work could
    /// only run after the wait that blocks it. libdispatch crashes the app ("dispatch_sync called
    /// on queue already owned by current thread"); the engine throws this and queues nothing.
    case syncOnCurrentQueue(String)

    /// The same case with the same payload. A NaN interval equals any other NaN interval, so that
    /// `#expect(throws: LoopError.invalidInterval(.nan))` matches what is thrown (NaN ≠ NaN for
    /// `Double`).
    public static func == (a: LoopError, b: LoopError) -> Bool {
        if case .invalidInterval(let x) = a, case .invalidInterval(let y) = b {
            return x == y || (x.isNaN && y.isNaN)
        }
        return a.identity == b.identity
    }

    /// The case and its payload, as text; every case is listed, so a new one must be added here.
    private var identity: [String] {
        switch self {
        case .wrongThread(let loop): ["wrongThread", loop]
        case .cannotRunCommonModes: ["cannotRunCommonModes"]
        case .loopTornDown(let loop): ["loopTornDown", loop]
        case .timerOwnedByAnotherLoop(let timer): ["timerOwnedByAnotherLoop", timer]
        case .observerOwnedByAnotherLoop(let observer): ["observerOwnedByAnotherLoop", observer]
        case .displayLinkInAnotherLoop(let link): ["displayLinkInAnotherLoop", link]
        case .invalidated(let item): ["invalidated", item]
        case .invalidInterval(let value): ["invalidInterval", "\(value)"]
        case .portInvalidated(let port): ["portInvalidated", port]
        case .threadNotStarted(let thread): ["threadNotStarted", thread]
        case .threadExited(let thread): ["threadExited", thread]
        case .wouldDeadlock(let what): ["wouldDeadlock", what]
        case .timedOut(let what): ["timedOut", what]
        case .threadAlreadyStarted(let thread): ["threadAlreadyStarted", thread]
        case .passLimitExceeded(let limit): ["passLimitExceeded", "\(limit)"]
        case .mainThreadAlreadyClaimed(let thread): ["mainThreadAlreadyClaimed", thread]
        case .nestedRunsTooDeep(let limit): ["nestedRunsTooDeep", "\(limit)"]
        case .syncOnCurrentQueue(let work): ["syncOnCurrentQueue", work]
        }
    }

    public var description: String {
        switch self {
        case .wrongThread(let loop): "\(loop) belongs to another thread: only its own thread may run it"
        case .cannotRunCommonModes: "`.common` is a set of modes, not a mode: run one of its modes instead"
        case .loopTornDown(let loop): "\(loop) was torn down when its thread exited"
        case .timerOwnedByAnotherLoop(let timer): "timer \(timer) already belongs to another loop (a timer belongs to one loop only)"
        case .observerOwnedByAnotherLoop(let observer): "observer \(observer) already belongs to another loop (an observer belongs to one loop only)"
        case .displayLinkInAnotherLoop(let link): "display link \(link) already belongs to another loop (a display link belongs to one loop only)"
        case .invalidated(let item): "\(item) was invalidated"
        case .invalidInterval(let value): "invalid interval \(value): use a finite number of seconds, 0 or more"
        case .portInvalidated(let port): "port \(port) was invalidated: nothing can be sent to it"
        case .threadNotStarted(let thread): "thread \(thread) has not been started"
        case .threadExited(let thread): "thread \(thread) has exited: its loop can run nothing any more"
        case .wouldDeadlock(let what): "this would wait forever: \(what)"
        case .timedOut(let what): "timed out: \(what)"
        case .threadAlreadyStarted(let thread): "thread \(thread) was already started"
        case .passLimitExceeded(let limit): "the run made \(limit) passes without ending (the loop's pass limit)"
        case .mainThreadAlreadyClaimed(let thread): "thread \(thread) cannot be the main thread: its registry has one already"
        case .nestedRunsTooDeep(let limit): "runs nested more than \(limit) deep on one thread: a callout that runs the loop again runs it again and again"
        case .syncOnCurrentQueue(let work):
            "DispatchQueue.main.sync \"\(work)\" on the main thread: dispatch_sync called on queue already owned by current thread (the work could only run after the wait that blocks it)"
        }
    }
}
