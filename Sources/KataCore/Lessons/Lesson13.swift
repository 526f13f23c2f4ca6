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
        keyScenario: "timer-during-scroll",
        hints: [
            "While a finger drags, the main loop runs the tracking mode; only items in that mode can fire. Items added to `.common` are in default AND tracking on a UI loop.",
            "The countdown: a repeating `Loop.Timer` added to `.common` (its callout counts down and invalidates it at 0). The download: a `Loop.Port` whose `onMessage` is `onChunk`, also in `.common`.",
            "The badge is the opposite case: add its timer to `.default` only — it pauses during the scroll, fires once when the scroll ends, then keeps its schedule.",
        ],
        buildsOn: [3, 6]
    )
}
