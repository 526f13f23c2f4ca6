import Foundation
import Synchronization

/// A thread that can own a loop: start it, name it, join it. Foundation: `Thread` / `NSThread`.
///
/// The thread runs `body` and exits when `body` returns; its loop (if it asked for one with
/// ``Loop/current``) is torn down as it exits. To keep a thread alive, `body` runs its loop,
/// and the loop must have something to wait for (a port, a timer…): a loop with nothing to do
/// returns at once.
///
///     let worker = LoopThread(name: "worker") {
///         let loop = Loop.current
///         try? loop.add(Loop.Port(), forMode: .default)       // keep-alive
///         while !done.isSet { try? loop.run(mode: .default, before: .distantFuture) }
///     }
///     try worker.start()
///     try worker.perform { print("on the worker") }
///
/// A started thread must be joined (``join()``), or it is detached when this object goes away.
public final class LoopThread: @unchecked Sendable {
    // @unchecked: mutable state lives in `status` (a Lock).

    public let name: String
    /// The registry the thread takes its loop from.
    public let registry: LoopRegistry
    private let isMain: Bool
    let status = Lock(Status())
    private let finished = Latch()

    struct Status {
        var phase = Phase.notStarted
        var record: ThreadRecord?
        var body: (@Sendable () -> Void)?
        var joined = false
        /// Set by start() once the system thread is made (it may already be running).
        var handle: SystemThread?
        /// Latches of `perform(waitUntilDone: true)` calls still waiting.
        var pendingPerforms: [ObjectIdentifier: Latch] = [:]
    }

    /// Where a thread is in its life.
    public enum Phase: Sendable, Equatable {
        case notStarted, running, finished
    }

    /// - Parameters:
    ///   - name: the thread's name (the first 15 characters are given to the system).
    ///   - registry: where the thread takes its loop from.
    ///   - isMain: make this thread the registry's main thread (its loop is the main loop,
    ///     services the main queue). For tests and lessons that need a main loop they can run.
    ///     A registry has one main thread: ``start()`` refuses a second.
    ///   - body: what the thread does; it exits when `body` returns.
    public init(name: String, registry: LoopRegistry = .shared, isMain: Bool = false, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.registry = registry
        self.isMain = isMain
        status.withLock { $0.body = body }
    }

    deinit {
        let (handle, joined) = status.withLock { ($0.handle, $0.joined) }
        if let handle, !joined { handle.detach() }
    }

    /// Where the thread is in its life.
    public var phase: Phase { status.withLock { $0.phase } }
    /// Whether `body` has returned and the thread's loop is torn down.
    public var isFinished: Bool { phase == .finished }
    /// The thread's identity, once started.
    public var id: ThreadID? { status.withLock { $0.record?.id } }

    /// The thread's loop, if it has one (made when the thread first asks, or by ``perform(waitUntilDone:modes:timeout:_:)``).
    public var loop: Loop? {
        guard let id else { return nil }
        return registry.existingLoop(for: id)
    }

    /// The `LoopThread` running the calling code (nil on a thread that is not one).
    /// Foundation: `Thread.current`.
    public static var current: LoopThread? { ThreadRecord.current.loopThread }

    /// The thread's loop, made now if the thread has none yet — from any thread.
    /// CF: `_CFRunLoopGet0(thread)` (what `performSelector:onThread:` uses to reach the target).
    /// - Throws: ``LoopError/threadNotStarted(thread:)``, ``LoopError/threadExited(thread:)``.
    public func runLoop() throws(LoopError) -> Loop {
        let record: ThreadRecord = try status.withLock { status throws(LoopError) in
            switch status.phase {
            case .notStarted: throw .threadNotStarted(thread: name)
            case .finished: throw .threadExited(thread: name)
            case .running:
                // Between start() and the thread knowing who it is, it is not started yet.
                guard let record = status.record else { throw .threadNotStarted(thread: name) }
                return record
            }
        }
        return registry.loop(for: record)
    }

    /// Starts the thread.
    /// - Throws: ``LoopError/threadAlreadyStarted(thread:)``; ``LoopError/mainThreadAlreadyClaimed(thread:)``
    ///   for a thread made with `isMain: true` whose registry has a main thread already (the thread
    ///   is then not started).
    public func start() throws(LoopError) {
        try status.withLock { status throws(LoopError) in
            guard status.phase == .notStarted else { throw .threadAlreadyStarted(thread: name) }
            if isMain { try registry.reserveMain(for: name) }
            status.phase = .running
        }
        let started = Latch()
        let handle = SystemThread.start { self.main(started: started) }
        status.withLock { $0.handle = handle }
        _ = started.wait(timeout: nil)   // returns as soon as the thread knows who it is
    }

    /// Waits until the thread has exited. Joining twice, or from the thread itself, does nothing.
    public func join() {
        _ = join(timeout: nil)
    }

    /// Waits up to `timeout` seconds (nil or +∞: no limit; 0, negative or NaN: no wait) for the
    /// thread to exit.
    /// - Returns: whether it exited (and was joined). From the thread itself, false at once
    ///   (it would wait for itself for ever).
    @discardableResult
    public func join(timeout: Double?) -> Bool {
        guard let handle = status.withLock({ $0.handle }), ThreadID.current != id else { return false }
        guard finished.wait(timeout: timeout) else { return false }
        return reap(handle)
    }

    /// Suspends (without blocking a thread) up to `timeout` seconds for the thread to exit,
    /// then joins it. Returns whether it exited.
    public func finish(timeout: Double) async -> Bool {
        guard let handle = status.withLock({ $0.handle }) else { return false }
        guard await finished.wait(timeout: timeout) else { return false }
        return reap(handle)
    }

    private func reap(_ handle: SystemThread) -> Bool {
        let first = status.withLock { status -> Bool in
            defer { status.joined = true }
            return !status.joined
        }
        if first { handle.join() }
        return true
    }

    /// The thread's life: set up, run the body, tear down, say so.
    private func main(started: Latch) {
        setSystemName()
        let record = ThreadRecord.current
        record.registry = registry
        record.loopThread = self
        if isMain { registry.claimMain(record.id) }
        let body = status.withLock { status -> (@Sendable () -> Void)? in
            status.record = record
            defer { status.body = nil }
            return status.body
        }
        started.open()
        body?()
        record.threadWillExit()   // tear the loop down now, not later in the TLS destructor
        let waiting = status.withLock { status -> [Latch] in
            status.phase = .finished
            defer { status.pendingPerforms = [:] }
            return Array(status.pendingPerforms.values)
        }
        for latch in waiting { latch.open() }
        finished.open()
    }

    private func setSystemName() {
        Thread.current.name = String(name.prefix(15))   // Foundation sets the pthread's name
    }
}
