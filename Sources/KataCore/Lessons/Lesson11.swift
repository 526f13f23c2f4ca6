extension Lesson {
    /// Lesson 11. Its page: `Lessons/11-observers-and-the-iteration.md`.
    public static let lesson11 = Lesson(
        number: 11,
        slug: "observers-and-the-iteration",
        title: "Observers and the iteration",
        kind: .build,
        level: .three,
        behaviour: "The order of one pass (the ten steps), observers told of each activity; when the loop polls instead of sleeping.",
        exerciseFile: "Exercises/11-observers-and-the-iteration/OnePass.swift",
        task: "StudentPass (a LoopPassing): runPass(_:)",
        keyScenario: "one-touch",
        hints: [
            "Write the steps in order as plain calls: `pass.notify(.beforeTimers)`, `pass.notify(.beforeSources)`, `pass.doBlocks()`, `pass.doSources0()` … — one line per step of the lesson page's table.",
            "`let poll = sourceHandled || pass.hasNoTimeLeft`: a run with timeout 0 only looks, too. Only when not polling: `pass.notify(.beforeWaiting)` before `pass.waitForWakeReason(poll: poll)` and `pass.notify(.afterWaiting)` after it. Step 6, `pass.mainQueueShouldBeServicedWithoutSleeping()`, skips the sleep entirely.",
            "`pass.handle(reason)` returns whether a source was handled; then `pass.doBlocks()` once more, then decide in this order: handled source (if `pass.returnsAfterSourceHandled`), `pass.deadlineHasPassed`, `pass.takeStopRequest()`, `pass.modeIsEmpty`; otherwise return nil. A callout that stops the run and empties the mode gives 'stopped'.",
        ],
        buildsOn: [4, 5]
    )
}
