#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where a loop sleeps: a condition variable the kernel parks the thread on (a futex on
/// Linux). No polling, no periodic wake-ups.
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
final class KernelWaiter: @unchecked Sendable {
    // @unchecked: `generation` and `wakeUpLatency` are only touched with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var generation: UInt64 = 0
    /// `generation`, for reading without the mutex while a thread waits out the last
    /// microseconds before a deadline.
    private let publishedGeneration = Atomic<UInt64>(0)
    /// How late the kernel has been waking this waiter's thread from timed waits, in
    /// nanoseconds: a running average, at most ``maximumLead``.
    private var wakeUpLatency: Int64 = 0

    /// The most a timed wait for a timer ends early (and the most it then waits on the clock).
    static let maximumLead: Int64 = 200_000

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        #if os(Linux)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #else
        pthread_cond_init(condition, nil)
        #endif
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// The number of notifications so far. Read it before checking for work.
    var currentGeneration: UInt64 {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return generation
    }

    /// Something changed that a sleeping loop may care about: wake it to look. Every thread
    /// waiting here wakes (a loop has one; a ``Latch`` may have several).
    func notify() {
        pthread_mutex_lock(mutex)
        generation &+= 1
        publishedGeneration.store(generation, ordering: .releasing)
        pthread_mutex_unlock(mutex)
        pthread_cond_broadcast(condition)
    }

    /// Sleeps until notified after `seen`, or until `nanoseconds` have passed (nil: no limit).
    /// Returns at once if a notification came after `seen` was read.
    func wait(since seen: UInt64, nanoseconds: Int64?) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard generation == seen else { return }
        guard let nanoseconds else {
            while generation == seen { pthread_cond_wait(condition, mutex) }
            return
        }
        guard nanoseconds > 0 else { return }
        #if os(Linux)
        let deadline = RealClock.monotonicNanoseconds().addingReportingOverflow(nanoseconds)
        let end = deadline.overflow ? Int64.max : deadline.partialValue
        var ts = timespec(tv_sec: Int(end / 1_000_000_000), tv_nsec: Int(end % 1_000_000_000))
        while generation == seen {
            if pthread_cond_timedwait(condition, mutex, &ts) == ETIMEDOUT { return }
        }
        #else
        let start = RealClock.monotonicNanoseconds()
        while generation == seen {
            let left = nanoseconds - (RealClock.monotonicNanoseconds() - start)
            if left <= 0 { return }
            var ts = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
            if pthread_cond_timedwait_relative_np(condition, mutex, &ts) == ETIMEDOUT { return }
        }
        #endif
    }

    /// Sleeps until notified after `seen`, or until `deadline` (CLOCK_MONOTONIC, in nanoseconds),
    /// which a loop waiting for its next timer wants met to the microsecond.
    ///
    /// The kernel wakes a sleeping thread some time after its timeout: on this project's
    /// two-core VM, 40 to 80 µs, most of it the hypervisor waking an idle virtual CPU. CF has no
    /// remedy on Linux (its timers come late by as much). Here the waiter learns that latency
    /// (a running average of how late its timed waits ended), asks the kernel to wake it that
    /// much before `deadline`, and waits out the rest on the clock, a few microseconds as a rule
    /// and never more than ``maximumLead``, returning at once if notified meanwhile. The price is
    /// that short wait on the CPU, once per timer wake-up; a loop with no timer due never pays it.
    func wait(since seen: UInt64, untilMonotonic deadline: Int64) {
        pthread_mutex_lock(mutex)
        guard generation == seen else {
            pthread_mutex_unlock(mutex)
            return
        }
        let wakeAt = deadline - wakeUpLatency
        var timedOut = true
        if RealClock.monotonicNanoseconds() < wakeAt {
            var ts = timespec(tv_sec: Int(wakeAt / 1_000_000_000), tv_nsec: Int(wakeAt % 1_000_000_000))
            timedOut = false
            while generation == seen {
                #if os(Linux)
                let result = pthread_cond_timedwait(condition, mutex, &ts)
                #else
                let left = max(0, wakeAt - RealClock.monotonicNanoseconds())
                var relative = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
                let result = pthread_cond_timedwait_relative_np(condition, mutex, &relative)
                #endif
                if result == ETIMEDOUT {
                    timedOut = true
                    // Learn how late the kernel was (an average over about eight wake-ups).
                    let late = min(max(RealClock.monotonicNanoseconds() - wakeAt, 0), Self.maximumLead)
                    wakeUpLatency += (late - wakeUpLatency) / 8
                    break
                }
            }
        }
        pthread_mutex_unlock(mutex)
        guard timedOut else { return }
        while RealClock.monotonicNanoseconds() < deadline && publishedGeneration.load(ordering: .acquiring) == seen {}
    }
}
