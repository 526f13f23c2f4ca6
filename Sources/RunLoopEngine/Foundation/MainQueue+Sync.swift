/// `DispatchQueue.main.sync`: runs `work` on the main loop's thread and waits until it has run.
/// Dispatch: `dispatch_sync` onto the main queue, whose wait is `__DISPATCH_WAIT_FOR_QUEUE__`
/// (swift-corelibs-libdispatch, `src/queue.c`).
///
/// The main queue is bound to the main thread (`_dispatch_queue_set_bound_thread(&_dispatch_main_q)`
/// when libdispatch starts): the main thread owns it, whether or not it is draining it now. A
/// `sync` onto it from the main thread would wait for work that only the waiting thread can
/// run; libdispatch sees the owner and crashes the app with "dispatch_sync called on queue
/// already owned by current thread" (`DISPATCH_CLIENT_CRASH`, an `EXC_BREAKPOINT` on iOS). The
/// engine throws ``LoopError/syncOnCurrentQueue(_:)`` instead and queues nothing, and notes the
/// crash in the trace of the loop the thread is running: a caller that catches the error and
/// goes on still leaves the crash in the trace, as the real crash would leave a crash report.
extension MainQueue {
    /// Queues `work` on the main queue and blocks the calling thread (a kernel wait) until the
    /// main loop has run it.
    ///
    /// - Throws: ``LoopError/syncOnCurrentQueue(_:)`` when called on the main loop's thread
    ///   (nothing is queued); ``LoopError/timedOut(_:)`` when the work has not run after
    ///   `timeout` seconds (a guard for tests: `dispatch_sync` waits for ever; the work stays
    ///   queued and runs later); ``LoopError/invalidInterval(_:)`` for a NaN or negative timeout.
    public func sync(name: String = "main-queue work", timeout: Double = 10, _ work: @escaping @Sendable () -> Void) throws(LoopError) {
        guard !timeout.isNaN, timeout >= 0 else { throw .invalidInterval(timeout) }
        if let main = registry?.mainThread, main == ThreadID.current {
            ThreadRecord.current.runningLoops.last?.note("__DISPATCH_WAIT_FOR_QUEUE__() → DISPATCH_CLIENT_CRASH")
            throw .syncOnCurrentQueue(name)
        }
        let done = Latch()
        async(name: name) {
            work()
            done.open()
        }
        guard done.wait(timeout: timeout) else { throw .timedOut("DispatchQueue.main.sync \"\(name)\"") }
    }
}
