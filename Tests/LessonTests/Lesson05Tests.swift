import Dispatch
import Foundation
import Synchronization
import Testing

/// Lesson 05: the student's door bell, rung across threads (short waits) and on a virtual clock.

@Suite("Lesson 05 — Source0: signal and wake", .serialized, .tags(.lesson05, .level2, .use), .namedInChinese)
struct Lesson05Tests {
    static let stuck = Text(
        en: "did ring() wake the loop? A signalled source waits for a wake-up",
        zh: "`ring()` 唤醒 RunLoop 了吗？被标记的事件源要等到 RunLoop 被唤醒才会处理")

    /// When the bell never ran.
    static let neverRan = Text(
        en: "the sleeping loop never ran the bell: after signal(), call wakeUp() on the loop",
        zh: "休眠的 RunLoop 一直没有执行门铃：`signal()` 之后，要对 RunLoop 调用 `wakeUp()`")

    /// A thread whose loop sleeps in the default mode (kept alive by a port) in runs of 30 s,
    /// until told to finish; it records how each run ended.
    final class Sleeper: Sendable {
        let thread: LoopThread
        private let state = SleeperState()

        init() throws {
            let state = self.state
            let ready = DispatchSemaphore(value: 0)
            thread = LoopThread(name: "sleeper") {
                let loop = Loop.current
                try? loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
                state.loop.withLock { $0 = loop }
                ready.signal()
                while !state.finished.load(ordering: .relaxed) {
                    guard let result = try? loop.run(mode: .default, timeout: 30) else { return }
                    state.runsEnded.withLock { $0.append(result) }
                }
            }
            try thread.start()
            ready.wait()
            _ = waitUntilAsleep()
        }

        var loop: Loop { state.loop.withLock { $0! } }

        /// How the loop's runs ended so far (a ring must end none).
        var runsEnded: [Loop.RunResult] { state.runsEnded.withLock { $0 } }

        /// Waits up to 2 s for the loop to sleep.
        func waitUntilAsleep() -> Bool {
            let loop = self.loop
            return untilBlocking(2) { loop.isWaiting }
        }

        func finish() {
            state.finished.store(true, ordering: .relaxed)
            for _ in 0..<100 where !thread.isFinished {
                loop.stop()
                if thread.join(timeout: 0.02) { break }
            }
        }
    }

    final class SleeperState: Sendable {
        let loop = Lock<Loop?>(nil)
        let runsEnded = Lock<[Loop.RunResult]>([])
        let finished = Atomic(false)
    }

    @Test(
        "Ringing from another thread wakes the sleeping loop, which runs the bell on its own thread", .zh("从另一个线程按铃会唤醒休眠的 RunLoop，门铃在 RunLoop 自己的线程上执行"),
        .holds("§2", "§5", "§7"))
    func ringWakes() async throws {
        let (ranOn, loopThread, ringer) = try await Harness.attempt(lesson: 5, timeout: 3, ifStuck: Self.stuck) { () -> (ThreadID?, ThreadID?, ThreadID) in
            let sleeper = try Sleeper()
            defer { sleeper.finish() }
            let ranOn = Lock<ThreadID?>(nil)
            let rang = DispatchSemaphore(value: 0)
            let bell = try DoorBell(on: sleeper.loop) {
                ranOn.withLock { $0 = ThreadID.current }
                rang.signal()
            }
            bell.ring()
            _ = rang.wait(timeout: .now() + 1)
            return (ranOn.withLock { $0 }, sleeper.thread.id, ThreadID.current)
        }
        let ran = try #require(ranOn, Self.neverRan.comment)
        let loopThreadName = loopThread.map(\.description) ?? "?"
        #expect(
            ran == loopThread && ran != ringer,
            Text(
                en: "the bell ran on \(ran), not on the loop's thread (\(loopThreadName)); ring() was called on \(ringer): let the loop run it",
                zh: "门铃在 \(ran) 上执行了，而不是在 RunLoop 的线程（\(loopThreadName)）上；`ring()` 是在 \(ringer) 上调用的：让 RunLoop 去执行它"
            ).comment)
    }

    @Test(
        "A ring wakes the loop without ending its run: after the bell it sleeps on in the same run", .zh("按铃唤醒 RunLoop，但不结束它的运行：门铃之后它在同一次运行里接着休眠"), .holds("§8")
    )
    func ringDoesNotEndTheRun() async throws {
        let (rang, asleepAgain, runsEnded) = try await Harness.attempt(lesson: 5, timeout: 3, ifStuck: Self.stuck) { () -> (Bool, Bool, [Loop.RunResult]) in
            let sleeper = try Sleeper()
            defer { sleeper.finish() }
            let rang = DispatchSemaphore(value: 0)
            let bell = try DoorBell(on: sleeper.loop) { rang.signal() }
            bell.ring()
            let ran = rang.wait(timeout: .now() + 1) == .success
            let asleep = sleeper.waitUntilAsleep()
            return (ran, asleep, sleeper.runsEnded)
        }
        #expect(rang, Self.neverRan.comment)
        #expect(asleepAgain, Text(en: "after the bell, the loop did not go back to sleep", zh: "门铃执行之后，RunLoop 没有回去休眠").comment)
        let ended = runsEnded.map(\.description).joined(separator: ", ")
        #expect(
            runsEnded.isEmpty,
            Text(
                en:
                    "ring() ended the loop's 30-second run (\(ended)): wake the loop with wakeUp(), don't stop() it — a stop ends whatever run the loop's owner is in",
                zh: "`ring()` 结束了 RunLoop 那次 30 秒的运行（`\(ended)`）：要用 `wakeUp()` 唤醒 RunLoop，不要 `stop()` 它——`stop()` 会结束 RunLoop 的持有者正在进行的任何一次运行"
            ).comment)
    }

    /// Who rings in ``ringOnTheWayToSleep(from:_:)``.
    enum Ringer: String, Sendable, CustomStringConvertible {
        case anotherThread = "another thread"
        case loopThread = "the loop's own thread"
        var description: String { rawValue }
    }

    static let atFiveSeconds = Text(en: "the loop's timer at 5 s", zh: "RunLoop 在 5 秒的定时器")
    static let quietSource = Text(en: "a source signalled with the ring", zh: "和按铃一起被标记的事件源")

    /// On a virtual clock, the loop's first pass ends (its before-waiting observers run, it is
    /// about to sleep) and `ring` is called right then — by the loop's own thread, or by another
    /// thread that the loop waits for. The loop's only other reason to wake is a timer at 5 s:
    /// a woken loop runs the bell at 0 ms, one that was not woken runs it at 5000 ms. Whether
    /// the ring woke the loop is a time in the trace, not a wait that might be too short.
    static func ringOnTheWayToSleep(from ringer: Ringer, _ setUp: @escaping @Sendable (Loop) throws -> @Sendable () -> Void) async throws -> Lines {
        try await Harness.attempt(lesson: 5) { () -> Lines in
            let loop = Loop(clock: VirtualClock())
            loop.passLimit = 1_000
            let trace = loop.startTracing()
            try loop.add(try Loop.Timer(name: "at 5 s", fireDate: loop.now + 5) { _ in Loop.current.note(Self.atFiveSeconds) }, forMode: .default)
            let ring = try setUp(loop)
            let onTheWay = Loop.Observer(name: "on the way to sleep", activities: .beforeWaiting, repeats: false) { _ in
                switch ringer {
                case .loopThread:
                    Self.ringing.store(true, ordering: .relaxed)
                    ring()
                    Self.ringing.store(false, ordering: .relaxed)
                case .anotherThread:
                    let rung = DispatchSemaphore(value: 0)
                    Thread {
                        ring(); rung.signal()
                    }.start()
                    _ = rung.wait(timeout: .now() + 2)
                }
            }
            try loop.add(onTheWay, forMode: .default)
            _ = try loop.run(mode: .default, timeout: 6)
            return trace.bilingualLines(.notes)
        }
    }

    /// True while the loop's own thread is inside `ring()`: a bell that runs then was run by
    /// `ring()` itself, not by the loop.
    static let ringing = Atomic(false)
    static let insideRing = Text(en: "bell, run inside ring()", zh: "门铃，在 `ring()` 里面执行的")

    static func at(_ milliseconds: Int, _ note: Text) -> Text {
        String(repeating: " ", count: max(0, 7 - String(milliseconds).count)) + "\(milliseconds) ms  default   · " + note
    }

    @Test(
        "A ring that comes while the loop is on its way to sleep still wakes it", .zh("RunLoop 正要休眠时按下的铃，照样能唤醒它"),
        .holds("§5", "§6", "§7"),
        arguments: [Ringer.anotherThread, .loopThread])
    func ringOnTheWayToSleep(_ ringer: Ringer) async throws {
        let lines = try await Self.ringOnTheWayToSleep(from: ringer) { loop in
            let bell = try DoorBell(on: loop) { Loop.current.note(Self.ringing.load(ordering: .relaxed) ? Self.insideRing : .verbatim("bell")) }
            return { bell.ring() }
        }
        Harness.expectSameLines(
            lines, [Self.at(0, .verbatim("bell")), Self.at(5000, Self.atFiveSeconds)],
            hint: Text(
                en: """
                    The bell was rung by \(ringer) just as the loop was about to sleep (it had told its \
                    before-waiting observers), and it ran only when the loop's timer woke the loop at 5 s. \
                    ring() must always call wakeUp() after signal(), whoever rings: a wake-up sent before the \
                    loop sleeps is kept, and the sleep ends at once. Checking isWaiting first, or skipping the \
                    wake-up on the loop's own thread, loses this race. And ring() never runs the bell itself, \
                    not even on the loop's own thread: the loop runs it, on a pass of its own.
                    """,
                zh: """
                    \(ringer == .loopThread ? "RunLoop 自己的线程" : "另一个线程")在 RunLoop 正要休眠的那一刻（它已经通知了 `beforeWaiting` \
                    观察者）按了铃，门铃却要等到 5 秒时 RunLoop 被定时器唤醒才执行。不管是谁按铃，`ring()` 都必须在 `signal()` \
                    之后总是调用 `wakeUp()`：RunLoop 休眠之前收到的唤醒会被记住，休眠会立刻结束。先检查 `isWaiting` 再决定唤不唤醒，\
                    或者在 RunLoop 自己的线程上省掉唤醒，都会输掉这场竞争。而且 `ring()` 绝不自己执行门铃，在 RunLoop 自己的线程上\
                    也一样：由 RunLoop 在它自己的某一轮循环里执行。
                    """), expectedTitle: HarnessText.expected)
    }

    @Test("A ring's wake-up runs every signalled source at once, not at the loop's next timer", .zh("按铃的唤醒立刻执行所有被标记的事件源，而不是等到 RunLoop 的下一个定时器"), .holds("§7"))
    func ringRunsEverySignalledSource() async throws {
        let lines = try await Self.ringOnTheWayToSleep(from: .anotherThread) { loop in
            let quiet = Loop.Source(name: "signalled only") { Loop.current.note(Self.quietSource) }
            try loop.add(quiet, forMode: .default)
            let bell = try DoorBell(on: loop) { Loop.current.note("bell") }
            return {
                quiet.signal(); bell.ring()
            }
        }
        Harness.expectSameLines(
            lines, [Self.at(0, Self.quietSource), Self.at(0, .verbatim("bell")), Self.at(5000, Self.atFiveSeconds)],
            hint: Text(
                en:
                    "A signal alone leaves a sleeping loop asleep until something else wakes it (here its timer, at 5 s). The ring's wake-up makes the loop run a pass at once, and that pass runs every signalled source: signal(), then wakeUp().",
                zh: "只标记不唤醒，休眠的 RunLoop 会一直睡到别的东西把它叫醒（这里是它 5 秒的定时器）。按铃的唤醒让 RunLoop 立刻跑一轮循环，这一轮会执行所有被标记的事件源：先 `signal()`，再 `wakeUp()`。"),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "ring() signals before it wakes: a loop woken first would find nothing to run and sleep on", .zh("`ring()` 先标记再唤醒：先被唤醒的 RunLoop 找不到可执行的东西，会接着睡"),
        .holds("§7"))
    func signalThenWake() async throws {
        let (ranBeforeRingReturned, ranAtAll) = try await Harness.attempt(lesson: 5, timeout: 3, ifStuck: Self.stuck) { () -> (Bool, Bool) in
            let sleeper = try Sleeper()
            defer { sleeper.finish() }
            let loop = sleeper.loop
            let rang = Log()
            let bell = try DoorBell(on: loop) { rang.add("bell") }
            let hold = try WakeUpHold(on: loop, mode: .default)
            guard sleeper.waitUntilAsleep() else { return (false, false) }
            hold.holdingEachWakeUp { bell.ring() }
            let ranBeforeRingReturned = rang.count == 1
            return (ranBeforeRingReturned, ranBeforeRingReturned || untilBlocking(0.5) { rang.count == 1 })
        }
        #expect(
            ranBeforeRingReturned,
            Text(
                en: """
                    ring() woke the loop before the bell was signalled\(ranAtAll ? "" : " (or never woke it)"): the loop woke, found no signalled \
                    source, and went back to sleep — the signal that came next woke nobody\(ranAtAll ? " (here something else woke the loop later)" : ""). \
                    Signal the source first, then wake the loop: the pass the wake-up causes must see the signal.
                    """,
                zh: """
                    `ring()` 在标记门铃之前就唤醒了 RunLoop\(ranAtAll ? "" : "（或者根本没有唤醒它）")：RunLoop 醒来，没有找到被标记的事件源，\
                    又睡了回去——随后到来的标记没有唤醒任何人\(ranAtAll ? "（这里是后来别的东西唤醒了 RunLoop）" : "")。先标记事件源，再唤醒 RunLoop：\
                    唤醒带来的那一轮循环必须看得到这个标记。
                    """
            ).comment)
    }

    // The notes of the bells, in the student's language.
    static let rungFirst = Text(en: "order 0, rung first", zh: "`order` 0，先按响的")
    static let rungSecond = Text(en: "order 0, rung second", zh: "`order` 0，后按响的")
    static let bellForBoth = Text(en: "bell for both modes", zh: "两个 Mode 共用的门铃")

    @Test("Bells rung together run by order, then in the order they were rung", .zh("同时按下的门铃先按 `order`、再按按铃的先后执行"), .holds("§4"))
    func order() async throws {
        let lines = try await Harness.attempt(lesson: 5) { () -> Lines in
            let loop = Loop(clock: VirtualClock())
            loop.passLimit = 1_000
            let trace = loop.startTracing()
            let late = try DoorBell(on: loop, order: 1) { Loop.current.note("order 1") }
            let first = try DoorBell(on: loop, order: 0) { Loop.current.note(Self.rungFirst) }
            let second = try DoorBell(on: loop, order: 0) { Loop.current.note(Self.rungSecond) }
            late.ring()
            first.ring()
            second.ring()
            try loop.run(mode: .default, timeout: 0.1)
            return trace.bilingualLines(.notes, times: false)
        }
        Harness.expectSameLines(
            lines, ["default   · " + Self.rungFirst, "default   · " + Self.rungSecond, .verbatim("default   · order 1")],
            hint: Text(
                en:
                    "Give the source the bell's order: `Loop.Source(name:order:perform:)`. The loop runs signalled sources by order, then by when they were signalled.",
                zh: "把门铃的 `order` 交给事件源：`Loop.Source(name:order:perform:)`。RunLoop 先按 `order`、再按被标记的先后执行被标记的事件源。"),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "Rings before the loop gets to the bell count once; the bell runs on the loop, not in ring()",
        .zh("RunLoop 处理之前按的几次铃只算一次；门铃在 RunLoop 上执行，而不是在 `ring()` 里"), .holds("§3", "§6"))
    func ringsCoalesce() async throws {
        let (duringRing, afterRun) = try await Harness.attempt(lesson: 5) { () -> (Int, Int) in
            let loop = Loop(clock: VirtualClock())
            loop.passLimit = 1_000
            let count = Log()
            let bell = try DoorBell(on: loop) { count.add("ring") }
            bell.ring()
            bell.ring()
            bell.ring()
            let duringRing = count.count
            try loop.run(mode: .default, timeout: 0.1)
            return (duringRing, count.count)
        }
        #expect(
            duringRing == 0,
            Text(
                en: "ring() ran the work itself: it must only signal the source and wake the loop",
                zh: "`ring()` 自己执行了工作：它只能标记事件源并唤醒 RunLoop"
            ).comment)
        #expect(
            afterRun == 1,
            Text(
                en: "three rings before the loop ran gave \(afterRun) calls: a signal is a flag, not a counter",
                zh: "RunLoop 运行之前按了三次铃，结果调用了 \(afterRun) 次：标记是一个标志位，不是计数器"
            ).comment)
    }

    @Test("A bell of the default mode waits while the loop runs another mode", .zh("RunLoop 运行别的 Mode 时，default Mode 的门铃要等着"), .holds("§1", "§2"))
    func modes() async throws {
        let lines = try await Harness.attempt(lesson: 5) { () -> Lines in
            let loop = Loop(clock: VirtualClock())
            loop.passLimit = 1_000
            let trace = loop.startTracing()
            try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            let bell = try DoorBell(on: loop) { Loop.current.note("bell") }
            let both = try DoorBell(on: loop, modes: [.default, .tracking]) { Loop.current.note(Self.bellForBoth) }
            bell.ring()
            both.ring()
            try loop.run(mode: .tracking, timeout: 0.1)
            loop.note(Note.backToDefault)
            try loop.run(mode: .default, timeout: 0.1)
            return trace.bilingualLines(.notes, times: false)
        }
        Harness.expectSameLines(
            lines, ["tracking  · " + Self.bellForBoth, "default   · " + Note.backToDefault, .verbatim("default   · bell")],
            hint: Text(
                en: "Add the source to each of `modes`, and only those.",
                zh: "把事件源加到 `modes` 里的每一个 Mode，而且只加到这些 Mode。"),
            expectedTitle: HarnessText.expected)
    }
}
