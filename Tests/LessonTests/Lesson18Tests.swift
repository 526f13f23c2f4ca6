import Testing

/// Lesson 18: the student's display link inside a reference loop (tracking marked common, as
/// UIKit does), against the engine's own, on a virtual clock; then the student's FPS meter fed
/// by the engine's display link.

@Suite("Lesson 18 — A display link", .serialized, .tags(.lesson18, .level3, .build), .namedInChinese)
struct Lesson18Tests {
    static let student = Loop.Mechanisms.reference.with(displayLink: StudentDisplayLink())
    static let filter: LoopTrace.Filter = [.callouts, .notes, .results]

    /// The same scenario with the student's display link and with the engine's: `setUp` makes
    /// the links; the loop runs the default mode for `seconds`; a summary of each link ends it.
    static func compare(
        seconds: Double, filter: LoopTrace.Filter = Self.filter,
        _ setUp: @escaping @Sendable (Loop, VirtualClock) throws -> [DisplayLink]
    ) async throws -> (actual: Lines, expected: Lines) {
        try await Harness.traceLines(lesson: 18, student: student, filter: filter) { loop, clock in
            loop.addCommonMode(.tracking)   // UIKit marks the tracking mode common
            let links = try setUp(loop, clock)
            try loop.run(mode: .default, timeout: seconds)
            for link in links { loop.note(Self.summary(link)) }
        }
    }

    /// A link whose callback writes each frame in the trace; the frames listed in `slow` take
    /// that long (in seconds).
    static func link(_ name: String = "link", slow: [Int: Double] = [:], clock: VirtualClock) -> DisplayLink {
        DisplayLink(name: name) { link in
            Loop.current.note(Self.frame(link))
            if let seconds = slow[link.frames] {
                Loop.current.note(Self.works(seconds))
                clock.advance(by: seconds)
            }
        }
    }

    // The notes of the scenarios, in the student's language.
    static func ms(_ instant: Instant) -> String { "\((Double(instant.nanoseconds) / 100_000).rounded() / 10)" }
    static func frame(_ link: DisplayLink) -> Text {
        frameText(link.name, link.frames, ms(link.timestamp), ms(link.targetTimestamp), dropped: link.droppedFrames)
    }
    static func frameText(_ name: String, _ frame: Int, _ timestamp: String, _ target: String, dropped: Int) -> Text {
        Text(
            en: "\(name): frame \(frame), timestamp \(timestamp) ms, target \(target) ms, dropped \(dropped)",
            zh: "\(name)：第 \(frame) 帧，`timestamp` \(timestamp) ms，target \(target) ms，丢帧 \(dropped)")
    }
    static func summary(_ link: DisplayLink) -> Text {
        Text(
            en: "\(link.name) in all: \(link.frames) frames, \(link.droppedFrames) dropped",
            zh: "\(link.name) 合计：\(link.frames) 帧，丢帧 \(link.droppedFrames)")
    }
    static func works(_ seconds: Double) -> Text {
        Text(en: "this frame's work takes \(Int(seconds * 1000)) ms", zh: "这一帧的工作要 \(Int(seconds * 1000)) ms")
    }
    static let scrollBegins = Text(en: "the user starts scrolling (tracking)", zh: "用户开始滑动（tracking）")
    static let scrollEnds = Text(en: "the scroll ends", zh: "滑动结束")
    static let pauses = Text(en: "isPaused = true", zh: "isPaused = true")
    static let resumes = Text(en: "isPaused = false", zh: "isPaused = false")

    /// The frame notes of `link` in `lines`.
    static func frames(_ lines: [String], of name: String = "link") -> [String] {
        lines.filter { $0.contains("\(name): frame") || $0.contains("\(name)：第") }
    }

    /// The lines strictly between the first line ending with `start` and the next ending with `end`.
    static func between(_ lines: [String], _ start: Text, _ end: Text) -> [String] {
        guard let from = lines.firstIndex(where: { $0.hasSuffix(start.localized) }) else { return [] }
        let to = lines[(from + 1)...].firstIndex { $0.hasSuffix(end.localized) } ?? lines.endIndex
        return Array(lines[(from + 1)..<to])
    }

    /// A timer that runs `body` once, at `seconds`, in the default mode.
    static func at(_ seconds: Double, _ name: String, on loop: Loop, _ body: @escaping @Sendable () throws -> Void) throws {
        try loop.add(try Loop.Timer(name: name, fireDate: loop.now + seconds) { _ in try? body() }, forMode: .default)
    }

    @Test("An idle second gives 60 callbacks, one per vsync", .zh("空闲的一秒有 60 次回调，每个 vsync 一次"))
    func idleSecond() async throws {
        let (actual, expected) = try await Self.compare(seconds: 1.005, filter: [.notes]) { loop, clock in
            let link = Self.link(clock: clock)
            try link.add(to: loop, forMode: .default)
            return [link]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "`add`: put `link.port` in the mode asked for and start the display's vsyncs with `link.startVSync(on: loop)`. `vsync`: the first frame is the vsync of `now` (`DisplayLink.vsync(at:)`), its timestamp `DisplayLink.time(ofVSync:)`, its target the next vsync's time.",
                zh:
                    "`add`：把 `link.port` 加到要求的 Mode 里，再用 `link.startVSync(on: loop)` 开始接收屏幕的 vsync。`vsync`：第一帧就是 `now` 所在的 vsync（`DisplayLink.vsync(at:)`），它的 `timestamp` 是 `DisplayLink.time(ofVSync:)`，target 是下一个 vsync 的时间。"
            ))
        #expect(Self.frames(Array(actual)).count == 60, Text(en: "60 frames in one idle second", zh: "空闲的一秒应有 60 帧").comment)
    }

    @Test(
        "Each frame is a vsync message handled by the link's port, on the loop's thread", .zh("每一帧都是 link 的端口处理的一条 vsync 消息，在 RunLoop 的线程上"))
    func portCallouts() async throws {
        let (actual, expected) = try await Self.compare(seconds: 0.06) { loop, clock in
            let link = Self.link(clock: clock)
            try link.add(to: loop, forMode: .default)
            return [link]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Every 1/60 s the timer \"vsync\" sends the link's port a message; the port's callout is your `vsync(_:at:)`, which delivers the frame with `link.deliverFrame(vsync:timestamp:targetTimestamp:)`.",
                zh:
                    "每隔 1/60 秒，定时器 \"vsync\" 给 link 的端口发一条消息；端口的回调就是你的 `vsync(_:at:)`，它用 `link.deliverFrame(vsync:timestamp:targetTimestamp:)` 交付这一帧。"
            ))
        #expect(
            actual.contains { $0.contains("port \"link ← vsync\"") },
            Text(en: "the frames come through the link's port (a source1)", zh: "帧应当经由 link 的端口（Source1）到来").comment)
    }

    @Test("A 50 ms callout drops the frames it overran; the next frame is the latest vsync", .zh("50 ms 的回调丢掉它耽误的帧；下一帧是最近的那个 vsync"))
    func overrunDrops() async throws {
        let (actual, expected) = try await Self.compare(seconds: 0.15) { loop, clock in
            let link = Self.link(slow: [2: 0.05], clock: clock)
            try link.add(to: loop, forMode: .default)
            return [link]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Frame 2 (vsync 2, 33.3 ms) works until 83.3 ms: vsyncs 3 and 4 went by. The next frame is vsync 5 (timestamp 83.3 ms, target 100 ms) and the two missed are counted with `link.dropFrames(2)`: `(frame - last) / step - 1`.",
                zh:
                    "第 2 帧（vsync 2，33.3 ms）一直干到 83.3 ms：vsync 3 和 4 已经过去了。下一帧是 vsync 5（`timestamp` 83.3 ms，target 100 ms），错过的两帧用 `link.dropFrames(2)` 记下：`(frame - last) / step - 1`。"
            ))
        let third = Self.frames(Array(actual)).dropFirst(2).first ?? ""
        #expect(
            third.hasSuffix(Self.frameText("link", 3, "83.3", "100.0", dropped: 2).localized),
            Text(
                en: "the frame after the 50 ms callout is vsync 5 (83.3 ms, target 100 ms), with vsyncs 3 and 4 dropped: \(third)",
                zh: "50 ms 回调之后的那一帧是 vsync 5（83.3 ms，target 100 ms），vsync 3 和 4 记为丢帧：\(third)"
            ).comment)
    }

    @Test("Missed frames are dropped, never queued: after a long stall, one frame, not a burst", .zh("错过的帧被丢掉，不排队：长时间卡住之后只有一帧，而不是一连串"))
    func neverQueued() async throws {
        let (actual, expected) = try await Self.compare(seconds: 0.3) { loop, clock in
            let link = Self.link(slow: [1: 0.19], clock: clock)
            try link.add(to: loop, forMode: .default)
            return [link]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "A frame is never delivered late to catch up: after the 190 ms callout, which returns at 206.7 ms, deliver only the latest vsync, 12 at 200 ms (and count the 10 before it as dropped), then one frame per vsync again.",
                zh: "帧永远不会为了追赶而晚交付：190 ms 的回调在 206.7 ms 返回，之后只交付最近的那个 vsync：200 ms 的 vsync 12（前面的 10 个记为丢帧），然后又是每个 vsync 一帧。"))
        let second = Self.frames(Array(actual)).dropFirst().first ?? ""
        #expect(
            second.hasSuffix(Self.frameText("link", 2, "200.0", "216.7", dropped: 10).localized),
            Text(
                en: "the frame after the 190 ms callout is vsync 12 (200 ms), with the 10 before it dropped: \(second)",
                zh: "190 ms 回调之后的那一帧是 vsync 12（200 ms），它前面的 10 帧记为丢帧：\(second)"
            ).comment)
    }

    /// A link added in `mode`; at 50 ms the user scrolls for 100 ms (a nested run of tracking).
    static func scrolling(linkIn mode: Loop.Mode) async throws -> (actual: Lines, expected: Lines) {
        try await Self.compare(seconds: 0.25) { loop, clock in
            let link = Self.link(clock: clock)
            try link.add(to: loop, forMode: mode)
            try Self.at(0.05, "scroll", on: loop) {
                Loop.current.note(Self.scrollBegins)
                try Loop.current.run(mode: .tracking, timeout: 0.1)
                Loop.current.note(Self.scrollEnds)
            }
            return [link]
        }
    }

    @Test("Added in .default, the link stops while the user scrolls", .zh("加到 .default 的 link 在用户滑动时停下"))
    func defaultStopsDuringScroll() async throws {
        let (actual, expected) = try await Self.scrolling(linkIn: .default)
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Put the port in exactly the mode given: in `.default`, no frame while the loop runs tracking; the vsyncs still come (their timer is in the common modes), and after the scroll the latest one is delivered with the missed frames dropped.",
                zh:
                    "端口就放在给定的那个 Mode 里：在 `.default` 里，RunLoop 运行 tracking 时没有帧；vsync 照样来（它的定时器在 common modes 里），滑动结束后交付最近的那一个，错过的记为丢帧。"
            ))
        #expect(
            Self.frames(Self.between(Array(actual), Self.scrollBegins, Self.scrollEnds)).isEmpty,
            Text(en: "a link in .default gets no frame during the scroll", zh: "在 .default 里的 link 在滑动期间不应有帧").comment)
    }

    @Test("Added in .common, the link keeps going during the scroll", .zh("加到 .common 的 link 在滑动期间照常运行"))
    func commonKeepsGoing() async throws {
        let (actual, expected) = try await Self.scrolling(linkIn: .common)
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "`.common` is a mode set: add the port to it as it is (`loop.add(link.port, forMode: .common)`), so it is in tracking too and frames go on while the user scrolls.",
                zh: "`.common` 是一组 Mode：原样把端口加进去（`loop.add(link.port, forMode: .common)`），这样它也在 tracking 里，用户滑动时帧照常到来。"))
        #expect(
            Self.frames(Self.between(Array(actual), Self.scrollBegins, Self.scrollEnds)).count == 6,
            Text(en: "six frames during the 100 ms scroll", zh: "100 ms 的滑动期间应有 6 帧").comment)
    }

    @Test("A paused link does not wake the loop; resumed, the paused time is not dropped frames", .zh("暂停的 link 不唤醒 RunLoop；恢复后，暂停的那段时间不算丢帧"))
    func pausedStopsWakeUps() async throws {
        let (actual, expected) = try await Self.compare(seconds: 0.4) { loop, clock in
            let link = Self.link(clock: clock)
            try link.add(to: loop, forMode: .default)
            try Self.at(0.05, "pause", on: loop) {
                link.isPaused = true
                Loop.current.note(Self.pauses)
            }
            try Self.at(0.3, "resume", on: loop) {
                link.isPaused = false
                Loop.current.note(Self.resumes)
            }
            return [link]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "`setPaused(true, link)`: `link.stopVSync()`, so nothing wakes the loop; checking `isPaused` in `vsync` is not enough, the loop would still wake 60 times a second. `setPaused(false, link)`: `link.lastFrameVSync = nil`, then `link.startVSync(on:)` — the frames not wanted while paused are not dropped.",
                zh:
                    "`setPaused(true, link)`：`link.stopVSync()`，这样就没有东西唤醒 RunLoop；只在 `vsync` 里检查 `isPaused` 不够，RunLoop 还是每秒被唤醒 60 次。`setPaused(false, link)`：`link.lastFrameVSync = nil`，再 `link.startVSync(on:)`——暂停期间本来就不要的帧不算丢帧。"
            ))
        let paused = Self.between(Array(actual), Self.pauses, Self.resumes).filter { !$0.contains("timer \"resume\"") }
        #expect(paused.isEmpty, Text(en: "the paused link still woke the loop: \(paused.count) lines", zh: "暂停的 link 仍然唤醒了 RunLoop：\(paused.count) 行").comment)
    }

    @Test("A link paused before it is added gets no vsync until it is resumed", .zh("加入之前就暂停的 link，在恢复之前收不到 vsync"))
    func pausedBeforeAdding() async throws {
        let (actual, expected) = try await Self.compare(seconds: 0.1) { loop, clock in
            let link = Self.link(clock: clock)
            link.isPaused = true
            try link.add(to: loop, forMode: .default)
            try Self.at(0.05, "resume", on: loop) {
                link.isPaused = false
                Loop.current.note(Self.resumes)
            }
            return [link]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "`add` adds the port whatever, but starts the vsyncs only `if !link.isPaused`; resuming starts them.",
                zh: "`add` 总是加入端口，但只在 `!link.isPaused` 时开始接收 vsync；恢复时才开始。"))
        #expect(
            Self.frames(Array(actual)).count == 2,
            Text(en: "frames only after the resume at 50 ms: at 66.7 and 83.3 ms", zh: "帧只在 50 ms 恢复之后才有：66.7 ms 和 83.3 ms 各一帧").comment)
    }

    @Test("A preferred rate is aligned to vsync: 20 fps is a frame every 3 vsyncs, 40 fps every 2", .zh("期望帧率对齐到 vsync：20 FPS 每 3 个 vsync 一帧，40 FPS 每 2 个"))
    func preferredRate() async throws {
        let (actual, expected) = try await Self.compare(seconds: 0.2) { loop, clock in
            let twenty = Self.link("20fps", clock: clock), forty = Self.link("40fps", clock: clock)
            twenty.preferredFramesPerSecond = 20
            forty.preferredFramesPerSecond = 40
            try twenty.add(to: loop, forMode: .default)
            try forty.add(to: loop, forMode: .default)
            return [twenty, forty]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "`vsyncsPerFrame`: 60 / fps rounded to the nearest whole number (20 → 3, 40 → 1.5 → 2). In `vsync`, the next frame is `step` vsyncs after the last, its target `step` vsyncs after its timestamp: the vsyncs in between deliver nothing and drop nothing.",
                zh:
                    "`vsyncsPerFrame`：`60 / fps` 四舍五入到最近的整数（20 → 3，40 → 1.5 → 2）。在 `vsync` 里，下一帧在上一帧之后 `step` 个 vsync，target 在 `timestamp` 之后 `step` 个 vsync：中间的 vsync 既不交付也不算丢帧。"
            ))
        #expect(Self.frames(Array(actual), of: "20fps").count == 4, Text(en: "20 fps: 4 frames in 200 ms", zh: "20 FPS：200 ms 里应有 4 帧").comment)
    }

    @Test("Rates the display cannot keep become the nearest it can: 60 / a whole number of vsyncs", .zh("屏幕做不到的帧率变成它做得到的最接近的那个：60 / 整数个 vsync"))
    func rateTable() async throws {
        let actual = try await Harness.attempt(lesson: 18) { Self.rateTable(StudentDisplayLink()) }
        Harness.expectSameLines(
            actual, Self.rateTable(ReferenceDisplayLink()),
            hint: Text(
                en:
                    "0 means the display's own rate: 1. Otherwise `(60.0 / Double(fps)).rounded()`, at least 1: 24 → 2.5 → 3 (20 Hz), 35 → 1.7 → 2 (30 Hz), 45 → 1.3 → 1, 120 → 0.5 → 1 (the display's 60 Hz is the most).",
                zh:
                    "0 表示屏幕自己的帧率：1。否则是 `(60.0 / Double(fps)).rounded()`，至少为 1：24 → 2.5 → 3（20 Hz），35 → 1.7 → 2（30 Hz），45 → 1.3 → 1，120 → 0.5 → 1（屏幕最多 60 Hz）。"
            ))
    }

    /// `vsyncsPerFrame` for rates the display can and cannot keep, one line each.
    static func rateTable(_ driving: any DisplayLinkDriving) -> [String] {
        [0, 1, 10, 15, 20, 24, 25, 30, 35, 40, 45, 50, 59, 60, 90, 120].map {
            "preferredFramesPerSecond \($0) → vsyncsPerFrame \(driving.vsyncsPerFrame(preferredFramesPerSecond: $0))"
        }
    }

    /// The FPS meter's rule, to compare the student's with: a frame at least one second after
    /// the first of its second gives the frames counted since that first one.
    static func expectedReadings(_ timestamps: [Instant]) -> [String] {
        var start: Instant?
        var count = 0
        var lines: [String] = []
        for timestamp in timestamps {
            guard let first = start else {
                start = timestamp
                continue
            }
            count += 1
            if timestamp - first >= 1 {
                lines.append("\(ms(timestamp)) ms: \(count) fps")
                start = timestamp
                count = 0
            }
        }
        return lines
    }

    /// Runs the engine's display link for `seconds`, each frame working `work` seconds, and
    /// feeds the student's meter: its readings and the ones expected.
    static func meterReadings(seconds: Double, work: Double) async throws -> (actual: [String], expected: [String]) {
        let readings = Lock<[String]>([]), stamps = Lock<[Instant]>([])
        try await Harness.attempt(lesson: 18) {
            let (loop, clock) = virtualLoop()
            let meter = Lock(FPSMeter())
            let link = DisplayLink(name: "meter") { link in
                stamps.withLock { $0.append(link.timestamp) }
                if let fps = meter.withLock({ $0.frame(at: link.timestamp) }) { readings.withLock { $0.append("\(ms(link.timestamp)) ms: \(fps) fps") } }
                clock.advance(by: work)
            }
            try link.add(to: loop, forMode: .default)
            try loop.run(mode: .default, timeout: seconds)
        }
        return (readings.withLock { $0 }, expectedReadings(stamps.withLock { $0 }))
    }

    @Test("FPS meter: idle seconds read 60; 50 ms of work per frame reads 20", .zh("FPS 指示器：空闲时读数 60；每帧干 50 ms 的活时读数 20"))
    func fpsMeter() async throws {
        let idle = try await Self.meterReadings(seconds: 2.05, work: 0)
        let busy = try await Self.meterReadings(seconds: 2.05, work: 0.05)
        Harness.expectSameLines(
            idle.actual + busy.actual, idle.expected + busy.expected,
            hint: Text(
                en:
                    "`FPSMeter.frame(at:)`: the first timestamp starts the second and is not counted; count every frame after it; the first one at least 1 s after the start returns the count (60 when idle: 60 frames) and becomes the next second's start.",
                zh:
                    "`FPSMeter.frame(at:)`：第一个 `timestamp` 开始这一秒，本身不计数；之后的每一帧都计数；距开始至少 1 秒的第一帧返回计数（空闲时 60 帧就是 60），并成为下一秒的开始。"
            ))
        #expect(idle.actual.map { $0.hasSuffix(": 60 fps") } == [true, true], Text(en: "two idle seconds: 60 and 60", zh: "空闲的两秒：60 和 60").comment)
        #expect(busy.actual.first?.hasSuffix(": 20 fps") == true, Text(en: "50 ms per frame: 20 fps", zh: "每帧 50 ms：20 FPS").comment)
    }
}
