import Foundation
import Testing

/// Lesson 22: the student's three tickers on the main loop of a fresh registry (virtual clock, the
/// tracking mode marked common as UIKit does, a `sheet` mode that is not), made on the main thread
/// or on a thread whose body returns without running its loop; a scroll is a run of the tracking
/// mode, a busy main thread a callout that takes virtual time. The tests read the notes the ticks
/// write when they come.
@Suite("Lesson 22 — Timers without a running loop", .serialized, .tags(.lesson22, .level2, .use), .namedInChinese)
struct Lesson22Tests {
    /// A private mode (a sheet's modal mode), not marked common.
    static let sheet: Loop.Mode = "sheet"

    /// What a scenario gets: the main loop, its registry, the virtual clock, the main loop's actor.
    struct World: Sendable {
        let loop: Loop
        let registry: LoopRegistry
        let clock: VirtualClock
        let actor: MainLoopActor

        /// A callout that keeps the main thread busy for `seconds` (virtual time).
        func busy(_ seconds: Double) { clock.advance(by: seconds) }
    }

    /// Runs `body` on the main thread of a fresh registry on a virtual clock: the tracking mode is
    /// marked common, and a port in default, tracking and `sheet` keeps each run to its timeout.
    static func onMainLoop<T: Sendable>(timeout: Double = 5, _ body: @escaping @Sendable (World) throws -> T) throws -> T {
        let clock = VirtualClock()
        let registry = LoopRegistry(clock: clock)
        let actor = MainLoopActor(executor: MainLoopExecutor(registry: registry))
        let outcome = Lock<Result<T, any Error>?>(nil)
        let main = LoopThread(name: "main", registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)
            let result = Result { () throws -> T in
                for mode in [Loop.Mode.default, .tracking, sheet] { try loop.add(Loop.Port(name: "keep-alive"), forMode: mode) }
                return try body(World(loop: loop, registry: registry, clock: clock, actor: actor))
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

    static func attempt<T: Sendable>(_ body: @escaping @Sendable (World) throws -> T) async throws -> T {
        try await Harness.attempt(lesson: 22) { try onMainLoop(body) }
    }

    /// Starts a thread of `registry` that runs `body` and returns without running its loop, as a
    /// `Task`'s pool thread or a `Thread` does; waits until it is gone.
    static func onAThreadThatNeverRunsItsLoop(_ registry: LoopRegistry, _ body: @escaping @Sendable () throws -> Void) throws {
        let worker = LoopThread(name: "worker", registry: registry) { try? body() }
        try worker.start()
        _ = worker.join(timeout: 2)
    }

    // The notes of the scenarios, in the student's language.
    static func timerTicks(_ who: String) -> Text {
        Text(en: "\(who): Timer ticks", zh: "\(who)：`Timer` 触发")
    }
    static func sourceTicks(_ who: String, data: UInt) -> Text {
        Text(en: "\(who): source ticks, data \(data)", zh: "\(who)：GCD 定时器触发，`data` \(data)")
    }
    static func taskTicks(_ who: String) -> Text {
        Text(en: "\(who): task ticks", zh: "\(who)：Task 触发")
    }
    static let scrollBegins = Text(en: "the scroll begins", zh: "滑动开始")
    static let scrollEnds = Text(en: "the scroll ends", zh: "滑动结束")
    static let sheetShown = Text(en: "a sheet: its private mode runs", zh: "弹出一个 `sheet`：运行它的私有 Mode")
    static let sheetGone = Text(en: "the sheet is gone", zh: "`sheet` 关掉了")
    static let callReturned = Text(en: "the call returned", zh: "调用返回了")
    static let cancelled = Text(en: "the ticker is stopped", zh: "定时器停掉了")

    @Test(
        "A Timer scheduled on a thread that never runs its loop never ticks; on the main thread it waits out a scroll and skips what a busy thread missed",
        .zh("在从不运行 RunLoop 的线程上创建的 `Timer` 永远不触发；在主线程上它要等滑动结束，主线程忙时错过的触发被跳过"),
        .holds("§1", "§2", "§3"))
    func scheduledTimer() async throws {
        let lines = try await Self.attempt { world -> [String] in
            let loop = world.loop
            let trace = loop.startTracing()
            try Self.onAThreadThatNeverRunsItsLoop(world.registry) {
                try scheduledTicker(every: 0.5) { Loop.current.note(Self.timerTicks("worker")) }
            }
            try scheduledTicker(every: 1) { Loop.current.note(Self.timerTicks("main")) }
            try loop.run(mode: .default, timeout: 1.5)
            loop.note(Self.scrollBegins)
            try loop.run(mode: .tracking, timeout: 2)
            loop.note(Self.scrollEnds)
            try loop.run(mode: .default, timeout: 1)
            world.registry.mainQueue.async(name: "a long layout pass") { world.busy(1.7) }
            try loop.run(mode: .default, timeout: 2)
            return trace.lines(.notes)
        }
        Harness.expectSameLines(
            lines,
            [
                "   1000 ms  default   · \(Self.timerTicks("main").localized)",
                "   1500 ms  default   · \(Self.scrollBegins.localized)",
                "   3500 ms  default   · \(Self.scrollEnds.localized)",
                "   3500 ms  default   · \(Self.timerTicks("main").localized)",
                "   4000 ms  default   · \(Self.timerTicks("main").localized)",
                "   6200 ms  default   · \(Self.timerTicks("main").localized)",
            ],
            hint: Text(
                en:
                    "`Timer.scheduledTimer` schedules on the calling thread's loop (`Loop.current`), in the default mode only: a repeating `Loop.Timer` first due at `now + interval`. A worker thread that never runs its loop never fires it; on the main thread it waits out the scroll, and after a busy stretch it fires once and keeps its phase.",
                zh:
                    "`Timer.scheduledTimer` 加到调用它的线程的 RunLoop（`Loop.current`）上，而且只加 default Mode：一个重复的 `Loop.Timer`，第一次在 `now + interval`。从不运行 RunLoop 的工作线程永远不会触发它；在主线程上它要等滑动结束，主线程忙过一阵之后只触发一次，时间表不变。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "A DispatchSourceTimer on the main queue ticks during a scroll; a private mode holds it, and the fires it missed come as one call",
        .zh("主队列上的 `DispatchSourceTimer` 在滑动期间照常触发；私有 Mode 会拦住它，错过的几次触发合成一次调用"),
        .holds("§4", "§5", "§6"))
    func dispatchSourceThroughAScroll() async throws {
        let lines = try await Self.attempt { world -> [String] in
            let loop = world.loop
            let trace = loop.startTracing()
            let source = dispatchTicker(every: 1, on: world.registry) { Loop.current.note(Self.sourceTicks("main", data: $0)) }
            try loop.run(mode: .default, timeout: 1.5)
            loop.note(Self.scrollBegins)
            try loop.run(mode: .tracking, timeout: 2)
            loop.note(Self.sheetShown)
            try loop.run(mode: Self.sheet, timeout: 2.2)
            loop.note(Self.sheetGone)
            try loop.run(mode: .default, timeout: 1)
            source.cancel()
            loop.note(Self.cancelled)
            try loop.run(mode: .default, timeout: 2)
            return trace.lines(.notes)
        }
        Harness.expectSameLines(
            lines,
            [
                "   1000 ms  default   · \(Self.sourceTicks("main", data: 1).localized)",
                "   1500 ms  default   · \(Self.scrollBegins.localized)",
                "   2000 ms  tracking  · \(Self.sourceTicks("main", data: 1).localized)",
                "   3000 ms  tracking  · \(Self.sourceTicks("main", data: 1).localized)",
                "   3500 ms  default   · \(Self.sheetShown.localized)",
                "   5700 ms  default   · \(Self.sheetGone.localized)",
                "   5700 ms  default   · \(Self.sourceTicks("main", data: 2).localized)",
                "   6000 ms  default   · \(Self.sourceTicks("main", data: 1).localized)",
                "   6700 ms  default   · \(Self.cancelled.localized)",
            ],
            hint: Text(
                en:
                    "A timer source is not a run-loop timer: `DispatchTimerSource(queue: registry.mainQueue)`, `schedule(deadline: registry.clock.now + interval, repeating: interval)`, a handler that passes `source.data` on, then `resume()`. Its handler runs on the main queue, served in every common mode (the scroll's too) but not in a private mode; the fires missed meanwhile come as one call whose `data` counts them.",
                zh:
                    "GCD 定时器不是 RunLoop 定时器：`DispatchTimerSource(queue: registry.mainQueue)`，`schedule(deadline: registry.clock.now + interval, repeating: interval)`，回调把 `source.data` 传出去，然后 `resume()`。它的回调在主队列上执行，主队列在每个标记为 common 的 Mode 里都会被处理（滑动的也是），但私有 Mode 里不会；其间错过的几次触发合成一次调用，`data` 就是次数。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "On a busy main thread the Timer skips, the source merges, the sleeping task drifts",
        .zh("主线程忙的时候：`Timer` 跳过，GCD 定时器合并，休眠的 Task 漂移"), .holds("§3", "§6", "§7", "§8"))
    func aBusyMainThread() async throws {
        let lines = try await Self.attempt { world -> [String] in
            let loop = world.loop
            let trace = loop.startTracing()
            try scheduledTicker(every: 1) { Loop.current.note(Self.timerTicks("main")) }
            let source = dispatchTicker(every: 1, on: world.registry) { Loop.current.note(Self.sourceTicks("main", data: $0)) }
            sleepingTicker(every: 1, count: 3, on: world.actor) { Loop.current.note(Self.taskTicks("main")) }
            let layout = try Loop.Timer(name: "a long layout pass", fireDate: loop.now + 1.5) { _ in world.busy(2.2) }
            try loop.add(layout, forMode: .default)
            try loop.run(mode: .default, timeout: 4.8)
            source.cancel()
            return trace.lines(.notes)
        }
        Harness.expectSameLines(
            lines,
            [
                "   1000 ms  default   · \(Self.timerTicks("main").localized)",
                "   1000 ms  default   · \(Self.sourceTicks("main", data: 1).localized)",
                "   1000 ms  default   · \(Self.taskTicks("main").localized)",
                "   3700 ms  default   · \(Self.timerTicks("main").localized)",
                "   3700 ms  default   · \(Self.sourceTicks("main", data: 2).localized)",
                "   3700 ms  default   · \(Self.taskTicks("main").localized)",
                "   4000 ms  default   · \(Self.timerTicks("main").localized)",
                "   4000 ms  default   · \(Self.sourceTicks("main", data: 1).localized)",
                "   4700 ms  default   · \(Self.taskTicks("main").localized)",
            ],
            hint: Text(
                en:
                    "From 1.5 s to 3.7 s the main thread is busy. The Timer then fires once and goes back to its phase (4 s); the source's handler runs once with `data` 2 (the fires at 2 and 3 s) and keeps its phase; the task's sleep ended at 2 s, its tick waits for the main queue (3.7 s), and its next sleep counts from there (4.7 s). Each ticker is made the way its Foundation, Dispatch or Swift counterpart is.",
                zh:
                    "从 1.5 秒到 3.7 秒主线程在忙。之后 `Timer` 只触发一次，然后回到原来的时间表（4 秒）；GCD 定时器的回调执行一次，`data` 是 2（2 秒和 3 秒的两次），时间表不变；Task 的休眠在 2 秒结束，它的触发要等主队列（3.7 秒），下一次休眠从那时算起（4.7 秒）。每种定时器都照它在 Foundation、GCD 或 Swift 里的样子写。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "A main-actor task that sleeps ticks during a scroll, waits out a private mode, and stops after its count",
        .zh("在主 actor 上休眠的 Task 在滑动期间照常触发，要等私有 Mode 结束，触发够次数就停"), .holds("§7", "§8"))
    func sleepingTaskThroughAScroll() async throws {
        let lines = try await Self.attempt { world -> [String] in
            let loop = world.loop
            let trace = loop.startTracing()
            sleepingTicker(every: 1, count: 4, on: world.actor) { Loop.current.note(Self.taskTicks("main")) }
            loop.note(Self.callReturned)
            try loop.run(mode: .default, timeout: 1.5)
            loop.note(Self.scrollBegins)
            try loop.run(mode: .tracking, timeout: 1)
            loop.note(Self.sheetShown)
            try loop.run(mode: Self.sheet, timeout: 1.5)
            loop.note(Self.sheetGone)
            try loop.run(mode: .default, timeout: 3)
            return trace.lines(.notes)
        }
        Harness.expectSameLines(
            lines,
            [
                "      0 ms  default   · \(Self.callReturned.localized)",
                "   1000 ms  default   · \(Self.taskTicks("main").localized)",
                "   1500 ms  default   · \(Self.scrollBegins.localized)",
                "   2000 ms  tracking  · \(Self.taskTicks("main").localized)",
                "   2500 ms  default   · \(Self.sheetShown.localized)",
                "   4000 ms  default   · \(Self.sheetGone.localized)",
                "   4000 ms  default   · \(Self.taskTicks("main").localized)",
                "   5000 ms  default   · \(Self.taskTicks("main").localized)",
            ],
            hint: Text(
                en:
                    "`Task { @MainActor in }` is `actor.assumeIsolated { actor in Task { _ = actor; … } }`; in it, `count` times: `await actor.sleep(for: interval)`, then `tick()`. Its jobs are main-queue blocks: they run during a scroll, wait in a private mode, and each sleep starts when the tick before it ran.",
                zh:
                    "`Task { @MainActor in }` 就是 `actor.assumeIsolated { actor in Task { _ = actor; … } }`；在里面循环 `count` 次：`await actor.sleep(for: interval)`，然后 `tick()`。它的 job 就是主队列里的 Block：滑动期间照常执行，在私有 Mode 里等待，每次休眠都从上一次触发执行的时刻开始算。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "Made on a thread that never runs its loop, the source and the main-actor task tick, the Timer does not",
        .zh("在从不运行 RunLoop 的线程上创建时，GCD 定时器和主 actor 的 Task 会触发，`Timer` 不会"), .holds("§2", "§4", "§9"))
    func madeOffTheMainThread() async throws {
        let ticked = try await Self.attempt { world -> [String] in
            let loop = world.loop
            let trace = loop.startTracing()
            let sources = Lock<[DispatchTimerSource]>([])
            try Self.onAThreadThatNeverRunsItsLoop(world.registry) {
                try scheduledTicker(every: 1) { Loop.current.note(Self.timerTicks("worker")) }
                let source = dispatchTicker(every: 1, on: world.registry) { Loop.current.note(Self.sourceTicks("worker", data: $0)) }
                sources.withLock { $0.append(source) }
                // `Task { @MainActor in … }` made here: its first job goes to the main queue.
                world.registry.mainQueue.async(name: "Task { @MainActor in }") {
                    sleepingTicker(every: 1, count: 1, on: world.actor) { Loop.current.note(Self.taskTicks("worker")) }
                }
            }
            try loop.run(mode: .default, timeout: 1.5)
            for source in sources.withLock({ $0 }) { source.cancel() }
            return trace.lines(.notes, times: false)
        }
        let saw = Set(
            Ticker.allCases.filter { ticker in
                let note = [
                    Ticker.scheduledTimer: Self.timerTicks("worker"), .dispatchSource: Self.sourceTicks("worker", data: 1),
                    .sleepingTask: Self.taskTicks("worker"),
                ][ticker]!
                return ticked.contains("default   · \(note.localized)")
            })
        let answer = tickersThatTickWhenMadeOffTheMainThread()
        let expected: Set<Ticker> = [.dispatchSource, .sleepingTask]
        func line(_ set: Set<Ticker>) -> String { set.map(\.rawValue).sorted().joined(separator: ", ") }
        Harness.expectSameLines(
            [
                "your tickers that ticked: \(line(saw))",
                "your answer: \(line(answer))",
            ],
            [
                "your tickers that ticked: \(line(expected))",
                "your answer: \(line(expected))",
            ],
            hint: Text(
                en:
                    "A Timer belongs to the loop of the thread that scheduled it, and only that thread's run of its loop fires it: a worker whose body returns (a Task's pool thread too, where RunLoop.current is noasync) never runs it. A timer source is fired by the system and handled on its queue; a main-actor task's jobs go to the main queue: neither needs the making thread's loop.",
                zh:
                    "`Timer` 属于创建它的那个线程的 RunLoop，只有那个线程运行自己的 RunLoop 才会触发它：函数体一返回就结束的工作线程（还有 Task 所在的线程池线程，那里 `RunLoop.current` 是 `noasync` 的）从不运行它。GCD 定时器由系统触发、在它的队列上处理；主 actor 的 Task 的 job 交给主队列：两者都不需要创建它的线程的 RunLoop。"
            ),
            expectedTitle: HarnessText.expected)
    }
}
