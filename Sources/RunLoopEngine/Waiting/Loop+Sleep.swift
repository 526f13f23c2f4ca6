extension Loop {
    /// Sleeps until something needs the loop running `mode`, or just looks (`poll`).
    /// Reasons, in the order they are looked for: due timers, main-queue work, a port message,
    /// a wake-up, the deadline. The main loop first fires its registry's due timer sources and
    /// delayed work (``DispatchTimerManager``), and sleeps no later than their next deadline.
    ///
    /// On a real clock the thread waits in the kernel until the next timer is due, the deadline
    /// passes, or ``KernelWaiter/notify()`` is called; it then looks again (a notification that
    /// does not concern this mode, such as a message on a port of another mode, sends it back to
    /// sleep without a trace). On a ``VirtualClock`` it jumps to the next deadline instead.
    ///
    /// The loop is marked asleep (``isWaiting``) from its first look until it returns, and
    /// ignores wake-ups from then until its next pass (CF: `__CFRunLoopSetSleeping`,
    /// `__CFRunLoopSetIgnoreWakeUps`), under the same lock as its looks.
    func sleep(mode: Mode, until deadline: Instant, poll: Bool) -> WakeReason {
        let virtualClock = clock as? VirtualClock
        while true {
            let seen = waiter.currentGeneration
            let now = clock.now
            let sources = isMainLoopOfRegistry ? registry?.timerSources : nil
            sources?.fireDue(now: now)
            let (reason, nextTimer) = state.withLock { state in
                state.isSleeping = !poll
                let (reason, nextTimer) = wakeReason(mode: mode, now: now, deadline: deadline, state: &state)
                if reason != nil || poll {
                    state.isSleeping = false
                    state.setIgnoreWakeUps()
                }
                return (reason, nextTimer)
            }
            if let reason { return reason }
            if poll { return .nothing }
            let target = min(deadline, nextTimer, sources?.nextDeadline() ?? .distantFuture)
            if let virtualClock, target != .distantFuture {
                virtualClock.advance(to: target)
                continue
            }
            if target == .distantFuture || virtualClock != nil {
                waiter.wait(since: seen, nanoseconds: nil)
                continue
            }
            ThreadRecord.current.useFineTimerSlack()
            if target == nextTimer, let realClock = clock as? RealClock {
                waiter.wait(since: seen, untilMonotonic: realClock.monotonicNanoseconds(at: target))   // a timer: on time
            } else {
                waiter.wait(since: seen, nanoseconds: target.nanoseconds - now.nanoseconds)
            }
        }
    }

    /// Whether this loop is its registry's main loop, the one that fires the timer sources.
    private var isMainLoopOfRegistry: Bool {
        guard let registry, let main = registry.mainThread else { return false }
        return owner == main
    }

    /// Why the loop should wake now, if it should; and when its next timer is due.
    private func wakeReason(mode: Mode, now: Instant, deadline: Instant, state: inout LoopState) -> (WakeReason?, Instant) {
        guard let (wake, port) = state.withMode(mode, { ($0.timers.nextWake(), portWithMessage(among: $0.orderedPorts())) }) else {
            return (now >= deadline ? .deadline : nil, .distantFuture)
        }
        var nextTimer = Instant.distantFuture
        if let wake {
            nextTimer = wake
            if nextTimer <= now { return (.timers, nextTimer) }
        }
        if mainQueueHasWork(for: mode, state: state) { return (.mainQueue, nextTimer) }
        if let port { return (.port(port), nextTimer) }
        // A stop wakes the loop even if its wake-up came while wake-ups were ignored (between
        // waking and the next pass); CF can lose that wake-up and sleep on with a stop pending.
        if state.wakeUpPending || state.runs.last?.stopped == true {
            state.wakeUpPending = false
            return (.wakeUp, nextTimer)
        }
        if now >= deadline { return (.deadline, nextTimer) }
        return (nil, nextTimer)
    }

    /// The port whose message should be handled first: lowest order, then oldest message.
    private func portWithMessage(among ports: [Port]) -> Port? {
        var best: (port: Port, sequence: UInt64)?
        for port in ports {
            guard let sequence = port.oldestMessage else { continue }
            if let current = best, (current.port.order, current.sequence) <= (port.order, sequence) { continue }
            best = (port, sequence)
        }
        return best?.port
    }
}
