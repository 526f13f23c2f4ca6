/// A counting semaphore, as an app blocks a thread on one. Dispatch: `DispatchSemaphore`
/// (`dispatch_semaphore_signal`, `dispatch_semaphore_wait`).
///
/// ``signal()`` adds one to the count and wakes a waiter; ``wait(timeout:)`` takes one, or
/// blocks the calling thread until a signal comes or the timeout passes. On the real clock the
/// wait is a kernel wait (no polling). On a ``VirtualClock`` nothing in the process can take
/// virtual time but the blocked thread itself: a wait with nothing to take moves the clock to
/// its deadline at once and times out, as a loop that would sleep jumps to its next deadline.
/// The wait is always bounded: the engine refuses an infinite timeout, so a test never hangs
/// (`DispatchTime.distantFuture` waits for ever).
public final class Semaphore: @unchecked Sendable {
    // @unchecked: the count lives in a Lock.

    /// The clock the timeouts are measured on.
    public let clock: any LoopClock
    private let count: Lock<Int>
    private let waiter = KernelWaiter()

    /// A semaphore whose count starts at `value`. Dispatch: `DispatchSemaphore(value:)`.
    public init(value: Int = 0, clock: any LoopClock = RealClock.shared) {
        self.clock = clock
        count = Lock(max(value, 0))
    }

    /// Adds one to the count and wakes a waiting thread. Dispatch: `semaphore.signal()`.
    @Sendable public func signal() {
        count.withLock { $0 += 1 }
        waiter.notify()
    }

    /// Takes one from the count, waiting up to `timeout` seconds on ``clock`` for a signal.
    /// Dispatch: `semaphore.wait(timeout:)`.
    ///
    /// - Returns: true if a signal was taken (`.success`), false if the time ran out (`.timedOut`).
    /// - Throws: ``LoopError/invalidInterval(_:)`` for a NaN, negative or infinite timeout.
    public func wait(timeout: Double) throws(LoopError) -> Bool {
        guard timeout.isFinite, timeout >= 0 else { throw .invalidInterval(timeout) }
        if let virtual = clock as? VirtualClock {
            if take() { return true }
            virtual.advance(by: timeout)
            return false
        }
        let limit = Instant.nanoseconds(timeout)
        let start = RealClock.monotonicNanoseconds()
        while true {
            let seen = waiter.currentGeneration
            if take() { return true }
            let left = limit - (RealClock.monotonicNanoseconds() - start)
            if left <= 0 { return false }
            waiter.wait(since: seen, nanoseconds: left)
        }
    }

    /// Takes one from the count if it is above zero.
    private func take() -> Bool {
        count.withLock { count in
            guard count > 0 else { return false }
            count -= 1
            return true
        }
    }
}
