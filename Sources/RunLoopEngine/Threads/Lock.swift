/// A value guarded by a mutex: ``withLock(_:)`` hands it to one thread at a time. Public, so
/// that lessons and tests guard their shared state with a lock ThreadSanitizer understands.
///
/// The engine's lock, a pthread mutex (timers, too many to own one each, share
/// ``LockStripes``). Not `Synchronization.Mutex`: on Linux that one parks contended threads
/// inside the standard library, which ThreadSanitizer does not see, so
/// `swift test --sanitize=thread` reports a false race on every value it guards.
/// ThreadSanitizer knows pthread mutexes, so races it reports here are real.
///
/// The value and the mutex share one heap allocation (a `ManagedBuffer`: the value is its
/// header, the mutex its one element), so a lock costs one allocation, as a class would.
/// Copies of a `Lock` share that storage: it is the same lock.
public struct Lock<Value>: @unchecked Sendable {
    // @unchecked: the value is only touched with the mutex held.
    private let storage: Storage

    public init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with the value, the mutex held.
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try storage.withLock(body)
    }

    private final class Storage: ManagedBuffer<Value, SystemMutex.Storage> {
        static func make(_ value: Value) -> Storage {
            let buffer = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
            buffer.withUnsafeMutablePointerToElements { mutex in
                SystemMutex.initialize(mutex)
            }
            return buffer
        }

        deinit {
            withUnsafeMutablePointerToElements { SystemMutex.destroy($0) }
        }

        func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
            try withUnsafeMutablePointers { (value: UnsafeMutablePointer<Value>, mutex: UnsafeMutablePointer<SystemMutex.Storage>) throws(E) -> Result in
                SystemMutex.lock(mutex)
                defer { SystemMutex.unlock(mutex) }
                return try body(&value.pointee)
            }
        }
    }
}
