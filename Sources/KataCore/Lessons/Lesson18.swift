extension Lesson {
    /// Lesson 18. Its page: `Lessons/18-display-link.md`.
    public static let lesson18 = Lesson(
        number: 18,
        slug: "display-link",
        title: "A display link",
        titleZh: "display link",
        kind: .build,
        level: .three,
        behaviour:
            "A display link calls back once per frame of the display, in the modes it was added to: frames missed while the loop is busy are dropped, never queued; a paused link does not wake the loop.",
        behaviourZh: "display link 在屏幕的每一帧回调一次，只在它被加入的那些 Mode 里：RunLoop 忙时错过的帧被丢掉，不会排队补上；暂停的 display link 不唤醒 RunLoop。",
        exerciseFile: "Exercises/18-display-link/FrameSource.swift",
        task:
            "`StudentDisplayLink` (a `DisplayLinkDriving`): `add(_:to:forMode:)`, `setPaused(_:_:)`, `vsyncsPerFrame(preferredFramesPerSecond:)`, `vsync(_:at:)`; `FPSMeter.frame(at:)`",
        taskZh:
            "`StudentDisplayLink`（一个 `DisplayLinkDriving`）：`add(_:to:forMode:)`、`setPaused(_:_:)`、`vsyncsPerFrame(preferredFramesPerSecond:)`、`vsync(_:at:)`；`FPSMeter.frame(at:)`",
        hints: [
            "`add`: `try loop.add(link.port, forMode: mode)` — the mode the client asked for, `.common` included — then `link.startVSync(on: loop)` unless `link.isPaused`. `setPaused`: `link.stopVSync()`; to resume, `link.lastFrameVSync = nil` and start the vsyncs again on `link.loop`.",
            "`vsyncsPerFrame`: 0 means every vsync (1); otherwise `60 / fps`, rounded to the nearest whole number, at least 1 (40 fps → 2 vsyncs: 30 Hz).",
            "`vsync`: with `step` vsyncs per frame and `latest = DisplayLink.vsync(at: now)`, the first frame is `latest`; after it, `last + (latest - last) / step * step` — the latest one due, even when the loop is late. If that is not after `last`, do nothing; otherwise drop `(frame - last) / step - 1` frames and deliver it with `timestamp: DisplayLink.time(ofVSync: frame)` and `targetTimestamp: DisplayLink.time(ofVSync: frame + step)`. `FPSMeter`: the first frame starts the second; count the frames after it; the first one at least 1 s later returns the count and starts the next second.",
        ],
        hintsZh: [
            "`add`：`try loop.add(link.port, forMode: mode)`——就用调用方给的 Mode，`.common` 也一样——然后只要 `link.isPaused` 为假，就 `link.startVSync(on: loop)`。`setPaused`：暂停时 `link.stopVSync()`；恢复时 `link.lastFrameVSync = nil`，再在 `link.loop` 上重新开始 vsync。",
            "`vsyncsPerFrame`：0 表示每个 vsync 都要（1）；否则是 `60 / fps` 四舍五入到最近的整数，至少为 1（40 FPS → 2 个 vsync：30 Hz）。",
            "`vsync`：每帧隔 `step` 个 vsync，`latest = DisplayLink.vsync(at: now)`，第一帧就是 `latest`；之后是 `last + (latest - last) / step * step`——最近一个到期的帧，即使 RunLoop 来晚了。它不在 `last` 之后就什么都不做；否则丢掉 `(frame - last) / step - 1` 帧，再用 `timestamp: DisplayLink.time(ofVSync: frame)` 和 `targetTimestamp: DisplayLink.time(ofVSync: frame + step)` 交付它。`FPSMeter`：第一帧作为这一秒的起点；之后每来一帧计一次数；第一个离起点满 1 秒的帧返回计数，并作为下一秒的起点。",
        ],
        buildsOn: [5, 13]
    )
}

extension CourseLesson {
    /// Lesson 18: its entry, its quiz questions (`Quiz/Bank/QuizLesson18.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson18 = CourseLesson(
        .lesson18, questions: QuizBank.lesson18, scenario: .displayLink,
        story: ScenarioStory(
            inOrder: [
                "in common: frame 1", "this frame takes 40 ms", "in common: frame 2 at 50 ms, 1 dropped", "the user scrolls for 35 ms",
                "tracking    · in common: frame", "the scroll ends", "in default: frame 4 at 100 ms, 2 dropped",
            ],
            never: ["tracking    · in default: frame"]))
}
