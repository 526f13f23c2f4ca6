// Mutant: sleeps even after a source ran (poll only when the run has no time), so more ready work waits for a wake-up
// Lesson 11 — Observers and the iteration          Lessons/11-observers-and-the-iteration.md
//
// Write `StudentPass.runPass(_:)`: ONE pass of the run loop — the ten steps of CF's
// `__CFRunLoopRun` — from the primitives of `Loop.Pass`. The loop calls it again and again until
// it returns a result. The tests compare the observer log of your loop with the reference loop's,
// in every kind of pass: idle, a source that ran, a timer, a port message, a stop, a timeout,
// blocks, a nested run, main-queue work on a main loop, and the articles' log of one touch.
//
// The engine's own pass (ReferencePass) is the answer key: writing it yourself is the lesson, so
// calling it is not allowed — neither by name nor through `Loop.Mechanisms` (whose `pass` it is).
// A test reads this file (comments aside) and fails if it names either.
//
// Run just this lesson:   swift test --filter Lesson11Tests      (or: swift run kata watch)

import KataCore
import RunLoopEngine

/// One pass of the loop.
public struct StudentPass: LoopPassing {
    public init() {}

    /// Runs one pass over `pass.mode`. Returns nil to go round again, or the run's result.
    public func runPass(_ pass: Loop.Pass) -> Loop.RunResult? {
        // 1–2. Observers first: "about to do timers", "about to do sources". (Timers are not
        //      actually fired here — only when a timer wakes the loop, at step 9.)
        pass.notify(.beforeTimers)
        pass.notify(.beforeSources)

        // 3. Blocks queued for this mode.
        pass.doBlocks()

        // 4. Signalled version-0 sources; a source may have queued blocks, so blocks again.
        var sourceHandled = pass.doSources0()
        if sourceHandled {
            pass.doBlocks()
        }

        // 5. Should we sleep? Not if a source just ran (more may be ready, so only peek), and not
        //    if the run has no time at all.
        let poll = pass.hasNoTimeLeft

        // 6. The main loop does not sleep while main-queue work waits (every other pass).
        let reason: Loop.WakeReason
        if pass.mainQueueShouldBeServicedWithoutSleeping() {
            reason = .mainQueue
        } else {
            // 7. Sleep — tell the observers, unless we only peek.
            if !poll { pass.notify(.beforeWaiting) }
            reason = pass.waitForWakeReason(poll: poll)
            // 8. Awake again.
            if !poll { pass.notify(.afterWaiting) }
        }

        // 9. Handle the ONE thing that woke us: due timers, the main queue, or a port message.
        //    Timers never count as a handled source; a port message and main-queue work do.
        if pass.handle(reason) {
            sourceHandled = true
        }

        // 10. Blocks again.
        pass.doBlocks()

        // 11. Decide, in CF's order: handled source (if asked) → timed out → stopped → finished.
        if sourceHandled && pass.returnsAfterSourceHandled { return .handledSource }
        if pass.deadlineHasPassed { return .timedOut }
        if pass.takeStopRequest() { return .stopped }
        if pass.modeIsEmpty { return .finished }
        return nil
    }
}
