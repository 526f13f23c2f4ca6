import Foundation
import Testing

/// Lesson 08: the student's `perform(on:…)` against real threads, each with a bounded wait.

@Suite("Lesson 08 — Perform on thread is a source0", .serialized, .tags(.lesson08, .level2, .use), .namedInChinese)
struct Lesson08Tests {
    static let stuck = Text(
        en: "was the work never run? A signalled source waits for a wake-up: signal() the source AND wakeUp() the target's loop",
        zh: "工作是不是根本没有执行？被标记的事件源要等到 RunLoop 被唤醒：既要 `signal()` 事件源，也要 `wakeUp()` 目标线程的 RunLoop")

    /// How long a test waits for a call that returns at once when right (milliseconds, normally)
    /// before it says the call never returns: far from normal times, as a busy machine can delay a
    /// thread by a second or more.
    static let hangGuard: Double = 10

    /// Has the engine's own perform run on `worker`, in `mode`, and waits until it ran: a barrier.
    /// The loop runs signalled sources by order, then by when they were signalled, so once it has
    /// run, every source signalled before it in that mode has run too. "Nothing else ran" is then
    /// known, not guessed after a fixed wait.
    fileprivate static func barrier(_ worker: Worker, in mode: Loop.Mode) {
        try? worker.thread.perform(waitUntilDone: true, modes: [mode], timeout: Lesson08Tests.hangGuard) {}
    }

    @Test("The work runs on the target thread, not on the caller's", .zh("工作在目标线程上执行，而不是在调用方的线程上"), .holds("§1"))
    func runsOnTarget() async throws {
        let (caller, ranOn, target) = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) {
            () -> (ThreadID, ThreadID?, ThreadID?) in
            let worker = try Worker(running: .default)
            defer { worker.finish() }
            let ranOn = Lock<ThreadID?>(nil)
            try perform(on: worker.thread, waitUntilDone: true) { ranOn.withLock { $0 = ThreadID.current } }
            return (ThreadID.current, ranOn.withLock { $0 }, worker.thread.id)
        }
        #expect(ranOn != nil, Text(en: "the work never ran", zh: "工作根本没有执行").comment)
        #expect(
            ranOn == target && ranOn != caller,
            Text(
                en:
                    "the work ran on \(ranOn.map(\.description) ?? "no thread"); it must run on the target thread (\(target.map(\.description) ?? "?")), not the caller's (\(caller))",
                zh: "工作在 \(ranOn.map(\.description) ?? "（没有线程）") 上执行了；它必须在目标线程（\(target.map(\.description) ?? "?")）上执行，而不是在调用方的线程（\(caller)）上"
            ).comment)
    }

    @Test("It arrives as a source0: signalled, then a wake-up", .zh("工作以 Source0 的方式到达：先标记，再唤醒"), .holds("§3"))
    func itIsASource0() async throws {
        let lines = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> [String] in
            let worker = try Worker(running: .default)
            defer { worker.finish() }
            _ = worker.waitUntil { worker.loop.isWaiting }   // asleep, so a wake-up is needed
            let trace = worker.loop.startTracing()
            try perform(on: worker.thread, waitUntilDone: true) { Loop.current.note("work") }
            worker.loop.stopTracing()
            return trace.lines([.wakeUps, .callouts, .notes], times: false)
        }
        let expected = ["default   woke: wake-up", "default   source \"perform\"", "default   · work"]
        Harness.expectSameLines(
            Harness.renaming("source", to: "perform", in: lines),
            expected,
            hint: Text(
                en:
                    "Add a Loop.Source to the target's loop, signal() it, and wakeUp() the loop: the sleeping loop wakes for the wake-up and runs the signalled source.",
                zh: "给目标线程的 RunLoop 加一个 `Loop.Source`，`signal()` 标记它，再 `wakeUp()` 唤醒那个 RunLoop：休眠中的 RunLoop 被唤醒后，才会执行被标记的事件源。"),
            expectedTitle: HarnessText.expected)
    }

    @Test("The work waits until the target loop runs", .zh("工作要等到目标线程的 RunLoop 运行起来才执行"), .holds("§2", "§4"))
    func waitsForTheLoop() async throws {
        let (before, after) = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> (Int, Int) in
            let ran = Log()
            let gate = DispatchSemaphore(value: 0)
            let worker = try Worker(running: .default, waitingFor: gate)
            defer { worker.finish() }
            try perform(on: worker.thread) { ran.add("ran") }
            Thread.sleep(forTimeInterval: 0.15)   // the target's loop is not running yet
            let before = ran.count
            gate.signal()   // now it runs its loop
            _ = worker.waitUntil { ran.count > 0 }
            return (before, ran.count)
        }
        #expect(
            before == 0,
            Text(
                en: "the work ran before the target thread ran its loop: it must be queued on that loop, not run by the caller or by Dispatch",
                zh: "目标线程还没运行它的 RunLoop，工作就已经执行了：工作必须排进那个 RunLoop 等着，而不是由调用方或 GCD 直接执行"
            ).comment)
        #expect(
            after == 1,
            Text(
                en: "once the target ran its loop, the work must run exactly once (it ran \(after) times)",
                zh: "目标线程运行了 RunLoop 之后，工作必须恰好执行一次（实际执行了 \(after) 次）"
            ).comment)
    }

    @Test(
        "waitUntilDone returns only after the work ran, however long the target takes to get to it", .zh("`waitUntilDone` 要等工作执行完才返回，不管目标线程多久才轮到它"),
        .holds("§8"))
    func waitUntilDone() async throws {
        let (returnedAfterWork, ranCount, waited) = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) {
            () -> (Bool, Int, Double) in
            let gate = DispatchSemaphore(value: 0)
            let worker = try Worker(running: .default, waitingFor: gate)
            defer { worker.finish() }
            // The target is busy for 0.3 s before it runs its loop: no fixed wait can guess that.
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { gate.signal() }
            let ran = Log()
            let start = Date()
            try perform(on: worker.thread, waitUntilDone: true) {
                Thread.sleep(forTimeInterval: 0.05)
                ran.add("ran")
            }
            return (ran.count == 1, ran.count, Date().timeIntervalSince(start))
        }
        #expect(
            returnedAfterWork,
            Text(
                en:
                    "perform(…, waitUntilDone: true) returned after \(Int(waited * 1000)) ms, before the work had run (it ran \(ranCount) times): wait for a signal from the work itself, not for a fixed time",
                zh: "`perform(…, waitUntilDone: true)` 过了 \(Int(waited * 1000)) ms 就返回了，那时工作还没执行完（执行了 \(ranCount) 次）：要等工作本身发出的信号，而不是等一段固定的时间"
            ).comment)
    }

    @Test(
        "The work obeys modes: default-mode work waits while the target runs tracking", .zh("工作遵守 Mode：目标线程运行 tracking 时，给 default Mode 的工作要等着"), .holds("§2"))
    func obeysModes() async throws {
        // The log's lines, in the student's language: the same on both sides of the comparison.
        let defaultWork = Text(en: "default-mode work", zh: "给 default Mode 的工作")
        let trackingWork = Text(en: "tracking work", zh: "给 tracking 的工作")
        let switchToDefault = Text(en: "switch to default", zh: "切换到 default")
        let notes = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> Lines in
            let worker = try Worker(running: .tracking)
            defer { worker.finish() }
            let log = TextLog()
            try perform(on: worker.thread, modes: [.default]) { log.add(defaultWork) }
            try perform(on: worker.thread, modes: [.tracking]) { log.add(trackingWork) }
            _ = worker.waitUntil { log.count > 0 }
            Self.barrier(worker, in: .tracking)
            log.add(switchToDefault)
            worker.switchMode(to: .default)
            _ = worker.waitUntil { log.count == 3 }
            return log.all
        }
        Harness.expectSameLines(
            notes, [trackingWork, switchToDefault, defaultWork],
            hint: Text(
                en:
                    "Add the source to each of the given modes, and to no other: a loop running the tracking mode runs work meant for tracking, and must not run work meant for the default mode.",
                zh: "把事件源加到给定的每个 Mode 里，别的 Mode 一个都不加：运行 tracking Mode 的 RunLoop 执行给 tracking 的工作，但不能执行给 default Mode 的工作。"),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "With no modes given, the work uses the common modes: it runs while the loop runs tracking, where tracking is common",
        .zh("不指定 Mode 时，工作使用 common modes：tracking 是 common 时，RunLoop 运行 tracking 也会执行它"), .holds("§10"))
    func noModesMeansTheCommonModes() async throws {
        let work = Text(en: "work performed with no modes", zh: "不指定 Mode 交过去的工作")
        let nothing = Text(en: "(nothing ran while the loop ran the tracking mode)", zh: "（RunLoop 运行 tracking Mode 期间什么都没有执行）")
        let notes = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> Lines in
            let worker = try Worker(running: .tracking)
            defer { worker.finish() }
            worker.loop.addCommonMode(.tracking)   // as UIKit marks it on the main loop
            let log = TextLog()
            try perform(on: worker.thread) { log.add(work) }
            if !worker.waitUntil({ log.count > 0 }) { log.add(nothing) }
            return log.all
        }
        Harness.expectSameLines(
            notes, [work],
            hint: Text(
                en:
                    "performSelector:onThread:withObject:waitUntilDone: with no modes uses the common modes (kCFRunLoopCommonModes), not only the default mode: keep `.common` as the default for `modes`, and add the source to each mode you are given.",
                zh:
                    "不带 `modes:` 参数的 `performSelector:onThread:withObject:waitUntilDone:` 用的是 common modes（`kCFRunLoopCommonModes`），而不只是 default Mode：让 `modes` 的默认值保持 `.common`，并把事件源加到传进来的每个 Mode 里。"
            ), expectedTitle: HarnessText.expected)
    }

    @Test("A thread that has exited, or never started, is an error, not silence or a hang", .zh("对已退出或从未启动的线程执行工作是错误：既不能悄无声息，也不能卡住"), .holds("§11"))
    func exitedThreadThrows() async throws {
        let outcomes = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> [String] in
            let done = LoopThread(name: "short-lived") {}
            try done.start()
            done.join()
            let never = LoopThread(name: "never started") {}
            return [
                outcome { try perform(on: done) {} },
                outcome { try perform(on: done, waitUntilDone: true) {} },
                outcome { try perform(on: never) {} },
            ]
        }
        #expect(
            outcomes[0] == LoopError.threadExited(thread: "short-lived").text.localized,
            Text(
                en: "perform on a thread that has exited must throw LoopError.threadExited; it gave: \(outcomes[0])",
                zh: "对已经退出的线程调用 `perform` 必须抛出 `LoopError.threadExited`；实际结果：\(outcomes[0])"
            ).comment)
        #expect(
            outcomes[1] == LoopError.threadExited(thread: "short-lived").text.localized,
            Text(
                en: "perform(…, waitUntilDone: true) on a thread that has exited must throw LoopError.threadExited; it gave: \(outcomes[1])",
                zh: "对已经退出的线程调用 `perform(…, waitUntilDone: true)` 必须抛出 `LoopError.threadExited`；实际结果：\(outcomes[1])"
            ).comment)
        #expect(
            outcomes[2] == LoopError.threadNotStarted(thread: "never started").text.localized,
            Text(
                en: "perform on a thread never started must throw LoopError.threadNotStarted; it gave: \(outcomes[2])",
                zh: "对从未启动的线程调用 `perform` 必须抛出 `LoopError.threadNotStarted`；实际结果：\(outcomes[2])"
            ).comment)
    }

    @Test("A caller waiting for work is released with an error when the target exits first", .zh("目标线程先退出时，等待工作的调用方会带着错误返回"), .holds("§12"))
    func exitWhileWaiting() async throws {
        let (result, ran) = try await Harness.attempt(
            lesson: 8, timeout: 2 * Self.hangGuard,
            ifStuck: Text(
                en:
                    "perform(…, waitUntilDone: true) still waits for a thread that has exited: while you wait, watch `thread.isFinished` and throw LoopError.threadExited if the work never ran",
                zh: "`perform(…, waitUntilDone: true)` 还在等一个已经退出的线程：等待时盯着 `thread.isFinished`，如果工作始终没有执行，就抛出 `LoopError.threadExited`")
        ) { () -> (String, Int) in
            let ran = Log()
            let ready = DispatchSemaphore(value: 0)
            // It runs only the tracking mode, for 0.3 s, then exits: default-mode work never runs.
            let leaving = LoopThread(name: "leaving") {
                let loop = Loop.current
                try? loop.add(Loop.Port(name: "keep-alive"), forMode: .tracking)
                ready.signal()
                _ = try? loop.run(mode: .tracking, timeout: 0.3)
            }
            try leaving.start()
            ready.wait()
            let result = outcome { try perform(on: leaving, waitUntilDone: true, modes: [.default]) { ran.add("ran") } }
            leaving.join(timeout: Self.hangGuard)
            return (result, ran.count)
        }
        #expect(ran == 0, Text(en: "the work ran although its thread never ran the default mode", zh: "目标线程从没运行过 default Mode，工作却执行了").comment)
        #expect(
            result == LoopError.threadExited(thread: "leaving").text.localized,
            Text(
                en: "the target exited before it ran the work: the waiting caller must get LoopError.threadExited; it got: \(result)",
                zh: "目标线程还没执行工作就退出了：正在等待的调用方必须得到 `LoopError.threadExited`；实际得到：\(result)"
            ).comment)
    }

    @Test("waitUntilDone on the target thread itself runs the work at once", .zh("在目标线程自己身上 `waitUntilDone`，工作立即执行"), .holds("§9"))
    func waitOnOwnThread() async throws {
        let order = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> [String] in
            let log = Log()
            let me = LoopThread(name: "self") {
                try? perform(on: LoopThread.current!, waitUntilDone: true) { log.add("work") }
                log.add("after perform")
            }
            try me.start()
            me.join(timeout: Self.hangGuard)
            return log.all
        }
        #expect(
            order == ["work", "after perform"],
            Text(
                en: "called on the target thread with waitUntilDone, the work runs inline (waiting for your own loop would deadlock); got \(order)",
                zh: "在目标线程自己身上带 `waitUntilDone` 调用时，工作要当场执行（等自己的 RunLoop 会死锁）；实际顺序：\(order)"
            ).comment)
    }
}

/// Lesson 08: the order of signal and wake-up, an empty modes list, and work a thread sends itself.
extension Lesson08Tests {
    @Test(
        "perform signals the source before it wakes the loop: a loop woken first would find nothing to run",
        .zh("perform 先标记事件源、再唤醒 RunLoop：先被唤醒的 RunLoop 找不到可执行的东西"), .holds("§3"))
    func signalThenWake() async throws {
        let (ranBeforeReturn, ranAtAll) = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> (Bool, Bool) in
            let worker = try Worker(running: .default)
            defer { worker.finish() }
            guard worker.waitUntil({ worker.loop.isWaiting }) else { return (false, false) }
            let hold = try WakeUpHold(on: worker.loop, mode: .default)
            guard worker.waitUntil({ worker.loop.isWaiting }) else { return (false, false) }
            let ran = Log()
            try hold.holdingEachWakeUp { try perform(on: worker.thread) { ran.add("work") } }
            let ranBeforeReturn = ran.count == 1
            return (ranBeforeReturn, ranBeforeReturn || worker.waitUntil { ran.count == 1 })
        }
        #expect(
            ranBeforeReturn,
            Text(
                en: """
                    the target's loop was woken before the work's source was signalled\(ranAtAll ? "" : " (or never woken)"): it woke, found no \
                    signalled source and went back to sleep; the signal that came next woke nobody\(ranAtAll ? " (something else woke it later)" : ""). \
                    Signal the source first, then wake the loop.
                    """,
                zh: """
                    目标线程的 RunLoop 在工作的事件源被标记之前就被唤醒了\(ranAtAll ? "" : "（或者根本没被唤醒）")：它醒来，没有找到被标记的事件源，\
                    又睡了回去；随后到来的标记没有唤醒任何人\(ranAtAll ? "（后来是别的东西唤醒了它）" : "")。先标记事件源，再唤醒 RunLoop。
                    """
            ).comment)
    }

    @Test(
        "An empty modes list performs nothing and returns at once, even with waitUntilDone", .zh("`modes` 为空时什么都不执行、立即返回，带 `waitUntilDone` 也一样"), .holds("§7"))
    func emptyModes() async throws {
        let (returned, ran) = try await Harness.attempt(lesson: 8, timeout: Self.hangGuard + 5, ifStuck: Self.stuck) { () -> (Bool, Int) in
            let worker = try Worker(running: .default)
            defer { worker.finish() }
            let ran = Log()
            let caller = LoopThread(name: "caller") {
                try? perform(on: worker.thread, waitUntilDone: true, modes: []) { ran.add("ran") }
            }
            try caller.start()
            let returned = caller.join(timeout: Self.hangGuard)
            // The engine's own perform, in every mode the worker runs: once it has run, so would
            // have any work queued and signalled before it.
            try? worker.thread.perform(waitUntilDone: true, modes: [.common], timeout: Lesson08Tests.hangGuard) {}
            return (returned, ran.count)
        }
        #expect(
            returned,
            Text(
                en:
                    "with an empty modes list, perform(…, waitUntilDone: true) did not return within \(Int(Self.hangGuard)) s: work for no mode can never run, so there is nothing to wait for — return at once (Foundation: \"returns without performing the selector\")",
                zh:
                    "`modes` 为空时，`perform(…, waitUntilDone: true)` \(Int(Self.hangGuard)) 秒内没有返回：不属于任何 Mode 的工作永远不会执行，没有什么可等的——立即返回（Foundation：“直接返回，不执行这个 `selector`”）"
            ).comment)
        #expect(
            ran == 0,
            Text(
                en: "with an empty modes list the work ran anyway: no mode means no mode, not the common or default ones",
                zh: "modes 为空，工作却执行了：一个 Mode 也没有就是一个也没有，不是 common 也不是 default"
            ).comment)
    }

    @Test(
        "Without waitUntilDone, work a thread sends itself waits for its loop, like any other", .zh("不带 `waitUntilDone` 时，线程发给自己的工作也要等它的 RunLoop，和别的工作一样"),
        .holds("§2"))
    func sendToItselfWithoutWaiting() async throws {
        let order = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> Lines in
            let worker = try Worker(running: .default)
            defer { worker.finish() }
            let log = TextLog()
            try worker.thread.perform(waitUntilDone: true, timeout: Lesson08Tests.hangGuard) {
                try? perform(on: LoopThread.current!) { log.add(Self.laterWork) }
                log.add(Self.callReturned)
            }
            _ = worker.waitUntil { log.count == 2 }
            return log.all
        }
        Harness.expectSameLines(
            order, [Self.callReturned, Self.laterWork],
            hint: Text(
                en:
                    "Only waitUntilDone on the thread itself runs the work at once (waiting for your own loop would deadlock). Without it, the work is queued on the loop like any other and runs on a later pass — never inside the call.",
                zh: "只有在线程自己身上带 `waitUntilDone` 调用时，工作才当场执行（等自己的 RunLoop 会死锁）。不带它时，工作像其他工作一样排进 RunLoop，在之后的某一轮循环里执行——绝不在调用里面执行。"),
            expectedTitle: HarnessText.expected)
    }

    static let laterWork = Text(en: "the work sent to itself ran", zh: "发给自己的工作执行了")
    static let callReturned = Text(en: "perform(on: itself) returned", zh: "`perform(on: 自己)` 返回了")
}

/// Lesson 08, more ways the work can go astray: several pieces queued at once, work for several
/// modes, and what a piece of work leaves behind in the target's loop.
extension Lesson08Tests {
    @Test("Four pieces of work queued before the target's loop runs all run, in the order sent", .zh("目标 RunLoop 运行前排进来的四份工作全部执行，按发送顺序"), .holds("§4", "§5"))
    func manyQueued() async throws {
        let names = [
            Text(en: "first", zh: "第一份"), Text(en: "second", zh: "第二份"),
            Text(en: "third", zh: "第三份"), Text(en: "fourth", zh: "第四份"),
        ]
        let ran = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> Lines in
            let gate = DispatchSemaphore(value: 0)
            let worker = try Worker(running: .default, waitingFor: gate)
            defer { worker.finish() }
            let log = TextLog()
            for name in names {
                try perform(on: worker.thread) { log.add(name) }
            }
            gate.signal()   // only now does the target run its loop
            _ = worker.waitUntil { log.count >= 4 }
            Self.barrier(worker, in: .default)   // a fifth run would have come before it
            return log.all
        }
        Harness.expectSameLines(
            ran, Lines(names),
            hint: Text(
                en:
                    "Each call is its own piece of work: give each its own Loop.Source (or a queue that keeps them all). Work sent while the target was busy must not replace the work sent before it; signalled sources run in the order they were signalled.",
                zh: "每次调用都是一份独立的工作：每份都给一个自己的 `Loop.Source`（或者用一个把它们全存下来的队列）。目标线程忙的时候送来的工作，不能顶掉之前送来的；被标记的事件源按标记的先后顺序执行。"),
            expectedTitle: Text(en: "expected (all of them, in order)", zh: "期望（全部执行，按顺序）"))
    }

    @Test("Work for several modes runs in whichever of them the target runs", .zh("给多个 Mode 的工作，目标线程运行其中哪个都会执行"), .holds("§2"))
    func severalModes() async throws {
        let work = Text(en: "work for default and tracking", zh: "给 default 和 tracking 的工作")
        let stillTracking = Text(en: "the target still runs tracking", zh: "目标线程仍在运行 tracking")
        let ran = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> Lines in
            let worker = try Worker(running: .tracking)
            defer { worker.finish() }
            let log = TextLog()
            try perform(on: worker.thread, modes: [.default, .tracking]) { log.add(work) }
            _ = worker.waitUntil { log.count > 0 }
            log.add(stillTracking)
            return log.all
        }
        Harness.expectSameLines(
            ran, [work, stillTracking],
            hint: Text(
                en:
                    "Add the source to EVERY mode in `modes`, not just the first: the target runs tracking, which is the second of [.default, .tracking], and must run the work there.",
                zh: "把事件源加到 `modes` 里的【每一个】Mode，而不只是第一个：目标线程运行的是 tracking，它是 `[.default, .tracking]` 里的第二个，工作必须在那里执行。"),
            expectedTitle: HarnessText.expected)
    }

    @Test("Once the work ran, its source leaves the target's loop", .zh("工作执行完后，它的事件源离开目标线程的 RunLoop"), .holds("§6"))
    func sourceLeaves() async throws {
        let (before, after) = try await Harness.attempt(lesson: 8, timeout: 2 * Self.hangGuard, ifStuck: Self.stuck) { () -> ([String], [String]) in
            let worker = try Worker(running: .default)
            defer { worker.finish() }
            let items = { () -> [String] in
                [Loop.Mode.default, .tracking].flatMap { mode in worker.loop.items(inMode: mode).map { "\(mode.name): \($0.kind.rawValue)" } }.sorted()
            }
            let before = items()
            for _ in 0..<3 { try perform(on: worker.thread, waitUntilDone: true, modes: [.default, .tracking]) {} }
            _ = worker.waitUntil { items() == before }   // the source may leave just after the work
            return (before, items())
        }
        Harness.expectSameLines(
            after, before,
            hint: Text(
                en:
                    "After three pieces of work the target's loop must hold what it held before: a source that stays behind after its work ran is a leak, and it would keep the modes it is in from ever being empty. Invalidate the source (or remove it) once its work ran.",
                zh: "三份工作执行完后，目标线程的 RunLoop 里应该和之前一模一样：工作执行完还留在 RunLoop 里的事件源就是泄漏，它所在的 Mode 也永远不会变空。工作执行完后，让事件源失效（或者把它移除）。"),
            expectedTitle: Text(en: "expected (the loop's items before the work)", zh: "期望（工作之前 RunLoop 里的 item）"))
    }
}

/// What a call did: "no error" (in the student's language), or the LoopError it threw.
private func outcome(_ call: () throws -> Void) -> String {
    do {
        try call()
        return Text(en: "no error", zh: "没有抛错").localized
    } catch let error as LoopError {
        return error.text.localized
    } catch {
        return Text(en: "not a LoopError: \(error)", zh: "抛出的不是 `LoopError`：\(error)").localized
    }
}

/// A thread that keeps its loop running (a port keeps it alive) in a mode the test can switch.
private final class Worker: Sendable {
    let thread: LoopThread
    private let runMode = Lock<Loop.Mode>(.default)
    private let loopBox = Lock<Loop?>(nil)
    private let finished = Lock(false)
    /// How often lesson 08's stub had run when this worker was made.
    private let stubsBefore = UnsolvedLedger.shared.count(lesson: 8)

    init(running mode: Loop.Mode, waitingFor gate: DispatchSemaphore? = nil) throws {
        let (runMode, loopBox, finished) = (self.runMode, self.loopBox, self.finished)   // a Lock's copies are that lock
        runMode.withLock { $0 = mode }
        let ready = DispatchSemaphore(value: 0)
        thread = LoopThread(name: "worker") {
            let loop = Loop.current
            try? loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try? loop.add(Loop.Port(name: "keep-alive (tracking)"), forMode: .tracking)
            loopBox.withLock { $0 = loop }
            ready.signal()
            gate?.wait()
            while !finished.withLock({ $0 }) {
                let mode = runMode.withLock { $0 }
                _ = try? loop.run(mode: mode, before: loop.now + 60)
            }
        }
        try thread.start()
        ready.wait()
    }

    var loop: Loop { loopBox.withLock { $0! } }

    /// Switches the mode the worker runs, from inside its loop: a perform in both of its modes
    /// sets the mode and stops the run in progress. A stop sent from the test's thread could fall
    /// between two runs, where CF drops it (`CFRunLoopStop` with no run active), and the worker
    /// would stay in the old mode for its whole next run.
    func switchMode(to mode: Loop.Mode) {
        let runMode = runMode
        try? thread.perform(waitUntilDone: true, modes: [.default, .tracking], timeout: Lesson08Tests.hangGuard) {
            runMode.withLock { $0 = mode }
            Loop.current.stop()
        }
    }

    /// Polls `condition` for up to a hang guard (test side only) — no longer once the stub has run: then
    /// nothing is coming, and the test reports the stub at once.
    func waitUntil(_ condition: () -> Bool) -> Bool {
        _ = untilBlocking(Lesson08Tests.hangGuard) { condition() || UnsolvedLedger.shared.count(lesson: 8) != stubsBefore }
        return condition()
    }

    func finish() {
        finished.withLock { $0 = true }
        for _ in 0..<100 where !thread.isFinished {
            loop.stop()
            if thread.join(timeout: 0.02) { break }
        }
        thread.join(timeout: Lesson08Tests.hangGuard)
    }
}
