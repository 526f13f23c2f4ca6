#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a mutex: ``withLock(_:)`` hands it to one thread at a time. Public, so
/// that lessons and tests guard their shared state with a lock ThreadSanitizer understands.
///
/// The engine's one lock, a pthread mutex. Not `Synchronization.Mutex`: on Linux that one
/// parks contended threads inside the standard library, which ThreadSanitizer does not see, so
/// `swift test --sanitize=thread` reports a false race on every value it guards. ThreadSanitizer
/// knows pthread mutexes, so races it reports here are real.
public final class Lock<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the mutex held.
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
