extension Lesson {
    /// Lesson 10. Its page: `Lessons/10-stopping-run-vs-guarded-loop.md`.
    public static let lesson10 = Lesson(
        number: 10,
        slug: "stopping-run-vs-guarded-loop",
        title: "Stopping run vs the guarded loop",
        titleZh: "停不下来的 `run()` 与带条件的循环",
        kind: .use,
        level: .three,
        behaviour: "`run()` ignores stop; the guarded loop ends; a permanent thread that stops, exits and is freed, with no retain cycle.",
        behaviourZh: "`run()` 不理会停止；带条件的循环能够结束；常驻线程能停下、退出并被释放，没有循环引用。",
        exerciseFile: "Exercises/10-stopping-run-vs-guarded-loop/PermanentThread.swift",
        task: "`PermanentThread`: `start()`, `perform(_:)`, `stop()`",
        taskZh: "`PermanentThread`：`start()`、`perform(_:)`、`stop()`",
        hints: [
            "`try loop.run()` restarts a run every time one is stopped. Run one mode at a time instead, in a `while` that checks a flag: `while !shouldStop.isSet { _ = try? loop.run(mode: .default, before: .distantFuture) }`.",
            "The flag must be set, and the run stopped, on the thread itself — a `stop()` sent from another thread ends only the innermost run, which may be a nested one: `try? thread.perform(waitUntilDone: true) { shouldStop.set(); Loop.current.stop() }`, then `thread.join()` (unless `LoopThread.current === thread`).",
            "The thread's body must capture only the flag (a small `final class` around an `Atomic<Bool>`), never `self` — then `deinit { stop() }` can run when the owner goes away. Keep the loop alive with a `Loop.Port`.",
        ],
        hintsZh: [
            "`try loop.run()` 每次运行被停下都会重新开始一次。改成一次只运行一个 Mode，放在一个检查标志的 `while` 里：`while !shouldStop.isSet { _ = try? loop.run(mode: .default, before: .distantFuture) }`。",
            "设置标志和停止运行，都必须在那个线程上做——从别的线程发来的 `stop()` 只结束最内层的运行，而那可能是一次嵌套运行：`try? thread.perform(waitUntilDone: true) { shouldStop.set(); Loop.current.stop() }`，然后 `thread.join()`（除非 `LoopThread.current === thread`）。",
            "线程的函数体只能捕获标志（一个包着 `Atomic<Bool>` 的小 `final class`），绝不能捕获 `self`——这样持有者离开时 `deinit { stop() }` 才能执行。用一个 `Loop.Port` 为 RunLoop 保活。",
        ],
        buildsOn: [4, 9]
    )
}

extension CourseLesson {
    /// Lesson 10: its entry, its quiz questions (`Quiz/Bank/QuizLesson10.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson10 = CourseLesson(
        .lesson10, questions: QuizBank.lesson10, scenario: .runVersusGuardedLoop,
        story: ScenarioStory(
            inOrder: [
                "run(until: 3 s)", "timer \"stop at 1 s\"", "→ stopped", "entry", "→ timed out", "the guarded loop",
                "timer \"stop at +1 s\"", "→ stopped",
            ]))
}
