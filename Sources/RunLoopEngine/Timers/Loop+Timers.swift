extension Loop {
    /// Fires every timer of `mode` that is due, in fire-date order (equal dates in the order
    /// they were scheduled), then reschedules the repeating ones. A timer already firing (the
    /// loop was run again from its callout) is skipped. CF: `__CFRunLoopDoTimers`.
    func fireDueTimers(in mode: Mode) {
        let now = clock.now
        var due = state.withLock { state -> [Timer] in
            guard let index = state.modes.index(forKey: mode) else { return [] }
            // A heap holds at most one live entry per timer (each reschedule bumps the
            // generation first), so no timer is collected twice.
            var due = state.takeDueTimersBuffer()
            while let timer = state.modes.values[index].timers.takeDueTimer(now: now) { due.append(timer) }
            return due
        }
        guard !due.isEmpty else { return }
        let used = due.count
        for timer in due { fire(timer, in: mode, now: now) }
        due.removeAll(keepingCapacity: true)   // outside the lock: this may free many timers
        state.withLock { $0.giveBackDueTimersBuffer(&due, used: used) }
    }

    /// Fires one timer and works out when it fires next. CF: `__CFRunLoopDoTimer`.
    private func fire(_ timer: Timer, in mode: Mode, now: Instant) {
        // The callout is taken with the fire date: held here, it outlives an invalidate from
        // within itself (which lets go of the timer's reference).
        let firing = timer.withCore { core -> (Instant, @Sendable (Timer) -> Void)? in
            guard core.valid, !core.firing, core.owner === self, core.fireDate <= now, let callout = core.callout else { return nil }
            core.firing = true
            return (core.fireDate, callout)
        }
        // Not fired now: invalidated, moved later, or gone to another loop (its entries say so),
        // or firing in an outer run (it is out of the heaps until that callout returns).
        guard let (firedFor, callout) = firing else { return }
        record(.callout(.timer, timer.name), mode: mode)
        withCalloutPool(.always) { callout(timer) }
        // A one-shot timer ends after its callout, even one the callout moved.
        guard timer.repeats else { return timer.invalidate(endingCallout: true) }

        let (valid, fireDate) = timer.withCore { core -> (Bool, Instant) in
            core.firing = false
            return (core.valid, core.fireDate)
        }
        // Invalidated in its callout: done.
        guard valid else { return }
        // Moved later in its callout: honoured as set. Otherwise: the next tick after now.
        var next = fireDate
        if fireDate <= firedFor {
            next = mechanisms.timers.nextFireDate(after: firedFor, interval: timer.interval, now: clock.now)
            guard next > firedFor else {
                // A rule that does not move on would fire the timer at one instant for ever. The
                // note is written as code, like the trace's own words: the engine writes no prose.
                record(.note("timer \"\(timer.name)\": nextFireDate \(next) <= \(firedFor) → invalidate()"), mode: mode)
                timer.invalidate()
                return
            }
        }
        // Back into the heaps of its modes (it had no live entry while it fired).
        let bumped = timer.bumpGeneration { $0.fireDate = next }
        state.withLock { $0.reschedule(timer, bumped) }
    }

    // MARK: Foundation-style helpers

    /// Makes a timer that first fires `delay` seconds from now on this loop's clock, and adds it
    /// to `mode`. Foundation: `Timer.scheduledTimer(withTimeInterval:repeats:block:)` (which uses
    /// the current loop's default mode).
    /// - Throws: ``LoopError/invalidInterval(_:)``, and what ``add(_:forMode:)-(Timer,_)`` throws.
    @discardableResult
    public func scheduleTimer(
        name: String = "timer", after delay: Double, interval: Double = 0, tolerance: Double = 0,
        mode: Mode = .default, callout: @escaping @Sendable (Timer) -> Void
    ) throws(LoopError) -> Timer {
        try Timer.validate(delay)
        let timer = try Timer(name: name, fireDate: now + delay, interval: interval, tolerance: tolerance, callout: callout)
        try add(timer, forMode: mode, now: nil)   // made from now: not in the past
        return timer
    }

    /// The earliest fire date among `mode`'s timers. CF: `CFRunLoopGetNextTimerFireDate`.
    public func nextTimerFireDate(mode: Mode) -> Instant? {
        state.withLock { state in
            state.withMode(mode) { $0.timers.firstTimer() }?.map { Instant(nanoseconds: $0.key) } ?? nil
        }
    }
}
