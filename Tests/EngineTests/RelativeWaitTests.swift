import Foundation
import Testing
@testable import RunLoopEngine

/// A condition-variable wait is measured the way macOS measures it, on every system: the time
/// left until the deadline, then a relative wait (Darwin's `pthread_cond_timedwait_relative_np`).
/// So the arithmetic macOS runs runs here too, with every deadline a loop can pass.
@Suite struct RelativeWaitTests {
    @Test func theTimeLeftIsNeverNegativeAndNeverOverflows() {
        #expect(SystemClock.nanosecondsLeft(until: 5_000, now: 2_000) == 3_000)
        #expect(SystemClock.nanosecondsLeft(until: 2_000, now: 2_000) == 0)
        #expect(SystemClock.nanosecondsLeft(until: 1_000, now: 2_000) == 0)
        // A deadline so far in the past that "deadline - now" overflows: a wait of nothing.
        #expect(SystemClock.nanosecondsLeft(until: .min, now: 1) == 0)
        #expect(SystemClock.nanosecondsLeft(until: .min, now: .max) == 0)
        // A deadline so far ahead that the difference overflows: as long as can be.
        #expect(SystemClock.nanosecondsLeft(until: .max, now: -1) == .max)
        #expect(SystemClock.nanosecondsLeft(until: .max, now: .min) == .max)
        #expect(SystemClock.nanosecondsLeft(until: .max, now: 0) == .max)
    }

    /// The portable parking (macOS's, and Linux's with `RUNLOOP_PORTABLE=1`) with the farthest
    /// deadline there is: the relative wait's time left is `Int64.max` nanoseconds, which must
    /// not overflow on its way to the kernel; a notification still ends the wait.
    @Test func theFarthestDeadlineWaitsUntilNotified() {
        let word = WaitWord(parking: .conditionVariable)
        let seen = word.value
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.02)
            word.increment()
        }
        thread.start()
        let timedOut = word.wait(whileEqualTo: seen, untilMonotonic: .max)
        #expect(!timedOut, "a wait with no deadline to speak of timed out: its time left overflowed on its way to the kernel")
    }

    /// A deadline a little ahead: the relative wait sleeps until it, not less.
    @Test func aNearDeadlineIsWaitedOut() {
        let word = WaitWord(parking: .conditionVariable)
        let start = RealClock.monotonicNanoseconds(), deadline = start + 30_000_000
        let timedOut = word.wait(whileEqualTo: word.value, untilMonotonic: deadline)
        let now = RealClock.monotonicNanoseconds()
        #expect(timedOut && now >= deadline, "timed out: \(timedOut), \(deadline - now) ns early")
        // Far from the 30 ms asked for, only a time left given to the kernel in the wrong unit.
        #expect(now - start < 5_000_000_000, "a 30 ms wait lasted \(Double(now - start) / 1e9) s")
    }
}
