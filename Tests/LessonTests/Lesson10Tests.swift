import Foundation
import Testing

/// Lesson 10: the student's permanent thread, on real threads with short time limits.

@Suite("Lesson 10 — Stopping run vs the guarded loop", .serialized, .tags(.lesson10, .level3, .use), .namedInChinese)
struct Lesson10Tests {
    static let stuck = Text(
        en: "did stop() wait for a thread that never exits? `run()` cannot be stopped: run one mode at a time in a loop guarded by a flag",
        zh: "`stop()` 是不是在等一个永远不会退出的线程？`run()` 停不下来：在一个由标志控制的循环里，每次只运行一个 Mode")

    static let neverSlept = Text(
        en: "your thread's loop never went to sleep, so there was nothing to stop: keep it alive with a port and run it until stopped",
        zh: "你的线程的 RunLoop 从没进入休眠，所以没有什么可停的：用一个端口保活，一直运行到被停止")

    // Lines the tests log and compare, each in both languages.
    static let runExited = Text(en: "the loop's run exited", zh: "RunLoop 的这次运行退出了")
    static func stopReturned(threadExited: Bool) -> Text {
        Text(en: "stop() returned; thread exited: \(threadExited)", zh: "`stop()` 已返回；线程已退出：\(threadExited)")
    }
    static func nestedRunEnded(_ result: String) -> Text {
        Text(en: "the nested run ended: \(result)", zh: "嵌套运行结束：\(result)")
    }
    static func stopOutcome(returned: Bool, threadExited: Bool) -> Text {
        Text(en: "stop() returned: \(returned), thread exited: \(threadExited)", zh: "`stop()` 已返回：\(returned)，线程已退出：\(threadExited)")
    }

    /// How long a test waits for a `stop()` or a `deinit` that returns at once when right
    /// (milliseconds, normally) before it says the call never returns: far from normal times, as a
    /// busy machine can delay a thread by a second or more.
    static let hangGuard: Double = 10

    /// Runs `body` as a lesson 10 attempt: at most `timeout`, by default two hang guards (a body
    /// waits for at most a few things, each with its own guard).
    static func attempt<T: Sendable>(timeout: Double = 2 * hangGuard, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await Harness.attempt(lesson: 10, timeout: timeout, ifStuck: stuck, body)
    }

    @Test("Work performed on the thread runs there, in order", .zh("交给线程的工作在它上面按顺序执行"), .holds("§6"))
    func runsWork() async throws {
        let (ran, threadIDs, permanentID) = try await Self.attempt { () -> ([String], Set<ThreadID>, ThreadID?) in
            let permanent = PermanentThread(name: "worker")
            try permanent.start()
            let log = Log()
            let ids = Lock<Set<ThreadID>>([])
            // The thread is busy while the three are sent: they wait together, and the order they
            // run in is the loop's, not a race with the sender. So the three are sent only once
            // the busy work has begun.
            let (began, busy) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
            try permanent.perform {
                began.signal()
                _ = busy.wait(timeout: .now() + Self.hangGuard)
            }
            _ = began.wait(timeout: .now() + Self.hangGuard)
            for n in 1...3 {
                try permanent.perform {
                    log.add("work \(n)"); ids.withLock { _ = $0.insert(ThreadID.current) }
                }
            }
            busy.signal()
            _ = untilBlocking(Self.hangGuard) { log.count == 3 }
            let id = permanent.thread.id
            permanent.stop()
            return (log.all, ids.withLock { $0 }, id)
        }
        #expect(ran == ["work 1", "work 2", "work 3"])
        #expect(threadIDs.count == 1 && threadIDs.first == permanentID, Text(en: "all work runs on the permanent thread", zh: "所有工作都在这个常驻线程上执行").comment)
    }

    @Test("Between jobs the loop sleeps: kept alive by a port, not by spinning or polling", .zh("两份工作之间 RunLoop 在休眠：靠端口保活，而不是空转或轮询"), .holds("§3", "§4"))
    func sleepsBetweenJobs() async throws {
        let (asleep, alive, runLasts) = try await Self.attempt { () -> (Bool, Bool, Double?) in
            let permanent = PermanentThread()
            try permanent.start()
            defer { permanent.stop() }
            guard untilBlocking(Self.hangGuard, { permanent.thread.loop?.isWaiting == true }), let loop = permanent.thread.loop else {
                return (false, !permanent.thread.isFinished, nil)
            }
            // Read, not waited for: the run the loop sleeps in says when it will end by itself.
            return (true, !permanent.thread.isFinished, loop.currentRunDeadline.map { $0 - loop.now })
        }
        #expect(
            alive,
            Text(
                en: "the thread exited by itself: its loop had nothing to wait for (an empty mode returns at once) — add a port",
                zh: "线程自己退出了：它的 RunLoop 没有任何可等的东西（空 Mode 会立即返回）——加一个端口"
            ).comment)
        #expect(
            asleep,
            Text(
                en: "the thread's loop never went to sleep: keep it alive with a port, and run it with a far deadline, not in a busy loop",
                zh: "线程的 RunLoop 从没进入休眠：用一个端口保活，运行时给一个很远的截止时间，而不是忙等循环"
            ).comment)
        if asleep {
            let lasts = runLasts.map { String(format: "%.3f s", $0) } ?? "?"
            #expect(
                (runLasts ?? 0) >= 3600,
                Text(
                    en:
                        "the idle loop sleeps in a run that ends by itself in \(lasts): it polls (a short `before:` date or timeout) instead of sleeping until work comes — run with `.distantFuture`",
                    zh: "空闲的 RunLoop 所在的那次运行 \(lasts) 后就会自己结束：它在轮询（`before:` 时间或超时太短），而不是休眠到有活来——用 `.distantFuture` 运行"
                ).comment)
        }
    }

    @Test("Two permanent threads live side by side: stopping one leaves the other running", .zh("两个常驻线程同时运行：停掉一个，另一个照常运行"), .holds("§1"))
    func twoAtOnce() async throws {
        let outcome = try await Self.attempt { () -> Lines in
            let first = PermanentThread(name: "first"), second = PermanentThread(name: "second")
            try first.start()
            try second.start()
            defer { second.stop() }
            guard untilBlocking(Self.hangGuard, { first.thread.loop?.isWaiting == true && second.thread.loop?.isWaiting == true }) else {
                return [Self.neverSlept]
            }
            first.stop()
            var lines = [Self.firstStopped(exited: first.thread.isFinished)]
            // Two jobs for the other one, one after the other: the first ends the run it sleeps in
            // (a run returns once it handled a source); only a guarded loop that still wants to run
            // starts another, and only then does the second job run.
            let log = Log()
            for job in 1...2 {
                do {
                    try second.perform { log.add("job \(job)") }
                } catch {
                    lines.append(Self.secondRefused(job: job, "\(error)"))
                    break
                }
                if !untilBlocking(Self.hangGuard, { log.count == job }) { break }
            }
            lines += log.all.map { Self.secondRan($0) }
            return Lines(lines)
        }
        Harness.expectSameLines(
            outcome, [Self.firstStopped(exited: true), Self.secondRan("job 1"), Self.secondRan("job 2")],
            hint: Text(
                en:
                    "Stopping one permanent thread must leave every other one running. The flag that ends a guarded loop belongs to its own thread: one per PermanentThread (a stored property the body captures), never a static or global shared by all — then stopping one ends the next run of every other.",
                zh: "停掉一个常驻线程，其余的都必须照常运行。结束带条件的循环的那个标志属于它自己的线程：每个 `PermanentThread` 一个（函数体捕获的一个存储属性），绝不能是所有实例共用的 `static` 或全局变量——否则停掉一个，其余每一个的下一次运行也跟着结束。"),
            expectedTitle: HarnessText.expected)
    }

    @Test("perform(_:) returns without waiting for the work", .zh("perform(_:) 不等工作执行完就返回"), .holds("§7"))
    func performDoesNotWait() async throws {
        let (returnedFirst, order) = try await Self.attempt { () -> (Bool, Lines) in
            let permanent = PermanentThread(name: "busy")
            try permanent.start()
            defer { permanent.stop() }
            let log = TextLog()
            let release = DispatchSemaphore(value: 0)
            // The work waits for the caller to say perform returned: a perform that waits for the
            // work would wait for itself (bounded: the work gives up after 5 s, and only that wrong
            // perform ever waits so long).
            let caller = LoopThread(name: "caller") {
                try? permanent.perform {
                    _ = release.wait(timeout: .now() + 5)
                    log.add(Self.workRan)
                }
                log.add(Self.performReturned)
                release.signal()
            }
            try caller.start()
            let returned = caller.join(timeout: Self.hangGuard)
            _ = untilBlocking(Self.hangGuard) { log.count == 2 }
            return (returned, log.all)
        }
        #expect(returnedFirst, Text(en: "perform(_:) did not return", zh: "perform(_:) 没有返回").comment)
        Harness.expectSameLines(
            order, [Self.performReturned, Self.workRan],
            hint: Text(
                en:
                    "perform(_:) hands the work to the thread's loop and returns: `thread.perform(work)` (waitUntilDone false). Waiting for the work makes every caller as slow as the thread's queue.",
                zh: "`perform(_:)` 把工作交给线程的 RunLoop 就返回：`thread.perform(work)`（`waitUntilDone` 为 `false`）。等工作做完，会让每个调用方都跟着线程的队列一样慢。"),
            expectedTitle: HarnessText.expected)
    }

    static func firstStopped(exited: Bool) -> Text {
        Text(en: "first stopped; its thread exited: \(exited)", zh: "`first` 已停止；它的线程已退出：\(exited)")
    }
    static func secondRan(_ job: String) -> Text { Text(en: "second ran \(job)", zh: "`second` 执行了 \(job)") }
    static func secondRefused(job: Int, _ error: String) -> Text {
        Text(en: "second refused job \(job): \(error)", zh: "`second` 拒绝了 `job \(job)`：\(error)")
    }
    static let workRan = Text(en: "the work ran", zh: "工作执行了")
    static let performReturned = Text(en: "perform returned", zh: "perform 返回了")

    @Test(
        "stop() ends the guarded loop and its thread, where run() would start another run", .zh("`stop()` 结束带条件的循环和它的线程，而 `run()` 会再开始一次运行"),
        .holds("§9", "§10"))
    func stopEndsTheGuardedLoop() async throws {
        let outcome = try await Self.attempt(timeout: Self.hangGuard + 5) { () -> StopOutcome in
            var outcome = StopOutcome()
            // The contrast, on the engine alone: a thread kept alive by a port that calls `run()`.
            let contrast = try RunForeverThread()
            let contrastTrace = contrast.loop.startTracing()
            contrast.loop.stop()
            _ = untilBlocking(Self.hangGuard) { runBoundaries(contrastTrace).contains("entry") }
            outcome.runLines = runBoundaries(contrastTrace)
            outcome.runStillAlive = !contrast.thread.isFinished
            contrast.end()

            // Your thread: stopped by your stop(), called from another thread with a time limit.
            let permanent = PermanentThread(name: "guarded")
            try permanent.start()
            guard untilBlocking(Self.hangGuard, { permanent.thread.loop?.isWaiting == true }), let loop = permanent.thread.loop else {
                _ = Unmanaged.passRetained(permanent)   // left alone: its stop() is for another test
                return outcome
            }
            outcome.slept = true
            let trace = loop.startTracing()
            let stopper = LoopThread(name: "stopper") { permanent.stop() }
            try stopper.start()
            outcome.stopReturned = stopper.join(timeout: Self.hangGuard)
            outcome.finished = permanent.thread.isFinished
            // Give a stop that did not wait a moment to show what the loop does next.
            _ = untilBlocking(0.3) { permanent.thread.isFinished }
            outcome.lines = runBoundaries(trace)
            // A stop() that never returns would hang this test again when `permanent` is freed.
            if !outcome.stopReturned { _ = Unmanaged.passRetained(permanent) }
            return outcome
        }
        #expect(
            Array(outcome.runLines.prefix(3)) == ["exit", "→ stopped", "entry"] && outcome.runStillAlive,
            Text(
                en: "(the engine, not your code) run() should start a new run right after a stop; it did: \(outcome.runLines)",
                zh: "（这是引擎，不是你的代码）`run()` 在一次停止之后应该立即开始新的一次运行；实际：\(outcome.runLines)"
            ).comment)
        guard outcome.slept else {
            Issue.record(Self.neverSlept.comment)
            return
        }
        let firstEnd = outcome.lines.firstIndex { $0.hasPrefix("→") }
        let guarded = firstEnd.map { Array(outcome.lines[...$0]) } ?? outcome.lines + ["→ stopped"]
        Harness.expectSameLines(
            outcome.lines, guarded,
            hint: Text(
                en:
                    "after stop() the run must end and no new run may start. `run()` starts another one at once (it did: \(outcome.runLines.joined(separator: ", "))); run one mode at a time in `while !flag { … }` and set the flag on the thread",
                zh:
                    "`stop()` 之后这次运行必须结束，而且不能再开始新的运行。`run()` 会立即开始下一次（它确实这样做了：\(outcome.runLines.joined(separator: ", "))）；在 `while !flag { … }` 里每次只运行一个 Mode，并在那个线程上设置标志"
            ),
            expectedTitle: Text(en: "expected (the guarded loop ends)", zh: "期望（带条件的循环结束）"))
        #expect(
            outcome.stopReturned,
            Text(
                en: "stop() did not return within \(Int(Self.hangGuard)) s: it waits for a thread that never exits",
                zh: "`stop()` 在 \(Int(Self.hangGuard)) 秒内没有返回：它在等一个永远不会退出的线程"
            ).comment)
        if outcome.stopReturned {
            #expect(
                outcome.finished,
                Text(
                    en: "after stop() returned, the thread must have exited (stop() waits for it: join())",
                    zh: "`stop()` 返回时，线程必须已经退出（`stop()` 要等它：`join()`）"
                ).comment)
        }
    }

    @Test(
        "stop() returns only once the thread has exited, even when the loop takes a while to get out", .zh("`stop()` 要等线程退出才返回，即使 RunLoop 要花一会儿才出来"),
        .holds("§10"))
    func stopWaitsForTheExit() async throws {
        let (slept, stopReturned, lines) = try await Self.attempt(timeout: Self.hangGuard + 5) { () -> (Bool, Bool, Lines) in
            let permanent = PermanentThread(name: "slow exit")
            try permanent.start()
            guard untilBlocking(Self.hangGuard, { permanent.thread.loop?.isWaiting == true }), let loop = permanent.thread.loop else {
                _ = Unmanaged.passRetained(permanent)   // left alone: its stop() is for another test
                return (false, false, [])
            }
            let log = TextLog()
            // The run's exit observers take 0.1 s (an app observer saving state, say).
            try loop.add(
                Loop.Observer(name: "slow exit observer", activities: .exit) { _ in
                    Thread.sleep(forTimeInterval: 0.1)
                    log.add(Self.runExited)
                }, forMode: .default)
            let stopper = LoopThread(name: "stopper") {
                permanent.stop()
                log.add(Self.stopReturned(threadExited: permanent.thread.isFinished))
            }
            try stopper.start()
            let returned = stopper.join(timeout: Self.hangGuard)
            if !returned { _ = Unmanaged.passRetained(permanent) }
            _ = untilBlocking(0.3) { log.count >= 2 }
            return (true, returned, log.all)
        }
        guard slept else {
            Issue.record(Self.neverSlept.comment)
            return
        }
        #expect(
            stopReturned,
            Text(en: "stop() did not return within \(Int(Self.hangGuard)) s", zh: "`stop()` 在 \(Int(Self.hangGuard)) 秒内没有返回").comment)
        Harness.expectSameLines(
            lines, [Self.runExited, Self.stopReturned(threadExited: true)],
            hint: Text(
                en:
                    "stop() must not return while the thread is still on its way out: after stopping the loop, wait for the thread to exit (`thread.join()`) — unless stop() runs on that very thread. A caller that frees what the thread uses right after stop() relies on it.",
                zh: "线程还在退出的路上时，`stop()` 不能返回：停止 RunLoop 之后，等线程退出（`thread.join()`）——除非 `stop()` 就是在那个线程上调用的。调用方在 `stop()` 之后马上释放线程用到的东西，靠的就是这一点。"),
            expectedTitle: HarnessText.expected)
    }

    /// A permanent thread whose work runs a nested run of `mode` for 0.3 s, stopped (from a thread
    /// of its own) while that run sleeps: whether the thread's loop slept first, whether stop()
    /// returned and the thread exited, and how the nested run ended.
    ///
    /// The nested run's own time limit is `nestedTimeout`: where the stop must end it (a common
    /// mode), a hang guard, so a stop that comes late on a busy machine still finds it running;
    /// where it must not (a private mode), long enough that a wrong stop sent from the test
    /// normally lands in it.
    static func stopDuringNestedRun(of mode: Loop.Mode, nestedTimeout: Double) async throws -> (
        slept: Bool, stopReturned: Bool, exited: Bool, lines: [Text]
    ) {
        try await Self.attempt(timeout: 2 * hangGuard + nestedTimeout) { () -> (Bool, Bool, Bool, [Text]) in
            let permanent = PermanentThread(name: "nested")
            try permanent.start()
            guard untilBlocking(hangGuard, { permanent.thread.loop?.isWaiting == true }) else {
                _ = Unmanaged.passRetained(permanent)
                return (false, false, false, [])
            }
            let log = TextLog()
            let inside = DispatchSemaphore(value: 0)
            // Work that waits for a synchronous reply: it runs the loop in `mode` for `nestedTimeout`.
            try permanent.perform {
                let loop = Loop.current
                try? loop.add(Loop.Port(name: "sync reply"), forMode: mode)
                // Tell the test once the nested run is about to sleep: a stop sent now lands in it.
                try? loop.add(
                    Loop.Observer(name: "asleep in the nested run", activities: .beforeWaiting, repeats: false) { _ in inside.signal() },
                    forMode: mode)
                let result = try? loop.run(mode: mode, timeout: nestedTimeout)
                log.add(Self.nestedRunEnded(result.map { "\($0)" } ?? "?"))
            }
            guard inside.wait(timeout: .now() + hangGuard) == .success else {
                _ = Unmanaged.passRetained(permanent)
                return (true, false, false, [Text(en: "the work never ran", zh: "工作从没执行")])
            }
            let stopper = LoopThread(name: "stopper") { permanent.stop() }
            try stopper.start()
            let returned = stopper.join(timeout: hangGuard + nestedTimeout)
            if !returned { _ = Unmanaged.passRetained(permanent) }
            return (true, returned, permanent.thread.isFinished, log.all.texts)
        }
    }

    @Test(
        "stop() during work that runs a nested run of a private mode ends the guarded loop, not the work's nested run",
        .zh("工作正在运行私有 Mode 的嵌套运行时 `stop()`，结束的是带条件的循环，而不是工作里的嵌套运行"),
        .holds("§11"))
    func stopDuringNestedRun() async throws {
        let (slept, stopReturned, exited, lines) = try await Self.stopDuringNestedRun(of: "sync request", nestedTimeout: 2)
        guard slept else {
            Issue.record(Self.neverSlept.comment)
            return
        }
        Harness.expectSameLines(
            lines + [Self.stopOutcome(returned: stopReturned, threadExited: exited)],
            [Self.nestedRunEnded("\(Loop.RunResult.timedOut)"), Self.stopOutcome(returned: true, threadExited: true)],
            hint: Text(
                en:
                    "A stop sent from another thread ends the innermost run — here the work's nested run, whose wait for its reply was cut short ('stopped' instead of running its course), not the guarded loop's run. Deliver the stop as work performed on the thread itself, in the guarded loop's mode: it runs once the work is done, sets the flag and stops the right run.",
                zh:
                    "从别的线程发来的停止请求结束的是最里层的那次运行——这里是工作里的嵌套运行，它等回复的过程被打断了（结果是 `stopped`，而不是等到超时），而不是带条件的循环的那次运行。把停止请求当成一份工作交给那个线程自己，放在带条件的循环所用的 Mode 里：等手头的工作做完它才执行，设置标志，停掉正确的那次运行。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test(
        "stop() during work that runs a nested run of the default mode ends that run (stopped), then the guarded loop",
        .zh("工作正在运行 default Mode 的嵌套运行时 `stop()`，先结束那次嵌套运行（`stopped`），再结束带条件的循环"),
        .holds("§11"))
    func stopDuringNestedDefaultRun() async throws {
        let (slept, stopReturned, exited, lines) = try await Self.stopDuringNestedRun(of: .default, nestedTimeout: Self.hangGuard)
        guard slept else {
            Issue.record(Self.neverSlept.comment)
            return
        }
        Harness.expectSameLines(
            lines + [Self.stopOutcome(returned: stopReturned, threadExited: exited)],
            [Self.nestedRunEnded("\(Loop.RunResult.stopped)"), Self.stopOutcome(returned: true, threadExited: true)],
            hint: Text(
                en:
                    "The default mode is common: the stop, work performed on the thread in the common modes, runs inside the work's nested run of the default mode, and `Loop.current.stop()` there ends the innermost run — that nested run, `stopped` — as `CFRunLoopStop` would; the guarded loop then ends once the work is done. A stop that only sets the flag leaves the nested run to time out.",
                zh:
                    "default Mode 是标记为 common 的 Mode：`stop()` 是交给线程、放在 common modes 里执行的工作，它会在工作里那次 default Mode 的嵌套运行中执行，在那里 `Loop.current.stop()` 结束的是最里层的运行——也就是那次嵌套运行，结果是 `stopped`——和 `CFRunLoopStop` 一样；等工作做完，带条件的循环随之结束。只设置标志的 `stop()` 会让嵌套运行一直等到超时。"
            ),
            expectedTitle: HarnessText.expected)
    }

    @Test("A stopped thread and its owner are freed: no retain cycle", .zh("停止后的线程和它的持有者都被释放：没有循环引用"), .holds("§5"))
    func freedAfterStop() async throws {
        let (ownerGone, threadGone, loopGone) = try await Self.attempt { () -> (Bool, Bool, Bool) in
            let watch = Watch()
            do {
                let permanent = try watch.startPermanentThread()
                permanent.stop()
            }
            _ = untilBlocking(Self.hangGuard) { watch.allGone }
            return (watch.owner == nil, watch.thread == nil, watch.loop == nil)
        }
        #expect(
            ownerGone,
            Text(
                en: "the PermanentThread was not freed: does the thread's body capture `self`? Capture only what it needs (a flag)",
                zh: "`PermanentThread` 没有被释放：线程的闭包是不是捕获了 `self`？只捕获它需要的东西（一个标志）"
            ).comment)
        #expect(threadGone, Text(en: "the thread object was not freed after it exited", zh: "线程退出后，线程对象没有被释放").comment)
        #expect(loopGone, Text(en: "the thread's loop was not freed after the thread exited", zh: "线程退出后，它的 RunLoop 没有被释放").comment)
    }

    @Test(
        "Dropping the owner without stop() ends the thread, and owner, thread and loop are freed", .zh("不调用 `stop()` 直接丢掉持有者，线程也会结束，持有者、线程和 RunLoop 都被释放"),
        .holds("§2"))
    func ownerGoesAway() async throws {
        let (dropped, ownerGone, threadGone, loopGone) = try await Self.attempt(timeout: Self.hangGuard + 5) { () -> (Bool, Bool, Bool, Bool) in
            let holder = Lock<PermanentThread?>(nil)
            let watch = Watch()
            do {
                let permanent = try watch.startPermanentThread()
                holder.withLock { $0 = permanent }
            }
            // The owner (a view controller being popped) goes away, on a thread of its own, without stop().
            let dropper = LoopThread(name: "owner goes") {
                let last = holder.withLock { held -> PermanentThread? in
                    defer { held = nil }
                    return held
                }
                _ = last   // the last reference ends here
            }
            try dropper.start()
            let dropped = dropper.join(timeout: Self.hangGuard)
            if dropped { _ = untilBlocking(Self.hangGuard) { watch.allGone } }
            return (dropped, watch.owner == nil, watch.thread == nil, watch.loop == nil)
        }
        // One finding at a time: each explains the ones after it.
        if !dropped {
            Issue.record(
                Text(
                    en:
                        "freeing the owner did not return within \(Int(Self.hangGuard)) s: its deinit waits for a thread that goes on running — the weak-self trap: a `while` that reads a weak owner which is now nil must end, not go on (let the body capture a flag, not self)",
                    zh:
                        "释放持有者的操作 \(Int(Self.hangGuard)) 秒内没有返回：它的 `deinit` 在等一个还在继续运行的线程——这就是 `[weak self]` 的陷阱：读一个 `weak` 持有者的 `while`，在持有者变成 `nil` 之后必须结束，而不是继续转（让闭包捕获一个标志，而不是 `self`）"
                ).comment)
        } else if !ownerGone {
            Issue.record(
                Text(
                    en:
                        "the PermanentThread was never freed, so its deinit never ran: the thread's body keeps `self` alive (a retain cycle) — capture only what it needs (a flag)",
                    zh: "`PermanentThread` 始终没有被释放，所以它的 `deinit` 从没执行：线程的闭包一直强引用着 `self`（循环引用）——只捕获它需要的东西（一个标志）"
                ).comment)
        } else {
            #expect(
                threadGone, Text(en: "the owner went away but its thread lived on: stop the thread in `deinit`", zh: "持有者没了，线程却还在运行：在 `deinit` 里停掉线程").comment)
            #expect(loopGone, Text(en: "the thread's loop was not freed after its owner went away", zh: "持有者没了之后，线程的 RunLoop 没有被释放").comment)
        }
    }

    @Test("Stopping twice, or before start, does nothing", .zh("停止两次，或者在启动前停止，什么都不做"), .holds("§8", "§12"))
    func stopIsIdempotent() async throws {
        let (idleWorks, threw, outcome) = try await Self.attempt { () -> (Bool, Bool, Text) in
            // A stop before start() does nothing: once started, the thread takes work as any other.
            let idle = PermanentThread()
            idle.stop()
            try idle.start()
            let ran = Log()
            try? idle.perform { ran.add("ran") }
            let idleWorks = untilBlocking(Self.hangGuard) { ran.count == 1 }
            idle.stop()
            let permanent = PermanentThread()
            try permanent.start()
            permanent.stop()
            permanent.stop()
            do {
                try permanent.perform {}
                return (idleWorks, false, Text(en: "perform after stop did not throw", zh: "停止之后再调用 `perform` 没有抛错"))
            } catch {
                return (idleWorks, true, Text(en: "threw: \(error)", zh: "抛出了：\(error)"))
            }
        }
        #expect(
            idleWorks,
            Text(
                en:
                    "a thread stopped before start() and then started ran no work: a stop before start must do nothing — check that the thread runs before you set the flag",
                zh: "在 `start()` 之前被停止、然后才启动的线程不执行任何工作：启动之前的停止必须什么都不做——先检查线程在运行，再设置标志"
            ).comment)
        #expect(
            threw,
            Text(
                en: "\(outcome.en): work for a thread that has exited must be reported (LoopError.threadExited)",
                zh: "\(outcome.zh)：交给已退出线程的工作必须报错（`LoopError.threadExited`）"
            ).comment)
    }
}

/// Where runs began and ended in a trace: `entry`, `exit`, `→ stopped`, …
private func runBoundaries(_ trace: LoopTrace) -> [String] {
    trace.events.compactMap { event in
        switch event.kind {
        case .activity(let activity) where activity == .entry || activity == .exit: activity.description
        case .runEnded: event.summary
        default: nil
        }
    }
}

/// Weak references to a permanent thread, its LoopThread and its loop: nil once each is freed.
private final class Watch: @unchecked Sendable {
    // @unchecked: used by one thread only (the test's attempt).
    weak var owner: PermanentThread?
    weak var thread: LoopThread?
    weak var loop: Loop?

    /// Starts a permanent thread, has it run work once (so that it has its loop), and watches it.
    func startPermanentThread() throws -> PermanentThread {
        let permanent = PermanentThread()
        try permanent.start()
        try permanent.perform {}
        _ = untilBlocking(Lesson10Tests.hangGuard) { permanent.thread.loop != nil }
        owner = permanent
        thread = permanent.thread
        loop = permanent.thread.loop
        return permanent
    }

    var allGone: Bool { owner == nil && thread == nil && loop == nil }
}

/// What `stopEndsTheGuardedLoop` saw.
private struct StopOutcome: Sendable {
    var runLines: [String] = []
    var runStillAlive = false
    var slept = false
    var lines: [String] = []
    var stopReturned = false
    var finished = false
}

/// The wrong way, for contrast: a thread whose loop, kept alive by a port, is run with `run()`.
private final class RunForeverThread: Sendable {
    let thread: LoopThread
    let loop: Loop
    private let port = Loop.Port(name: "keep-alive")

    init() throws {
        let port = self.port
        let loopBox = Lock<Loop?>(nil)
        thread = LoopThread(name: "run()") {
            let loop = Loop.current
            try? loop.add(port, forMode: .default)
            loopBox.withLock { $0 = loop }
            try? loop.run()
        }
        try thread.start()
        guard untilBlocking(Lesson10Tests.hangGuard, { loopBox.withLock { $0?.isWaiting == true } }), let loop = loopBox.withLock({ $0 }) else {
            throw Harness.Failure(
                description: Text(
                    en: "(the engine) a thread calling run() never went to sleep",
                    zh: "（引擎）调用 `run()` 的线程从没进入休眠"
                ).localized)
        }
        self.loop = loop
    }

    /// The only way out of `run()`: leave the default mode empty.
    func end() {
        port.invalidate()
        loop.wakeUp()
        thread.join(timeout: Lesson10Tests.hangGuard)
    }
}
