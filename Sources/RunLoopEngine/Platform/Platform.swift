#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The platform layer: the only folder of the engine that imports the C library (Glibc or
// Darwin) or names an operating system. Everything else uses the small types here, which have
// one API on every system:
//
//   SystemThread, ThreadLocalSlot   pthreads: start, join, detach, thread-local storage
//   SystemMutex                     a pthread mutex in memory its owner allocates
//   SystemClock                     the monotonic clock, timed waits on it, a thread's CPU time
//                                   (bench and the tests read both clocks here)
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
// Darwin-only lines, which no Linux build compiles, in every target (each checked against
// Darwin's declaration, quoted, and against Swift code that builds on macOS; the README's
// "Platforms" section has the same list; keep the two in step):
//   SystemThread.start               var handle: pthread_t? = nil
//                                    pthread_create(pthread_t _Nullable *, …); pthread_t is a pointer
//   SystemClock.monotonicID          CLOCK_UPTIME_RAW                    <time.h>: mach_absolute_time's clock
//   SystemClock.initializeCondition  pthread_cond_init(condition, nil)   Darwin has no pthread_condattr_setclock
//   SystemClock.waitRelative(on:…)   pthread_cond_timedwait_relative_np(condition, mutex, &left)
//                                    int pthread_cond_timedwait_relative_np(pthread_cond_t *, pthread_mutex_t *, const struct timespec *)
//   WaitWord's Futex                 `exists = false` and two stubs that are never called
//   KataCLI ChildProcess.posixSpawn  var actions: SpawnFileActions = nil, attributes: SpawnAttributes = nil
//                                    (SpawnFileActions = posix_spawn_file_actions_t?, SpawnAttributes = posix_spawnattr_t?)
//                                    <spawn.h>: typedef void *posix_spawn_file_actions_t; typedef void *posix_spawnattr_t;
//   bench CPUAffinity                four empty stubs (no thread affinity on macOS)
//   EngineTests SystemThreads        currentName: pthread_getname_np(pthread_self(), &name, name.count)
//                                    int pthread_getname_np(pthread_t, char *, size_t)
//                                    liveNames: proc_pidinfo(getpid(), PROC_PIDLISTTHREADS, 0, &handles, …), then
//                                    PROC_PIDTHREADINFO per handle into a proc_threadinfo, its pth_name
//                                    <libproc.h>: int proc_pidinfo(int pid, int flavor, uint64_t arg, void *buffer, int buffersize)
//   KataTests TestImage.path         var info = Dl_info(); dladdr(address, &info); info.dli_fname
//                                    <dlfcn.h>: int dladdr(const void *, Dl_info *); const char *dli_fname, Dl_info's first field
//   ConformanceTests CoreFoundationSpelling
//                                    CFRunLoopMode.defaultMode, .commonModes, CFRunLoopMode(rawValue:), .rawValue
//                                    the Darwin overlay's CFRunLoopMode struct
// Everything else is compiled and run by Linux's build, in both settings of the switch.
enum Platform {
    /// Whether this process asked for the portable implementations macOS uses where Linux has
    /// one of its own: `RUNLOOP_PORTABLE=1` in the environment, read once. On a system without
    /// a futex the portable ones are the only ones, whatever this says.
    static let portable: Bool = {
        guard let value = getenv("RUNLOOP_PORTABLE") else { return false }
        return String(cString: value) == "1"
    }()

    /// The bytes a line of the CPU's cache holds, for data that threads must not share a line
    /// of: 128 on Apple silicon; x86-64's lines are 64 bytes but its prefetcher fetches them in
    /// pairs, so 128 keeps neighbours apart there too.
    static let cacheLineSize = 128
}
