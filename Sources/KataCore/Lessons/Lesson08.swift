extension Lesson {
    /// Lesson 08. Its page: `Lessons/08-perform-on-thread-is-a-source0.md`.
    public static let lesson08 = Lesson(
        number: 8,
        slug: "perform-on-thread-is-a-source0",
        title: "Perform on thread is a source0",
        titleZh: "`performSelector:onThread:` 就是一个 Source0",
        kind: .use,
        level: .two,
        behaviour: "`performSelector:onThread:` queues work and signals a source0 on the target loop; `waitUntilDone`; a dead thread is an error.",
        behaviourZh: "`performSelector:onThread:` 把任务排进队列，并标记目标 RunLoop 上的一个 Source0；`waitUntilDone` 的等待；目标线程已经结束是一个错误。",
        exerciseFile: "Exercises/08-perform-on-thread-is-a-source0/PerformOnThread.swift",
        task: "`perform(on:waitUntilDone:modes:_:)`",
        taskZh: "`perform(on:waitUntilDone:modes:_:)`",
        hints: [
            "The target's loop is `try thread.runLoop()`: it throws for a thread that was never started or has exited — let that error through.",
            "Carry the work in a source, `Loop.Source(name: \"perform\") { work() }`, added to each of `modes` of that loop (`try loop.add(source, forMode: mode)`), then `source.signal()` and `loop.wakeUp()`: a signal alone leaves a sleeping loop asleep. One source per call: work sent while the target is busy must not replace the work sent before it.",
            "For `waitUntilDone`, let the source's callout signal a semaphore that the caller waits on in short slices, `done.wait(timeout: .now() + .milliseconds(20))`: if `thread.isFinished` and the work never ran, `throw LoopError.threadExited(thread: thread.name)`. On the target thread itself (`thread.id == ThreadID.current`), just call `work()`. After the work ran, `source.invalidate()` takes the source out of the loop.",
        ],
        hintsZh: [
            "目标的 RunLoop 是 `try thread.runLoop()`：线程从未启动或已经退出时它会抛错——让这个错误直接抛出去。",
            "把任务放进一个事件源 `Loop.Source(name: \"perform\") { work() }`，加到那个 RunLoop 的每个 `modes` 里（`try loop.add(source, forMode: mode)`），然后 `source.signal()` 并 `loop.wakeUp()`：光标记不唤醒，休眠的 RunLoop 会继续睡。每次调用一个事件源：目标忙着的时候发来的任务，不能顶掉之前发来的任务。",
            "对于 `waitUntilDone`，让事件源的回调给一个信号量发信号，调用方分成很短的小段去等它：`done.wait(timeout: .now() + .milliseconds(20))`；如果 `thread.isFinished` 而任务从没执行，就 `throw LoopError.threadExited(thread: thread.name)`。当前线程就是目标线程时（`thread.id == ThreadID.current`），直接调用 `work()`。任务执行完后，`source.invalidate()` 把事件源从 RunLoop 里拿掉。",
        ],
        buildsOn: [5]
    )
}

extension CourseLesson {
    /// Lesson 08: its entry, its quiz questions (`Quiz/Bank/QuizLesson08.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson08 = CourseLesson(
        .lesson08, questions: QuizBank.lesson08, scenario: .performOnThread,
        story: ScenarioStory(
            inOrder: ["woke: wake-up", "after waiting", "before sources", "source \"perform on worker\"", "the work runs on the worker", "→ stopped"]))
}
