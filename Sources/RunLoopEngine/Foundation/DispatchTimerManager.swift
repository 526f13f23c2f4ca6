/// The timer sources of a registry, and what fires them. libdispatch: the manager's timer heaps
/// (`_dispatch_timers_heap`, run by `_dispatch_timers_run` on the manager queue, which waits in
/// `kevent` until the earliest deadline).
///
/// The engine has no manager thread: the registry's main loop, when it looks at the time before
/// sleeping, fires the sources that are due (their handlers go to the main queue, which wakes the
/// main loop if it serves it) and sleeps no later than the earliest deadline. A main thread busy
/// in a callout does not look, and its queue is not served either: the handler, submitted at the
/// deadline by a real manager, would wait for it all the same.
public final class DispatchTimerManager: @unchecked Sendable {
    // @unchecked: the list lives in a Lock.

    private let sources = Lock<[Weak<DispatchTimerSource>]>([])
    /// Work to run on the manager at a deadline: the deadline, a number that keeps equal deadlines
    /// in order, the work.
    private let delayed = Lock<(next: Int, items: [(Instant, Int, @Sendable () -> Void)])>((0, []))

    init() {}

    private func takeEarliestDue(now: Instant) -> (@Sendable () -> Void)? {
        delayed.withLock { delayed in
            guard
                let next = delayed.items.indices.filter({ delayed.items[$0].0 <= now })
                    .min(by: { (delayed.items[$0].0, delayed.items[$0].1) < (delayed.items[$1].0, delayed.items[$1].1) })
            else { return nil }
            return delayed.items.remove(at: next).2
        }
    }

    func add(_ source: DispatchTimerSource) {
        sources.withLock { list in
            list.removeAll { $0.object == nil }
            list.append(Weak(source))
        }
    }

    private var live: [DispatchTimerSource] { sources.withLock { $0.compactMap(\.object) } }

    /// Runs `work` once at `deadline` on the registry's clock, where the manager fires its sources
    /// (on the main loop's thread, outside any callout), not on a queue: what it does there must be
    /// short, such as handing a job to an executor. libdispatch: `dispatch_after_f` onto a global
    /// queue; Swift runtime: `swift_task_enqueueGlobalWithDelay`, which `Task.sleep` uses.
    public func after(_ deadline: Instant, _ work: @escaping @Sendable () -> Void) {
        delayed.withLock { delayed in
            delayed.items.append((deadline, delayed.next, work))
            delayed.next += 1
        }
    }

    /// The earliest deadline of a resumed source or of delayed work, or `distantFuture`.
    func nextDeadline() -> Instant {
        let work = delayed.withLock { $0.items.map(\.0).min() }
        return min(live.compactMap(\.nextDeadline).min() ?? .distantFuture, work ?? .distantFuture)
    }

    /// Fires every source due at `now`, the earliest deadline first (equal ones in the order the
    /// sources were made), then the delayed work due, the earliest first, on the calling loop's thread.
    func fireDue(now: Instant) {
        let due = live.compactMap { source in source.nextDeadline.map { (source, $0) } }.filter { $0.1 <= now }
        for (source, _) in due.enumerated().sorted(by: { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }).map(\.element) {
            source.fireIfDue(now: now)
        }
        while let work = takeEarliestDue(now: now) {
            work()
        }
    }
}
