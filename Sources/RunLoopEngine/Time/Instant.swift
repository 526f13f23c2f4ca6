/// A point in time on a loop's clock, in nanoseconds since the clock's origin.
///
/// CF keeps fire dates as `CFAbsoluteTime` and, underneath, as `mach_absolute_time` ticks
/// (`_fireTSR`). Here an instant is a whole number of nanoseconds, so arithmetic on a
/// ``VirtualClock`` is exact and scenarios give the same trace every time.
/// Intervals are `Double` seconds, as in Foundation (`TimeInterval`).
///
/// Every way of making an instant clamps, none fails: seconds beyond the ±292 years an `Int64`
/// of nanoseconds holds (±∞, ±1e300) become the first or last instant, and NaN seconds become
/// ``distantFuture`` (never). CF clamps dates the same way (`CFRunLoopTimerCreate`,
/// `CFRunLoopTimerSetNextFireDate`); Foundation's `Date` takes any number. It is the *intervals*
/// the engine schedules with (a timer's interval, a delay, a timeout) that are checked and refused
/// with ``LoopError/invalidInterval(_:)``.
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// `seconds` after the clock's origin, clamped (NaN: ``distantFuture``).
    public init(seconds: Double) { self.nanoseconds = Instant.nanoseconds(seconds) }

    /// The origin of a clock (a ``VirtualClock`` starts here).
    public static let zero = Instant(nanoseconds: 0)
    /// Never. Foundation: `Date.distantFuture`.
    public static let distantFuture = Instant(nanoseconds: .max)

    /// Seconds since the clock's origin.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }

    /// `seconds` later (saturating at ``distantFuture``; NaN seconds give ``distantFuture``).
    public static func + (a: Instant, seconds: Double) -> Instant {
        guard !seconds.isNaN else { return .distantFuture }
        let (sum, overflow) = a.nanoseconds.addingReportingOverflow(nanoseconds(seconds))
        if overflow { return seconds > 0 ? .distantFuture : Instant(nanoseconds: .min) }
        return Instant(nanoseconds: sum)
    }

    /// `seconds` earlier.
    public static func - (a: Instant, seconds: Double) -> Instant { a + (-seconds) }

    /// The seconds from `b` to `a` (exact to the nanosecond while the difference fits an `Int64`).
    public static func - (a: Instant, b: Instant) -> Double {
        let (difference, overflow) = a.nanoseconds.subtractingReportingOverflow(b.nanoseconds)
        if overflow { return (Double(a.nanoseconds) - Double(b.nanoseconds)) / 1e9 }
        return Double(difference) / 1e9
    }

    public var description: String {
        self == .distantFuture ? "never" : Instant.format(milliseconds: Double(nanoseconds) / 1e6)
    }

    /// `1500.0` → `1500 ms`, `0.25` → `0.25 ms`.
    static func format(milliseconds ms: Double) -> String {
        let rounded = (ms * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return "\(Int64(rounded)) ms" }
        return "\(rounded) ms"
    }

    /// Seconds to whole nanoseconds, saturating, rounding to nearest. NaN seconds count as
    /// never (`Int64.max`): `now + .nan` is ``distantFuture``, not a crash.
    static func nanoseconds(_ seconds: Double) -> Int64 {
        guard !seconds.isNaN else { return .max }
        let ns = (seconds * 1e9).rounded()
        if ns >= 9.2e18 { return .max }
        if ns <= -9.2e18 { return .min }
        return Int64(ns)
    }
}
