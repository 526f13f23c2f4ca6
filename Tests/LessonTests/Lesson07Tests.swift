import Foundation
import Testing

/// Lesson 07: the student's `performAfterDelay` on a thread whose loop runs on a virtual clock.

@Suite("Lesson 07 — Perform after delay is a timer", .serialized, .tags(.lesson07, .level2, .use), .namedInChinese)
struct Lesson07Tests {
    /// Runs `body` on a thread whose own loop (`Loop.current`) is on a fresh virtual clock,
    /// which reads `clockAt` seconds when `body` starts.
    static func onVirtualThread<T: Sendable>(clockAt start: Double = 0, _ body: @escaping @Sendable (Loop) throws -> T) async throws -> T {
        try await Harness.attempt(lesson: 7, registry: LoopRegistry(clock: VirtualClock(startingAt: Instant(seconds: start)))) {
            let loop = Loop.current
            loop.passLimit = 10_000
            return try body(loop)
        }
    }

    // The notes of the scenarios, in the student's language.
    static let workRuns = Text(en: "work runs", zh: "工作执行了")
    static func workRuns(at now: Instant) -> Text { Text(en: "work runs at \(now)", zh: "工作在 \(now) 执行") }
    static func clockReads(_ now: Instant) -> Text {
        Text(en: "the clock reads \(now); performAfterDelay(1.5)", zh: "时钟读数为 \(now)；`performAfterDelay(1.5)`")
    }
    static func nextTimerDue(_ date: String) -> Text {
        Text(en: "the default mode's next timer is due at \(date)", zh: "default Mode 的下一个定时器在 \(date) 到点")
    }
    static let zeroDelayReturned = Text(en: "performAfterDelay(0) returned", zh: "`performAfterDelay(0)` 返回了")
    static let defaultWork = Text(en: "default-mode work", zh: "default Mode 的工作")
    static let workForBoth = Text(en: "work for both modes", zh: "两个 Mode 共用的工作")
    static let trackingWork = Text(en: "work for tracking only", zh: "只给 tracking 的工作")
    static let scrollOver = Text(en: "scroll over: back to default", zh: "滑动结束：回到 default")

    @Test("The work runs after the delay, from a one-shot timer in the current loop", .zh("工作在延迟之后执行，由当前 RunLoop 里的一个一次性定时器触发"), .holds("§2", "§5"))
    func itIsATimer() async throws {
        let (scheduled, lines) = try await Self.onVirtualThread { loop -> (Instant?, [String]) in
            let trace = loop.startTracing()
            try performAfterDelay(1.5) { Loop.current.note(Self.workRuns) }
            let scheduled = loop.nextTimerFireDate(mode: .default)
            try loop.run(mode: .default, timeout: 3)
            return (scheduled, trace.lines([.callouts, .notes]))
        }
        #expect(
            scheduled == Instant(seconds: 1.5),
            Text(
                en: "right after the call, the current loop's default mode must hold a timer due in 1.5 s",
                zh: "调用刚一返回，当前 RunLoop 的 default Mode 里就必须有一个 1.5 秒后到点的定时器"
            ).comment)
        #expect(
            lines.count == 2 && lines[0].contains("1500 ms") && lines[0].contains("timer") && lines[1].contains(Self.workRuns.localized),
            Text(
                en: "the work runs from a timer callout at 1500 ms; the loop did: \(lines)",
                zh: "工作应在 1500 ms 由定时器回调执行；RunLoop 实际做的是：\(lines)"
            ).comment)
    }

    @Test(
        "The delay counts from now: on a clock that reads 100 s, a delay of 1.5 s is due at 101.5 s", .zh("延迟从现在算起：时钟读数为 100 秒时，1.5 秒的延迟在 101.5 秒到点"),
        .holds("§2"))
    func delayCountsFromNow() async throws {
        let lines = try await Self.onVirtualThread(clockAt: 100) { loop -> Lines in
            let trace = loop.startTracing()
            loop.note(Self.clockReads(loop.now))
            try performAfterDelay(1.5) { Loop.current.note(Self.workRuns(at: Loop.current.now)) }
            loop.note(Self.nextTimerDue(loop.nextTimerFireDate(mode: .default).map(\.description) ?? "none"))
            try loop.run(mode: .default, timeout: 3)
            return trace.bilingualLines(.notes, times: false)
        }
        Harness.expectSameLines(
            lines,
            [
                "default   · " + Self.clockReads(Instant(seconds: 100)),
                "default   · " + Self.nextTimerDue(Instant(seconds: 101.5).description),
                "default   · " + Self.workRuns(at: Instant(seconds: 101.5)),
            ],
            hint: Text(
                en:
                    "A loop's clock need not start at 0: the fire date is `loop.now + delay`, not `delay` seconds after the clock's origin (`Instant(seconds: delay)` is already in the past here, so the work ran at once).",
                zh: "RunLoop 的时钟不一定从 0 开始：触发时间是 `loop.now + delay`，而不是从时钟原点算起的第 `delay` 秒（这里 `Instant(seconds: delay)` 早已过去，所以工作立刻就执行了）。"),
            expectedTitle: HarnessText.expected)
    }

    @Test("No running loop, no call", .zh("RunLoop 不运行，就不会调用"), .holds("§7"))
    func noRunningLoopNoCall() async throws {
        let ran = Log()
        try await Self.onVirtualThread { loop in
            // Real time passes and the loop does not run. Only work sent elsewhere (Dispatch,
            // another thread) could run now, and nothing can be awaited from a thread nobody
            // knows: a zero delay makes such work show up at once, and the trace of the tests
            // above already tells a timer callout on this thread from anything else.
            try performAfterDelay(0) { ran.add("ran") }
            Thread.sleep(forTimeInterval: 0.2)
            loop.note(Text(en: "the loop never ran", zh: "RunLoop 从没运行过"))
        }
        #expect(
            ran.count == 0,
            Text(
                en: "the work ran although the thread's loop never ran: a delay must be a timer in the current loop, not Dispatch or another thread",
                zh: "线程的 RunLoop 根本没有运行，工作却执行了：延迟必须是当前 RunLoop 里的一个定时器，而不是 GCD 或另一个线程"
            ).comment)
    }

    @Test("It returns at once: the delay is not a sleep", .zh("它立即返回：延迟不是原地等待"), .holds("§8"))
    func returnsAtOnce() async throws {
        // A delay of an hour, far beyond the harness's hang guard (its 5 s): an answer that waits
        // the delay out has not returned when the guard fires, and the guard says so; one that
        // schedules the work returns at once, however loaded the machine. No time is measured.
        let scheduled = try await Harness.attempt(lesson: 7, registry: LoopRegistry(clock: VirtualClock()), ifStuck: Self.waitedOutTheDelay) {
            try performAfterDelay(3600) {}
            return Loop.current.nextTimerFireDate(mode: .default)
        }
        #expect(
            scheduled == Instant(seconds: 3600),
            Text(
                en: "performAfterDelay(3600) returned, but the current loop's default mode holds no timer due in 3600 s: it must schedule the work and return",
                zh: "`performAfterDelay(3600)` 返回了，可是当前 RunLoop 的 default Mode 里没有 3600 秒后到点的定时器：它应该把工作加入 RunLoop 再返回"
            ).comment)
    }

    static let waitedOutTheDelay = Text(
        en: "performAfterDelay(3600) had not returned: it must schedule the work as a timer and return at once, not wait out the delay",
        zh: "`performAfterDelay(3600)` 一直没有返回：它应该把工作作为定时器加入 RunLoop 后立即返回，而不是原地等完这段延迟")

    @Test(
        "Even a zero delay goes through the loop: the work runs on a later pass, never inside the call", .zh("即使延迟为 0 也要经过 RunLoop：工作在之后的某一轮循环里执行，绝不在调用里面"),
        .holds("§6"))
    func zeroDelayIsStillATimer() async throws {
        let lines = try await Self.onVirtualThread { loop -> Lines in
            let trace = loop.startTracing()
            try performAfterDelay(0) { Loop.current.note(Self.workRuns) }
            loop.note(Self.zeroDelayReturned)
            try loop.run(mode: .default, timeout: 1)
            return trace.bilingualLines([.callouts, .notes], times: false)
        }
        let expected: Lines = ["default   · " + Self.zeroDelayReturned, .verbatim("default   timer \"…\""), "default   · " + Self.workRuns]
        Harness.expectSameLines(
            Harness.renaming("timer", to: "…", in: lines),
            expected,
            hint: Text(
                en: "A delay of 0 is still a timer: it is due at once, but it fires only when the loop runs — never inside the call.",
                zh: "延迟为 0 也仍然是一个定时器：它立刻到点，但只有 RunLoop 运行时才会触发——绝不会在调用里面执行。"),
            expectedTitle: HarnessText.expected)
    }

    @Test("It obeys modes: default-mode work waits while the loop runs another mode", .zh("它遵守 Mode：RunLoop 运行别的 Mode 时，default Mode 的工作要等着"), .holds("§3"))
    func obeysModes() async throws {
        let lines = try await Self.onVirtualThread { loop -> Lines in
            let trace = loop.startTracing()
            try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            try performAfterDelay(1) { Loop.current.note(Self.defaultWork) }
            try performAfterDelay(1, inModes: [.default, .tracking]) { Loop.current.note(Self.workForBoth) }
            try performAfterDelay(1.5, inModes: [.tracking]) { Loop.current.note(Self.trackingWork) }
            try loop.run(mode: .tracking, timeout: 2)
            loop.note(Self.scrollOver)
            try loop.run(mode: .default, timeout: 1)
            return trace.bilingualLines(.notes)
        }
        let expected: Lines = [
            "   1000 ms  tracking  · " + Self.workForBoth,
            "   1500 ms  tracking  · " + Self.trackingWork,
            "   2000 ms  default   · " + Self.scrollOver,
            "   2000 ms  default   · " + Self.defaultWork,
        ]
        Harness.expectSameLines(
            lines, expected,
            hint: Text(
                en:
                    "Add the timer to each of `modes` of the current loop, and to no other mode: while the loop runs the tracking mode, only work scheduled for tracking can fire; the rest waits for the default mode — and work for tracking alone never runs in default.",
                zh:
                    "把定时器加到当前 RunLoop 的 `modes` 里的每一个 Mode，别的 Mode 都不加：RunLoop 运行 tracking Mode 时，只有加在 tracking 里的工作能触发，其余的要等 default Mode——而只加在 tracking 里的工作绝不在 default 里执行。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test("The work runs on the thread that asked", .zh("工作在发起调用的线程上执行"), .holds("§1"))
    func runsOnTheCallingThread() async throws {
        let (asker, runner) = try await Self.onVirtualThread { loop -> (ThreadID, ThreadID?) in
            let runner = Lock<ThreadID?>(nil)
            try performAfterDelay(0.5) { runner.withLock { $0 = ThreadID.current } }
            try loop.run(mode: .default, timeout: 1)
            return (ThreadID.current, runner.withLock { $0 })
        }
        let runnerName = runner.map(\.description)
        #expect(
            runner == asker,
            Text(
                en: "the work ran on \(runnerName ?? "no thread"), not on the thread that asked (\(asker))",
                zh: "工作应在发起调用的线程（\(asker)）上执行；实际执行它的线程：\(runnerName ?? "无")"
            ).comment)
    }

    @Test("An empty modes list schedules nothing: the work never runs, in any mode", .zh("modes 为空就什么都不加：工作在哪个 Mode 里都不执行"), .holds("§4"))
    func emptyModes() async throws {
        let ran = Log()
        try await Self.onVirtualThread { loop in
            try performAfterDelay(0.5, inModes: []) { ran.add("ran") }
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            try loop.run(mode: .default, timeout: 1)
            try loop.run(mode: .tracking, timeout: 1)
        }
        #expect(
            ran.count == 0,
            Text(
                en:
                    "with no modes the work ran anyway: an empty modes list means no mode at all (Foundation then returns without performing), not the default mode",
                zh: "没有给任何 Mode，工作却执行了：空的 modes 表示一个 Mode 也没有（Foundation 这时直接返回，不执行），而不是 default Mode"
            ).comment)
    }

    @Test("Invalidating the returned timer cancels the work", .zh("让返回的定时器失效，就取消了这份工作"), .holds("§9"))
    func cancel() async throws {
        let ran = Log()
        try await Self.onVirtualThread { loop in
            let timer = try performAfterDelay(0.5) { ran.add("ran") }
            timer.invalidate()   // cancelPreviousPerformRequestsWithTarget:
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.run(mode: .default, timeout: 1)
        }
        #expect(
            ran.count == 0,
            Text(
                en: "the returned object must be the timer that carries the work",
                zh: "返回的对象必须就是承载这份工作的那个定时器"
            ).comment)
    }
}
