import Dispatch
import Foundation
import Synchronization
import Testing

/// Lesson 05: the student's door bell, rung across threads (short waits) and on a virtual clock.

@Suite("Lesson 05 — Source0: signal and wake", .serialized, .tags(.lesson05, .level2, .use))
struct Lesson05Tests {
    static let stuck = Text(en: "did ring() wake the loop? A signalled source waits for a wake-up",
                            zh: "ring() 唤醒 RunLoop 了吗？被标记的事件源要等到 RunLoop 被唤醒才会处理")

    /// When the bell never ran.
    static let neverRan = Text(en: "the sleeping loop never ran the bell: after signal(), call wakeUp() on the loop",
                               zh: "休眠的 RunLoop 一直没有执行门铃：signal() 之后，要对 RunLoop 调用 wakeUp()")

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

    @Test("Ringing from another thread wakes the sleeping loop, which runs the bell on its own thread")
    func ringWakes() async throws {
        let (ranOn, loopThread, ringer) = try await Kata.attempt(lesson: 5, timeout: 3, ifStuck: Self.stuck) { () -> (ThreadID?, ThreadID?, ThreadID) in
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
        #expect(ran == loopThread && ran != ringer, Text(
            en: "the bell ran on \(ran), not on the loop's thread (\(loopThreadName)); ring() was called on \(ringer): let the loop run it",
            zh: "门铃在 \(ran) 上执行了，而不是在 RunLoop 的线程（\(loopThreadName)）上；ring() 是在 \(ringer) 上调用的：让 RunLoop 去执行它").comment)
    }

    @Test("A ring wakes the loop without ending its run: after the bell it sleeps on in the same run")
    func ringDoesNotEndTheRun() async throws {
        let (rang, asleepAgain, runsEnded) = try await Kata.attempt(lesson: 5, timeout: 3, ifStuck: Self.stuck) { () -> (Bool, Bool, [Loop.RunResult]) in
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
        #expect(runsEnded.isEmpty, Text(
            en: "ring() ended the loop's 30-second run (\(ended)): wake the loop with wakeUp(), don't stop() it — a stop ends whatever run the loop's owner is in",
            zh: "ring() 结束了 RunLoop 那次 30 秒的运行（`\(ended)`）：要用 wakeUp() 唤醒 RunLoop，不要 stop() 它——stop() 会结束 RunLoop 的主人正在进行的任何一次运行").comment)
    }

    @Test("A ring that comes while the loop is on its way to sleep still wakes it")
    func ringOnTheWayToSleep() async throws {
        let (rang, ringerSaw) = try await Kata.attempt(lesson: 5, timeout: 3, ifStuck: Self.stuck) { () -> (Bool, String) in
            let sleeper = try Sleeper()
            defer { sleeper.finish() }
            let rang = DispatchSemaphore(value: 0)
            let bell = try DoorBell(on: sleeper.loop) { rang.signal() }
            // The loop's last step before it sleeps: another thread rings the bell right then,
            // and the loop goes to sleep only once ring() has returned. That is the moment a real
            // ringer can hit at any time; here it is made to happen every time.
            let ringerSaw = Lock("")
            let onTheWay = Loop.Observer(name: "on the way to sleep", activities: .beforeWaiting, repeats: false) { _ in
                let rung = DispatchSemaphore(value: 0)
                let ringer = Thread {
                    let state = sleeper.loop.isWaiting ? "asleep" : "awake, on its way to sleep"
                    ringerSaw.withLock { $0 = state }
                    bell.ring()
                    rung.signal()
                }
                ringer.start()
                _ = rung.wait(timeout: .now() + 1)
            }
            try sleeper.loop.add(onTheWay, forMode: .default)
            sleeper.loop.wakeUp()   // one more pass, so that the loop passes the observer on its way back to sleep
            let ran = rang.wait(timeout: .now() + 1) == .success
            return (ran, ringerSaw.withLock { $0 })
        }
        let state = ringerSaw == "asleep" ? Text(en: ringerSaw, zh: "已经在休眠") : Text(en: ringerSaw, zh: "还醒着")
        #expect(rang, Text(en: """
            The bell was rung while the loop was \(state.en) (it had told its before-waiting observers \
            and was about to sleep), and it never ran: the loop slept on with the source signalled. \
            ring() must always call wakeUp() after signal(): a wake-up sent before the loop sleeps is \
            kept, and the sleep ends at once. Checking isWaiting first loses this race.
            """, zh: """
            按铃的时候 RunLoop \(state.zh)（它已经通知了 `beforeWaiting` 观察者，马上就要休眠），门铃却一直没有执行：\
            事件源已被标记，RunLoop 照样睡了下去。ring() 必须在 signal() 之后总是调用 wakeUp()：RunLoop 休眠之前\
            收到的唤醒会被记住，休眠会立刻结束。先检查 isWaiting 再决定唤不唤醒，就会输掉这场竞争。
            """).comment)
    }

    @Test("A signal alone leaves a sleeping loop asleep; the ring's wake-up runs every signalled source")
    func signalAloneSleeps() async throws {
        let (afterSignal, afterRing) = try await Kata.attempt(lesson: 5, timeout: 3, ifStuck: Self.stuck) { () -> ([String], [String]) in
            let sleeper = try Sleeper()
            defer { sleeper.finish() }
            let log = Log()
            let quiet = Loop.Source(name: "signalled only") { log.add("signalled source") }
            try sleeper.loop.add(quiet, forMode: .default)
            let bell = try DoorBell(on: sleeper.loop) { log.add("bell") }
            quiet.signal()
            Thread.sleep(forTimeInterval: 0.2)
            let afterSignal = log.all
            bell.ring()
            _ = untilBlocking(1) { log.count >= 2 }
            return (afterSignal, log.all)
        }
        #expect(afterSignal.isEmpty, Text(en: "a source that is only signalled must not run while the loop sleeps",
                                          zh: "只被标记的事件源，在 RunLoop 休眠时不能执行").comment)
        #expect(Set(afterRing) == ["signalled source", "bell"], Text(
            en: "the bell's wake-up makes a pass that runs every signalled source; got \(afterRing)",
            zh: "门铃的唤醒带来一轮循环，执行所有被标记的事件源；实际得到 \(afterRing)").comment)
    }

    // The notes of the bells, in the student's language.
    static let rungFirst = Text(en: "order 0, rung first", zh: "order 0，先按响的")
    static let rungSecond = Text(en: "order 0, rung second", zh: "order 0，后按响的")
    static let bellForBoth = Text(en: "bell for both modes", zh: "两个 Mode 共用的门铃")

    @Test("Bells rung together run by order, then in the order they were rung")
    func order() async throws {
        let lines = try await Kata.attempt(lesson: 5) { () -> [String] in
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
            return trace.lines(.notes, times: false)
        }
        Kata.expectSameLines(lines, ["default   · \(Self.rungFirst.localized)", "default   · \(Self.rungSecond.localized)", "default   · order 1"],
                             hint: Text(
                                en: "Give the source the bell's order: `Loop.Source(name:order:perform:)`. The loop runs signalled sources by order, then by when they were signalled.",
                                zh: "把门铃的 order 交给事件源：`Loop.Source(name:order:perform:)`。RunLoop 先按 order、再按被标记的先后执行被标记的事件源。"),
                             expectedTitle: HarnessText.expected)
    }

    @Test("Rings before the loop gets to the bell count once; the bell runs on the loop, not in ring()")
    func ringsCoalesce() async throws {
        let (duringRing, afterRun) = try await Kata.attempt(lesson: 5) { () -> (Int, Int) in
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
        #expect(duringRing == 0, Text(en: "ring() ran the work itself: it must only signal the source and wake the loop",
                                      zh: "ring() 自己执行了工作：它只能标记事件源并唤醒 RunLoop").comment)
        #expect(afterRun == 1, Text(en: "three rings before the loop ran gave \(afterRun) calls: a signal is a flag, not a counter",
                                    zh: "RunLoop 运行之前按了三次铃，结果调用了 \(afterRun) 次：标记是一个标志位，不是计数器").comment)
    }

    @Test("A bell of the default mode waits while the loop runs another mode")
    func modes() async throws {
        let lines = try await Kata.attempt(lesson: 5) { () -> [String] in
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
            return trace.lines(.notes, times: false)
        }
        Kata.expectSameLines(lines, ["tracking  · \(Self.bellForBoth.localized)", "default   · \(Note.backToDefault.localized)", "default   · bell"],
                             hint: Text(en: "Add the source to each of `modes`, and only those.",
                                        zh: "把事件源加到 `modes` 里的每一个 Mode，而且只加到这些 Mode。"),
                             expectedTitle: HarnessText.expected)
    }
}

extension ChineseTestNames {
    static let lesson05: [String: String] = [
        "Ringing from another thread wakes the sleeping loop, which runs the bell on its own thread": "从另一个线程按铃会唤醒休眠的 RunLoop，门铃在 RunLoop 自己的线程上执行",
        "A ring wakes the loop without ending its run: after the bell it sleeps on in the same run": "按铃唤醒 RunLoop，但不结束它的运行：门铃之后它在同一次运行里接着休眠",
        "A ring that comes while the loop is on its way to sleep still wakes it": "RunLoop 正要休眠时按下的铃，照样能唤醒它",
        "A signal alone leaves a sleeping loop asleep; the ring's wake-up runs every signalled source": "只标记不唤醒，休眠的 RunLoop 继续睡；按铃的唤醒会执行所有被标记的事件源",
        "Bells rung together run by order, then in the order they were rung": "同时按下的门铃先按 order、再按按铃的先后执行",
        "Rings before the loop gets to the bell count once; the bell runs on the loop, not in ring()": "RunLoop 处理之前按的几次铃只算一次；门铃在 RunLoop 上执行，而不是在 ring() 里",
        "A bell of the default mode waits while the loop runs another mode": "RunLoop 运行别的 Mode 时，default Mode 的门铃要等着",
    ]
}
