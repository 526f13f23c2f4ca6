import Synchronization

/// A clock whose time moves only when told to, so timer scenarios run in microseconds and
/// give the same trace every time.
///
/// Time starts at ``Instant/zero``. A loop on this clock that would sleep until a deadline
/// (its next timer, or the end of its run) jumps straight there instead. A test moves time
/// itself with ``advance(by:)`` / ``advance(to:)``; a callout "takes" time the same way, to
/// simulate slow work:
///
///     let clock = VirtualClock()
///     let loop = Loop(clock: clock)
///     let timer = try Loop.Timer(fireDate: loop.now + 1, interval: 1) { _ in
///         clock.advance(by: 2.5)     // this callout is slow: ticks at 2 and 3 s are missed
///     }
///
/// Meant for loops run by one thread at a time; time never moves backwards.
public final class VirtualClock: LoopClock {
    private let time: Lock<Instant>

    public init(startingAt start: Instant = .zero) { time = Lock(start) }

    public var now: Instant { time.withLock { $0 } }

    /// Moves time forward by `seconds` (0 or more).
    public func advance(by seconds: Double) {
        time.withLock { now in
            guard seconds > 0, seconds.isFinite else { return }
            now = now + seconds
        }
    }

    /// Moves time forward to `instant`; an instant in the past changes nothing.
    public func advance(to instant: Instant) {
        time.withLock { now in
            if instant > now && instant != .distantFuture { now = instant }
        }
    }
}
