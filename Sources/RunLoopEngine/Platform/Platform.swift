#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The platform layer: the only folder of the engine that imports the C library (Glibc or
// Darwin) or names an operating system. Everything else uses the small types here, which have
// one API on every system:
//
//   SystemThread, ThreadLocalSlot   pthreads: start, join, detach, yield, thread-local storage
//   SystemMutex                     a pthread mutex in memory its owner allocates
//   SystemClock                     the monotonic clock, the thread's CPU time, timed waits
//   WaitWord                        a counter threads sleep on: a futex, or mutex + condition
//   Platform                        the portable switch, the cache line
//
// What macOS runs, Linux runs too. The two systems differ in three places only, and with
// `RUNLOOP_PORTABLE=1` in the environment a Linux process takes macOS's side of the first two:
//   - sleeping: a futex on Linux; on macOS a mutex and a condition variable (WaitWord);
//   - timer slack: set to 1 ns on a loop's thread on Linux; macOS has no such setting;
//   - the clock: CLOCK_MONOTONIC on Linux, CLOCK_UPTIME_RAW on macOS (both stop while the
//     machine sleeps, as mach_absolute_time does).
//
// Darwin-only lines, which no Linux build compiles (each checked against Darwin's declaration,
// as quoted; keep this list and the README's in step):
//   SystemClock.monotonicID          CLOCK_UPTIME_RAW                    <time.h>: clockid_t _CLOCK_UPTIME_RAW
//   SystemClock.initializeCondition  pthread_cond_init(condition, nil)   no pthread_condattr_setclock on Darwin
//   SystemClock.wait(on:…)           pthread_cond_timedwait_relative_np(pthread_cond_t *, pthread_mutex_t *, const struct timespec *)
//   SystemThread.start               var handle: pthread_t? = nil        pthread_create(pthread_t _Nullable *, …)
//   WaitWord's Futex                 `exists = false` and two stubs that are never called
// Everything else is compiled and run by Linux's build, in both settings of the switch.
enum Platform {
    /// Whether this process runs the portable implementations macOS uses, where Linux has a
    /// faster one of its own: `RUNLOOP_PORTABLE=1` in the environment, read once. Always true
    /// on a system without a futex.
    static let portable: Bool = {
        guard let value = getenv("RUNLOOP_PORTABLE") else { return false }
        return String(cString: value) == "1"
    }()

    /// The bytes a line of the CPU's cache holds, for data that threads must not share a line
    /// of: 128 on Apple silicon; x86-64's lines are 64 bytes but its prefetcher fetches them in
    /// pairs, so 128 keeps neighbours apart there too.
    static let cacheLineSize = 128
}
