// The floor: each measurement's work done with no run loop at all, the least the machine needs
// for it. Against it a figure says how much a loop adds, where the Foundation ratio says how
// the engine compares with the loop a user would otherwise have.
//
// | measurement    | a loop does                                        | the floor does                                              |
// |----------------|----------------------------------------------------|-------------------------------------------------------------|
// | round trip     | post a block to the loop's thread, wait for it     | signal a semaphore the other thread waits on, wait for its reply |
// | timer lateness | a one-shot timer 2 ms out                          | a kernel sleep with no timer slack, then a spin to the deadline |
// | blocks         | queue blocks, run them in one polling run          | append closures to an array, call them in order             |
// | timers         | N one-shot timers added, then fired                | N (deadline, closure) entries in a binary heap, then popped |
// | idle CPU       | a loop waiting 2 s with nothing to do              | a thread blocked on a semaphore for 2 s                     |
//
// The same thread setup as the loops' (a thread of its own; for the round trip both threads
// pinned to one CPU), the same counts, deadlines and pseudo-random fire dates.
import Foundation
import RunLoopEngine

enum Floor {
    /// Two threads pinned to one CPU hand a semaphore back and forth: this thread signals
    /// `go` and waits on `done`, which the other thread signals as soon as it wakes. Two
    /// context switches and two semaphore operations each way, which a loop's round trip also
    /// pays. Microseconds per round trip, sorted.
    static func roundTrips(count: Int) -> [Double] {
        let go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let stop = Flag()
        let cpu = CPUAffinity.currentCPU()
        let everyCPU = CPUAffinity.current()
        CPUAffinity.pin(to: cpu)
        defer { CPUAffinity.set(everyCPU) }
        let thread = Thread {
            CPUAffinity.pin(to: cpu)
            done.signal()
            while true {
                go.wait()
                if stop.isSet { break }
                done.signal()
            }
            finished.signal()
        }
        thread.start()
        done.wait()
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for index in 0..<(count + count / 10) {   // the first tenth warms up, as for the loops
            let start = SystemClock.monotonicNanoseconds()
            go.signal()
            done.wait()
            if index >= count / 10 { samples.append(Double(SystemClock.monotonicNanoseconds() - start) / 1e3) }
        }
        stop.set()
        go.signal()
        finished.wait()
        return samples.sorted()
    }

    /// The best this machine can do for a deadline 2 ms out, one after another on a thread of
    /// its own: how late the thread woke, and its CPU time per deadline. The thread has no timer
    /// slack (``SystemReads/useNoTimerSlack()``, as the engine's loop threads), and sleeps in one
    /// bare kernel sleep; with `finalSpin` it asks to wake early by the lateness it has seen (a
    /// running average, at most 200 µs, as the engine's waiter) and spins on the clock for the
    /// rest: how close a thread can come to a deadline at all, with no loop, no queue, no lock.
    /// Without it, the kernel's own wake-up latency, which a thread that only sleeps cannot beat.
    static func timerLateness(count: Int, finalSpin: Bool = true) -> Measure.Lateness {
        onThread {
            SystemReads.useNoTimerSlack()
            let cpuAtStart = SystemClock.threadCPUSeconds()
            var late: [Double] = []
            late.reserveCapacity(count)
            var lead: Int64 = 0
            for _ in 0..<count {
                let target = SystemClock.monotonicNanoseconds() + 2_000_000
                if finalSpin {
                    let wakeAt = target - lead
                    SystemReads.sleep(untilMonotonic: wakeAt)
                    lead += (min(max(SystemClock.monotonicNanoseconds() - wakeAt, 0), 200_000) - lead) / 8
                    while SystemClock.monotonicNanoseconds() < target {}
                } else {
                    SystemReads.sleep(untilMonotonic: target)
                }
                late.append(Double(SystemClock.monotonicNanoseconds() - target) / 1e3)
            }
            return Measure.Lateness(late: late.sorted(), cpuPerTimer: (SystemClock.threadCPUSeconds() - cpuAtStart) / Double(count) * 1e6)
        }
    }

    /// The same blocks as the loops', appended to a plain array in batches and each batch
    /// called in order. Blocks per second.
    static func blocksPerSecond(total: Int, batch: Int = 1000) -> Double {
        onThread {
            let ran = LoopLocal(0)
            let queue = ClosureQueue(capacity: batch)
            let start = SystemClock.monotonicNanoseconds()
            for _ in 0..<(total / batch) {
                for _ in 0..<batch { queue.append { ran.value += 1 } }
                queue.runAll()
            }
            let seconds = Double(SystemClock.monotonicNanoseconds() - start) / 1e9
            precondition(ran.value == total / batch * batch, "floor: \(ran.value) blocks ran of \(total)")
            return Double(ran.value) / seconds
        }
    }

    /// The loops' timer measurement on a plain binary heap of (fire date, closure): the same
    /// fire dates added in the same order, then, once all are due, every due entry popped and
    /// called. Timed as for the loops: adding, and firing (not the wait in between).
    static func timers(count: Int) -> Measure.TimerPhases {
        let offsets = Measure.pseudoRandomOffsets(count: count)
        return onThread {
            let fired = LoopLocal(0)
            var heap = DeadlineHeap()
            heap.reserve(count)
            let phases = Measure.timeTimers(
                offsets, add: { date in heap.insert(date) { fired.value += 1 } },
                fire: {
                    let now = SystemClock.monotonicNanoseconds()
                    while let callout = heap.popDue(atOrBefore: now) { callout() }
                })
            precondition(fired.value == count, "floor: \(fired.value) timers fired of \(count)")
            return phases
        }
    }

    /// A thread blocked on a semaphore for 2 s: the CPU time it used meanwhile. Seconds.
    static func idleCPU(seconds: Double = 2) -> Double {
        onThread {
            let before = SystemClock.threadCPUSeconds()
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + seconds)
            return SystemClock.threadCPUSeconds() - before
        }
    }

    /// Runs `body` on a new thread and waits for its result, as the loops' measurements run on
    /// a loop thread of their own.
    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = LoopLocal<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            result.value = body()
            done.signal()
        }.start()
        done.wait()   // the semaphore orders the thread's write before this read
        return result.value!
    }
}

/// A plain array of closures. Its methods are not inlined into the measurement, so that the
/// optimiser cannot see which closure is queued and call it directly: a loop's queue cannot.
final class ClosureQueue {
    private var blocks: [() -> Void] = []

    init(capacity: Int) { blocks.reserveCapacity(capacity) }

    @inline(never)
    func append(_ block: @escaping () -> Void) { blocks.append(block) }

    @inline(never)
    func runAll() {
        for block in blocks { block() }
        blocks.removeAll(keepingCapacity: true)
    }
}

/// A binary min-heap of closures by fire date (nanoseconds), ties in insertion order: the
/// least a timer queue can be.
struct DeadlineHeap {
    private var entries: [(deadline: Int64, order: Int, callout: () -> Void)] = []
    private var inserted = 0

    mutating func reserve(_ count: Int) { entries.reserveCapacity(count) }

    private func before(_ a: Int, _ b: Int) -> Bool {
        entries[a].deadline != entries[b].deadline ? entries[a].deadline < entries[b].deadline : entries[a].order < entries[b].order
    }

    mutating func insert(_ deadline: Int64, _ callout: @escaping () -> Void) {
        entries.append((deadline, inserted, callout))
        inserted += 1
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(child, parent) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry's closure if it is due at `now`.
    mutating func popDue(atOrBefore now: Int64) -> (() -> Void)? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var least = parent
                if left < entries.count && before(left, least) { least = left }
                if right < entries.count && before(right, least) { least = right }
                if least == parent { break }
                entries.swapAt(parent, least)
                parent = least
            }
        }
        return first.callout
    }
}
