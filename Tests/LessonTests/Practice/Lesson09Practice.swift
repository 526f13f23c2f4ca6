import Testing

/// Lesson 09 against the reference on generated call sequences, on real threads: a fresh network
/// thread (not `shared`, which lives as long as the process) is started, started again, sent work
/// before it starts, after it exits and while it is busy, from the test's thread, from two other
/// threads one after the other and from two at once, and from the network thread itself (work
/// that performs more work); its port is taken out of the default mode while it sleeps and while
/// work is queued behind a busy one. After each call the scenario waits (bounded) until the work
/// sent has run or the thread has exited. Each work notes that it ran and whether on the network
/// thread; each call notes what it threw; taking the port notes whether the thread exited.
extension Lesson09Tests {
    /// Who calls `perform(_:)`.
    enum Caller: Sendable { case test, anotherThread, secondThread }

    enum NetworkStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        case start
        /// Work number `work` is sent by `caller`; with `again`, it sends work `work + 100` from
        /// the network thread itself when it runs, then notes that it ends.
        case send(work: Int, from: Caller, again: Bool)
        /// Two other threads send work `work` and `work + 1` at the same time (the order they
        /// run in is theirs to race for: the two are compared as a set).
        case sendTogether(work: Int)
        /// The port is taken out of the default mode (every port there) and the loop woken; with
        /// `queued`, while the thread is busy with work and work `queued` waits behind it.
        case removePort(queued: Int?)

        var text: Text {
            switch self {
            case .start: return Text(en: "start()", zh: "start()")
            case let .send(work, from, again):
                let caller =
                    switch from {
                    case .test: Text(en: "the test's thread", zh: "测试所在的线程")
                    case .anotherThread: Text(en: "another thread", zh: "另一个线程")
                    case .secondThread: Text(en: "a second other thread", zh: "第二个别的线程")
                    }
                let then =
                    again
                    ? Text(en: "; when it runs, it performs work \(work + 100) from the network thread itself", zh: "；它执行时，在网络线程上再 perform 工作 \(work + 100)")
                    : Text(en: "", zh: "")
                return Text(en: "\(caller.en) performs work \(work)\(then.en)", zh: "\(caller.zh) perform 工作 \(work)\(then.zh)")
            case let .sendTogether(work):
                return Text(
                    en: "two other threads perform work \(work) and work \(work + 1) at the same time",
                    zh: "两个别的线程同时 perform 工作 \(work) 和工作 \(work + 1)")
            case .removePort(nil):
                return Text(en: "the port is taken out of the default mode while the loop sleeps", zh: "RunLoop 休眠时，把端口从 default Mode 里拿掉")
            case let .removePort(queued?):
                return Text(
                    en: "while the thread is busy with work and work \(queued) waits behind it, the port is taken out of the default mode",
                    zh: "线程正忙着做一份工作、工作 \(queued) 排在后面时，把端口从 default Mode 里拿掉")
            }
        }

        var description: String { text.en }

        var simpler: [NetworkStep] {
            switch self {
            case let .send(work, from, again):
                (again ? [.send(work: work, from: from, again: false)] : []) + (from != .test ? [.send(work: work, from: .test, again: again)] : [])
            case let .sendTogether(work): [.send(work: work, from: .anotherThread, again: false)]
            case .removePort(_?): [.removePort(queued: nil)]
            default: []
            }
        }
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [NetworkStep] {
        var works = 0
        var steps: [NetworkStep] = random.chance(0.8) ? [.start] : []
        for _ in 0..<random.int(2...9) {
            switch random.int(0...11) {
            case 0: steps.append(.start)
            case 1...6:
                works += 1
                let from = random.pick([Caller.test, .test, .anotherThread, .secondThread])
                steps.append(.send(work: works, from: from, again: random.chance(0.3)))
            case 7, 8:
                works += 2
                steps.append(.sendTogether(work: works - 1))
            default:
                if random.chance(0.5) {
                    works += 1
                    steps.append(.removePort(queued: works))
                } else {
                    steps.append(.removePort(queued: nil))
                }
            }
        }
        return steps
    }

    /// A network thread as the scenarios use it: the student's or the reference's.
    struct Network: Sendable {
        let thread: LoopThread
        let start: @Sendable () throws -> Void
        let perform: @Sendable (@escaping @Sendable () -> Void) throws -> Void

        static func student() -> Network {
            let network = NetworkThread()
            return Network(thread: network.thread, start: { try network.start() }, perform: { try network.perform($0) })
        }

        /// What the Solution does, in the engine's words: a port in the default mode, `run()`.
        static func reference() -> Network {
            let thread = LoopThread(name: "network") {
                let loop = Loop.current
                try? loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
                try? loop.run()
            }
            return Network(thread: thread, start: { try thread.start() }, perform: { try thread.perform($0) })
        }
    }

    /// A bound far from normal times for each wait (milliseconds, normally).
    static let practiceGuard: Double = 2

    /// Waits (bounded) until `thread` is done with what it was sent: a marker performed on it by
    /// the engine, behind everything sent before, has run — or the thread has exited, or never
    /// started.
    static func settle(_ thread: LoopThread) {
        guard thread.phase == .running else { return }
        let marker = Latch()
        guard (try? thread.perform { marker.open() }) != nil else { return }
        _ = untilBlocking(practiceGuard) { marker.isOpen || thread.isFinished }
    }

    /// An error as the case it is (`threadExited`), without the names it carries: a student may
    /// name the thread otherwise.
    static func named(_ error: any Error) -> String {
        Mirror(reflecting: error).children.first?.label ?? "\(error)"
    }

    /// Runs `steps` on a fresh `Network`: the notes of the calls and the works, in order.
    static func practiceTrace(_ steps: [NetworkStep], _ make: () -> Network) -> [String] {
        let network = make()
        let log = Lock<[String]>([])
        @Sendable func note(_ text: Text) { log.withLock { $0.append(text.localized) } }
        @Sendable func work(_ number: Int, again: Bool) -> @Sendable () -> Void {
            {
                let place = ThreadID.current == network.thread.id ? "" : " (not on the network thread)"
                note(Text(en: "work \(number) runs\(place)", zh: "工作 \(number) 执行了\(place.isEmpty ? "" : "（不在网络线程上）")"))
                guard again else { return }
                call(number + 100, again: false)
                note(Text(en: "work \(number) ends", zh: "工作 \(number) 结束了"))
            }
        }
        @Sendable func call(_ number: Int, again: Bool) {
            do { try network.perform(work(number, again: again)) } catch {
                note(Text(en: "performing work \(number) threw \(named(error))", zh: "perform 工作 \(number) 抛出了 \(named(error))"))
            }
        }
        func onAnotherThread(_ name: String, _ body: @escaping @Sendable () -> Void) -> LoopThread? {
            let caller = LoopThread(name: name, body: body)
            return (try? caller.start()).map { caller }
        }
        func joined(_ callers: [LoopThread?], _ what: String) {
            for caller in callers where caller?.join(timeout: practiceGuard) != true {
                note(Text(en: "\(what) did not return within \(Int(practiceGuard)) s", zh: "\(what) \(Int(practiceGuard)) 秒内没有返回"))
            }
        }
        for step in steps {
            switch step {
            case .start:
                do { try network.start() } catch { note(Text(en: "start() threw \(named(error))", zh: "`start()` 抛出了 \(named(error))")) }
            case let .send(number, .test, again): call(number, again: again)
            case let .send(number, _, again):
                joined([onAnotherThread("caller") { call(number, again: again) }], "perform(work \(number))")
            case let .sendTogether(number):
                let first = log.withLock { $0.count }
                let open = Latch()
                let callers = [number, number + 1].map { n in
                    onAnotherThread("caller \(n)") {
                        _ = open.wait(timeout: practiceGuard)
                        call(n, again: false)
                    }
                }
                open.open()
                joined(callers, "perform(work \(number)) or perform(work \(number + 1))")
                settle(network.thread)
                log.withLock { $0[first...].sort() }
            case let .removePort(queued):
                guard let loop = network.thread.loop else {
                    note(Text(en: "the thread has no loop to take the port from", zh: "线程没有可以拿掉端口的 RunLoop"))
                    continue
                }
                let busy = Latch(), release = Latch()
                if let queued {
                    if (try? network.thread.perform {
                        busy.open(); _ = release.wait(timeout: practiceGuard)
                    }) != nil {
                        _ = busy.wait(timeout: practiceGuard)
                    }
                    call(queued, again: false)
                }
                for item in loop.items(inMode: .default) where item.kind == .port { loop.remove(item, fromMode: .default) }
                loop.wakeUp()
                release.open()
                let exited = network.thread.join(timeout: practiceGuard)
                note(Text(en: "the port is gone; the thread exited: \(exited)", zh: "端口拿掉了；线程已退出：\(exited)"))
            }
            settle(network.thread)
        }
        // Retired as the lesson's tests do: nothing left in its default mode, nothing to wait for.
        if let loop = network.thread.loop {
            for item in loop.items(inMode: .default) { loop.remove(item, fromMode: .default) }
            loop.wakeUp()
            network.thread.join(timeout: practiceGuard)
        }
        return log.withLock { $0 }
    }

    static func practice(student: @escaping @Sendable () -> Network = Network.student) -> Practice<NetworkStep> {
        Practice(
            lesson: 9, count: 40,
            hint: Text(
                en:
                    "Your network thread differs from the reference on this sequence of calls: a port in the loop's default mode and `run()` — the thread sleeps until work comes, runs every work on itself through its loop in the order sent (work sent from the thread itself waits its turn too), throws for a thread not started or exited, and exits once its port is gone and nothing else is left to run.",
                zh:
                    "在这串调用上，你的网络线程和参考实现不一样：RunLoop 的 default Mode 里放一个端口，然后 `run()`——线程休眠到有活来，经由 RunLoop 在自己身上按发送的顺序执行每一份工作（从线程自己身上发来的工作也要排队），线程没启动或已退出就抛出错误，端口拿掉、也没有别的活要做时线程就退出。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            practiceTrace(steps, side == .student ? student : Network.reference)
        }
    }

    @Test(
        "Generated call sequences: your network thread takes work as the reference does",
        .zh("自动生成的调用序列：你的网络线程接活的方式和参考实现一致"))
    func generatedCalls() async throws {
        try await Self.practice().check()
    }
}

/// Lesson 09's generated calls reach the edges its stub names: a generator that stopped reaching
/// one would leave that edge ungraded.
extension PracticeTests {
    enum NetworkEdge: String, CaseIterable, Sendable {
        case performBeforeStart, performAfterExit, startTwice, workThatPerformsWork, fromTheTestsThread, fromTwoOtherThreads
        case twoThreadsAtOnce, portRemovedWhileAsleep, portRemovedWhileWorkIsQueued
    }

    static func networkEdges(_ steps: [Lesson09Tests.NetworkStep]) -> [NetworkEdge] {
        var edges: [NetworkEdge] = []
        var started = false, exited = false, callers: Set<String> = []
        for step in steps {
            switch step {
            case .start:
                if started { edges.append(.startTwice) }
                started = true
            case let .send(_, from, again):
                if !started { edges.append(.performBeforeStart) }
                if exited { edges.append(.performAfterExit) }
                if again { edges.append(.workThatPerformsWork) }
                if from == .test { edges.append(.fromTheTestsThread) } else { callers.insert("\(from)") }
            case .sendTogether:
                if started && !exited { edges.append(.twoThreadsAtOnce) }
            case let .removePort(queued):
                if started && !exited { edges.append(queued == nil ? .portRemovedWhileAsleep : .portRemovedWhileWorkIsQueued) }
                if started { exited = true }
            }
        }
        if callers.count == 2 { edges.append(.fromTwoOtherThreads) }
        return edges
    }

    @Test("Lesson 09's generated calls reach every edge over the fixed seeds")
    func networkCallsReachTheEdges() {
        let practice = Lesson09Tests.practice()
        var hits: [NetworkEdge: Int] = [:]
        for seed in PracticeSeeds.chosen(defaultCount: practice.count, environment: [:]) {
            for edge in Self.networkEdges(practice.scenario(seed: seed)) { hits[edge, default: 0] += 1 }
        }
        for edge in NetworkEdge.allCases {
            #expect(hits[edge, default: 0] >= 5, "\(edge.rawValue): \(hits[edge, default: 0]) calls over the fixed seeds")
        }
    }
}
