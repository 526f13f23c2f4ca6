import Testing

/// Lesson 24: the student's idle-pass drain and delayed image on a UI loop (virtual clock, the
/// tracking mode marked common, a port in the common modes as the app's event source), driven by
/// its mode stack as an app's main loop is (`RunModeStack`: GraphicsServices' `GSEventRunModal`):
/// a scroll pushes the tracking mode and pops it when the finger lifts. Each task decodes one
/// image, which takes 100 ms of the loop's clock.

@Suite("Lesson 24 — Work in the idle passes", .serialized, .tags(.lesson24, .level3, .use), .namedInChinese)
struct Lesson24Tests {
    // The notes of the story, in the student's language. The tasks' own notes (`decode image 3`)
    // are what the app does, and stay as they are.
    static let scrollBegins = Text(en: "scroll begins: push the tracking mode", zh: "开始滑动：压入 tracking Mode")
    static let scrollEnds = Text(en: "scroll ends: pop it", zh: "滑动结束：把它弹出")
    static let drainStopped = Text(en: "the drain's observer is invalidated", zh: "让消化任务的观察者失效")
    static func tasksLeft(_ left: Bool) -> Text { Text(en: "tasks left: \(left)", zh: "还有剩下的任务：\(left)") }
    static func imageSet(_ name: String) -> Text { Text(en: "image \(name) set", zh: "图片 \(name) 设置好了") }

    /// One decode: notes `decode image n` and takes 100 ms of the loop's clock.
    static func decode(_ n: Int, clock: VirtualClock) -> @Sendable () -> Void {
        {
            Loop.current.note("decode image \(n)"); clock.advance(by: 0.1)
        }
    }

    /// A UI loop on a virtual clock: tracking is common, a port in the common modes keeps every
    /// run to its end (the app's event source). `body` sets up; then the driver runs the loop
    /// from its mode stack for `seconds`, with a scroll over `scroll` (seconds from the start) if
    /// given. Returns the trace's lines in both languages for `filter`.
    static func screen(
        seconds: Double, scroll: ClosedRange<Double>? = nil, filter: LoopTrace.Filter = .notes,
        _ body: @escaping @Sendable (Loop, VirtualClock, RunModeStack) throws -> Void
    ) async throws -> Lines {
        try await Harness.attempt(lesson: 24) { () -> Lines in
            let clock = VirtualClock()
            let loop = Loop(clock: clock, name: "main loop")
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)   // UIKit marks UITrackingRunLoopMode common
            try loop.add(Loop.Port(name: "events"), forMode: .common)
            let modes = RunModeStack(loop: loop)
            modes.push(.default)   // UIApplicationMain: GSEventPushRunLoopMode(kCFRunLoopDefaultMode)
            if let scroll {
                try loop.add(
                    try Loop.Timer(name: "finger down", fireDate: loop.now + scroll.lowerBound) { _ in
                        Loop.current.note(Self.scrollBegins)
                        modes.push(.tracking)
                    }, forMode: .default)
                try loop.add(
                    try Loop.Timer(name: "finger up", fireDate: loop.now + scroll.upperBound) { _ in
                        Loop.current.note(Self.scrollEnds)
                        modes.pop()
                    }, forMode: .tracking)
            }
            let trace = loop.startTracing()
            try body(loop, clock, modes)
            try modes.run(until: loop.now + seconds)
            return trace.bilingualLines(filter)
        }
    }

    /// The lines between the scroll's first and last note.
    static func during(_ lines: Lines) -> [String] {
        guard let begin = lines.firstIndex(where: { $0.hasSuffix(Self.scrollBegins.localized) }),
            let end = lines.firstIndex(where: { $0.hasSuffix(Self.scrollEnds.localized) })
        else { return [] }
        return Array(lines[(begin + 1)..<end])
    }

    /// The passes of `lines`: only the beforeWaiting activity, the wake-ups and the notes.
    static func passes(_ lines: Lines) -> Lines {
        Lines(lines.texts.filter { $0.localized.contains("before waiting") || $0.localized.contains("woke") || $0.localized.contains("·") })
    }

    static let duringTheScroll = Text(en: "expected during the scroll", zh: "期望（滑动期间）")
    static let passByPass = Text(en: "expected, pass by pass", zh: "期望（一轮一轮地）")

    @Test(
        "One task per pass, each just before the loop would sleep; with none left, it sleeps", .zh("每轮一个任务，都在 RunLoop 即将进入休眠时执行；一个不剩时它就休眠"),
        .holds("§1", "§2", "§4"))
    func oneTaskPerPass() async throws {
        let lines = try await Self.screen(seconds: 1, filter: [.activities, .wakeUps, .notes]) { loop, clock, _ in
            let queue = IdleTaskQueue()
            for n in 1...3 { queue.add(Self.decode(n, clock: clock)) }
            try drainOneTaskPerPass(queue, on: loop)
        }
        Harness.expectSameLines(
            Self.passes(lines),
            Lines(verbatim: [
                "      0 ms  default   before waiting", "      0 ms  default   · decode image 1", "    100 ms  default   woke: wake-up",
                "    100 ms  default   before waiting", "    100 ms  default   · decode image 2", "    200 ms  default   woke: wake-up",
                "    200 ms  default   before waiting", "    200 ms  default   · decode image 3", "   1000 ms  default   woke: deadline",
            ]),
            hint: Text(
                en:
                    "A repeating observer of `.beforeWaiting` in `.default`: each callout takes one task (`queue.next()`) and runs it, and if tasks remain calls `loop.wakeUp()`, so that the sleep this pass begins returns at once and the next pass comes. Without the wake-up the loop sleeps with tasks left; with it when none is left, the loop never sleeps.",
                zh:
                    "一个加在 `.default` 里、重复的 `.beforeWaiting` 观察者：每次回调取出一个任务（`queue.next()`）并执行，如果还有剩下的就调用 `loop.wakeUp()`，让这一轮开始的休眠立刻返回，下一轮接着来。不唤醒，RunLoop 就带着没做完的任务去休眠；一个不剩时还唤醒，RunLoop 就永远不休眠。"
            ),
            expectedTitle: Self.passByPass)
    }

    @Test(
        "A scroll never sees a task: the tasks left wait for it to end", .zh("滑动永远碰不到任务：剩下的任务等滑动结束"), .holds("§3"))
    func scrollSeesNoTask() async throws {
        let lines = try await Self.screen(seconds: 2, scroll: 0.25...1.25) { loop, clock, _ in
            let queue = IdleTaskQueue()
            for n in 1...6 { queue.add(Self.decode(n, clock: clock)) }
            try drainOneTaskPerPass(queue, on: loop)
        }
        let inScroll = Self.during(lines).filter { $0.contains("decode") }
        Harness.expectSameLines(
            inScroll, [],
            hint: Text(
                en:
                    "The tracking mode is common on a UI loop: an observer added to `.common` is told in tracking too, and decodes during the scroll. Add it to `.default` only.",
                zh: "在 UI RunLoop 上 tracking Mode 是 common 的：加到 `.common` 的观察者在 tracking 里也会被通知，滑动期间就会解码。只把它加到 `.default`。"),
            expectedTitle: Self.duringTheScroll)
        Harness.expectSameLines(
            lines,
            [
                .verbatim("      0 ms  default   · decode image 1"), .verbatim("    100 ms  default   · decode image 2"),
                .verbatim("    200 ms  default   · decode image 3"),
                "    300 ms  default   · " + Self.scrollBegins,
                "   1250 ms  tracking  · " + Self.scrollEnds,
                .verbatim("   1250 ms  default   · decode image 4"), .verbatim("   1350 ms  default   · decode image 5"),
                .verbatim("   1450 ms  default   · decode image 6"),
            ],
            hint: Text(
                en:
                    "Three tasks before the scroll (one per pass, 100 ms each; the finger-down timer fires in the pass after the third), none during it, the three left right after it, one per pass.",
                zh: "滑动前三个任务（每轮一个，每个 100 ms；按下手指的定时器在第三个之后的那一轮触发），滑动期间一个都没有，滑动一结束，剩下的三个每轮一个。"),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "Invalidating the returned observer stops the draining; the tasks left stay queued", .zh("让返回的观察者失效就停止消化；剩下的任务留在队列里"), .holds("§5"))
    func invalidateStops() async throws {
        let lines = try await Self.screen(seconds: 1) { loop, clock, _ in
            let queue = IdleTaskQueue()
            let observer = try drainOneTaskPerPass(queue, on: loop)
            queue.add(Self.decode(1, clock: clock))
            queue.add {
                observer.invalidate(); Loop.current.note(Self.drainStopped)
            }
            for n in 3...4 { queue.add(Self.decode(n, clock: clock)) }
            try loop.add(
                try Loop.Timer(name: "look", fireDate: loop.now + 0.5) { _ in Loop.current.note(Self.tasksLeft(!queue.isEmpty)) }, forMode: .default)
        }
        Harness.expectSameLines(
            lines,
            [
                .verbatim("      0 ms  default   · decode image 1"),
                "    100 ms  default   · " + Self.drainStopped,
                "    500 ms  default   · " + Self.tasksLeft(true),
            ],
            hint: Text(
                en: "Return the observer you added: invalidating it removes it from the loop, and no task runs after that; the queue keeps the rest.",
                zh: "返回你加进去的那个观察者：让它失效就把它从 RunLoop 里移除，之后一个任务也不执行；剩下的留在队列里。"),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "The delayed image is a default-mode timer: due during a scroll, it is set when the scroll ends; cancelled, never",
        .zh("延迟设置的图片是 default Mode 里的定时器：在滑动期间到点，就等滑动结束再设置；取消了就不设置"), .holds("§6", "§7", "§8"))
    func imageWhenScrollingStops() async throws {
        let lines = try await Self.screen(seconds: 2, scroll: 0.5...1.5) { loop, _, _ in
            try setImageWhenScrollingStops(on: loop, after: 0) { Loop.current.note(Self.imageSet("A")) }
            try setImageWhenScrollingStops(on: loop, after: 0.75) { Loop.current.note(Self.imageSet("B")) }
            try setImageWhenScrollingStops(on: loop, after: 1.75) { Loop.current.note(Self.imageSet("C")) }
            let cancelled = try setImageWhenScrollingStops(on: loop, after: 0.25) { Loop.current.note(Self.imageSet("D")) }
            cancelled.invalidate()
        }
        Harness.expectSameLines(
            lines,
            [
                "      0 ms  default   · " + Self.imageSet("A"),
                "    500 ms  default   · " + Self.scrollBegins,
                "   1500 ms  tracking  · " + Self.scrollEnds,
                "   1500 ms  default   · " + Self.imageSet("B"),
                "   1750 ms  default   · " + Self.imageSet("C"),
            ],
            hint: Text(
                en:
                    "`perform(_:with:afterDelay:inModes: [.default])` is a one-shot timer `delay` seconds from now in the default mode only: `loop.perform(afterDelay: delay, inModes: [.default], …)`. Not at once, not in `.common`; return its timer, so that invalidating it cancels the image.",
                zh:
                    "`perform(_:with:afterDelay:inModes: [.default])` 是一个从现在起 `delay` 秒、只在 default Mode 里的一次性定时器：`loop.perform(afterDelay: delay, inModes: [.default], …)`。不能立即执行，也不能加到 `.common`；返回它的定时器，让它失效就取消了这张图片。"
            ),
            expectedTitle: HarnessText.expected)
    }
}
