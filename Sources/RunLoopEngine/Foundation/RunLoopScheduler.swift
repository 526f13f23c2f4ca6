/// A run loop used as a Combine scheduler: where `receive(on: RunLoop.main)`,
/// `delay(for:scheduler:)` or `debounce(for:scheduler:)` put their work. Combine: `RunLoop`'s
/// conformance to `Scheduler` (OpenCombine, its published model: `RunLoop+Scheduler.swift`).
///
/// It knows one mode: the default mode. Work scheduled now is a block queued for the default
/// mode (CF: `CFRunLoopPerformBlock` with `kCFRunLoopDefaultMode`; Foundation:
/// `RunLoop.perform(_:)`, which is `perform(inModes: [.default])`): it does not wake the loop,
/// and it waits while the loop runs any other mode, the tracking mode of a scroll among them.
/// Work scheduled for later is a timer in the default mode. Compare ``MainQueue``, which the
/// main loop serves in every common mode.
public struct RunLoopScheduler: Sendable {
    /// The loop the work runs on (`RunLoop.main` in `receive(on: RunLoop.main)`).
    public let loop: Loop

    public init(_ loop: Loop) { self.loop = loop }

    /// Runs `action` on the loop's next blocks step in the default mode, without waking it.
    /// Combine: `schedule(options:_:)`.
    public func schedule(name: String = "RunLoop.schedule", _ action: @escaping @Sendable () -> Void) {
        loop.perform(inModes: [.default], name: name, action)
    }

    /// Runs `action` once at `date` (on the loop's clock) or later, when the loop runs the
    /// default mode: a one-shot timer in that mode. Combine: `schedule(after:tolerance:options:_:)`.
    /// - Returns: the timer (invalidating it cancels the work).
    @discardableResult
    public func schedule(
        after date: Instant, name: String = "RunLoop.schedule(after:)", _ action: @escaping @Sendable () -> Void
    ) throws(LoopError) -> Loop.Timer {
        let timer = try Loop.Timer(name: name, fireDate: date) { _ in action() }
        try loop.add(timer, forMode: .default)
        return timer
    }

    /// Runs `action` at `date` and every `interval` seconds after it, in the default mode: a
    /// repeating timer. Combine: `schedule(after:interval:tolerance:options:_:)`, whose
    /// `Cancellable` invalidates the timer.
    @discardableResult
    public func schedule(
        after date: Instant, interval: Double, name: String = "RunLoop.schedule(after:interval:)",
        _ action: @escaping @Sendable () -> Void
    ) throws(LoopError) -> Loop.Timer {
        let timer = try Loop.Timer(name: name, fireDate: date, interval: interval) { _ in action() }
        try loop.add(timer, forMode: .default)
        return timer
    }
}
