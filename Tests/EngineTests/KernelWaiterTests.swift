import Foundation
import Testing
@testable import RunLoopEngine

/// The waiter a loop sleeps on when its next timer is due: it wakes early by the latency it has
/// learned and waits out the rest on the clock, so it must never return before the deadline
/// unless notified, and a notification must still end the wait at once.
///
/// Each test runs with every way this system has to park a thread: on Linux the futex and
/// the mutex + condition variable macOS uses, so both are tested here.
@Suite struct KernelWaiterTests {
    @Test(arguments: WaitWord.Parking.available)
    func aWaitForATimerNeverEndsBeforeItsDeadline(_ parking: WaitWord.Parking) {
        let waiter = KernelWaiter(parking: parking)
        for _ in 0..<30 {   // enough wake-ups for the waiter to learn a latency and start waking early
            let deadline = RealClock.monotonicNanoseconds() + 1_000_000
            waiter.wait(since: waiter.currentGeneration, untilMonotonic: deadline)
            let now = RealClock.monotonicNanoseconds()
            #expect(now >= deadline, "woke \(deadline - now) ns before the deadline")
        }
    }

    @Test(arguments: WaitWord.Parking.available)
    func aNotificationEndsTheWaitAtOnce(_ parking: WaitWord.Parking) {
        let waiter = KernelWaiter(parking: parking)
        let seen = waiter.currentGeneration
        let thread = Thread { waiter.notify() }
        // The deadline a minute out is the hang guard: only a lost notification reaches it.
        let deadline = RealClock.monotonicNanoseconds() + 60_000_000_000
        thread.start()
        waiter.wait(since: seen, untilMonotonic: deadline)
        #expect(RealClock.monotonicNanoseconds() < deadline, "the wait lasted to its deadline: the notification did not end it")
    }

    @Test(arguments: WaitWord.Parking.available)
    func aWaitAfterANotificationDoesNotSleep(_ parking: WaitWord.Parking) {
        let waiter = KernelWaiter(parking: parking)
        let seen = waiter.currentGeneration
        waiter.notify()
        let deadline = RealClock.monotonicNanoseconds() + 60_000_000_000   // the hang guard, as above
        waiter.wait(since: seen, untilMonotonic: deadline)
        #expect(RealClock.monotonicNanoseconds() < deadline, "the wait lasted to its deadline: it slept through a notification already given")
    }

    /// Two threads hand a turn back and forth 2,000 times, each sleeping with no time limit
    /// until the other notifies: a notification lost between a thread's check and its sleep
    /// would leave both asleep (the test's own limit then fails it).
    @Test(arguments: WaitWord.Parking.available)
    func noNotificationIsLostBetweenTheCheckAndTheSleep(_ parking: WaitWord.Parking) async throws {
        let rounds = 2_000
        let (ping, pong) = (KernelWaiter(parking: parking), KernelWaiter(parking: parking))
        let turn = Lock(0)
        let other = LoopThread(name: "pong", registry: LoopRegistry()) {
            for round in 0..<rounds {
                while true {
                    let seen = ping.currentGeneration
                    if turn.withLock({ $0 }) == 2 * round + 1 { break }
                    ping.wait(since: seen, nanoseconds: nil)
                }
                turn.withLock { $0 += 1 }
                pong.notify()
            }
        }
        try other.start()
        let finished = try await offPool(timeout: 20) { () -> Int in
            for round in 0..<rounds {
                turn.withLock { $0 += 1 }
                ping.notify()
                while true {
                    let seen = pong.currentGeneration
                    if turn.withLock({ $0 }) == 2 * round + 2 { break }
                    pong.wait(since: seen, nanoseconds: nil)
                }
            }
            return turn.withLock { $0 }
        }
        #expect(await other.finish(timeout: 5))
        #expect(finished == 2 * rounds)
    }

    /// `RUNLOOP_PORTABLE=1` makes every loop sleep the way macOS's does, and only then.
    @Test func theEnvironmentSwitchPicksThePortableWayForEveryLoop() {
        let asked = ProcessInfo.processInfo.environment["RUNLOOP_PORTABLE"] == "1"
        #expect(Platform.portable == asked)
        let (loop, _) = virtualLoop()
        if asked || !WaitWord.Parking.available.contains(.futex) {
            #expect(loop.waiter.parking == .conditionVariable)
        } else {
            #expect(loop.waiter.parking == .futex)
        }
    }
}
