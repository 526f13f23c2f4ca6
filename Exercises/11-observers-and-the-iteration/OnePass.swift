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
    ///
    /// The primitives, in the order you will need them:
    /// `pass.notify(_:)`, `pass.doBlocks()`, `pass.doSources0()`, `pass.hasNoTimeLeft`,
    /// `pass.mainQueueShouldBeServicedWithoutSleeping()`, `pass.waitForWakeReason(poll:)`,
    /// `pass.handle(_:)`, `pass.returnsAfterSourceHandled`, `pass.deadlineHasPassed`,
    /// `pass.takeStopRequest()`, `pass.modeIsEmpty`.
    public func runPass(_ pass: Loop.Pass) -> Loop.RunResult? {
        // Replace this line with your code.
        unsolved(lesson: 11, write: "StudentPass.runPass(_:)", returning: .finished)
    }
}
