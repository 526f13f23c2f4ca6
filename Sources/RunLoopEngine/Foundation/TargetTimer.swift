extension Loop {
    /// Makes a timer that sends `selector` to `target` every `timeInterval` seconds (once, if
    /// `repeats` is false), the first `timeInterval` seconds from now, and adds it to `mode` of
    /// this loop. Foundation: `+[NSTimer scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:]`
    /// (Swift: `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`), which
    /// uses the current loop's default mode.
    ///
    /// The selector is an unapplied method, as `#selector` names one: `Screen.tick` sends
    /// `tick(_:)` to the target with the timer.
    ///
    /// Like NSTimer, the timer keeps a **strong** reference to `target` until it is invalidated
    /// ("The timer maintains a strong reference to this object until it (the timer) is
    /// invalidated"), and the loop's mode keeps the timer while it is scheduled: loop → mode →
    /// timer → target. A repeating timer is invalidated only by ``Timer/invalidate()``; a
    /// one-shot timer invalidates itself after it fired. Either way it then lets go of `target`.
    ///
    /// - Parameters:
    ///   - timeInterval: seconds between fire dates; 0 or less becomes 0.1 ms, as Foundation chooses.
    /// - Throws: ``LoopError/invalidInterval(_:)`` for a NaN or infinite interval, and what
    ///   ``add(_:forMode:)-(Timer,_)`` throws.
    @discardableResult
    public func scheduledTimer<Target: AnyObject & Sendable>(
        name: String = "timer", timeInterval: Double, target: Target,
        selector: @escaping @Sendable (Target) -> @Sendable (Timer) -> Void, repeats: Bool, mode: Mode = .default
    ) throws(LoopError) -> Timer {
        guard timeInterval.isFinite else { throw .invalidInterval(timeInterval) }
        // Foundation: "If seconds is less than or equal to 0.0, this method chooses the
        // nonnegative value of 0.1 milliseconds instead."
        let interval = max(timeInterval, 0.0001)
        // The callout captures `target`: the strong reference, released when the timer is invalidated.
        let timer = try Timer(name: name, fireDate: now + interval, interval: repeats ? interval : 0) { timer in
            selector(target)(timer)
        }
        try add(timer, forMode: mode)
        return timer
    }
}
