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
/// The counter is an atomic, read without a lock (``value``); only sleeping and waking differ
/// between the two ways to park a thread (``WaitWord/Parking``):
/// - a futex, on Linux: ``wait(whileEqualTo:untilMonotonic:)`` is one system call, which the
///   kernel makes atomic with its check of the counter;
/// - a mutex and a condition variable, the portable way: on macOS, and on Linux with
///   `RUNLOOP_PORTABLE=1` (see ``Platform/portable``), so that the code macOS runs is tested here.
///
/// Either way ``increment()`` calls the kernel only when a thread is asleep.
final class WaitWord: @unchecked Sendable {
    // @unchecked: `word` is only touched atomically (through `Atomic`, or by the kernel).
    private let word: UnsafeMutablePointer<Atomic<UInt32>>
    /// Threads inside `wait`: `increment()` calls the kernel only if there are any.
    private let sleepers = Atomic<Int>(0)
    /// The portable way to sleep; nil: the futex.
    private let condition: ConditionParking?

    /// How a thread sleeps on the counter.
    enum Parking: Sendable, CaseIterable, CustomStringConvertible {
        case futex, conditionVariable

        /// The ways this system has: the futex on Linux only.
        static var available: [Parking] { Futex.exists ? [.futex, .conditionVariable] : [.conditionVariable] }

        /// The way the engine uses: the futex where there is one, unless ``Platform/portable``.
        static var preferred: Parking { Futex.exists && !Platform.portable ? .futex : .conditionVariable }

        var description: String { self == .futex ? "futex" : "mutex + condition variable" }
    }

    init(parking: Parking = .preferred) {
        precondition(parking != .futex || Futex.exists, "no futex on this system")
        word = .allocate(capacity: 1)
        word.initialize(to: Atomic(0))
        condition = parking == .futex ? nil : ConditionParking()
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
        guard sleepers.load(ordering: .sequentiallyConsistent) > 0 else { return }
        if let condition { condition.wakeAll() } else { Futex.wakeAll(word) }
    }

    /// Sleeps while the counter equals `seen`, until `deadline` (``SystemClock``, ns; nil: no
    /// limit). Returns true if it timed out.
    func wait(whileEqualTo seen: UInt32, untilMonotonic deadline: Int64?) -> Bool {
        sleepers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { sleepers.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        if let condition { return condition.wait(word, whileEqualTo: seen, untilMonotonic: deadline) }
        while word.pointee.load(ordering: .sequentiallyConsistent) == seen {
            if Futex.wait(word, whileEqualTo: seen, untilMonotonic: deadline) { return true }
        }
        return false
    }
}

/// The portable way to park: a mutex and a condition variable. The counter stays an atomic
/// outside the mutex; a waker that saw a sleeper takes the mutex once before it broadcasts, so
/// a sleeper that checked the counter under the mutex is either already waiting on the
/// condition (and is woken) or has not checked yet (and sees the new value).
private final class ConditionParking: @unchecked Sendable {
    // @unchecked: the mutex and the condition are pthread objects, made for sharing.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        SystemMutex.initialize(mutex)
        condition.initialize(to: pthread_cond_t())
        SystemClock.initializeCondition(condition)
    }

    deinit {
        pthread_cond_destroy(condition)
        SystemMutex.destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func wakeAll() {
        SystemMutex.lock(mutex)
        SystemMutex.unlock(mutex)
        pthread_cond_broadcast(condition)
    }

    func wait(_ word: UnsafeMutablePointer<Atomic<UInt32>>, whileEqualTo seen: UInt32, untilMonotonic deadline: Int64?) -> Bool {
        SystemMutex.lock(mutex)
        defer { SystemMutex.unlock(mutex) }
        while word.pointee.load(ordering: .sequentiallyConsistent) == seen {
            guard let deadline else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            if SystemClock.monotonicNanoseconds() >= deadline { return true }
            SystemClock.wait(on: condition, mutex, untilMonotonic: deadline)
        }
        return false
    }
}

/// The two futex operations (Linux only), through `syscall`: glibc has no futex function, and
/// Swift does not import C's variadic `syscall`; on Linux's x86-64 and arm64 calling conventions
/// a variadic function takes fixed arguments the same way.
private enum Futex {
    #if os(Linux)
    static let exists = true
    private typealias Syscall =
        @convention(c) (
            Int, UnsafeMutableRawPointer, Int32, UInt32,
            UnsafePointer<timespec>?, UnsafeMutableRawPointer?, UInt32
        ) -> Int
    #if arch(x86_64)
    private static let number = 202   // SYS_futex
    #else
    private static let number = 98   // SYS_futex on arm64
    #endif
    private static let privateFlag: Int32 = 128   // FUTEX_PRIVATE_FLAG
    private static let waitBitset: Int32 = 9   // FUTEX_WAIT_BITSET: an absolute CLOCK_MONOTONIC deadline
    private static let wake: Int32 = 1   // FUTEX_WAKE
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
        var ts = SystemClock.makeTimespec(nanoseconds: deadline)
        return call(number, address, waitBitset | privateFlag, seen, &ts, nil, UInt32.max) == -1 && errno == ETIMEDOUT
    }

    static func wakeAll(_ word: UnsafeMutablePointer<Atomic<UInt32>>) {
        _ = call(number, UnsafeMutableRawPointer(word), wake | privateFlag, UInt32(Int32.max), nil, nil, 0)
    }
    #else
    // Darwin: no futex; `WaitWord.Parking.available` never offers it, so these are never called.
    static let exists = false
    static func wait(_ word: UnsafeMutablePointer<Atomic<UInt32>>, whileEqualTo seen: UInt32, untilMonotonic deadline: Int64?) -> Bool {
        fatalError("no futex")
    }
    static func wakeAll(_ word: UnsafeMutablePointer<Atomic<UInt32>>) { fatalError("no futex") }
    #endif
}
