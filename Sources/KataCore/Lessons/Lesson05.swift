extension Lesson {
    /// Lesson 05. Its page: `Lessons/05-source0-signal-and-wake.md`.
    public static let lesson05 = Lesson(
        number: 5,
        slug: "source0-signal-and-wake",
        title: "Source0: signal and wake",
        kind: .use,
        level: .two,
        behaviour: "A signalled source0 waits for a wake-up; order among sources.",
        exerciseFile: "Exercises/05-source0-signal-and-wake/DoorBell.swift",
        task: "DoorBell: ring()",
        keyScenario: "source0-wakeup",
        hints: [
            "The bell is a `Loop.Source`: make it in `init` with the bell's order and `onRing` as its perform, and add it to each of `modes` of the loop.",
            "`ring()` must not call `onRing`: it marks the source ready with `signal()`. The loop runs it on its own thread, on its next pass.",
            "A sleeping loop does not notice a signal. After `signal()`, call `loop.wakeUp()` — every time: checking `loop.isWaiting` first loses a ring that comes just as the loop falls asleep.",
        ],
        buildsOn: [4]
    )
}
