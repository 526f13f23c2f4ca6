extension Loop {
    // MARK: Adding and removing items. CF: CFRunLoopAddSource / AddTimer / AddObserver and their Remove twins.

    /// Adds a version-0 source to `mode` (or to every common mode, with `.common`).
    /// Adding it again to the same mode changes nothing. CF: `CFRunLoopAddSource`.
    /// - Throws: ``LoopError/invalidated(item:)``, ``LoopError/loopTornDown(loop:)``.
    public func add(_ source: Source, forMode mode: Mode) throws(LoopError) {
        guard source.isValid else { throw .invalidated(item: "source \"\(source.name)\"") }
        source.attach(to: self)
        try add(.source(source), to: mode)
    }

    /// Adds a port (a version-1 source) to `mode` (or to every common mode, with `.common`).
    /// Foundation: `RunLoop.add(_:forMode:)` with a `Port`. CF: `CFRunLoopAddSource`.
    /// - Throws: ``LoopError/portInvalidated(port:)``, ``LoopError/loopTornDown(loop:)``.
    public func add(_ port: Port, forMode mode: Mode) throws(LoopError) {
        guard port.isValid else { throw .portInvalidated(port: port.name) }
        port.attach(to: self)
        try add(.port(port), to: mode)
        waiter.notify()   // it may have messages waiting already
    }

    /// Adds a timer to `mode` (or to every common mode, with `.common`). A timer belongs to one
    /// loop. When it joins the loop, a fire date in the past becomes now (CF clamps it when the
    /// timer is made, `CFRunLoopTimerCreate`; an engine timer has no clock until it joins a loop).
    /// CF: `CFRunLoopAddTimer`; Foundation: `RunLoop.add(_:forMode:)` with a `Timer`.
    /// - Throws: ``LoopError/timerOwnedByAnotherLoop(timer:)`` (CF ignores the call; nothing
    ///   changes here either), ``LoopError/invalidated(item:)``, ``LoopError/loopTornDown(loop:)``.
    public func add(_ timer: Timer, forMode mode: Mode) throws(LoopError) {
        try add(timer, forMode: mode, now: clock.now)
    }

    /// ``add(_:forMode:)-(Timer,_)`` with the loop's clock already read (`nil`: the timer's fire
    /// date is known not to be in the past, as it was made from now).
    func add(_ timer: Timer, forMode mode: Mode, now: Instant?) throws(LoopError) {
        try timer.withCore { core throws(LoopError) in
            guard core.valid else { throw .invalidated(item: "timer \"\(timer.name)\"") }
            if let owner = core.owner {
                if owner !== self { throw .timerOwnedByAnotherLoop(timer: timer.name) }
            } else if let now, core.fireDate < now {
                core.fireDate = now   // joining a loop: a past fire date becomes now (no entry to go stale)
            }
            core.owner = self
            if mode == .common { core.wasCommon = true }
        }
        let asleep: Bool
        do {
            asleep = try add(.timer(timer), to: mode)
        } catch {
            timer.withCore { if $0.modes.isEmpty { $0.owner = nil } }
            throw error
        }
        // A sleeping loop may need to wake earlier. One that is not asleep looks at its timers
        // before it sleeps (it marks itself asleep, under the lock, before it looks).
        if asleep { waiter.notify() }
    }

    /// Adds an observer to `mode` (or to every common mode, with `.common`). An observer
    /// belongs to one loop. CF: `CFRunLoopAddObserver`.
    /// - Throws: ``LoopError/observerOwnedByAnotherLoop(observer:)``, ``LoopError/invalidated(item:)``,
    ///   ``LoopError/loopTornDown(loop:)``.
    public func add(_ observer: Observer, forMode mode: Mode) throws(LoopError) {
        try observer.core.withLock { core throws(LoopError) in
            guard core.valid else { throw .invalidated(item: "observer \"\(observer.name)\"") }
            if let owner = core.owner, owner !== self { throw .observerOwnedByAnotherLoop(observer: observer.name) }
            core.owner = self
        }
        do {
            try add(.observer(observer), to: mode)
        } catch {
            observer.core.withLock { if $0.modeCount == 0 { $0.owner = nil } }
            throw error
        }
    }

    /// Removes an item from `mode` (or from the common modes, with `.common`).
    /// Removing an item the mode does not hold changes nothing. CF: `CFRunLoopRemoveSource` & co.
    public func remove(_ item: Item, fromMode mode: Mode) {
        state.withLock { state in
            if mode == .common {
                state.removeCommonItem(item)
            } else {
                _ = state.remove(item, from: mode)
            }
        }
    }

    /// Whether `mode` holds `item`; with `.common`, whether `item` is a common item (it was
    /// added to `.common` and not removed from it since), whichever modes hold it.
    /// CF: `CFRunLoopContainsSource` & co., which look in `_commonModeItems` for the common modes.
    public func contains(_ item: Item, inMode mode: Mode) -> Bool {
        state.withLock { state in
            if mode == .common { return state.commonItems.contains(item) }
            return state.modes[mode]?.table.contains(item) == true
        }
    }

    /// What `mode` holds, kind by kind, in the order added.
    public func items(inMode mode: Mode) -> [Item] {
        state.withLock { state in
            guard let table = state.modes[mode]?.table else { return [] }
            return Item.Kind.allCases.flatMap { table.items(of: $0) }
        }
    }

    /// Marks `mode` common: it receives every common item now, and every one added later.
    /// There is no way back. CF: `CFRunLoopAddCommonMode`.
    public func addCommonMode(_ mode: Mode) {
        guard mode != .common else { return }
        state.withLock { $0.markCommon(mode) }
        waiter.notify()
    }

    /// Whether `mode` would have nothing to do: no source, port or timer, no block queued for
    /// it, and (on the main loop, in a common mode) no main queue. Running it returns
    /// ``RunResult/finished`` at once. CF: `__CFRunLoopModeIsEmpty`.
    public func isEmpty(mode: Mode) -> Bool {
        state.withLock { modeIsEmpty(mode, in: $0) }
    }

    // MARK: Internals

    /// - Returns: whether the loop was asleep (and may need waking to see the item).
    @discardableResult
    func add(_ item: Item, to mode: Mode) throws(LoopError) -> Bool {
        try state.withLock { state throws(LoopError) in
            guard !state.isTornDown else { throw .loopTornDown(loop: name) }
            if mode == .common {
                state.addCommonItem(item)
            } else {
                _ = state.insert(item, into: mode)
            }
            return state.isSleeping
        }
    }

    /// Removes `item` from every mode and from the common items (it was invalidated).
    func removeEverywhere(_ item: Item) {
        state.withLock { state in
            state.removeCommonItem(item, keepingModes: true)
            for mode in Array(state.modes.keys) { _ = state.remove(item, from: mode) }
        }
        waiter.notify()
    }

    /// `timer` was invalidated: it leaves `modes` (the modes it was in) and, if it was ever added
    /// to `.common`, the common items. (``Timer/invalidate()`` has already cleared its modes and owner.)
    func removeInvalidated(_ timer: Timer, from modes: [Mode], wasCommon: Bool) {
        let item = Item.timer(timer)
        let asleep = state.withLock { state -> Bool in
            if wasCommon { state.removeCommonItem(item, keepingModes: true) }
            for mode in modes {
                state.withMode(mode) { contents in
                    if contents.table.remove(item) { contents.itemRemoved(item) }
                }
            }
            return state.isSleeping
        }
        if asleep { waiter.notify() }   // it may now have nothing to wait for
    }

    /// A timer's fire date changed: move it in the heaps of its modes and let the loop re-aim.
    func timerDidMove(_ timer: Timer, _ bumped: Timer.Bump) {
        state.withLock { $0.reschedule(timer, bumped) }
        waiter.notify()
    }

    /// CF: `_CFRunLoopFinished`: a mode never made is empty (even a common one of the main loop).
    func modeIsEmpty(_ mode: Mode, in state: LoopState) -> Bool {
        if state.isMain && state.hasMode(mode) && mainQueueServiced(in: mode, state: state) { return false }
        return state.modeHasNothingToDo(mode)
    }
}
