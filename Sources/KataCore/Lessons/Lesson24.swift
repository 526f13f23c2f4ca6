import RunLoopEngine

extension Lesson {
    /// Lesson 24. Its page: `Lessons/24-work-in-the-idle-passes.md`.
    public static let lesson24 = Lesson(
        number: 24,
        slug: "work-in-the-idle-passes",
        title: "Work in the idle passes",
        titleZh: "把任务放进空闲的一轮",
        kind: .use,
        level: .three,
        behaviour:
            "Heavy UI work split across the main loop's idle passes: a beforeWaiting observer in the default mode runs one task per pass and wakes the loop while tasks remain; a scroll never sees a task.",
        behaviourZh:
            "把繁重的界面工作分摊到主 RunLoop 空闲的各轮里：一个 default Mode 里的 BeforeWaiting 观察者每轮执行一个任务，还有剩下的就唤醒 RunLoop；滑动永远碰不到任务。",
        exerciseFile: "Exercises/24-work-in-the-idle-passes/IdleTasks.swift",
        task: "the functions in `IdleTasks.swift`",
        taskZh: "`IdleTasks.swift` 里的函数",
        hints: [
            "The pass that is about to sleep is the idle one: an observer of `.beforeWaiting` (repeating) is told there, once per pass. Added to `.default` only, it is never told while the tracking mode runs.",
            "In the callout: `guard let task = queue.next() else { return }`, run it, then `if !queue.isEmpty { loop.wakeUp() }`. The wake-up makes the sleep this pass begins return at once; without it the loop sleeps with tasks left, and with it when none is left the loop never sleeps.",
            "`setImageWhenScrollingStops(on:after:_:)` is `perform(_:with:afterDelay:inModes:)` with `[.default]`: `try loop.perform(afterDelay: delay, inModes: [.default], setImage)`, and return the timer it gives you.",
        ],
        hintsZh: [
            "即将进入休眠的那一轮就是空闲的一轮：一个（重复的）`.beforeWaiting` 观察者每轮在那里被通知一次。只加到 `.default`，tracking Mode 运行时它就永远不会被通知。",
            "在回调里：`guard let task = queue.next() else { return }`，执行它，然后 `if !queue.isEmpty { loop.wakeUp() }`。唤醒让这一轮开始的休眠立刻返回；不唤醒，RunLoop 就带着剩下的任务去休眠；一个不剩时还唤醒，RunLoop 就永远不休眠。",
            "`setImageWhenScrollingStops(on:after:_:)` 就是传入 `[.default]` 的 `perform(_:with:afterDelay:inModes:)`：`try loop.perform(afterDelay: delay, inModes: [.default], setImage)`，并返回它给你的定时器。",
        ],
        buildsOn: [5, 13]
    )
}

extension TraceScenario {
    /// Six images queued for the idle passes of a UI loop driven by its mode stack; a scroll
    /// from 0.25 s to 1.25 s; a delayed image in the default mode due during the scroll. The
    /// decoding stops for the scroll and resumes after it, one image per pass.
    /// CF: a `kCFRunLoopBeforeWaiting` observer in `kCFRunLoopDefaultMode` and `CFRunLoopWakeUp`;
    /// GraphicsServices' mode stack (`GSEventRunModal`).
    static let lesson24 = TraceScenario(
        name: "work-in-the-idle-passes",
        summary: Text(
            en: "six images decoded one per idle pass, a scroll in the middle, and an image set once scrolling stops",
            zh: "六张图片每个空闲的一轮解码一张，中间有一次滑动，还有一张等滑动停下才设置的图片"),
        lookFor: Text(
            en:
                "each \"decode image n\" right after a before waiting, then a wake-up; none in tracking; after the pop the three left, and \"image set\", due at 500 ms, only at 1350 ms in the default mode",
            zh: "每个 `\"decode image n\"` 都紧跟在一次 `before waiting` 之后，然后是一次唤醒；tracking 里一个都没有；出栈之后是剩下的三张，500 ms 到点的“图片设置好了”要到 1350 ms 才在 default Mode 里执行"
        )
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock, name: "main loop")
        loop.addCommonMode(.tracking)   // UIKit marks the tracking mode common
        try loop.add(Loop.Port(name: "events"), forMode: .common)
        let modes = RunModeStack(loop: loop)
        modes.push(.default)   // UIApplicationMain: GSEventPushRunLoopMode(kCFRunLoopDefaultMode)
        let left = Lock(6)
        let decoded = Lock(0)
        let observer = Loop.Observer(name: "idle tasks", activities: .beforeWaiting) { _ in
            guard left.withLock({ $0 }) > 0 else { return }
            let image = decoded.withLock { decoded -> Int in
                decoded += 1
                return decoded
            }
            Loop.current.note(Text(en: "decode image \(image)", zh: "解码图片 \(image)"), in: language)
            clock.advance(by: 0.1)
            if left.withLock({
                $0 -= 1; return $0
            }) > 0 {
                loop.wakeUp()
            }
        }
        try loop.add(observer, forMode: .default)
        try loop.perform(afterDelay: 0.5, inModes: [.default], name: "setImage") {
            Loop.current.note(Text(en: "image set", zh: "图片设置好了"), in: language)
        }
        try loop.add(
            try Loop.Timer(name: "finger down", fireDate: loop.now + 0.25) { _ in
                Loop.current.note(Text(en: "scroll begins: push the tracking mode", zh: "开始滑动：压入 tracking Mode"), in: language)
                modes.push(.tracking)
            }, forMode: .default)
        try loop.add(
            try Loop.Timer(name: "finger up", fireDate: loop.now + 1.25) { _ in
                Loop.current.note(Text(en: "scroll ends: pop it", zh: "滑动结束：把它弹出"), in: language)
                modes.pop()
            }, forMode: .tracking)
        let trace = loop.startTracing()
        try modes.run(until: loop.now + 2)
        return trace
    }
}

extension CourseLesson {
    /// Lesson 24: its entry, its quiz questions (`Quiz/Bank/QuizLesson24.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson24 = CourseLesson(
        .lesson24, questions: QuizBank.lesson24, scenario: .lesson24,
        story: ScenarioStory(
            inOrder: [
                "default   · decode image 3", "default   · scroll begins: push the tracking mode", "tracking  · scroll ends: pop it",
                "default   · decode image 4", "default   · image set", "default   · decode image 6",
            ],
            never: ["tracking  · decode"]))
}
