#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's monotonic clock, as the engine reads it, and timed waits on the same clock;
/// also a thread's CPU time. `package`: bench and the tests read the same clocks through here.
package enum SystemClock {
    /// The monotonic clock the engine measures real time on: one that stops while the machine
    /// sleeps, as CF's does (`mach_absolute_time`). Linux: CLOCK_MONOTONIC (it stops during
    /// suspend). Darwin: CLOCK_UPTIME_RAW, mach_absolute_time's own clock (Darwin's
    /// CLOCK_MONOTONIC keeps counting while the machine sleeps).
    static var monotonicID: clockid_t {
        #if canImport(Darwin)
        CLOCK_UPTIME_RAW
        #else
        CLOCK_MONOTONIC
        #endif
    }

    /// ``monotonicID``'s reading, in nanoseconds.
    package static func monotonicNanoseconds() -> Int64 {
        nanoseconds(of: monotonicID)
    }

    /// The calling thread's CPU time (user + system), in seconds: CLOCK_THREAD_CPUTIME_ID, in
    /// both C libraries (Darwin's since macOS 10.12).
    package static func threadCPUSeconds() -> Double {
        Double(nanoseconds(of: CLOCK_THREAD_CPUTIME_ID)) / 1e9
    }

    private static func nanoseconds(of clock: clockid_t) -> Int64 {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    static func makeTimespec(nanoseconds: Int64) -> timespec {
        .init(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }

    /// Sets up a condition variable whose timed waits ``wait(on:_:untilMonotonic:)`` measures
    /// on ``monotonicID``.
    static func initializeCondition(_ condition: UnsafeMutablePointer<pthread_cond_t>) {
        #if canImport(Darwin)
        pthread_cond_init(condition, nil)   // Darwin has no pthread_condattr_setclock: see wait(on:…)
        #else
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, monotonicID)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #endif
    }

    /// Waits on `condition` (with `mutex` held) until signalled, or until `deadline`
    /// (``monotonicNanoseconds()``), or spuriously: the caller checks again.
    ///
    /// Every system takes macOS's way: the time left until the deadline, then a relative wait
    /// (`pthread_cond_timedwait_relative_np`, measured on the uptime clock on Darwin), so that
    /// the arithmetic macOS runs is the arithmetic Linux tests.
    static func wait(
        on condition: UnsafeMutablePointer<pthread_cond_t>, _ mutex: UnsafeMutablePointer<pthread_mutex_t>,
        untilMonotonic deadline: Int64
    ) {
        var left = makeTimespec(nanoseconds: nanosecondsLeft(until: deadline, now: monotonicNanoseconds()))
        waitRelative(on: condition, mutex, for: &left)
    }

    /// The nanoseconds from `now` to `deadline`: 0 for a deadline already passed, and no
    /// overflow for any two readings (a deadline of `Int64.max` is "as long as can be").
    static func nanosecondsLeft(until deadline: Int64, now: Int64) -> Int64 {
        let (left, overflow) = deadline.subtractingReportingOverflow(now)
        if overflow { return deadline < now ? 0 : .max }
        return max(0, left)
    }

    /// `pthread_cond_timedwait_relative_np`: Darwin's own call; elsewhere the same contract,
    /// written over the absolute wait on the condition's clock (``initializeCondition(_:)``).
    private static func waitRelative(
        on condition: UnsafeMutablePointer<pthread_cond_t>, _ mutex: UnsafeMutablePointer<pthread_mutex_t>,
        for left: inout timespec
    ) {
        #if canImport(Darwin)
        pthread_cond_timedwait_relative_np(condition, mutex, &left)
        #else
        let nanoseconds = Int64(left.tv_sec) * 1_000_000_000 + Int64(left.tv_nsec)
        let (until, overflow) = monotonicNanoseconds().addingReportingOverflow(nanoseconds)
        var absolute = makeTimespec(nanoseconds: overflow ? .max : until)
        pthread_cond_timedwait(condition, mutex, &absolute)
        #endif
    }
}
