extension Lesson {
    /// Lesson 09. Its page: `Lessons/09-keep-alive-with-a-port.md`.
    public static let lesson09 = Lesson(
        number: 9,
        slug: "keep-alive-with-a-port",
        title: "Keep alive with a port",
        kind: .use,
        level: .two,
        behaviour: "A loop with nothing to do exits at once; a port keeps a network thread alive (AFNetworking 2).",
        exerciseFile: "Exercises/09-keep-alive-with-a-port/NetworkThread.swift",
        task: "NetworkThread: start(), the port that keeps its loop alive",
        keyScenario: "keep-alive-port",
        hints: [
            "The thread's body is where the loop lives: `let loop = Loop.current`, then run it. On its own, `loop.run()` returns at once — the default mode is empty.",
            "Give the loop something to wait for that never happens: `try loop.add(Loop.Port(), forMode: .default)` before running it.",
            "`start()` just starts `thread`; `perform` is already written (it goes through the loop, like AFNetworking's `performSelector:onThread:`).",
        ],
        buildsOn: [2, 8]
    )
}
