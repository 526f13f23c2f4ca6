extension Lesson {
    /// Lesson 06. Its page: `Lessons/06-timer-skip-on-overrun.md`.
    public static let lesson06 = Lesson(
        number: 6,
        slug: "timer-skip-on-overrun",
        title: "Timer skip on overrun",
        kind: .build,
        level: .two,
        behaviour: "A repeating timer that overran skips the missed ticks and keeps its phase; one-shot timers end; tolerance.",
        exerciseFile: "Exercises/06-timer-skip-on-overrun/NextFireDate.swift",
        task: "StudentTimerSchedule (a TimerRescheduling): nextFireDate(after:interval:now:)",
        hints: [
            // Filled in with the lesson: each hint reveals a little more.
        ],
        buildsOn: [2]
    )
}
