import RunLoopEngine

/// The one bounded wait: looks at `condition` every `interval` seconds (a millisecond unless
/// told) until it holds or `timeout` seconds have passed on the monotonic clock, and returns
/// whether it held. For state no
/// callout can announce (another thread has started to wait, a count has been reached).
///
/// Suspends between looks, so a test awaiting it leaves its pool thread free.
public func until(_ timeout: Double = 5, every interval: Double = 0.001, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = monotonicSeconds() + timeout
    while !condition() {
        if monotonicSeconds() > deadline { return false }
        try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
    }
    return true
}

/// ``until(_:every:_:)`` for a thread the test started (a scenario's own thread, inside
/// `Harness.attempt` or `offPool`): it blocks that thread between looks (2 ms unless told), so
/// never call it on a Swift Testing pool thread.
public func untilBlocking(_ timeout: Double = 5, every interval: Double = 0.002, _ condition: () -> Bool) -> Bool {
    let deadline = monotonicSeconds() + timeout
    let pause = Latch()   // never opened: a timed sleep on the engine's kernel wait
    while !condition() {
        if monotonicSeconds() > deadline { return false }
        _ = pause.wait(timeout: interval)
    }
    return true
}

/// Seconds on the engine's monotonic clock (``RealClock``), for deadlines and coarse yes/no
/// checks on how long something took.
public func monotonicSeconds() -> Double { RealClock.shared.now.seconds }
