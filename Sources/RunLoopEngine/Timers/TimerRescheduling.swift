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
        let step = UInt64(max(Instant.nanoseconds(interval), 1))
        guard now >= fireDate else { return fireDate + interval }
        // Unsigned: from the farthest past to the last instant is up to 2⁶⁴ − 1 ns, more than an
        // Int64 holds. A next tick beyond the last instant is never (CF clamps such dates too).
        let elapsed = UInt64(bitPattern: now.nanoseconds &- fireDate.nanoseconds)
        let missed = elapsed / step   // whole intervals already past
        let (ticks, tooMany) = missed.addingReportingOverflow(1)
        let (offset, tooFar) = ticks.multipliedReportingOverflow(by: step)
        guard !tooMany, !tooFar else { return .distantFuture }
        // The next tick lies in (now, now + step]: if it wrapped round, it is past the last instant.
        let next = Int64(bitPattern: UInt64(bitPattern: fireDate.nanoseconds) &+ offset)
        return next > now.nanoseconds ? Instant(nanoseconds: next) : .distantFuture
    }
}
