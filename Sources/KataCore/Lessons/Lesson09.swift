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
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [2, 8]
    )
}
