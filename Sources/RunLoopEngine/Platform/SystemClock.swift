#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's monotonic clock, as the engine reads it, and timed waits on the same clock.
enum SystemClock {
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
    static func monotonicNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(monotonicID, &ts)
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
    static func wait(on condition: UnsafeMutablePointer<pthread_cond_t>, _ mutex: UnsafeMutablePointer<pthread_mutex_t>,
                     untilMonotonic deadline: Int64) {
        #if canImport(Darwin)
        // A relative wait, measured on the uptime clock (mach_absolute_time).
        var left = makeTimespec(nanoseconds: max(0, deadline - monotonicNanoseconds()))
        pthread_cond_timedwait_relative_np(condition, mutex, &left)
        #else
        var until = makeTimespec(nanoseconds: deadline)
        pthread_cond_timedwait(condition, mutex, &until)
        #endif
    }
}
