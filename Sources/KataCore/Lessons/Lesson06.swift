extension Lesson {
    /// Lesson 06. Its page: `Lessons/06-timer-skip-on-overrun.md`.
    public static let lesson06 = Lesson(
        number: 6,
        slug: "timer-skip-on-overrun",
        title: "Timer skip on overrun",
        titleZh: "定时器错过就跳过",
        kind: .build,
        level: .two,
        behaviour: "A repeating timer that overran skips the missed ticks and keeps its phase; one-shot timers end; tolerance.",
        behaviourZh: "晚了的重复定时器跳过错过的时间点，守住原来的时间表；一次性定时器触发一次就结束；还有容差。",
        exerciseFile: "Exercises/06-timer-skip-on-overrun/NextFireDate.swift",
        task: "`StudentTimerSchedule` (a `TimerRescheduling`): `nextFireDate(after:interval:now:)`",
        taskZh: "`StudentTimerSchedule`（一个 `TimerRescheduling`）：`nextFireDate(after:interval:now:)`",
        hints: [
            "The next fire date is always the old fire date plus a whole number of intervals — never `now` plus anything.",
            "Count how many whole intervals fit between the old fire date and now: those ticks are missed. The answer is one tick after them — counted from the old fire date, never from the clock's origin (a timer's ticks need not be multiples of its interval).",
            "Work in whole nanoseconds (in `Double` seconds, 0.3 / 0.1 is 2.9999999999999996): `let step = Int64((interval * 1e9).rounded())`, `let k = (now.nanoseconds - fireDate.nanoseconds) / step + 1`, then `Instant(nanoseconds: fireDate.nanoseconds + k * step)`. A tick exactly on `now` counts as missed.",
        ],
        hintsZh: [
            "下一次触发时间永远是旧的触发时间加上整数个间隔——绝不是 `now` 加上什么。",
            "数一数旧的触发时间和现在之间能放下几个完整的间隔：这些时间点都错过了。答案是它们之后的那一个——从旧的触发时间算起，绝不从时钟原点算起（定时器的时间点不一定是间隔的整数倍）。",
            "用整数纳秒来算（用 `Double` 秒的话，0.3 / 0.1 是 2.9999999999999996）：`let step = Int64((interval * 1e9).rounded())`，`let k = (now.nanoseconds - fireDate.nanoseconds) / step + 1`，然后 `Instant(nanoseconds: fireDate.nanoseconds + k * step)`。正好落在 `now` 上的时间点算错过。",
        ],
        buildsOn: [2]
    )
}

extension CourseLesson {
    /// Lesson 06: its entry, its quiz questions (`Quiz/Bank/QuizLesson06.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson06 = CourseLesson(
        .lesson06, questions: QuizBank.lesson06, scenario: .timerOverrun,
        story: ScenarioStory(
            inOrder: ["timer \"tick\"", "slow work: 2.5 s", "timer \"tick\"", "timer \"tick\"", "→ timed out"],
            count: ("timer \"tick\"", 3)))
}
