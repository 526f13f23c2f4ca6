import Foundation
import Testing

/// Lesson 20: the student's two schedulers, delayed work and `Timer.publish` on the main loop of a
/// fresh registry (on a virtual clock, the tracking mode marked common as UIKit does); a scroll is
/// a run of the tracking mode. The tests read the notes the values write when they arrive.

@Suite("Lesson 20 — RunLoop.main is not the main queue", .serialized, .tags(.lesson20, .level2, .use), .namedInChinese)
struct Lesson20Tests {
    /// The private mode of the scenarios (a sheet's modal mode), marked common by a step of its own.
    static let sheet: Loop.Mode = "sheet"

    /// Runs `body` on the main thread of a fresh registry whose clock reads `start` seconds: the
    /// tracking mode is marked common, and a port in default, tracking and `sheet` keeps each run
    /// to its timeout. Returns what `body` returns; the thread gets at most `timeout` seconds.
    static func onMainLoop<T: Sendable>(
        clockAt start: Double = 0, timeout: Double = 4, _ body: @escaping @Sendable (Loop, MainQueue) throws -> T
    ) throws -> T {
        let registry = LoopRegistry(clock: VirtualClock(startingAt: Instant(seconds: start)))
        let outcome = Lock<Result<T, any Error>?>(nil)
        let main = LoopThread(name: "main", registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)
            let result = Result { () throws -> T in
                for mode in [Loop.Mode.default, .tracking, sheet] { try loop.add(Loop.Port(name: "keep-alive"), forMode: mode) }
                return try body(loop, registry.mainQueue)
            }
            outcome.withLock { $0 = result }
        }
        try main.start()
        guard main.join(timeout: timeout) else { throw Stuck(seconds: timeout) }
        return try outcome.withLock { $0 }!.get()
    }

    struct Stuck: Error, CustomStringConvertible {
        let seconds: Double
        var description: String { "the main thread did not finish within \(seconds) s" }
    }

    /// Runs `body` as ``onMainLoop(clockAt:timeout:_:)`` does, inside the harness.
    static func attempt<T: Sendable>(clockAt start: Double = 0, _ body: @escaping @Sendable (Loop, MainQueue) throws -> T) async throws -> T {
        try await Harness.attempt(lesson: 20) { try onMainLoop(clockAt: start, body) }
    }

    // The notes of the scenarios, in the student's language.
    static func viaRunLoop(_ value: Int) -> Text {
        Text(en: "value \(value) arrives (RunLoop.main)", zh: "值 \(value) 送到了（`RunLoop.main`）")
    }
    static func viaMainQueue(_ value: Int) -> Text {
        Text(en: "value \(value) arrives (DispatchQueue.main)", zh: "值 \(value) 送到了（`DispatchQueue.main`）")
    }
    static func delayed(_ name: String, at now: Instant) -> Text {
        Text(en: "delayed \(name) runs at \(now)", zh: "延迟的 \(name) 在 \(now) 执行")
    }
    static func ticks(_ name: String, at date: Instant) -> Text {
        Text(en: "\(name) publishes \(date)", zh: "\(name) 发布了 \(date)")
    }
    static func runReturned(_ ran: Bool) -> Text {
        Text(en: "run(mode:before:) returned \(ran)", zh: "`run(mode:before:)` 返回了 \(ran)")
    }
    static let scrollBegins = Text(en: "the scroll begins", zh: "滑动开始")
    static let scrollEnds = Text(en: "the scroll ends", zh: "滑动结束")
    static let callsReturned = Text(en: "the calls returned", zh: "几次调用都返回了")
    static let sheetShown = Text(en: "a sheet: its mode is marked common and runs", zh: "弹出一个 `sheet`：它的 Mode 被标记为 common 并运行")
    static let cancelled = Text(en: "the common ticker is cancelled", zh: "取消 common 的那个发布者")

    @Test(
        "During a scroll, main-queue values arrive and RunLoop.main values wait for the default mode",
        .zh("滑动期间，主队列的值照常送到，`RunLoop.main` 的值要等 default Mode"), .holds("§2", "§6"))
    func duringAScroll() async throws {
        let lines = try await Self.attempt { loop, queue -> [String] in
            let trace = loop.startTracing()
            runLoopSchedule(on: loop) { Loop.current.note(Self.viaRunLoop(1)) }
            mainQueueSchedule(on: queue) { Loop.current.note(Self.viaMainQueue(2)) }
            loop.note(Self.scrollBegins)
            try loop.run(mode: .tracking, timeout: 1)
            loop.note(Self.scrollEnds)
            try loop.run(mode: .default, timeout: 1)
            return trace.lines(.notes)
        }
        Harness.expectSameLines(
            lines,
            [
                "      0 ms  default   · \(Self.scrollBegins.localized)",
                "      0 ms  tracking  · \(Self.viaMainQueue(2).localized)",
                "   1000 ms  default   · \(Self.scrollEnds.localized)",
                "   1000 ms  default   · \(Self.viaRunLoop(1).localized)",
            ],
            hint: Text(
                en:
                    "The RunLoop scheduler queues a block for the default mode only (`loop.perform(inModes: [.default])`, as `RunLoop.perform(_:)` does): it waits out the scroll. The main queue is served in every common mode, tracking among them: hand main-queue values to `queue.async`.",
                zh:
                    "RunLoop 调度器只把 Block 排给 default Mode（`loop.perform(inModes: [.default])`，和 `RunLoop.perform(_:)` 一样）：它要等滑动结束。主队列在每个标记为 common 的 Mode 里都会被处理，tracking 也在其中：主队列的值交给 `queue.async`。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "Neither runs inside the call; in one pass the RunLoop.main values come first, each kind in the order sent",
        .zh("两种都不在调用里面执行；同一轮循环里 `RunLoop.main` 的值先到，每一种都按发送的顺序"), .holds("§1", "§4", "§5", "§7"))
    func orderInOnePass() async throws {
        let lines = try await Self.attempt { loop, queue -> [String] in
            let trace = loop.startTracing()
            mainQueueSchedule(on: queue) { Loop.current.note(Self.viaMainQueue(1)) }
            runLoopSchedule(on: loop) { Loop.current.note(Self.viaRunLoop(2)) }
            mainQueueSchedule(on: queue) { Loop.current.note(Self.viaMainQueue(3)) }
            runLoopSchedule(on: loop) { Loop.current.note(Self.viaRunLoop(4)) }
            loop.note(Self.callsReturned)
            try loop.run(mode: .default, timeout: 1)
            return trace.lines(.notes, times: false)
        }
        Harness.expectSameLines(
            lines,
            [
                "default   · \(Self.callsReturned.localized)",
                "default   · \(Self.viaRunLoop(2).localized)",
                "default   · \(Self.viaRunLoop(4).localized)",
                "default   · \(Self.viaMainQueue(1).localized)",
                "default   · \(Self.viaMainQueue(3).localized)",
            ],
            hint: Text(
                en:
                    "Both schedulers hand the work to the loop and return: nothing runs inside the call. A pass does its blocks (step 3) before it serves the main queue (step 9), so the RunLoop.main values, sent later, arrive first; each kind keeps its own order.",
                zh:
                    "两种调度器都只是把任务交给 RunLoop 就返回：调用里面什么都不执行。一轮循环先处理 Block（第 3 步），再处理主队列（第 9 步），所以后发出的 `RunLoop.main` 的值先到；每一种自己的顺序不变。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "A RunLoop.main value sent to a sleeping loop waits for a wake-up; the main queue wakes the loop itself",
        .zh("发给休眠中的 RunLoop 的 `RunLoop.main` 值要等唤醒；主队列自己会唤醒 RunLoop"), .holds("§3", "§7"))
    func needsAWakeUp() async throws {
        let lines = try await Self.attempt { loop, queue -> [String] in
            let trace = loop.startTracing()
            let sender = LoopThread(name: "network") {
                _ = untilBlocking(2) { loop.isWaiting }
                runLoopSchedule(on: loop) { Loop.current.note(Self.viaRunLoop(1)) }
                // Long enough for a woken loop to run the block; the loop must still be asleep.
                _ = untilBlocking(0.3) { false }
                mainQueueSchedule(on: queue) { Loop.current.note(Self.viaMainQueue(2)) }
            }
            try sender.start()
            // Foundation's run(mode:before:): returns after the first source (the main queue).
            let ran = try loop.run(mode: .default, before: .distantFuture)
            loop.note(Self.runReturned(ran))
            _ = sender.join(timeout: 2)
            return trace.lines(.notes, times: false)
        }
        Harness.expectSameLines(
            lines,
            [
                "default   · \(Self.viaMainQueue(2).localized)",
                "default   · \(Self.viaRunLoop(1).localized)",
                "default   · \(Self.runReturned(true).localized)",
            ],
            hint: Text(
                en:
                    "`RunLoop.perform` queues a block and wakes nothing (CFRunLoopPerformBlock: waking is the caller's job): the sleeping loop runs it only on the pass the main queue's work wakes it for, after that work. Do not call `wakeUp()`; hand main-queue work to `queue.async`, which wakes the main loop.",
                zh:
                    "`RunLoop.perform` 只是排入一个 Block，不唤醒任何东西（`CFRunLoopPerformBlock`：唤醒是调用方的事）：休眠中的 RunLoop 要等主队列的任务把它唤醒，在那一轮里、在那个任务之后才执行它。不要调用 `wakeUp()`；主队列的任务交给 `queue.async`，它会唤醒主 RunLoop。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "Delayed work is a default-mode timer: due during a scroll, it runs when the scroll ends; cancelled, never",
        .zh("延迟任务是 default Mode 里的定时器：在滑动期间到点，就等滑动结束再执行；取消了就不执行"), .holds("§8", "§9", "§10"))
    func delayedWork() async throws {
        let lines = try await Self.attempt(clockAt: 100) { loop, _ -> [String] in
            let trace = loop.startTracing()
            let start = loop.now
            try runLoopSchedule(after: start + 0.5, on: loop) { Loop.current.note(Self.delayed("A", at: Loop.current.now)) }
            try runLoopSchedule(after: start + 1.5, on: loop) { Loop.current.note(Self.delayed("B", at: Loop.current.now)) }
            let cancelled = try runLoopSchedule(after: start + 1.8, on: loop) { Loop.current.note(Self.delayed("C", at: Loop.current.now)) }
            cancelled.invalidate()
            loop.note(Self.scrollBegins)
            try loop.run(mode: .tracking, timeout: 1)
            loop.note(Self.scrollEnds)
            try loop.run(mode: .default, timeout: 2)
            return trace.lines(.notes, times: false)
        }
        Harness.expectSameLines(
            lines,
            [
                "default   · \(Self.scrollBegins.localized)",
                "default   · \(Self.scrollEnds.localized)",
                "default   · \(Self.delayed("A", at: Instant(seconds: 101)).localized)",
                "default   · \(Self.delayed("B", at: Instant(seconds: 101.5)).localized)",
            ],
            hint: Text(
                en:
                    "`schedule(after:)` on a run loop is a one-shot `Loop.Timer` whose fire date is the `date` given (a date on the loop's clock, not a delay), added to the default mode only; return that timer, so that invalidating it cancels the work.",
                zh:
                    "RunLoop 调度器的 `schedule(after:)` 是一个一次性的 `Loop.Timer`，触发时间就是给定的 `date`（RunLoop 时钟上的一个时间，不是延迟），只加到 default Mode；把这个定时器返回，让它失效就取消了这份工作。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "Made on another thread, delayed work and Timer.publish go to the loop they name, not to the caller's",
        .zh("在别的线程上创建时，延迟任务和 `Timer.publish` 也加到它们指定的 RunLoop 上，而不是调用方的"), .holds("§8", "§11"))
    func madeOnAnotherThread() async throws {
        let lines = try await Self.attempt(clockAt: 100) { loop, _ -> [String] in
            let trace = loop.startTracing()
            let start = loop.now
            // A background thread whose own loop never runs, as a network callback's.
            let sender = LoopThread(name: "network") {
                _ = try? runLoopSchedule(after: start + 0.5, on: loop) { Loop.current.note(Self.delayed("A", at: Loop.current.now)) }
                _ = try? timerPublish(every: 1, on: loop, in: .default) { Loop.current.note(Self.ticks("default", at: $0)) }
            }
            try sender.start()
            _ = sender.join(timeout: 2)
            loop.note(Self.callsReturned)
            try loop.run(mode: .default, timeout: 2.5)
            return trace.lines(.notes, times: false)
        }
        Harness.expectSameLines(
            lines,
            [
                "default   · \(Self.callsReturned.localized)",
                "default   · \(Self.delayed("A", at: Instant(seconds: 100.5)).localized)",
                "default   · \(Self.ticks("default", at: Instant(seconds: 101)).localized)",
                "default   · \(Self.ticks("default", at: Instant(seconds: 102)).localized)",
            ],
            hint: Text(
                en:
                    "Values usually come from a background thread, and `delay(for:scheduler: RunLoop.main)` still runs on the main loop: add the timers to `loop`, the loop the call names, not to `Loop.current` (the calling thread's loop, which nobody runs here).",
                zh:
                    "值通常来自子线程，而 `delay(for:scheduler: RunLoop.main)` 照样在主 RunLoop 上执行：把定时器加到调用指定的 `loop` 上，而不是 `Loop.current`（调用方线程的 RunLoop，这里没人运行它）。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "Timer.publish takes its mode: .common ticks through a scroll and a sheet, .default waits and keeps its schedule",
        .zh("`Timer.publish` 用给定的 Mode：`.common` 在滑动和 `sheet` 期间照常触发，`.default` 要等，之后按原来的时间表继续"),
        .holds("§11", "§12", "§13"))
    func timerPublishTakesItsMode() async throws {
        let lines = try await Self.attempt { loop, _ -> [String] in
            let trace = loop.startTracing()
            try timerPublish(every: 1, on: loop, in: .default) { Loop.current.note(Self.ticks("default", at: $0)) }
            let common = try timerPublish(every: 0.8, on: loop, in: .common) { Loop.current.note(Self.ticks("common", at: $0)) }
            try loop.run(mode: .default, timeout: 0.5)
            loop.note(Self.scrollBegins)
            try loop.run(mode: .tracking, timeout: 2)
            loop.note(Self.scrollEnds)
            try loop.run(mode: .default, timeout: 0.8)
            loop.addCommonMode(Self.sheet)
            loop.note(Self.sheetShown)
            try loop.run(mode: Self.sheet, timeout: 1)
            common.invalidate()
            loop.note(Self.cancelled)
            try loop.run(mode: .default, timeout: 1)
            return trace.lines(.notes)
        }
        Harness.expectSameLines(
            lines,
            [
                "    500 ms  default   · \(Self.scrollBegins.localized)",
                "    800 ms  tracking  · \(Self.ticks("common", at: Instant(seconds: 0.8)).localized)",
                "   1600 ms  tracking  · \(Self.ticks("common", at: Instant(seconds: 1.6)).localized)",
                "   2400 ms  tracking  · \(Self.ticks("common", at: Instant(seconds: 2.4)).localized)",
                "   2500 ms  default   · \(Self.scrollEnds.localized)",
                "   2500 ms  default   · \(Self.ticks("default", at: Instant(seconds: 2.5)).localized)",
                "   3000 ms  default   · \(Self.ticks("default", at: Instant(seconds: 3)).localized)",
                "   3200 ms  default   · \(Self.ticks("common", at: Instant(seconds: 3.2)).localized)",
                "   3300 ms  default   · \(Self.sheetShown.localized)",
                "   4000 ms  sheet     · \(Self.ticks("common", at: Instant(seconds: 4)).localized)",
                "   4300 ms  default   · \(Self.cancelled.localized)",
                "   4300 ms  default   · \(Self.ticks("default", at: Instant(seconds: 4.3)).localized)",
                "   5000 ms  default   · \(Self.ticks("default", at: Instant(seconds: 5)).localized)",
            ],
            hint: Text(
                en:
                    "`Timer.publish(every:on:in:)` is a repeating `Loop.Timer`, first due one interval from now (`loop.now + interval`), added to the mode given and to no other (`.common` as `.common`, so that a mode marked common later gets it too); each tick publishes the loop's time. Return the timer: invalidating it is `cancel()`.",
                zh:
                    "`Timer.publish(every:on:in:)` 是一个重复的 `Loop.Timer`，第一次在从现在起一个间隔之后（`loop.now + interval`），只加到给定的那个 Mode（`.common` 就原样加 `.common`，这样后来才标记为 common 的 Mode 也有它）；每次触发发布 RunLoop 的时间。把定时器返回：让它失效就是 `cancel()`。"
            ),
            expectedTitle: HarnessText.expected)
    }
}
