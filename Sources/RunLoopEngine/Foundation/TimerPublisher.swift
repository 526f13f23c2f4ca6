extension Loop {
    /// What `Timer.publish(every:on:in:).autoconnect()` starts on this loop: a repeating timer,
    /// first due one interval from now, in `mode` as given (`.common` for every common mode).
    /// Each fire publishes the loop's time. Combine: `Timer.TimerPublisher` (OpenCombine:
    /// `Timer+Publisher.swift`, which adds its `CFRunLoopTimer` to the publisher's mode with
    /// `CFRunLoopAddTimer`).
    /// - Returns: the timer (invalidating it is the subscription's `cancel()`).
    @discardableResult
    public func timerPublisher(
        every interval: Double, in mode: Mode, name: String = "Timer.publish", _ receive: @escaping @Sendable (Instant) -> Void
    ) throws(LoopError) -> Loop.Timer {
        let timer = try Loop.Timer(name: name, fireDate: now + interval, interval: interval) { [weak self] _ in
            receive(self?.now ?? .zero)
        }
        try add(timer, forMode: mode)
        return timer
    }
}
