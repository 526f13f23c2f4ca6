extension Lesson {
    /// Lesson 10. Its page: `Lessons/10-stopping-run-vs-guarded-loop.md`.
    public static let lesson10 = Lesson(
        number: 10,
        slug: "stopping-run-vs-guarded-loop",
        title: "Stopping run vs the guarded loop",
        kind: .use,
        level: .three,
        behaviour: "`run()` ignores stop; the guarded loop ends; a permanent thread that stops, exits and is freed, with no retain cycle.",
        exerciseFile: "Exercises/10-stopping-run-vs-guarded-loop/PermanentThread.swift",
        task: "PermanentThread: start(), perform(_:), stop()",
        keyScenario: "run-vs-guarded-loop",
        hints: [
            "`loop.run()` restarts a run every time one is stopped. Run one mode at a time instead, in a `while` that checks a flag: `while !flag { try? loop.run(mode: .default, before: .distantFuture) }`.",
            "The flag must be set, and the run stopped, on the thread itself: `thread.perform(waitUntilDone: true) { flag.set(); Loop.current.stop() }`, then `join()`.",
            "The thread's body must capture only the flag (a small class), never `self` — then `deinit { stop() }` can run when the owner goes away. Keep the loop alive with a `Loop.Port`.",
        ],
        buildsOn: [4, 9]
    )
}
