#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex in memory its owner allocates: the one kind of lock under ``Lock`` and
/// ``LockStripes``. A pthread mutex, not `Synchronization.Mutex`, for ThreadSanitizer's sake
/// (see ``Lock``).
enum SystemMutex {
    /// The mutex's bytes, for the owner to allocate and align.
    typealias Storage = pthread_mutex_t

    static func initialize(_ mutex: UnsafeMutablePointer<Storage>) {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    static func destroy(_ mutex: UnsafeMutablePointer<Storage>) {
        pthread_mutex_destroy(mutex)
    }

    static func lock(_ mutex: UnsafeMutablePointer<Storage>) {
        pthread_mutex_lock(mutex)
    }

    static func unlock(_ mutex: UnsafeMutablePointer<Storage>) {
        pthread_mutex_unlock(mutex)
    }
}
