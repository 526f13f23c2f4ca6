/// The system's monotonic clock, with its origin at the first use in the process: one that
/// stops while the machine sleeps, as CF's `mach_absolute_time` does (``SystemClock``:
/// CLOCK_MONOTONIC on Linux, CLOCK_UPTIME_RAW on macOS). CF: `mach_absolute_time` /
/// `CFAbsoluteTimeGetCurrent`.
public final class RealClock: LoopClock {
    /// The one real clock.
    public static let shared = RealClock()

    private let origin: Int64

    private init() { origin = RealClock.monotonicNanoseconds() }

    public var now: Instant { Instant(nanoseconds: RealClock.monotonicNanoseconds() - origin) }

    /// The system clock's reading, in nanoseconds, at which this clock reads `instant`.
    func monotonicNanoseconds(at instant: Instant) -> Int64 {
        let (sum, overflow) = instant.nanoseconds.addingReportingOverflow(origin)
        return overflow ? Int64.max : sum
    }

    /// The system's monotonic clock, in nanoseconds.
    static func monotonicNanoseconds() -> Int64 {
        SystemClock.monotonicNanoseconds()
    }
}
