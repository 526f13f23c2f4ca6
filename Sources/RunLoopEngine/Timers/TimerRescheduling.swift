/// When a repeating timer fires next, after a callout.
/// CF: the end of `__CFRunLoopDoTimer`.
///
/// **Lesson 06 writes this.** The next fire date is the old one plus a whole number `k ≥ 1`
/// of intervals: the smallest `k` that lands strictly after `now`. Ticks missed while the
/// loop was busy are skipped, not replayed, and the timer keeps its original phase
/// (it does not restart from "now").
///
///     fireDate 1.0 s, interval 1 s, now 3.5 s   →   4.0 s   (2 and 3 were missed)
public protocol TimerRescheduling: Sendable {
    /// - Parameters:
    ///   - fireDate: the fire date the timer just fired for.
    ///   - interval: seconds between ticks, more than 0.
    ///   - now: the time after the callout returned.
    func nextFireDate(after fireDate: Instant, interval: Double, now: Instant) -> Instant
}

/// The engine's own rule: skip missed ticks, keep the phase. Exact on whole nanoseconds.
public struct ReferenceTimerRescheduling: TimerRescheduling {
    public init() {}

    public func nextFireDate(after fireDate: Instant, interval: Double, now: Instant) -> Instant {
        let step = max(Instant.nanoseconds(interval), 1)
        guard now >= fireDate else { return fireDate + interval }
        let missed = (now.nanoseconds - fireDate.nanoseconds) / step    // whole intervals already past
        let (offset, tooFar) = (missed + 1).multipliedReportingOverflow(by: step)
        let (next, overflow) = fireDate.nanoseconds.addingReportingOverflow(offset)
        return tooFar || overflow ? .distantFuture : Instant(nanoseconds: next)
    }
}
