extension Lesson {
    /// Lesson 01. Its page: `Lessons/01-one-loop-per-thread.md`.
    public static let lesson01 = Lesson(
        number: 1,
        slug: "one-loop-per-thread",
        title: "One loop per thread",
        titleZh: "每个线程一个 RunLoop",
        kind: .build,
        level: .one,
        behaviour: "A loop per thread, made on first request, kept in a registry keyed by thread, gone when the thread exits; the main loop.",
        behaviourZh: "每个线程一个 RunLoop：第一次获取时创建，存在一张以线程为键的表里，线程退出时销毁；还有主线程的 RunLoop。",
        exerciseFile: "Exercises/01-one-loop-per-thread/LoopTable.swift",
        task: "`StudentLoopTable` (a `LoopTable`): `loop(for:makeLoop:)`, `existingLoop(for:)`, `threadDidExit(_:)`",
        taskZh: "`StudentLoopTable`（一个 `LoopTable`）：`loop(for:makeLoop:)`、`existingLoop(for:)`、`threadDidExit(_:)`",
        hints: [
            "A dictionary `[ThreadID: Loop]` is the whole table: CF keeps exactly that (keyed by `pthread`).",
            "`loop(for:makeLoop:)`: return the stored loop if there is one; otherwise call `makeLoop()` once, store the result, return it.",
            "`threadDidExit(_:)` must remove the entry (`removeValue(forKey:)`) and return it — keeping it would keep a dead thread's loop alive for ever.",
        ],
        hintsZh: [
            "一个 `[ThreadID: Loop]` 字典就是整张表：Core Foundation 存的正是这个（以 `pthread` 为键）。",
            "`loop(for:makeLoop:)`：如果已经存了 RunLoop 就直接返回；否则调用一次 `makeLoop()`，把结果存起来再返回。",
            "`threadDidExit(_:)` 必须删掉那一项（`removeValue(forKey:)`）并把它返回——留着它，一个已经退出的线程的 RunLoop 就永远不会被释放。",
        ],
        buildsOn: []
    )
}

extension CourseLesson {
    /// Lesson 01: its entry, its quiz questions (`Quiz/Bank/QuizLesson01.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson01 = CourseLesson(
        .lesson01, questions: QuizBank.lesson01, scenario: .threadGetsItsLoop,
        story: ScenarioStory(inOrder: ["the same loop — true", "timer \"one-shot\"", "→ finished", "still holds its loop — false"]))
}
