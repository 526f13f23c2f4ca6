#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's monotonic clock (CLOCK_MONOTONIC), with its origin at the first use in the
/// process. CF: `mach_absolute_time` / `CFAbsoluteTimeGetCurrent`.
public final class RealClock: LoopClock {
    /// The one real clock.
    public static let shared = RealClock()

    private let origin: Int64

    private init() { origin = RealClock.monotonicNanoseconds() }

    public var now: Instant { Instant(nanoseconds: RealClock.monotonicNanoseconds() - origin) }

    /// The CLOCK_MONOTONIC reading, in nanoseconds, at which this clock reads `instant`.
    func monotonicNanoseconds(at instant: Instant) -> Int64 {
        let (sum, overflow) = instant.nanoseconds.addingReportingOverflow(origin)
        return overflow ? Int64.max : sum
    }

    /// CLOCK_MONOTONIC, in nanoseconds.
    static func monotonicNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
