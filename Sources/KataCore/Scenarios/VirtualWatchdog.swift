import RunLoopEngine

/// A watchdog thread — a loop around `dispatch_semaphore_wait(semaphore, timeout)` — played on a
/// ``VirtualClock``, so that what it sees of a loop is the same on every run.
///
/// The real one waits on a semaphore for `interval` seconds, again and again: a wait ends at once
/// when the semaphore is signalled (it counts signals: one wait per signal), else it times out;
/// either way the thread looks at what it watches (`woke`) and waits again. Here no thread waits:
/// the waits due so far are run, in order, by ``catchUp(to:)``, on the loop's thread, from an
/// observer at the lowest order (``start(on:)``: before any other observer hears of an activity)
/// and from slow work that advances the clock a wait at a time (``work(_:)``). Each `woke` sees
/// what the real thread would have seen at that instant, and carries that instant.
///
///     let watchdog = try VirtualWatchdog(clock: clock, interval: 0.02) { signalled, now in … }
///     try watchdog.start(on: loop)                 // before the observer that signals it
///     let observer = Loop.Observer(activities: .all) { _ in watchdog.signal() }
public final class VirtualWatchdog: Sendable {
    /// How long each wait lasts, in seconds.
    public let interval: Double
    private let clock: VirtualClock
    private let woke: @Sendable (_ signalled: Bool, _ at: Instant) -> Void
    private let state: Lock<State>

    private struct State {
        var signals: [Instant] = []
        var waitStarted: Instant
        var wakeUps = 0
    }

    /// - Throws: ``LoopError/invalidInterval(_:)`` for an interval under a millisecond (NaN and ∞
    ///   included): a shorter wait would wake the watchdog millions of times.
    public init(clock: VirtualClock, interval: Double, woke: @escaping @Sendable (_ signalled: Bool, _ at: Instant) -> Void) throws(LoopError) {
        guard interval >= 0.001, interval.isFinite else { throw .invalidInterval(interval) }
        self.clock = clock
        self.interval = interval
        self.woke = woke
        state = Lock(State(waitStarted: clock.now))
    }

    /// How many times the watchdog has woken (signalled or timed out).
    public var wakeUps: Int { state.withLock { $0.wakeUps } }

    /// The semaphore's signal (`dispatch_semaphore_signal`), from any thread.
    @Sendable public func signal() {
        let now = clock.now
        state.withLock { $0.signals.append(now) }
    }

    /// Adds the observer that runs the waits due before each activity of `loop`, in its common
    /// modes. Add it before the observer that signals: at equal orders the first added goes first.
    public func start(on loop: Loop) throws(LoopError) {
        let observer = Loop.Observer(name: "watchdog", activities: .all, order: .min) { [weak self] _ in
            guard let self else { return }
            catchUp(to: clock.now)
        }
        try loop.add(observer, forMode: .common)
    }

    /// Slow work in a callout: advances the clock by `seconds`, a wait at a time, so the watchdog
    /// wakes inside it as a real one would.
    public func work(_ seconds: Double) {
        let end = clock.now + seconds
        while clock.now < end {
            clock.advance(to: min(end, clock.now + interval))
            catchUp(to: clock.now)
        }
    }

    /// Runs every wake-up due up to `now`, in order: a signal ends the wait in progress at once; a
    /// wait with no signal times out `interval` after it began.
    public func catchUp(to now: Instant) {
        while true {
            let wake = state.withLock { state -> (signalled: Bool, at: Instant)? in
                let timeout = state.waitStarted + interval
                let wake: (signalled: Bool, at: Instant)
                if let signal = state.signals.first, signal <= timeout {
                    state.signals.removeFirst()
                    wake = (true, signal)
                } else if timeout <= now {
                    wake = (false, timeout)
                } else {
                    return nil
                }
                state.waitStarted = wake.at
                state.wakeUps += 1
                return wake
            }
            guard let wake else { return }
            woke(wake.signalled, wake.at)   // outside the lock: it may report, note, signal
        }
    }
}
