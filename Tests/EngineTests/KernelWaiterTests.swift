import Foundation
import Testing
@testable import RunLoopEngine

/// The waiter a loop sleeps on when its next timer is due: it wakes early by the latency it has
/// learned and waits out the rest on the clock, so it must never return before the deadline
/// unless notified, and a notification must still end the wait at once.
@Suite struct KernelWaiterTests {
    @Test func aWaitForATimerNeverEndsBeforeItsDeadline() {
        let waiter = KernelWaiter()
        for _ in 0..<30 {   // enough wake-ups for the waiter to learn a latency and start waking early
            let deadline = RealClock.monotonicNanoseconds() + 1_000_000
            waiter.wait(since: waiter.currentGeneration, untilMonotonic: deadline)
            let now = RealClock.monotonicNanoseconds()
            #expect(now >= deadline, "woke \(deadline - now) ns before the deadline")
        }
    }

    @Test func aNotificationEndsTheWaitAtOnce() {
        let waiter = KernelWaiter()
        let seen = waiter.currentGeneration
        let thread = Thread { waiter.notify() }
        let start = RealClock.monotonicNanoseconds()
        thread.start()
        waiter.wait(since: seen, untilMonotonic: start + 10_000_000_000)   // 10 s
        let waited = Double(RealClock.monotonicNanoseconds() - start) / 1e9
        #expect(waited < 5, "a notified wait lasted \(waited) s")
    }

    @Test func aWaitAfterANotificationDoesNotSleep() {
        let waiter = KernelWaiter()
        let seen = waiter.currentGeneration
        waiter.notify()
        let start = RealClock.monotonicNanoseconds()
        waiter.wait(since: seen, untilMonotonic: start + 10_000_000_000)
        #expect(RealClock.monotonicNanoseconds() - start < 5_000_000_000)
    }
}
