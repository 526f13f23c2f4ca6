extension Loop {
    // MARK: Running. CF: CFRunLoopRunSpecific, CFRunLoopRun, CFRunLoopRunInMode; Foundation: RunLoop.run…

    /// Runs the loop once in `mode`: until a result ends the run. CF: `CFRunLoopRunInMode`
    /// (`CFRunLoopRunSpecific`).
    ///
    /// - An empty mode returns ``RunResult/finished`` at once, without telling observers.
    /// - Otherwise observers are told of ``Activity/entry``, then the loop makes passes (see
    ///   ``LoopPassing``) until one decides the result, then observers are told of ``Activity/exit``.
    /// - Runs may nest: a callout may run the loop again, in any mode. ``currentMode`` is the
    ///   innermost run's mode, and is restored when that run ends.
    ///
    /// - Parameters:
    ///   - mode: the mode to run; not `.common`.
    ///   - timeout: seconds; 0 or less polls once without sleeping.
    ///   - returnAfterSourceHandled: return ``RunResult/handledSource`` after one source or port ran.
    /// - Throws: ``LoopError/wrongThread(loop:)`` from a thread that does not own the loop,
    ///   ``LoopError/cannotRunCommonModes`` (CF logs and returns finished),
    ///   ``LoopError/loopTornDown(loop:)``, ``LoopError/invalidInterval(_:)`` for a NaN timeout.
    @discardableResult
    public func run(mode: Mode, timeout: Double, returnAfterSourceHandled: Bool = false) throws(LoopError) -> RunResult {
        guard !timeout.isNaN else { throw .invalidInterval(timeout) }
        let start = clock.now
        var deadline = timeout <= 0 ? start : start + timeout
        // A finite timeout ends, even on a clock within it of its last instant (where the sum
        // saturates to never).
        if timeout.isFinite && deadline == .distantFuture { deadline = Instant(nanoseconds: .max - 1) }
        return try runOnce(mode: mode, deadline: deadline, hasNoTimeLeft: timeout <= 0, returnAfterSourceHandled: returnAfterSourceHandled)
    }

    /// Runs the default mode until it is stopped or has nothing left to do. CF: `CFRunLoopRun`.
    /// A ``stop()`` ends it (unlike Foundation's ``run()``).
    /// - Throws: as ``run(mode:timeout:returnAfterSourceHandled:)``.
    public func runUntilStopped() throws(LoopError) {
        while true {
            let result = try runOnce(mode: .default, deadline: .distantFuture, hasNoTimeLeft: false, returnAfterSourceHandled: false)
            if result == .stopped || result == .finished { return }
        }
    }

    /// Runs `mode` once, until `limit` or until one source was handled. Foundation-shaped, as
    /// Foundation's `RunLoop.run(mode:before:)`: returns false, at once, if the mode is empty
    /// or never made, or if this is not the calling thread's loop (another thread's, or the
    /// loop of a thread that has exited), where the CF-shaped
    /// ``run(mode:timeout:returnAfterSourceHandled:)`` throws.
    /// - Throws: ``LoopError/cannotRunCommonModes`` and what a run throws
    ///   (``LoopError/passLimitExceeded(_:)``); never for the thread.
    @discardableResult
    public func run(mode: Mode, before limit: Instant) throws(LoopError) -> Bool {
        do { try checkCanRun(mode) } catch {
            // Foundation: `_cfRunLoop !== CFRunLoopGetCurrent()` → false.
            switch error {
            case .wrongThread, .loopTornDown: return false
            default: throw error
            }
        }
        if isEmpty(mode: mode) { return false }
        let now = clock.now
        _ = try runOnce(mode: mode, deadline: max(limit, now), hasNoTimeLeft: limit <= now, returnAfterSourceHandled: true)
        return true
    }

    /// Runs the default mode over and over: `while run(mode: .default, before: .distantFuture) {}`.
    /// Foundation: `RunLoop.run()`.
    ///
    /// A ``stop()`` ends only the inner run; the `while` starts another one at once. This returns
    /// only when the default mode has nothing left (no source, port, timer or block): which is
    /// why `[[NSRunLoop currentRunLoop] run]` on a thread kept alive by a port never ends.
    /// - Throws: as ``run(mode:timeout:returnAfterSourceHandled:)``.
    public func run() throws(LoopError) {
        while try run(mode: .default, before: .distantFuture) {}
    }

    /// Like ``run()``, but ends at `limit`. Foundation: `RunLoop.run(until:)`, which runs once
    /// before it looks at the time: with a `limit` already past, it still polls once.
    public func run(until limit: Instant) throws(LoopError) {
        while try run(mode: .default, before: limit), clock.now < limit {}
    }

    // MARK: Stopping and waking. CF: CFRunLoopStop, CFRunLoopWakeUp.

    /// Ends the innermost run in progress (it returns ``RunResult/stopped``), from any thread.
    /// If the loop is not running, nothing happens: the request is not remembered.
    /// CF: `CFRunLoopStop`.
    /// - Returns: whether a run was there to stop.
    @discardableResult
    public func stop() -> Bool {
        let running = state.withLock { state -> Bool in
            guard !state.runs.isEmpty else { return false }
            state.runs[state.runs.count - 1].stopped = true
            return true
        }
        if running { wakeUp() }
        return running
    }

    /// Wakes the loop if it sleeps, from any thread, so that it makes another pass (and sees a
    /// signalled source, for instance). A wake-up while the loop is not running is dropped, and
    /// so is one sent while the loop is busy handling what woke it. CF: `CFRunLoopWakeUp`.
    /// - Returns: whether the wake-up was taken.
    @discardableResult
    public func wakeUp() -> Bool {
        let taken = state.withLock { state -> Bool in
            guard !state.ignoreWakeUps else { return false }
            state.wakeUpPending = true
            return true
        }
        if taken { waiter.notify() }
        afterWakeUpHook.withLock { $0 }?()
        return taken
    }

    /// Called on the waking thread at the end of every ``wakeUp()``, taken or not; nil in every
    /// real use. A test holds the waking thread there until the loop has made its pass, so that
    /// client code that wakes the loop *before* signalling its source (the signal then finds the
    /// loop asleep again, and nothing wakes it) fails every time instead of once in a while.
    public var testsOnly_afterWakeUp: (@Sendable () -> Void)? {
        get { afterWakeUpHook.withLock { $0 } }
        set { afterWakeUpHook.withLock { $0 = newValue } }
    }

    // MARK: Blocks. CF: CFRunLoopPerformBlock.

    /// Queues `block` to run on the loop's thread the next time the loop reaches a blocks
    /// step in one of `modes` (`.common` counts for every common mode). Does not wake the loop.
    /// A block keeps its mode from being empty until it has run. The modes named are made, if
    /// they were not yet. CF: `CFRunLoopPerformBlock`;
    /// Foundation: `RunLoop.perform(inModes:block:)`.
    public func perform(inModes modes: [Mode] = [.default], name: String = "block", _ block: @escaping @Sendable () -> Void) {
        state.withLock { state in
            // CF makes the modes named (`__CFRunLoopCopyMode(…, true)`), so that a run finds them.
            // (It makes a mode named like the common modes too; `.common` is never a mode here.)
            // (The default mode exists from the start, and a mode all queued blocks are for was
            // made by the perform that queued the first: neither is looked up again.)
            if modes.count != 1 || (modes[0] != .default && (state.blocks.isEmpty || state.blocksAllFor != modes[0])) {
                for mode in modes where mode != .common { state.makeMode(mode) }
            }
            state.queue(QueuedBlock(modes: modes, name: name, work: block))
        }
    }

    // MARK: Internals

    /// The most runs one thread may have in progress at once, each run from a callout of the
    /// one outside it (on any loops): the next is refused with ``LoopError/nestedRunsTooDeep(limit:)``.
    ///
    /// Real code nests a few runs (a modal session inside a tracking run); CF sets no limit, and
    /// a run nested too deep overflows the thread's stack. A level takes up to about 4 KB of stack
    /// in a debug build, so 50 levels stay well inside the smallest stack a loop runs on: the
    /// 512 KB a secondary thread gets on macOS (a ``LoopThread`` takes the system's default);
    /// `NestingDepthTests` nests that deep on such a stack.
    public static let nestedRunLimit = 50

    func checkCanRun(_ mode: Mode) throws(LoopError) {
        // Torn down first: its thread is gone, so any caller is on "another thread".
        guard !isTornDown else { throw .loopTornDown(loop: name) }
        guard ThreadID.current == owner else { throw .wrongThread(loop: name) }
        guard mode != .common else { throw .cannotRunCommonModes }
    }

    /// CF: `CFRunLoopRunSpecific`.
    func runOnce(mode: Mode, deadline: Instant, hasNoTimeLeft: Bool, returnAfterSourceHandled: Bool) throws(LoopError) -> RunResult {
        try checkCanRun(mode)
        let thread = ThreadRecord.current
        guard thread.runningLoops.count < Loop.nestedRunLimit else { throw .nestedRunsTooDeep(limit: Loop.nestedRunLimit) }
        let frame = RunFrame(mode: mode, deadline: deadline, hasNoTimeLeft: hasNoTimeLeft, returnAfterSourceHandled: returnAfterSourceHandled)
        // A mode never made is not made here: it is empty (CF: `__CFRunLoopCopyMode(rl, modeName,
        // false)` finds nothing, and the run returns finished).
        let started = state.withLock { state -> Bool in
            guard !modeIsEmpty(mode, in: state) else { return false }
            state.runs.append(frame)
            return true
        }
        guard started else {
            record(.finishedEmpty, mode: mode)
            return .finished
        }
        thread.runningLoops.append(self)
        defer { thread.runningLoops.removeLast() }

        let pass = Pass(loop: self, frame: frame)
        pass.notify(.entry)
        let result = try passes(pass)
        pass.notify(.exit)
        state.withLock { _ = $0.runs.popLast() }
        record(.runEnded(result), mode: mode)
        return result
    }

    /// CF: `__CFRunLoopRun`.
    private func passes(_ pass: Pass) throws(LoopError) -> RunResult {
        // A stop that came before the first pass (from an entry observer) ends the run at once.
        if pass.takeStopRequest() { return .stopped }
        var count = 0
        while true {
            state.withLock { $0.unsetIgnoreWakeUps() }
            if let result = mechanisms.pass.runPass(pass) { return result }
            count += 1
            if let limit = passLimit, count >= limit {
                state.withLock { _ = $0.runs.popLast() }
                throw .passLimitExceeded(limit)
            }
        }
    }
}
