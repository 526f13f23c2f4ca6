extension Lesson {
    /// Lesson 11. Its page: `Lessons/11-observers-and-the-iteration.md`.
    public static let lesson11 = Lesson(
        number: 11,
        slug: "observers-and-the-iteration",
        title: "Observers and the iteration",
        titleZh: "观察者与一轮循环",
        kind: .build,
        level: .three,
        behaviour: "The order of one pass (the ten steps), observers told of each activity; when the loop polls instead of sleeping.",
        behaviourZh: "一轮循环的顺序（十个步骤），每个状态都通知观察者；以及 RunLoop 什么时候只轮询而不休眠。",
        exerciseFile: "Exercises/11-observers-and-the-iteration/OnePass.swift",
        task: "`StudentPass` (a `LoopPassing`): `runPass(_:)`",
        taskZh: "`StudentPass`（一个 `LoopPassing`）：`runPass(_:)`",
        hints: [
            "Write the steps in order as plain calls: `pass.notify(.beforeTimers)`, `pass.notify(.beforeSources)`, `pass.doBlocks()`, `pass.doSources0()` … — one line per step of the lesson page's table.",
            "`let poll = sourceHandled || pass.hasNoTimeLeft`: a run with timeout 0 only looks, too. Only when not polling: `pass.notify(.beforeWaiting)` before `pass.waitForWakeReason(poll: poll)` and `pass.notify(.afterWaiting)` after it. Step 6, `pass.mainQueueShouldBeServicedWithoutSleeping()`, skips the sleep entirely.",
            "`pass.handle(reason)` returns whether a source was handled; then `pass.doBlocks()` once more, then decide in this order: handled source (if `pass.returnsAfterSourceHandled`), `pass.deadlineHasPassed`, `pass.takeStopRequest()`, `pass.modeIsEmpty`; otherwise return `nil`. A callout that stops the run and empties the mode gives `.stopped`.",
        ],
        hintsZh: [
            "按顺序把每一步写成普通的调用：`pass.notify(.beforeTimers)`、`pass.notify(.beforeSources)`、`pass.doBlocks()`、`pass.doSources0()` ……——课程页表格里的每一步写一行。",
            "`let poll = sourceHandled || pass.hasNoTimeLeft`：超时为 0 的运行也只是看一眼。只有不轮询时：在 `pass.waitForWakeReason(poll: poll)` 之前 `pass.notify(.beforeWaiting)`，之后 `pass.notify(.afterWaiting)`。第 6 步 `pass.mainQueueShouldBeServicedWithoutSleeping()` 会整个跳过休眠。",
            "`pass.handle(reason)` 返回是否处理了一个事件源；然后再调用一次 `pass.doBlocks()`，再按这个顺序判断：处理了事件源（如果 `pass.returnsAfterSourceHandled`）、`pass.deadlineHasPassed`、`pass.takeStopRequest()`、`pass.modeIsEmpty`；否则返回 `nil`。一个回调既停止了运行又让 Mode 变空，结果是 `.stopped`。",
        ],
        buildsOn: [4, 5]
    )
}

extension CourseLesson {
    /// Lesson 11: its entry, its quiz questions (`Quiz/Bank/QuizLesson11.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson11 = CourseLesson(
        .lesson11, questions: QuizBank.lesson11, scenario: .oneTouch,
        story: ScenarioStory(
            inOrder: [
                "woke: port \"touches\"", "source \"event queue\"", "touchesBegan", "gesture recognizers", "hit testing",
                "before waiting", "woke: port \"touches\"", "touchesEnded", "→ stopped",
            ]))
}
