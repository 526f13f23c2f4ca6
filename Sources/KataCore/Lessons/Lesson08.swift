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
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [5]
    )
}
