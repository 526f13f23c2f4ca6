// The shared state every test suite uses: one log and one gate, both guarded by the engine's
// `Lock` (a pthread mutex, which ThreadSanitizer understands; it reports false races on
// `Synchronization.Mutex` on Linux). A value a test shares with its callouts is a `Lock` itself:
// `withLock` reads or changes it in one step, the lock held.
import RunLoopEngine

/// A thread-safe list of what happened, for callouts to write into.
public final class Log: Sendable {
    private let items = Lock<[String]>([])

    public init() {}

    public func add(_ item: String) { items.withLock { $0.append(item) } }

    /// `log("…")`: the same as ``add(_:)``, for scenarios that write many lines.
    public func callAsFunction(_ item: String) { add(item) }

    public var all: [String] { items.withLock { $0 } }
    public var count: Int { items.withLock { $0.count } }
}

/// A gate a callout opens and a test awaits (suspending, never blocking a pool thread).
public final class Gate: Sendable {
    private let latch = Latch()

    public init() {}

    public func open() { latch.open() }
    public var isOpen: Bool { latch.isOpen }

    /// Suspends until open, at most `timeout` seconds. Returns whether it opened.
    public func opened(within timeout: Double = 5) async -> Bool { await latch.wait(timeout: timeout) }

    /// Blocks the calling thread until open, at most `timeout` seconds: only on a thread the
    /// test started, never on a pool thread. Returns whether it opened.
    public func waitOpen(within timeout: Double = 5) -> Bool { latch.wait(timeout: timeout) }
}
