extension Loop {
    /// What woke the loop, or why it did not sleep. CF: the `livePort` of `__CFRunLoopRun`.
    public enum WakeReason: Sendable, Equatable, CustomStringConvertible {
        /// One or more timers are due. CF: the mode's timer port.
        case timers
        /// The main queue has work (main loop, common modes). CF: the dispatch port.
        case mainQueue
        /// A message arrived on this port. CF: a source1's mach port.
        case port(Port)
        /// Someone called ``Loop/wakeUp()`` (or ``Loop/stop()``). CF: `_wakeUpPort`.
        case wakeUp
        /// The run's time is up.
        case deadline
        /// Polling found nothing.
        case nothing

        public static func == (a: WakeReason, b: WakeReason) -> Bool {
            switch (a, b) {
            case (.timers, .timers), (.mainQueue, .mainQueue), (.wakeUp, .wakeUp), (.deadline, .deadline), (.nothing, .nothing): true
            case (.port(let p), .port(let q)): p === q
            default: false
            }
        }

        public var description: String {
            switch self {
            case .timers: "timers"
            case .mainQueue: "main queue"
            case .port(let port): "port \"\(port.name)\""
            case .wakeUp: "wake-up"
            case .deadline: "deadline"
            case .nothing: "nothing"
            }
        }
    }

    /// The primitives one pass of the loop is written with: one object per run, handed to
    /// ``LoopPassing/runPass(_:)`` for every pass. Each primitive is one of CFRunLoop.c's
    /// helpers; ``ReferencePass`` strings them together in CF's order.
    ///
    /// Use it only on the loop's thread, during the run it was made for.
    public final class Pass: @unchecked Sendable {
        // @unchecked: used only on the loop's thread, during its run.
        public let loop: Loop
        /// The mode this run runs.
        public let mode: Mode
        let frame: RunFrame
        /// CF: `didDispatchPortLastTime`, true before the first pass.
        private var servicedMainQueueLastPass = true

        init(loop: Loop, frame: RunFrame) {
            self.loop = loop
            self.mode = frame.mode
            self.frame = frame
        }

        /// Now, on the loop's clock.
        public var now: Instant { loop.clock.now }

        /// Tells the mode's observers that the run reached `activity`, in ascending order, and
        /// records it in the trace. CF: `__CFRunLoopDoObservers`.
        public func notify(_ activity: Activity) {
            loop.record(.activity(activity), mode: mode)
            guard !loop.observerCount.isZero else { return }
            let observers = loop.state.withLock { state -> [Observer] in
                state.withMode(mode) { $0.orderedObservers() } ?? []
            }
            for observer in observers where observer.activities.contains(activity) {
                let fire = observer.core.withLock { core -> Bool in
                    guard core.valid, !core.firing else { return false }
                    core.firing = true
                    return true
                }
                guard fire else { continue }
                loop.withCalloutPool(.whileEnabled) { observer.callout(activity) }
                if !observer.repeats { observer.invalidate() }
                observer.core.withLock { $0.firing = false }
            }
        }

        /// Runs the blocks queued for this mode (or for `.common`, if this mode is common),
        /// first in first out. A block queued meanwhile waits for the next blocks step.
        /// CF: `__CFRunLoopDoBlocks`.
        /// - Returns: whether any block ran.
        @discardableResult
        public func doBlocks() -> Bool {
            var due = loop.state.withLock { state -> [QueuedBlock] in
                guard !state.blocks.isEmpty else { return [] }
                var queued: [QueuedBlock] = []
                swap(&queued, &state.spareBlocks)
                swap(&queued, &state.blocks)
                // Usually every queued block was queued for this mode: hand over the queue as it is.
                let allRunHere = state.blocksAllFor == mode
                state.blocksAllFor = nil
                if allRunHere { return queued }
                var due: [QueuedBlock] = []
                for block in queued {
                    if state.blockRuns(in: mode, queuedFor: block.modes) { due.append(block) } else { state.blocks.append(block) }
                }
                return due
            }
            for index in due.indices {   // by index: a copy of each block would retain all it holds
                loop.record(.callout(.block, due[index].name), mode: mode)
                loop.withCalloutPool(.whileEnabled) { due[index].work() }
            }
            guard !due.isEmpty else { return false }
            let ran = due.count
            due.removeAll(keepingCapacity: true)   // the closures released here, outside the lock
            loop.state.withLock { $0.giveBackSpareBlocks(&due, used: ran) }
            return true
        }

        /// Runs the signalled version-0 sources of this mode, by order, then by when they were
        /// signalled; only the first if the run returns after one source. CF: `__CFRunLoopDoSources0`.
        /// - Returns: whether the last source it came to ran (CF's `sourceHandled`).
        @discardableResult
        public func doSources0() -> Bool {
            let signalled = loop.state.withLock { state -> [Source] in
                state.withMode(mode) { $0.orderedSources().filter(\.isSignalled) } ?? []
            }
            guard !signalled.isEmpty else { return false }
            let ordered =
                signalled
                .map { ($0, $0.flags.withLock { $0.signalSequence }) }
                .sorted { a, b in a.0.order != b.0.order ? a.0.order < b.0.order : a.1 < b.1 }
                .map(\.0)
            // As CF: the answer is the last source's, not "any source ran". A source an earlier
            // callout unsignalled or invalidated is skipped and answers false: if it was the
            // last, the pass goes to sleep although a source ran.
            var handled = false
            for source in ordered {
                handled = source.takeSignal() != nil
                guard handled else { continue }
                loop.record(.callout(.source, source.name), mode: mode)
                loop.withCalloutPool(.whileEnabled) { source.perform() }
                if frame.returnAfterSourceHandled { break }
            }
            return handled
        }

        /// True when the run was asked to poll (a timeout of 0): it never sleeps.
        public var hasNoTimeLeft: Bool { frame.hasNoTimeLeft }

        /// Step 6: on the main loop, in a mode that services the main queue, work waiting on the
        /// main queue is handled without sleeping — but not two passes in a row, so that the
        /// loop's other sources get their turn. CF: the `dispatchPort` check before sleeping.
        public func mainQueueShouldBeServicedWithoutSleeping() -> Bool {
            let servicedLastPass = servicedMainQueueLastPass
            servicedMainQueueLastPass = false
            guard !servicedLastPass else { return false }
            return loop.state.withLock { loop.mainQueueHasWork(for: mode, state: $0) }
        }

        /// Steps 7–8 without the observers: sleeps in the kernel until something needs the loop
        /// (a due timer, main-queue work, a port message, a wake-up, the run's deadline) and
        /// says what it was. With `poll`, only looks, without sleeping. On a ``VirtualClock`` the
        /// loop jumps to its next deadline instead of sleeping.
        /// CF: `__CFRunLoopServiceMachPort` / `__CFRunLoopServiceFileDescriptors`.
        public func waitForWakeReason(poll: Bool) -> WakeReason {
            let reason = loop.sleep(mode: mode, until: frame.deadline, poll: poll)
            if !poll { loop.record(.woke(reason), mode: mode) }
            return reason
        }

        /// Step 9: handles what woke the loop — all due timers, the main queue, or one message
        /// of the port. A wake-up, the deadline or nothing needs no handling.
        /// - Returns: whether a *source* was handled (a port message or main-queue work;
        ///   timers never count).
        @discardableResult
        public func handle(_ reason: WakeReason) -> Bool {
            // CF's `handle_msg:` label: reached after waking, or straight from step 6.
            loop.state.withLock { $0.setIgnoreWakeUps() }
            switch reason {
            case .timers:
                loop.fireDueTimers(in: mode)
                return false
            case .mainQueue:
                loop.serviceMainQueue(in: mode)
                servicedMainQueueLastPass = true
                return true
            case .port(let port):
                guard let message = port.takeMessage() else { return false }
                loop.record(.callout(.port, "\(port.name) ← \(message)"), mode: mode)
                loop.withCalloutPool(.whileEnabled) { port.handler?(message) }
                return true
            case .wakeUp, .deadline, .nothing:
                return false
            }
        }

        /// Whether the run asked to return after one source was handled.
        public var returnsAfterSourceHandled: Bool { frame.returnAfterSourceHandled }

        /// Whether the run's time is up. CF: `termTSR < mach_absolute_time()`.
        public var deadlineHasPassed: Bool { frame.hasNoTimeLeft || now >= frame.deadline }

        /// Whether ``Loop/stop()`` asked this run to stop; the request is used up.
        /// CF: `__CFRunLoopIsStopped` / `__CFRunLoopUnsetStopped`.
        public func takeStopRequest() -> Bool {
            loop.state.withLock { state in
                guard !state.runs.isEmpty, state.runs[state.runs.count - 1].stopped else { return false }
                state.runs[state.runs.count - 1].stopped = false
                return true
            }
        }

        /// Whether the mode has nothing left to do (see ``Loop/isEmpty(mode:)``).
        public var modeIsEmpty: Bool { loop.isEmpty(mode: mode) }
    }
}
