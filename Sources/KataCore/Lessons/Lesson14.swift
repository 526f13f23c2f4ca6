extension Lesson {
    /// Lesson 14. Its page: `Lessons/14-main-queue-on-the-main-loop.md`.
    public static let lesson14 = Lesson(
        number: 14,
        slug: "main-queue-on-the-main-loop",
        title: "Main queue on the main loop",
        kind: .build,
        level: .three,
        behaviour: "Work sent to the main queue is run by the main loop, in common modes only.",
        exerciseFile: "Exercises/14-main-queue-on-the-main-loop/MainQueueServicing.swift",
        task: "StudentMainQueue (a MainQueueServicing): servicesMainQueue(in:commonModes:), service(_:)",
        keyScenario: "main-queue",
        hints: [
            "`servicesMainQueue`: the main loop services the main queue only while it runs one of its common modes — one line with `commonModes`.",
            "`service`: run the queued items in order with `item.run()`.",
            "Take a snapshot with `queue.takeAll()` and run those: a `while let item = queue.takeFirst()` loop would also run work queued by the items themselves in the same service.",
        ],
        buildsOn: [3, 11]
    )
}
