extension Lesson {
    /// Lesson 08. Its page: `Lessons/08-perform-on-thread-is-a-source0.md`.
    public static let lesson08 = Lesson(
        number: 8,
        slug: "perform-on-thread-is-a-source0",
        title: "Perform on thread is a source0",
        kind: .use,
        level: .two,
        behaviour: "performSelector:onThread: queues work and signals a source0 on the target loop; waitUntilDone; a dead thread is an error.",
        exerciseFile: "Exercises/08-perform-on-thread-is-a-source0/PerformOnThread.swift",
        task: "perform(on:waitUntilDone:modes:_:)",
        keyScenario: "perform-on-thread",
        hints: [
            "The target's loop is `try thread.runLoop()`; it throws for a thread that was never started or has exited — let that error through.",
            "Carry the work in a `Loop.Source` added to each of `modes` of that loop, then `signal()` it and `wakeUp()` the loop: a signal alone leaves a sleeping loop asleep.",
            "For `waitUntilDone`, let the source's callout signal a semaphore that the caller waits on in short slices: if `thread.isFinished` and the work never ran, throw `LoopError.threadExited`. On the target thread itself, just call the work. Have the source invalidate itself after it ran.",
        ],
        buildsOn: [5]
    )
}
