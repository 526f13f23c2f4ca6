import Synchronization

extension LoopThread {
    /// Runs `work` on this thread, through its loop. Foundation:
    /// `performSelector:onThread:withObject:waitUntilDone:modes:`.
    ///
    /// A one-shot version-0 source is added to `modes` of the thread's loop, signalled, and the
    /// loop woken. The work runs when the loop runs one of those modes — never while it does not
    /// run — and the source then leaves the loop.
    ///
    /// - Parameters:
    ///   - waitUntilDone: block until the work has run. Called on this very thread, the work runs
    ///     at once instead (as Foundation does), whether or not the loop is running.
    ///   - modes: the modes the work may run in. Left out, the common modes, as Foundation's
    ///     `performSelector:onThread:withObject:waitUntilDone:` (no `modes:` argument) uses
    ///     `kCFRunLoopCommonModes` — so on a loop where tracking is common, the work also runs
    ///     during a scroll. An empty list: nothing is done, and the call returns at once, as
    ///     Foundation's does (GNUstep's, for one, checks for no modes before anything else).
    ///   - timeout: with `waitUntilDone`, the longest wait in seconds (nil or +∞: no limit;
    ///     0 or less: no wait).
    /// - Throws: ``LoopError/threadNotStarted(thread:)``; ``LoopError/threadExited(thread:)`` if the
    ///   thread has exited, or exits before the awaited work ran; ``LoopError/timedOut(_:)`` (the
    ///   work is then withdrawn); ``LoopError/invalidInterval(_:)`` for a NaN timeout.
    public func perform(
        waitUntilDone: Bool = false, modes: [Loop.Mode] = [.common], timeout: Double? = nil,
        _ work: @escaping @Sendable () -> Void
    ) throws(LoopError) {
        if let timeout, timeout.isNaN { throw .invalidInterval(timeout) }
        let loop = try runLoop()
        // Checked after the thread, so that one that is gone is still reported.
        guard !modes.isEmpty else { return }
        if waitUntilDone && ThreadID.current == id {
            work()
            return
        }
        let request = PerformRequest(work: work)
        let source = Loop.Source(name: "perform on \(name)") { request.run() }
        request.source = source
        let key = ObjectIdentifier(request)
        if waitUntilDone {
            // Registered atomically with the check, so that an exit cannot slip in between and
            // leave this caller waiting for work that will never run.
            try status.withLock { status throws(LoopError) in
                guard status.phase != .finished else { throw .threadExited(thread: name) }
                status.pendingPerforms[key] = request.done
            }
        }
        defer { if waitUntilDone { _ = status.withLock { $0.pendingPerforms.removeValue(forKey: key) } } }

        do {
            for mode in modes { try loop.add(source, forMode: mode) }
        } catch {
            source.invalidate()
            throw .threadExited(thread: name)
        }
        source.signal()
        loop.wakeUp()
        guard waitUntilDone else { return }
        guard request.done.wait(timeout: timeout) else {
            source.invalidate()
            throw .timedOut("work performed on \(name) did not run within \(timeout ?? 0) s")
        }
        guard request.ran else { throw .threadExited(thread: name) }
    }
}

/// One `perform(…)`: the work, whether it ran, and the source that carries it (which leaves
/// its loop once the work has run).
final class PerformRequest: @unchecked Sendable {
    // @unchecked: `source` is set once before the source can run; `didRun` is atomic.
    let work: @Sendable () -> Void
    let done = Latch()
    weak var source: Loop.Source?
    private let didRun = Atomic(false)

    init(work: @escaping @Sendable () -> Void) { self.work = work }

    var ran: Bool { didRun.load(ordering: .acquiring) }

    func run() {
        work()
        didRun.store(true, ordering: .releasing)
        source?.invalidate()
        done.open()
    }
}

extension Loop {
    /// Runs `work` on this loop's thread after `delay` seconds, through a one-shot timer added to
    /// `modes` of this loop. Foundation: `performSelector:withObject:afterDelay:inModes:` (which
    /// uses the *current* thread's loop: call it as `Loop.current.perform(afterDelay:…)`).
    ///
    /// It is only a timer: if the loop does not run one of `modes` when the time comes, nothing
    /// happens until it does.
    /// - Returns: the timer (invalidate it to cancel: `cancelPreviousPerformRequests`).
    /// - Throws: ``LoopError/invalidInterval(_:)`` for a NaN, infinite or negative delay.
    @discardableResult
    public func perform(
        afterDelay delay: Double, inModes modes: [Mode] = [.default], name: String = "perform after delay",
        _ work: @escaping @Sendable () -> Void
    ) throws(LoopError) -> Timer {
        try Timer.validate(delay)
        let timer = try Timer(name: name, fireDate: now + delay) { _ in work() }
        for mode in modes { try add(timer, forMode: mode) }
        return timer
    }
}
