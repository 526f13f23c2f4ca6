extension Lesson {
    /// Lesson 13. Its page: `Lessons/13-scrolling-keeps-the-ticker.md`.
    public static let lesson13 = Lesson(
        number: 13,
        slug: "scrolling-keeps-the-ticker",
        title: "Scrolling keeps the ticker",
        kind: .use,
        level: .three,
        behaviour: "A UI loop runs a tracking mode while scrolling: default-mode timers pause, common-mode ones keep going.",
        exerciseFile: "Exercises/13-scrolling-keeps-the-ticker/Ticker.swift",
        task: "the functions in Ticker.swift",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [3, 6]
    )
}
