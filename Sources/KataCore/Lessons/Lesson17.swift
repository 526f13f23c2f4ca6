extension Lesson {
    /// Lesson 17. Its page: `Lessons/17-timer-retains-its-target.md`.
    public static let lesson17 = Lesson(
        number: 17,
        slug: "timer-retains-its-target",
        title: "The timer keeps its target alive",
        titleZh: "定时器强引用它的 target",
        kind: .use,
        level: .two,
        behaviour: "A scheduled timer keeps its target alive (loop → mode → timer → target) until it is invalidated; a weak proxy and invalidate set it free.",
        behaviourZh: "已调度的定时器一直强引用它的 target（RunLoop → Mode → 定时器 → target），直到定时器失效；弱引用代理加上 `invalidate` 才能让 target 被释放。",
        exerciseFile: "Exercises/17-timer-retains-its-target/ClockScreen.swift",
        task: "`WeakTimerTarget` and `ClockScreen` in `ClockScreen.swift`",
        taskZh: "`ClockScreen.swift` 里的 `WeakTimerTarget` 和 `ClockScreen`",
        hints: [
            "The loop's mode holds the timer and the timer holds its target: if the target is the screen, nothing the screen does in `deinit` can run, because the screen never goes. Make the timer's target something else — a `WeakTimerTarget` that holds the screen weakly: it stores `Weak(target)` and reads it back as `target`.",
            "`WeakTimerTarget.fire(_:)`: `guard let target else { timer.invalidate(); return }`, then `action(target)(timer)`. In `start(on:)`: `loop.scheduledTimer(name: \"clock\", timeInterval: 1, target: WeakTimerTarget(target: self, action: ClockScreen.tick), selector: WeakTimerTarget<ClockScreen>.fire, repeats: true)`, kept in `clock` (only if `clock` is `nil`).",
            "`stop()` takes the timer out of `clock` (leaving `nil`, so `start` works again) and calls `invalidate()` on it; `deinit` calls `stop()`. The draft is the opposite case: a one-shot `scheduledTimer` with `target: self` and `repeats: false` — it keeps the screen only until it has saved.",
        ],
        hintsZh: [
            "RunLoop 的 Mode 持有定时器，定时器持有它的 target：如果 target 是页面，页面 `deinit` 里写什么都不会执行，因为页面根本不会被释放。让定时器的 target 换成别的东西——一个 `WeakTimerTarget`，它对页面只持弱引用：存下 `Weak(target)`，再通过 `target` 读回来。",
            "`WeakTimerTarget.fire(_:)`：`guard let target else { timer.invalidate(); return }`，然后 `action(target)(timer)`。在 `start(on:)` 里：`loop.scheduledTimer(name: \"clock\", timeInterval: 1, target: WeakTimerTarget(target: self, action: ClockScreen.tick), selector: WeakTimerTarget<ClockScreen>.fire, repeats: true)`，存进 `clock`（只在 `clock` 为 `nil` 时）。",
            "`stop()` 把定时器从 `clock` 里取出来（留下 `nil`，`start` 才能再次生效），对它调用 `invalidate()`；`deinit` 调用 `stop()`。草稿是反过来的情况：一个一次性的 `scheduledTimer`，`target: self`、`repeats: false`——它只把页面留到保存完为止。",
        ],
        buildsOn: [4, 9]
    )
}

extension CourseLesson {
    /// Lesson 17: its entry, its quiz questions (`Quiz/Bank/QuizLesson17.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson17 = CourseLesson(
        .lesson17, questions: QuizBank.lesson17, scenario: .timerRetainsTarget,
        story: ScenarioStory(
            inOrder: [
                "timer \"clock A\"", "timer \"clock B\"", "both screens dismissed", "screen B freed", "timer \"clock A\"", "timer \"clock A\"",
                "screen A freed", "→ finished",
            ],
            count: ("timer \"clock B\"", 2)))
}
