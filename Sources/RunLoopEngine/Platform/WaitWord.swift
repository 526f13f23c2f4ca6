#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A 32-bit counter that threads can sleep on until it moves: the kernel primitive under
/// ``KernelWaiter``. CF's counterpart is the loop's wake-up port (`mach_msg` on Darwin, an
/// eventfd in `epoll_wait` on Linux).
///
/// On Linux it is a futex: ``wait(whileEqualTo:untilMonotonic:)`` is one system call, which the
/// kernel makes atomic with its check of the counter, and ``increment()`` makes a system call
/// only when a thread is asleep. Elsewhere, a mutex and a condition variable.
final class WaitWord: @unchecked Sendable {
    #if os(Linux)
    // @unchecked: `word` is only touched atomically (through `Atomic`, or by the kernel).
    private let word: UnsafeMutablePointer<Atomic<UInt32>>
    /// Threads inside `wait`: `increment()` calls the kernel only if there are any.
    private let sleepers = Atomic<Int>(0)

    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: Atomic(0))
    }

    deinit {
        word.deinitialize(count: 1)
        word.deallocate()
    }

    var value: UInt32 { word.pointee.load(ordering: .acquiring) }

    /// Adds one and wakes every sleeper.
    func increment() {
        // Sequentially consistent, as in `wait`: either the sleeper sees the new value, or
        // this sees the sleeper.
        word.pointee.wrappingAdd(1, ordering: .sequentiallyConsistent)
        if sleepers.load(ordering: .sequentiallyConsistent) > 0 { Futex.wakeAll(word) }
    }

    /// Sleeps while the counter equals `seen`, until `deadline` (CLOCK_MONOTONIC, ns; nil: no
    /// limit). Returns true if it timed out.
    func wait(whileEqualTo seen: UInt32, untilMonotonic deadline: Int64?) -> Bool {
        sleepers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { sleepers.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        while word.pointee.load(ordering: .sequentiallyConsistent) == seen {
            if Futex.wait(word, whileEqualTo: seen, untilMonotonic: deadline) { return true }
        }
        return false
    }

    /// The two futex operations, through `syscall` (glibc has no futex function, and Swift does
    /// not import C's variadic `syscall`; on Linux's x86-64 and arm64 calling conventions a
    /// variadic function takes fixed arguments the same way).
    private enum Futex {
        private typealias Syscall = @convention(c) (Int, UnsafeMutableRawPointer, Int32, UInt32,
                                                     UnsafePointer<timespec>?, UnsafeMutableRawPointer?, UInt32) -> Int
        #if arch(x86_64)
        private static let number = 202   // SYS_futex
        #else
        private static let number = 98    // SYS_futex on arm64
        #endif
        private static let privateFlag: Int32 = 128   // FUTEX_PRIVATE_FLAG
        private static let waitBitset: Int32 = 9      // FUTEX_WAIT_BITSET: an absolute CLOCK_MONOTONIC deadline
        private static let wake: Int32 = 1            // FUTEX_WAKE
        nonisolated(unsafe) private static let call: Syscall = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall") else {   // RTLD_DEFAULT
                fatalError("RunLoopEngine needs the C library's syscall() to sleep on a futex; it was not found")
            }
            return unsafeBitCast(symbol, to: Syscall.self)
        }()

        /// Returns true if the deadline passed.
        static func wait(_ word: UnsafeMutablePointer<Atomic<UInt32>>, whileEqualTo seen: UInt32, untilMonotonic deadline: Int64?) -> Bool {
            let address = UnsafeMutableRawPointer(word)
            guard let deadline else {
                _ = call(number, address, waitBitset | privateFlag, seen, nil, nil, UInt32.max)
                return false
            }
            var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            return call(number, address, waitBitset | privateFlag, seen, &ts, nil, UInt32.max) == -1 && errno == ETIMEDOUT
        }

        static func wakeAll(_ word: UnsafeMutablePointer<Atomic<UInt32>>) {
            _ = call(number, UnsafeMutableRawPointer(word), wake | privateFlag, UInt32(Int32.max), nil, nil, 0)
        }
    }
    #else
    // @unchecked: `counter` is only touched with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var counter: UInt32 = 0

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    var value: UInt32 {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return counter
    }

    func increment() {
        pthread_mutex_lock(mutex)
        counter &+= 1
        pthread_mutex_unlock(mutex)
        pthread_cond_broadcast(condition)
    }

    func wait(whileEqualTo seen: UInt32, untilMonotonic deadline: Int64?) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while counter == seen {
            guard let deadline else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            let left = deadline - RealClock.monotonicNanoseconds()
            if left <= 0 { return true }
            var ts = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
            pthread_cond_timedwait_relative_np(condition, mutex, &ts)
        }
        return false
    }
    #endif
}
