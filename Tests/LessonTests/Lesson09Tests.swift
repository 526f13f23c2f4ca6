import Foundation
import Testing

/// Lesson 09: the student's network thread, with short waits. Each test retires the thread it
/// started by taking the items out of its loop's default mode: with nothing left to wait for,
/// `run()` returns and the thread exits.

@Suite("Lesson 09 — Keep alive with a port", .serialized, .tags(.lesson09, .level2, .use), .namedInChinese)
struct Lesson09Tests {
    /// A network thread, started, given up to 1 s for its loop to fall asleep.
    static func started() throws -> NetworkThread {
        let network = NetworkThread()
        try network.start()
        guard network.thread.phase != .notStarted else { return network }   // start() is still the stub
        _ = untilBlocking(1) { network.thread.loop?.isWaiting == true }
        return network
    }

    /// Takes every item out of the thread's default mode and wakes its loop; returns whether the
    /// thread then exited (within 1 s).
    @discardableResult
    static func retire(_ network: NetworkThread) -> Bool {
        guard let loop = network.thread.loop else { return network.thread.join(timeout: 1) }
        for item in loop.items(inMode: .default) { loop.remove(item, fromMode: .default) }
        loop.wakeUp()
        return network.thread.join(timeout: 1)
    }

    @Test("Once started, the thread stays alive, its loop asleep", .zh("线程启动后一直常驻，它的 RunLoop 在休眠"), .holds("§7"))
    func staysAlive() async throws {
        let (asleep, alive) = try await Harness.attempt(lesson: 9) { () -> (Bool, Bool) in
            let network = try Self.started()
            defer { Self.retire(network) }
            // Asleep in a run that ends only when work comes: it stays so, with no need to watch it.
            let asleep = network.thread.loop.map { $0.isWaiting && Self.sleepsUntilWorkComes($0) } == true
            return (asleep, !network.thread.isFinished)
        }
        #expect(
            alive,
            Text(
                en: "the thread exited: a loop with nothing to wait for returns at once — give it a port",
                zh: "线程退出了：RunLoop 里没有任何可等的东西时会立即返回——给它一个端口"
            ).comment)
        #expect(
            asleep,
            Text(
                en: "the thread's loop is not asleep: keep it alive with a port and run it — no busy loop, no sleep()",
                zh: "线程的 RunLoop 没有休眠：用一个端口保活，然后运行它——不要忙等循环，也不要 `sleep()`"
            ).comment)
    }

    @Test("It is kept alive by a port in its default mode", .zh("保活靠的是 default Mode 里的一个端口"), .holds("§4"))
    func keptByAPort() async throws {
        let kinds = try await Harness.attempt(lesson: 9) { () -> [String] in
            let network = try Self.started()
            defer { Self.retire(network) }
            return (network.thread.loop?.items(inMode: .default) ?? []).map(\.kind.rawValue)
        }
        #expect(
            kinds.contains("port"),
            Text(
                en: "the network thread's default mode holds \(kinds): keep it alive with a Loop.Port (AFNetworking 2 added an NSMachPort)",
                zh: "网络线程的 default Mode 里有 \(kinds)：用一个 `Loop.Port` 保活（AFNetworking 2 加的是一个 `NSMachPort`）"
            ).comment)
    }

    @Test("The port is all that keeps it: take it away and run() returns, and the thread exits", .zh("只有端口在保活：拿掉它，`run()` 就返回，线程退出"), .holds("§6"))
    func thePortIsAllThatKeepsIt() async throws {
        let (hadAPort, exited) = try await Harness.attempt(lesson: 9) { () -> (Bool, Bool) in
            let network = try Self.started()
            let hadAPort = network.thread.loop?.items(inMode: .default).contains { $0.kind == .port } == true
            return (hadAPort, Self.retire(network))
        }
        #expect(
            hadAPort,
            Text(
                en: "keep the thread alive with a Loop.Port in its loop's default mode",
                zh: "在线程 RunLoop 的 default Mode 里放一个 `Loop.Port` 来保活"
            ).comment)
        #expect(
            exited,
            Text(
                en: "with its port gone the thread did not exit: run the loop (run()) and let the port alone keep it alive — no while around it, no sleep",
                zh: "端口拿掉以后线程没有退出：运行 RunLoop（`run()`），只让端口来保活——外面不要套 `while`，也不要 `sleep`"
            ).comment)
    }

    @Test("Requests performed on it run there, in order", .zh("交给它的请求在它上面按顺序执行"), .holds("§8", "§9"))
    func requestsRun() async throws {
        let (ran, threads, network) = try await Harness.attempt(lesson: 9) { () -> ([String], Set<ThreadID>, ThreadID?) in
            let network = try Self.started()
            defer { Self.retire(network) }
            let log = Log()
            let threads = Lock<Set<ThreadID>>([])
            for n in 1...3 {
                try network.perform {
                    log.add("request \(n)")
                    threads.withLock { _ = $0.insert(ThreadID.current) }
                }
            }
            _ = untilBlocking(1) { log.count == 3 }
            return (log.all, threads.withLock { $0 }, network.thread.id)
        }
        #expect(ran == ["request 1", "request 2", "request 3"])
        #expect(threads == Set([network].compactMap { $0 }), Text(en: "requests must run on the network thread", zh: "请求必须在网络线程上执行").comment)
    }

    @Test("It keeps going: a request much later still runs", .zh("它一直在：很久以后的请求照样执行"), .holds("§9"))
    func stillAliveLater() async throws {
        let ran = try await Harness.attempt(lesson: 9) { () -> Bool in
            let network = try Self.started()
            defer { Self.retire(network) }
            let log = Log()
            try network.perform { log.add("first") }
            _ = untilBlocking(1) { log.count == 1 }
            Thread.sleep(forTimeInterval: 0.2)
            try network.perform { log.add("later") }
            return untilBlocking(1) { log.count == 2 }
        }
        #expect(
            ran,
            Text(
                en: "after its first request the thread stopped taking work: its loop must keep running (run(), with the port still there)",
                zh: "处理完第一个请求后，线程就不再接活了：它的 RunLoop 必须一直运行（`run()`，端口一直留着）"
            ).comment)
    }

    /// Whether the loop's run in progress lasts at least an hour: a run that ends only when
    /// there is work, not a slice of a polling loop.
    static func sleepsUntilWorkComes(_ loop: Loop) -> Bool {
        guard let deadline = loop.currentRunDeadline else { return false }
        return deadline - loop.now >= 3600
    }

    @Test("Idle, the loop sleeps in one run: it does not wake up to run again and again", .zh("空闲时 RunLoop 在一次运行里休眠：不会一次又一次醒来重新运行"), .holds("§5"))
    func sleepsInOneRun() async throws {
        let deadline = try await Harness.attempt(lesson: 9) { () -> Double?? in
            let network = try Self.started()
            defer { Self.retire(network) }
            guard let loop = network.thread.loop, loop.isWaiting else { return nil }
            // Read, not waited for: the run the loop sleeps in says when it will end by itself.
            return .some(loop.currentRunDeadline.map { $0 - loop.now })
        }
        guard let deadline else {
            Issue.record(
                Text(
                    en: "the network thread's loop never went to sleep: keep it alive with a port and run it",
                    zh: "网络线程的 RunLoop 从没进入休眠：用一个端口保活，然后运行它"
                ).comment)
            return
        }
        let left = deadline.map { $0 >= 1e9 ? "never (distant future)" : String(format: "%.3f s", $0) } ?? "not running"
        let leftZh = deadline.map { $0 >= 1e9 ? "永不（遥远的未来）" : String(format: "%.3f 秒", $0) } ?? "没有在运行"
        #expect(
            (deadline ?? 0) >= 3600,
            Text(
                en:
                    "Idle, the loop should sleep in one run until work comes. The run it sleeps in ends by itself in: \(left) — a loop run in short slices (a timeout, a near `before:` date, in a `while`) wakes up again and again for nothing. Call `run()` and let the port alone keep it alive.",
                zh:
                    "空闲时，RunLoop 应该在一次运行里一直休眠到有活来。它正在休眠的那次运行会自己结束的时间：\(leftZh)——把 RunLoop 切成一小段一小段地运行（一个超时，或一个很近的 `before:` 时间，套在 `while` 里），就会一次又一次白白醒来。调用 `run()`，只让端口来保活。"
            ).comment)
    }

    @Test("init makes the thread without starting it: start() starts it", .zh("`init` 只创建线程而不启动它：由 `start()` 来启动"), .holds("§3"))
    func initDoesNotStart() async throws {
        let (phaseAfterInit, phaseAfterStart) = try await Harness.attempt(lesson: 9) { () -> (LoopThread.Phase, LoopThread.Phase) in
            let network = NetworkThread()
            let afterInit = network.thread.phase
            try network.start()
            let afterStart = network.thread.phase
            Self.retire(network)
            return (afterInit, afterStart)
        }
        #expect(
            phaseAfterInit == .notStarted,
            Text(
                en: "right after NetworkThread(), its thread is \(phaseAfterInit): init makes the thread, start() starts it (shared does both)",
                zh: "刚执行完 `NetworkThread()`，它的线程状态是 `\(phaseAfterInit)`：`init` 只创建线程，`start()` 才启动它（`shared` 两件事都做）"
            ).comment)
        #expect(phaseAfterStart != .notStarted, Text(en: "after start() the thread is still not started", zh: "调用 `start()` 之后，线程仍然没有启动").comment)
    }

    @Test(
        "Work for a thread not yet started is an error and does not start it; once started, the thread runs work",
        .zh("交给还没启动的线程的工作是错误，而且不会启动它；启动之后，线程就执行工作"),
        .holds("§3", "§8"))
    func performBeforeStart() async throws {
        let (error, phase, ran, ranAfterStart) = try await Harness.attempt(lesson: 9) { () -> (LoopError?, LoopThread.Phase, Bool, Bool) in
            let network = NetworkThread()
            let ran = Log(), later = Log()
            var error: LoopError?
            do { try network.perform { ran.add("ran") } } catch let thrown as LoopError { error = thrown }
            let phase = network.thread.phase
            if phase == .notStarted { try network.start() }
            _ = untilBlocking(1) { network.thread.loop?.isWaiting == true }
            try network.perform { later.add("ran") }
            let ranAfterStart = untilBlocking(1) { later.count > 0 }
            Self.retire(network)
            return (error, phase, ran.count > 0, ranAfterStart)
        }
        let threwNotStarted: Bool
        if case .threadNotStarted = error { threwNotStarted = true } else { threwNotStarted = false }
        #expect(
            threwNotStarted && phase == .notStarted && !ran,
            Text(
                en:
                    "perform on a NetworkThread() nobody started must throw LoopError.threadNotStarted and leave the thread unstarted (only start() starts it); it threw \(error.map { "\($0)" } ?? "nothing"), the thread is \(phase), the work \(ran ? "ran" : "did not run")",
                zh:
                    "对一个没人启动过的 `NetworkThread()` 调用 `perform`，必须抛出 `LoopError.threadNotStarted`，线程仍然没有启动（只有 `start()` 才启动它）；实际抛出：\(error.map { "\($0)" } ?? "无")，线程状态：`\(phase)`，工作\(ran ? "执行了" : "没有执行")"
            ).comment)
        #expect(
            ranAfterStart,
            Text(
                en: "after start(), work performed on the thread must run there", zh: "调用 `start()` 之后，交给线程的工作必须在它上面执行"
            ).comment)
    }

    @Test("shared is one thread for the whole app, already started", .zh("`shared` 是整个 App 共用的一个线程，已经启动"), .holds("§1", "§2"))
    func shared() async throws {
        let (same, started) = try await Harness.attempt(lesson: 9) { () -> (Bool, Bool) in
            let first = NetworkThread.shared, second = NetworkThread.shared
            return (first === second, untilBlocking(1) { first.thread.loop?.isWaiting == true })
        }
        #expect(same)
        #expect(
            started,
            Text(
                en: "NetworkThread.shared must be started and its loop asleep, waiting for work",
                zh: "`NetworkThread.shared` 必须已经启动，它的 RunLoop 在休眠，等着活来"
            ).comment)
    }
}
