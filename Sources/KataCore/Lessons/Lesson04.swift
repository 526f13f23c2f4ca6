extension Lesson {
    /// Lesson 04. Its page: `Lessons/04-run-results.md`.
    public static let lesson04 = Lesson(
        number: 4,
        slug: "run-results",
        title: "Run results",
        kind: .use,
        level: .one,
        behaviour: "finished / stopped / timed out / handled source, and which comes first; a stop sent while nothing runs is lost.",
        exerciseFile: "Exercises/04-run-results/RunResults.swift",
        task: "RunResultPredictions (eight predictions), then the six produce…(on:) functions",
        keyScenario: "run-results",
        hints: [
            "Four results: finished (the mode is empty — before the run, or after its last item went), stopped (stop() reached a run in progress), timed out (the deadline passed), handled source (a source or port ran and you asked to return after one).",
            "Step 11 checks them in this order: handled source, timed out, stopped, finished. A stop with no run in progress is dropped; a timer is never a 'source'.",
            "To produce: finished — one one-shot timer; stopped — a timer whose callout calls `Loop.current.stop()` (plus a port so the mode is not empty); timed out — a port and a timeout; handled source — a signalled source and `returnAfterSourceHandled: true`. For the stop at the deadline, the timer is due exactly when the run's timeout ends: `loop.now + timeout` (the clock need not start at 0).",
        ],
        buildsOn: [2]
    )
}
