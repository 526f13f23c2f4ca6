// bench's platform file: the only bench source that imports the C library (Glibc or Darwin)
// or names an operating system. What it reads from the system: the load average, and CPU
// affinity (to pin the round trip's two threads to one CPU); and the floor's kernel sleep to
// a deadline, with no timer slack. The monotonic clock and a thread's CPU time are the engine's own reads
// (RunLoopEngine's SystemClock).
//
// On macOS: the load average is getloadavg(3), as on Linux; CPU pinning does nothing (macOS has no thread affinity, only affinity tags the
// scheduler may ignore), so the round trip there measures wherever the scheduler puts the
// two threads, for both loops alike; the bare sleep is nanosleep(2) for the time left (macOS
// has no clock_nanosleep).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RunLoopEngine

enum SystemReads {
    /// The 1, 5 and 15 minute load averages (getloadavg, in both C libraries); nil if unknown.
    static func loadAverage() -> [Double]? {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) == 3 ? loads : nil
    }

    /// Takes the calling thread's timer slack away, as the engine does for its loop threads:
    /// Linux lets a timed sleep end up to the thread's slack late (50 µs by default) to batch
    /// wake-ups. `prctl(PR_SET_TIMERSLACK, 1)`, 1 ns. Nothing on macOS, which has no timer slack.
    static func useNoTimerSlack() {
        #if os(Linux)
        typealias Prctl = @convention(c) (Int32, UInt) -> Int32   // prctl is variadic in C: not imported
        if let prctl = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {   // RTLD_DEFAULT
            _ = unsafeBitCast(prctl, to: Prctl.self)(29, 1)   // PR_SET_TIMERSLACK
        }
        #endif
    }

    /// Sleeps in the kernel until `deadline` (nanoseconds on ``SystemClock``'s monotonic
    /// clock), with nothing else: the floor of a timer's lateness. Linux: one
    /// `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)`, the clock SystemClock reads. macOS:
    /// one `nanosleep` for the time left.
    static func sleep(untilMonotonic deadline: Int64) {
        #if os(Linux)
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
        #else
        let left = deadline - SystemClock.monotonicNanoseconds()
        guard left > 0 else { return }
        var ts = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
        _ = nanosleep(&ts, nil)
        #endif
    }
}

/// The calling thread's CPU affinity (Linux `sched_setaffinity` on the thread). Glibc's
/// affinity calls are GNU extensions Swift does not import: they are looked up by name.
/// Elsewhere it does nothing (macOS has no thread affinity): the four stubs below are bench's
/// only Darwin-only lines.
#if os(Linux)
enum CPUAffinity {
    private typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    private typealias GetCPU = @convention(c) () -> Int32

    private static func function<F>(_ name: String, as type: F.Type) -> F {
        unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)!, to: type)   // RTLD_DEFAULT
    }

    static func currentCPU() -> Int32 { function("sched_getcpu", as: GetCPU.self)() }

    static func current() -> cpu_set_t {
        var set = cpu_set_t()
        _ = function("sched_getaffinity", as: Affinity.self)(0, MemoryLayout<cpu_set_t>.size, &set)
        return set
    }

    static func set(_ set: cpu_set_t) {
        var set = set
        _ = function("sched_setaffinity", as: Affinity.self)(0, MemoryLayout<cpu_set_t>.size, &set)
    }

    static func pin(to cpu: Int32) {
        var set = cpu_set_t()
        withUnsafeMutableBytes(of: &set) { bytes in bytes[Int(cpu) / 8] |= UInt8(1 << (Int(cpu) % 8)) }
        self.set(set)
    }
}
#else
enum CPUAffinity {
    static func currentCPU() -> Int32 { 0 }
    static func current() -> Int32 { 0 }
    static func set(_ set: Int32) {}
    static func pin(to cpu: Int32) {}
}
#endif
