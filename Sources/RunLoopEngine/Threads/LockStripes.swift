/// A fixed pool of pthread mutexes, for objects too many and too short-lived to own one each.
///
/// CF gives every timer a lock of its own (`_lock` in `struct __CFRunLoopTimer`). A ``Lock`` per
/// timer costs an allocation and a mutex to set up and tear down; with 160,000 timers added and
/// fired, that was a fifth of the work. So a timer keeps its state inline and locks it with one
/// of these stripes, picked by its serial number.
///
/// Two objects may share a stripe: a thread must never hold two stripes at once, and never call
/// out (a callout, an observer, another loop's lock) while it holds one. The stripes are pthread
/// mutexes, which ThreadSanitizer understands (see ``Lock``).
enum LockStripes {
    static let count = 64
    /// One cache line per mutex, so that threads locking neighbouring stripes do not share a line.
    private static let stride = Platform.cacheLineSize
    nonisolated(unsafe) private static let mutexes: UnsafeMutableRawPointer = {
        precondition(MemoryLayout<SystemMutex.Storage>.size <= stride)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count * stride, alignment: stride)
        for index in 0..<count {
            SystemMutex.initialize((memory + index * stride).bindMemory(to: SystemMutex.Storage.self, capacity: 1))
        }
        return memory   // never freed: the pool lives as long as the process
    }()

    /// Runs `body` holding the stripe of `key`.
    static func withLock<Result, E: Error>(_ key: UInt64, _ body: () throws(E) -> Result) throws(E) -> Result {
        let mutex = (mutexes + Int(key % UInt64(count)) * stride).assumingMemoryBound(to: SystemMutex.Storage.self)
        SystemMutex.lock(mutex)
        defer { SystemMutex.unlock(mutex) }
        return try body()
    }
}
