import Synchronization

/// Where a loop sleeps: a ``WaitWord`` the kernel parks the thread on (a futex on Linux; a
/// mutex and a condition variable on macOS, or with `RUNLOOP_PORTABLE=1`). No polling, no
/// periodic wake-ups.
///
/// CF sleeps in `mach_msg` on a port set (Darwin) or `epoll_wait` (Linux); any thread wakes it by
/// sending a message to the loop's wake-up port. Here, anything that may concern a sleeping loop
/// (a wake-up, a port message, a new earlier timer, work for the main queue, a stop) calls
/// ``notify()``. The waiter counts notifications (an event count): a loop reads the count,
/// checks for work, and sleeps only if the count has not moved since, so no notification is
/// ever lost between the check and the sleep.
///
/// A loop waiting for a timer uses ``wait(since:untilMonotonic:)``, which wakes a little early
/// and waits out the rest on the clock: see there.
final class KernelWaiter: Sendable {
    private let word: WaitWord
    /// How late the kernel has been waking threads from this waiter's timed waits, in
    /// nanoseconds: a running average, at most ``maximumLead``.
    private let wakeUpLatency = Atomic<Int64>(0)

    /// The most a timed wait for a timer ends early (and the most it then waits on the clock).
    static let maximumLead: Int64 = 200_000

    /// How this waiter sleeps.
    let parking: WaitWord.Parking

    init(parking: WaitWord.Parking = .preferred) {
        self.parking = parking
        word = WaitWord(parking: parking)
    }

    /// The number of notifications so far (modulo 2³²). Read it before checking for work.
    var currentGeneration: UInt64 { UInt64(word.value) }

    /// Something changed that a sleeping loop may care about: wake it to look. Every thread
    /// waiting here wakes (a loop has one; a ``Latch`` may have several).
    func notify() {
        word.increment()
    }

    /// Sleeps until notified after `seen`, or until `nanoseconds` have passed (nil: no limit).
    /// Returns at once if a notification came after `seen` was read.
    func wait(since seen: UInt64, nanoseconds: Int64?) {
        guard let nanoseconds else {
            _ = word.wait(whileEqualTo: UInt32(truncatingIfNeeded: seen), untilMonotonic: nil)
            return
        }
        guard nanoseconds > 0 else { return }
        let (deadline, overflow) = RealClock.monotonicNanoseconds().addingReportingOverflow(nanoseconds)
        _ = word.wait(whileEqualTo: UInt32(truncatingIfNeeded: seen), untilMonotonic: overflow ? Int64.max : deadline)
    }

    /// Sleeps until notified after `seen`, or until `deadline` (``SystemClock``, in nanoseconds),
    /// which a loop waiting for its next timer wants met to the microsecond.
    ///
    /// The kernel wakes a sleeping thread some time after its timeout: tens of microseconds,
    /// more on a virtual machine, where the hypervisor must wake an idle virtual CPU. CF has no
    /// remedy on Linux (its timers come late by as much). Here the waiter learns that latency
    /// (a running average of how late its timed waits ended), asks the kernel to wake it that
    /// much before `deadline`, and waits out the rest on the clock, a few microseconds as a rule
    /// and never more than ``maximumLead``, returning at once if notified meanwhile. The price is
    /// that short wait on the CPU, once per timer wake-up; a loop with no timer due never pays it.
    func wait(since seen: UInt64, untilMonotonic deadline: Int64) {
        let seen = UInt32(truncatingIfNeeded: seen)
        let latency = wakeUpLatency.load(ordering: .relaxed)
        let wakeAt = deadline - latency
        if RealClock.monotonicNanoseconds() < wakeAt {
            guard word.wait(whileEqualTo: seen, untilMonotonic: wakeAt) else { return }   // notified
            // Learn how late the kernel was (an average over about eight wake-ups).
            let late = min(max(RealClock.monotonicNanoseconds() - wakeAt, 0), Self.maximumLead)
            wakeUpLatency.store(latency + (late - latency) / 8, ordering: .relaxed)
        }
        // A plain spin, never a yield: on a busy CPU a yield gives the core away for a whole
        // time slice, milliseconds, long past the deadline. The spin lasts at most the lead
        // (``maximumLead``), and ends at once when notified. The counter is read without a lock,
        // whichever way the word parks threads.
        while RealClock.monotonicNanoseconds() < deadline && word.value == seen {}
    }
}
