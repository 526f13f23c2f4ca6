// One round of each measurement, for one side. Both loops run the very same code here; only
// the `HostedLoop` / `LoopWork` behind it differs (see Sides.swift). The floor, which has no
// loop, does the same work its own way (Floor.swift).
import Foundation
import RunLoopEngine
import Synchronization

/// State touched only by the loop's thread (callouts run there), shared with @Sendable callouts.
final class LoopLocal<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

enum Measure {
    /// Cross-thread post-and-wait: this thread posts a block to the loop's thread and waits on
    /// a semaphore the block signals. Microseconds per round trip, sorted.
    ///
    /// Both threads are pinned to one CPU, the same way for both sides. Unpinned, a round trip
    /// costs a few microseconds when the scheduler puts the two threads on one CPU and about ten
    /// times as much (an inter-processor wake-up, dearer on a virtual machine) when it does not,
    /// at random, for both loops alike: the figure would measure placement, not the loops.
    static func roundTrips(_ side: Side, count: Int) -> [Double] {
        if side == .floor { return Floor.roundTrips(count: count) }
        let host = side.host()
        defer { host.shutDown() }
        let done = DispatchSemaphore(value: 0)
        let cpu = CPUAffinity.currentCPU()
        let everyCPU = CPUAffinity.current()
        CPUAffinity.pin(to: cpu)
        defer { CPUAffinity.set(everyCPU) }
        host.post {
            CPUAffinity.pin(to: cpu); done.signal()
        }
        done.wait()
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for index in 0..<(count + count / 10) {   // the first tenth warms up
            let start = SystemClock.monotonicNanoseconds()
            host.post { done.signal() }
            done.wait()
            if index >= count / 10 { samples.append(Double(SystemClock.monotonicNanoseconds() - start) / 1e3) }
        }
        return samples.sorted()
    }

    /// What ``timerLateness(_:count:)`` measures.
    struct Lateness: Sendable {
        /// How late each callout came after its fire date, in microseconds, sorted.
        var late: [Double]
        /// CPU time the loop's thread used per timer, in microseconds: the price of waking on
        /// time (the engine waits out the last microseconds before a timer on the clock).
        var cpuPerTimer: Double
    }

    /// One-shot timers 2 ms out, one after another on the loop's own thread: how late each
    /// callout came after its fire date, and the loop thread's CPU time per timer.
    static func timerLateness(_ side: Side, count: Int) -> Lateness {
        if side == .floor { return Floor.timerLateness(count: count) }
        return side.onLoopThread { work in
            let cpuAtStart = SystemClock.threadCPUSeconds()
            let late = LoopLocal<[Double]>([])
            @Sendable func scheduleNext() {
                let target = SystemClock.monotonicNanoseconds() + 2_000_000
                work.oneShot(atMonotonic: target) {
                    late.value.append(Double(SystemClock.monotonicNanoseconds() - target) / 1e3)
                    if late.value.count < count { scheduleNext() }
                }
            }
            scheduleNext()
            while late.value.count < count && work.run(for: 10) {}
            return Lateness(late: late.value.sorted(), cpuPerTimer: (SystemClock.threadCPUSeconds() - cpuAtStart) / Double(count) * 1e6)
        }
    }

    /// Blocks performed on the loop's own thread: queued in batches, each batch run by one
    /// polling run. Blocks per second.
    static func blocksPerSecond(_ side: Side, total: Int, batch: Int = 1000) -> Double {
        if side == .floor { return Floor.blocksPerSecond(total: total, batch: batch) }
        return side.onLoopThread { work in
            let ran = LoopLocal(0)
            let start = SystemClock.monotonicNanoseconds()
            for _ in 0..<(total / batch) {
                for _ in 0..<batch { work.perform { ran.value += 1 } }
                work.run(for: 0)
            }
            let seconds = Double(SystemClock.monotonicNanoseconds() - start) / 1e9
            precondition(ran.value == total / batch * batch, "\(side): \(ran.value) blocks ran of \(total)")
            return Double(ran.value) / seconds
        }
    }

    /// The two phases of ``timers(_:count:)``, in seconds.
    struct TimerPhases: Sendable {
        var add: Double
        var fire: Double
        /// CPU seconds the loop's thread spent in both phases (unlike the elapsed times, it
        /// does not grow when other processes take the CPU away).
        var cpu: Double
        var total: Double { add + fire }
    }

    /// `count` one-shot timers added with fire dates in a pseudo-random order (the same on both
    /// sides), then all fired. Timed: adding them, and the run that fires them all once they
    /// are all due (the wait in between is not timed).
    static func timers(_ side: Side, count: Int) -> TimerPhases {
        if side == .floor { return Floor.timers(count: count) }
        let offsets = pseudoRandomOffsets(count: count)
        return side.onLoopThread { work in
            let fired = LoopLocal(0)
            let phases = timeTimers(
                offsets, add: { date in work.oneShot(atMonotonic: date) { fired.value += 1 } },
                fire: { while fired.value < count && work.run(for: 60) {} })
            precondition(fired.value == count, "\(side): \(fired.value) timers fired of \(count)")
            return phases
        }
    }

    /// The timers measurement's frame, the same for every side: times `add` called with each
    /// fire date (`offsets` from a base far enough ahead that each is still in the future when it
    /// is added), waits untimed until all are due, then times `fire`. Elapsed and the calling
    /// thread's CPU time.
    static func timeTimers(_ offsets: [Int64], add: (Int64) -> Void, fire: () -> Void) -> TimerPhases {
        let lead = Int64(200_000_000) + Int64(offsets.count) * 20_000
        let cpuAtStart = SystemClock.threadCPUSeconds()
        let start = SystemClock.monotonicNanoseconds()
        let base = start + lead
        for offset in offsets { add(base + offset) }
        let added = SystemClock.monotonicNanoseconds()
        let cpuAdding = SystemClock.threadCPUSeconds() - cpuAtStart
        let lastDue = base + timerWindow
        while SystemClock.monotonicNanoseconds() < lastDue { usleep(UInt32(max(1, (lastDue - SystemClock.monotonicNanoseconds()) / 1000))) }
        let cpuBeforeFiring = SystemClock.threadCPUSeconds()
        let fireStart = SystemClock.monotonicNanoseconds()
        fire()
        let end = SystemClock.monotonicNanoseconds()
        let cpuFiring = SystemClock.threadCPUSeconds() - cpuBeforeFiring
        return TimerPhases(add: Double(added - start) / 1e9, fire: Double(end - fireStart) / 1e9, cpu: cpuAdding + cpuFiring)
    }

    /// The timers' fire dates spread over this many nanoseconds.
    static let timerWindow: Int64 = 10_000_000

    /// The loop's thread sleeps for 2 s with nothing to do: the CPU time it used meanwhile,
    /// read on that thread from its CPU-time clock (`SystemClock.threadCPUSeconds()`:
    /// CLOCK_THREAD_CPUTIME_ID, which Linux and Darwin both have). Seconds.
    static func idleCPU(_ side: Side, seconds: Double = 2) -> Double {
        if side == .floor { return Floor.idleCPU(seconds: seconds) }
        let host = side.host()
        defer { host.shutDown() }
        let reading = Mutex(0.0)
        let done = DispatchSemaphore(value: 0)
        host.post {
            reading.withLock { $0 = SystemClock.threadCPUSeconds() }; done.signal()
        }
        done.wait()
        let before = reading.withLock { $0 }
        Thread.sleep(forTimeInterval: seconds)
        host.post {
            reading.withLock { $0 = SystemClock.threadCPUSeconds() }; done.signal()
        }
        done.wait()
        return reading.withLock { $0 } - before
    }

    /// `count` offsets in [0, window) nanoseconds, from a fixed linear congruential sequence.
    static func pseudoRandomOffsets(count: Int, window: Int64 = timerWindow) -> [Int64] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((state >> 33) % UInt64(window))
        }
    }
}

extension Array where Element == Double {
    /// The value at quantile `q` of a sorted array.
    func quantile(_ q: Double) -> Double {
        guard !isEmpty else { return .nan }
        return self[Swift.min(count - 1, Int((Double(count - 1) * q).rounded()))]
    }

    var median: Double { sorted().quantile(0.5) }
}
