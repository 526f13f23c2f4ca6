import Synchronization

/// A gate that opens once and stays open; threads can wait for it, blocking with a time limit,
/// and tasks can await it without blocking a thread.
final class Latch: @unchecked Sendable {
    // @unchecked: mutable state lives in `box` (a Lock).
    private struct Box {
        var open = false
        var next = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        /// Waits whose time ran out before they were registered.
        var expired: Set<Int> = []
    }

    private let box = Lock(Box())
    private let waiter = KernelWaiter()

    var isOpen: Bool { box.withLock { $0.open } }

    func open() {
        let waiting = box.withLock { box -> [CheckedContinuation<Bool, Never>] in
            guard !box.open else { return [] }
            box.open = true
            defer { box.waiters = [:] }
            return Array(box.waiters.values)
        }
        waiter.notify()
        for continuation in waiting { continuation.resume(returning: true) }
    }

    /// Blocks until open or `timeout` seconds (nil or +∞: no limit; a huge timeout is ~292 years).
    /// A timeout of 0 or less, or NaN (callers refuse it first), only looks. Returns whether it opened.
    func wait(timeout: Double?) -> Bool {
        let limit = Latch.limit(timeout)
        let start = RealClock.monotonicNanoseconds()
        while true {
            let seen = waiter.currentGeneration
            if isOpen { return true }
            guard let limit else {
                waiter.wait(since: seen, nanoseconds: nil)
                continue
            }
            let left = limit - (RealClock.monotonicNanoseconds() - start)   // both 0 or more: no overflow
            if left <= 0 { return false }
            waiter.wait(since: seen, nanoseconds: left)
        }
    }

    /// `timeout` seconds as whole nanoseconds, 0 or more; nil for no limit (nil or +∞).
    private static func limit(_ timeout: Double?) -> Int64? {
        guard let timeout, timeout != .infinity else { return nil }
        return timeout.isNaN ? 0 : max(Instant.nanoseconds(timeout), 0)
    }

    /// Suspends until open or `timeout` seconds (+∞: no limit; as ``wait(timeout:)-(Double?)``).
    /// Returns whether it opened.
    func wait(timeout: Double) async -> Bool {
        let id = box.withLock { box -> Int in
            box.next += 1
            return box.next
        }
        let timer = Task {
            guard let limit = Latch.limit(timeout) else { return }   // no limit: only open() ends the wait
            try? await Task.sleep(nanoseconds: UInt64(limit))
            let continuation = box.withLock { box -> CheckedContinuation<Bool, Never>? in
                guard let continuation = box.waiters.removeValue(forKey: id) else {
                    box.expired.insert(id)
                    return nil
                }
                return continuation
            }
            continuation?.resume(returning: false)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let resumeNow = box.withLock { box -> Bool? in
                if box.open { return true }
                if box.expired.remove(id) != nil { return false }
                box.waiters[id] = continuation
                return nil
            }
            if let resumeNow { continuation.resume(returning: resumeNow) }
        }
    }
}
