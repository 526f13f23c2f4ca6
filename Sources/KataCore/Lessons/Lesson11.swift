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
            "Write the steps in order as plain calls: notify(.beforeTimers), notify(.beforeSources), doBlocks(), doSources0() … — one line per step of the lesson page's table.",
            "`poll` is `sourceHandled || pass.hasNoTimeLeft`. Only when not polling: notify(.beforeWaiting) before `waitForWakeReason(poll:)` and notify(.afterWaiting) after it. Step 6 (main queue) skips the sleep entirely.",
            "`pass.handle(reason)` returns whether a source was handled; then doBlocks(), then decide in this order: handled source (if `returnsAfterSourceHandled`), `deadlineHasPassed`, `takeStopRequest()`, `modeIsEmpty`; otherwise return nil.",
        ],
        buildsOn: [4, 5]
    )
}
