/// One pass of the loop: the eleven steps of `__CFRunLoopRun`, written with the primitives of
/// ``Loop/Pass``. The engine calls it again and again until it returns a result.
///
/// **Lesson 11 writes this.** ``ReferencePass`` is the engine's own, and reads like the steps.
public protocol LoopPassing: Sendable {
    /// Runs one pass. Returns nil to go on with another pass, or the result that ends the run.
    func runPass(_ pass: Loop.Pass) -> Loop.RunResult?
}

/// The engine's pass, step by step as in CFRunLoop.c.
public struct ReferencePass: LoopPassing {
    public init() {}

    public func runPass(_ pass: Loop.Pass) -> Loop.RunResult? {
        // 1. 2. Tell the observers: timers, then sources, are about to be handled.
        pass.notify(.beforeTimers)
        pass.notify(.beforeSources)
        // 3. Blocks queued for this mode.
        pass.doBlocks()
        // 4. Signalled source0s; blocks again if any ran.
        var handledSource = pass.doSources0()
        if handledSource { pass.doBlocks() }
        // 5. Poll instead of sleeping if a source ran (there may be more) or the run has no time.
        let poll = handledSource || pass.hasNoTimeLeft
        // 6. The main loop services waiting main-queue work without sleeping, every other pass.
        let reason: Loop.WakeReason
        if pass.mainQueueShouldBeServicedWithoutSleeping() {
            reason = .mainQueue
        } else {
            // 7. Sleep until a port message, a due timer, a wake-up or the deadline.
            if !poll { pass.notify(.beforeWaiting) }
            reason = pass.waitForWakeReason(poll: poll)
            // 8. Awake again.
            if !poll { pass.notify(.afterWaiting) }
        }
        // 9. Handle what woke the loop: due timers, the main queue, or one port message.
        if pass.handle(reason) { handledSource = true }
        // 10. Blocks again.
        pass.doBlocks()
        // 11. Decide: return, or go round again.
        if handledSource && pass.returnsAfterSourceHandled { return .handledSource }
        if pass.deadlineHasPassed { return .timedOut }
        if pass.takeStopRequest() { return .stopped }
        if pass.modeIsEmpty { return .finished }
        return nil
    }
}
