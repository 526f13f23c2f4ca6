extension Lesson {
    /// Lesson 14. Its page: `Lessons/14-main-queue-on-the-main-loop.md`.
    public static let lesson14 = Lesson(
        number: 14,
        slug: "main-queue-on-the-main-loop",
        title: "Main queue on the main loop",
        titleZh: "主线程 RunLoop 上的主队列",
        kind: .build,
        level: .three,
        behaviour: "Work sent to the main queue is run by the main loop, in common modes only.",
        behaviourZh: "发到主队列的任务由主线程的 RunLoop 执行，而且只在标记为 common 的 Mode 下执行。",
        exerciseFile: "Exercises/14-main-queue-on-the-main-loop/MainQueueServicing.swift",
        task: "`StudentMainQueue` (a `MainQueueServicing`): `servicesMainQueue(in:commonModes:)`, `service(_:)`",
        taskZh: "`StudentMainQueue`（一个 `MainQueueServicing`）：`servicesMainQueue(in:commonModes:)`、`service(_:)`",
        hints: [
            "`servicesMainQueue`: the main loop services the main queue only while it runs one of its common modes — one line, `commonModes.contains(mode)`.",
            "`service`: run the queued items in order, each with `item.run()`.",
            "Take a snapshot with `queue.takeAll()` and run all of those: `while let item = queue.takeFirst() { item.run() }` would also run work queued by the items themselves in the same service, and running only the first one or two leaves the rest behind the sources.",
        ],
        hintsZh: [
            "`servicesMainQueue`：主线程 RunLoop 只在运行它的某个标记为 common 的 Mode 时处理主队列——一行：`commonModes.contains(mode)`。",
            "`service`：按顺序执行排队的任务，每个都用 `item.run()`。",
            "用 `queue.takeAll()` 取一个快照，把它们全部执行：`while let item = queue.takeFirst() { item.run() }` 会在同一次处理中把任务自己排进来的任务也执行掉，而只执行前一两个，会把其余的留在事件源后面。",
        ],
        buildsOn: [3, 11]
    )
}

extension CourseLesson {
    /// Lesson 14: its entry, its quiz questions (`Quiz/Bank/QuizLesson14.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson14 = CourseLesson(
        .lesson14, questions: QuizBank.lesson14, scenario: .mainQueue,
        story: ScenarioStory(
            inOrder: ["private   → timed out", "default   main queue \"update label\"", "default   main queue \"reload table\""],
            never: ["private   main queue"]))
}
