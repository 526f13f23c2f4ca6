// The platform layer: the only folder of the engine that imports the C library (Glibc, Musl or
// Darwin) or names an operating system. Everything else uses the small types here, which have
// one API on every system:
//
//   SystemThread, ThreadLocalSlot   pthreads: start, join, detach, yield, thread-local storage
//   SystemMutex                     a pthread mutex in memory its owner allocates
//   SystemClock                     the monotonic clock
//   WaitWord                        a counter threads sleep on (a futex, or mutex + condition)
//   Platform                        constants: the cache line
enum Platform {
    /// The bytes of one cache line, for data that threads must not share a line of.
    static let cacheLineSize = 64
}
