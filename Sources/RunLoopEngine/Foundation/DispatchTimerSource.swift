/// A timer dispatch source whose handler runs on the main queue: a ticker that needs no run loop
/// of its own. libdispatch: `dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, queue)`,
/// `dispatch_source_set_timer`, `dispatch_source_set_event_handler`, `dispatch_resume`,
/// `dispatch_source_cancel`, `dispatch_source_get_data`; Swift: `DispatchSource.makeTimerSource(queue:)`, a
/// `DispatchSourceTimer`.
///
/// At each deadline (on the registry's clock, a virtual one included) the source submits its
/// handler to its target queue; the handler runs when the queue is served (the main queue: when
/// the main loop runs a common mode). It belongs to no mode and to no loop. Fires that come while
/// the handler is already submitted and not yet run are merged into that one call, which reads
/// how many there were in ``data`` (libdispatch coalesces timer events: `dispatch_source_get_data`
/// is the number of fires since the handler last ran); a repeating source then keeps its phase.
///
/// It fires only once resumed, and never after `cancel()`. The ``DispatchTimerManager`` holds it
/// weakly, as libdispatch does not keep a source alive for you: keep a reference while it ticks.
///
///     let source = DispatchTimerSource(queue: registry.mainQueue)
///     source.schedule(deadline: loop.now + 1, repeating: 1)
///     source.setEventHandler { print("tick", source.data) }
///     source.resume()
public final class DispatchTimerSource: @unchecked Sendable {
    // @unchecked: mutable state lives in `box` (a Lock).

    /// The queue the handler is submitted to.
    public let queue: MainQueue
    /// The name the handler's main-queue work has in a trace.
    public let name: String

    private struct Box {
        var deadline: Instant?
        var interval: Int64?
        var leeway: Double = 0
        var handler: (@Sendable () -> Void)?
        var resumed = false
        var cancelled = false
        /// Fires counted since the handler was last submitted.
        var pending: UInt = 0
        /// Whether the handler is on the queue, not yet run.
        var submitted = false
        /// The fires the handler call in progress was given.
        var data: UInt = 0
    }

    private let box = Lock(Box())

    /// A source on `queue`, not resumed, with no deadline. libdispatch: `dispatch_source_create`.
    public init(queue: MainQueue, name: String = "DispatchSourceTimer") {
        self.queue = queue
        self.name = name
        queue.registry?.timerSources.add(self)
    }

    /// Sets the first deadline and, with `interval`, repeats every `interval` seconds after it
    /// (nil: fires once). `leeway` lets the system fire later by up to that much; the engine fires
    /// on time. libdispatch: `dispatch_source_set_timer`; Swift: `schedule(deadline:repeating:leeway:)`.
    public func schedule(deadline: Instant, repeating interval: Double? = nil, leeway: Double = 0) {
        box.withLock { box in
            box.deadline = deadline
            box.interval = interval.map { max(Instant(seconds: $0).nanoseconds, 1) }
            box.leeway = leeway
        }
        queue.registry?.existingMainLoop?.waiter.notify()
    }

    /// The handler run on the queue for each fire, or for several merged. libdispatch:
    /// `dispatch_source_set_event_handler`.
    public func setEventHandler(_ handler: @escaping @Sendable () -> Void) {
        box.withLock { $0.handler = handler }
    }

    /// Starts the source: from now on its deadlines fire. libdispatch: `dispatch_resume` (or
    /// `dispatch_activate`) of a new source.
    public func resume() {
        box.withLock { $0.resumed = true }
        queue.registry?.existingMainLoop?.waiter.notify()
    }

    /// Stops the source for good: no deadline fires again and a submitted handler that has not
    /// run yet does not run. libdispatch: `dispatch_source_cancel`.
    public func cancel() {
        box.withLock { box in
            box.cancelled = true
            box.deadline = nil
        }
    }

    /// Whether ``cancel()`` was called. libdispatch: `dispatch_source_testcancel`.
    public var isCancelled: Bool { box.withLock { $0.cancelled } }

    /// In the handler: how many fires this call stands for (1, or more when fires were merged).
    /// libdispatch: `dispatch_source_get_data` of a timer source.
    public var data: UInt { box.withLock { $0.data } }

    /// The next deadline, if the source is resumed and armed.
    var nextDeadline: Instant? {
        box.withLock { $0.resumed && !$0.cancelled ? $0.deadline : nil }
    }

    /// Counts the deadlines that have passed at `now`, moves the deadline past `now` (a
    /// repeating source keeps its phase; a one-shot one is disarmed), and submits the handler to
    /// the queue unless it is already there. libdispatch: the manager's timer heap
    /// (`_dispatch_timers_run`) merging fires into the source (`_dispatch_source_timer_data`).
    func fireIfDue(now: Instant) {
        let submit = box.withLock { box -> Bool in
            guard box.resumed, !box.cancelled, let deadline = box.deadline, deadline <= now else { return false }
            if let interval = box.interval {
                let fires = (now.nanoseconds - deadline.nanoseconds) / interval + 1
                box.pending += UInt(fires)
                box.deadline = Instant(nanoseconds: deadline.nanoseconds + fires * interval)
            } else {
                box.pending += 1
                box.deadline = nil
            }
            guard !box.submitted else { return false }
            box.submitted = true
            return true
        }
        if submit { queue.async(name: name) { [weak self] in self?.runHandler() } }
    }

    /// On the queue: hands the merged fires to the handler, unless the source was cancelled.
    private func runHandler() {
        let handler = box.withLock { box -> (@Sendable () -> Void)? in
            box.submitted = false
            box.data = box.pending
            box.pending = 0
            return box.cancelled ? nil : box.handler
        }
        handler?()
    }
}
