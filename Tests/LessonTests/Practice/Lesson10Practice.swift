import Testing

/// Lesson 10 against the reference on generated call sequences, on real threads: a fresh permanent
/// thread is started (or not, or twice), sent work before it starts, while it runs and after it
/// stopped, from the caller and from the thread itself (work that performs more work); it is
/// stopped from another thread — before `start()`, twice, while it sleeps — and from its own
/// thread, inside work; it is stopped while work runs a nested run of a common mode (the default
/// mode) and of a private one; and at the end its owner is dropped without `stop()`. Each call is
/// made on a thread of its own, waited for within a bound, and the scenario then waits (bounded)
/// until the work sent has run or the thread has exited. Each work notes that it ran and whether on
/// the permanent thread; each call notes what it threw; each stop whether it returned and the
/// thread had exited by then; a nested run how it ended; the dropped owner whether owner, thread
/// and loop were freed.
extension Lesson10Tests {
    /// The private mode of the nested runs.
    static let syncRequest: Loop.Mode = "sync request"

    enum PermanentStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        case start
        /// Work number `work` is sent from another thread; with `again`, it sends work
        /// `work + 100` from the permanent thread itself when it runs; with `stops`, it then calls
        /// `stop()` on its own thread; either way it notes that it ends.
        case send(work: Int, again: Bool, stops: Bool)
        /// `stop()` from another thread.
        case stop
        /// Work `work` runs a nested run of `mode` (a port in it) and, while that run sleeps,
        /// `stop()` comes from another thread.
        case stopDuringNestedRun(work: Int, mode: Loop.Mode)

        var text: Text {
            switch self {
            case .start: return Text(en: "start()", zh: "start()")
            case let .send(work, again, stops):
                let then =
                    switch (again, stops) {
                    case (false, false): Text(en: "", zh: "")
                    case (true, false): Text(en: "; when it runs, it performs work \(work + 100)", zh: "；它执行时再 perform 工作 \(work + 100)")
                    case (false, true): Text(en: "; when it runs, it calls stop() on its own thread", zh: "；它执行时在自己的线程上调用 `stop()`")
                    case (true, true):
                        Text(
                            en: "; when it runs, it performs work \(work + 100), then calls stop() on its own thread",
                            zh: "；它执行时先 perform 工作 \(work + 100)，再在自己的线程上调用 `stop()`")
                    }
                return Text(en: "another thread performs work \(work)\(then.en)", zh: "另一个线程 perform 工作 \(work)\(then.zh)")
            case .stop: return Text(en: "another thread calls stop()", zh: "另一个线程调用 `stop()`")
            case let .stopDuringNestedRun(work, mode):
                let which =
                    mode == .default
                    ? Text(en: "the default mode (common)", zh: "default Mode（标记为 common）")
                    : Text(en: "the private mode \"\(mode.name)\"", zh: "私有 Mode `\"\(mode.name)\"`")
                return Text(
                    en: "work \(work) runs a nested run of \(which.en); while it sleeps, another thread calls stop()",
                    zh: "工作 \(work) 运行 \(which.zh)的嵌套运行；它休眠时，另一个线程调用 `stop()`")
            }
        }

        var description: String { text.en }

        var simpler: [PermanentStep] {
            switch self {
            case let .send(work, again, stops):
                (again ? [.send(work: work, again: false, stops: stops)] : []) + (stops ? [.send(work: work, again: again, stops: false)] : [])
            default: []
            }
        }
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [PermanentStep] {
        var works = 0
        var nested = false
        var steps: [PermanentStep] = random.chance(0.85) ? [.start] : []
        for _ in 0..<random.int(2...7) {
            switch random.int(0...13) {
            case 0: steps.append(.start)
            case 1...8:
                works += 1
                steps.append(.send(work: works, again: random.chance(0.3), stops: random.chance(0.12)))
            case 9, 10: steps.append(.stop)
            default:
                // One nested run at most: where the stop must not end it, it runs its course.
                guard !nested else { continue }
                nested = true
                works += 1
                steps.append(.stopDuringNestedRun(work: works, mode: random.chance(0.5) ? .default : syncRequest))
            }
        }
        return steps
    }

    /// A permanent thread as the scenarios use it, the student's or the reference's: its parts, and
    /// the owner itself to drop.
    struct Permanent: Sendable {
        let thread: LoopThread
        let start: @Sendable () throws -> Void
        let perform: @Sendable (@escaping @Sendable () -> Void) throws -> Void
        let stop: @Sendable () -> Void
        let owner: AnyObject & Sendable

        static func student() -> Permanent {
            let permanent = PermanentThread(name: "permanent")
            return Permanent(
                thread: permanent.thread, start: { [weak permanent] in try permanent?.start() }, perform: { [weak permanent] in try permanent?.perform($0) },
                stop: { [weak permanent] in permanent?.stop() }, owner: permanent)
        }

        static func reference() -> Permanent {
            let permanent = ReferencePermanentThread()
            return Permanent(
                thread: permanent.thread, start: { [weak permanent] in try permanent?.thread.start() },
                perform: { [weak permanent] in try permanent?.thread.perform($0) }, stop: { [weak permanent] in permanent?.stop() }, owner: permanent)
        }
    }

    /// A hang guard for each wait a right answer ends at once (in milliseconds, normally, and in
    /// seconds on a loaded machine): no outcome depends on it. A wrong answer that never ends one
    /// is caught first by the practice's limit for each run (`Practice.check`, 10 s), which names
    /// the step that did not end.
    static let practiceGuard: Double = 20
    /// How long a nested run lasts when no stop ends it: in the private mode, where the stop
    /// cannot reach it, its course; in the default mode, a hang guard the right stop cuts short.
    static let nestedRunLasts: (common: Double, private: Double) = (practiceGuard, 0.3)

    /// Waits (bounded) until `thread` is done with what it was sent: a marker performed on it by
    /// the engine, behind everything sent before, has run — or the thread has exited.
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

    /// Runs `steps` on a fresh `Permanent`, then drops it: the notes, in order.
    static func practiceTrace(_ steps: [PermanentStep], _ make: () -> Permanent) -> [String] {
        let log = Lock<[String]>([])
        @Sendable func note(_ text: Text) { log.withLock { $0.append(text.localized) } }
        // The owner lives in `holder` alone (the parts hold it weakly), so that dropping it frees it.
        let holder = Lock<Permanent?>(make())
        guard let parts = holder.withLock({ $0.map { ($0.thread, $0.start, $0.perform, $0.stop) } }) else { return [] }
        let (thread, start, perform, stop) = parts
        @Sendable func work(_ number: Int, again: Bool, stops: Bool) -> @Sendable () -> Void {
            { [weak thread] in
                let place = ThreadID.current == thread?.id ? "" : " (not on the permanent thread)"
                note(Text(en: "work \(number) runs\(place)", zh: "工作 \(number) 执行了\(place.isEmpty ? "" : "（不在常驻线程上）")"))
                guard again || stops else { return }
                let own = holder.withLock { $0 }
                if again { call(number + 100, on: own) }
                if stops {
                    own?.stop()
                    note(Text(en: "stop() returned inside work \(number)", zh: "`stop()` 在工作 \(number) 里返回了"))
                }
                note(Text(en: "work \(number) ends", zh: "工作 \(number) 结束了"))
            }
        }
        @Sendable func call(_ number: Int, again: Bool = false, stops: Bool = false, on permanent: Permanent?) {
            do { try permanent?.perform(work(number, again: again, stops: stops)) } catch {
                note(Text(en: "performing work \(number) threw \(named(error))", zh: "perform 工作 \(number) 抛出了 \(named(error))"))
            }
        }
        /// Runs `body` on a thread of its own; whether it returned within `bound`.
        func elsewhere(within bound: Double = practiceGuard, _ body: @escaping @Sendable () -> Void) -> Bool {
            let caller = LoopThread(name: "caller", body: body)
            return (try? caller.start()) != nil && caller.join(timeout: bound)
        }
        func stopped(_ returned: Bool) {
            note(Text(en: "stop() returned: \(returned); thread exited: \(thread.isFinished)", zh: "`stop()` 已返回：\(returned)；线程已退出：\(thread.isFinished)"))
        }
        for step in steps {
            switch step {
            case .start:
                if !elsewhere({ do { try start() } catch { note(Text(en: "start() threw \(named(error))", zh: "`start()` 抛出了 \(named(error))")) } }) {
                    note(Text(en: "start() did not return", zh: "`start()` 没有返回"))
                }
            case let .send(number, again, stops):
                if !elsewhere({ call(number, again: again, stops: stops, on: holder.withLock { $0 }) }) {
                    note(Text(en: "perform(work \(number)) did not return", zh: "perform(工作 \(number)) 没有返回"))
                }
            case .stop: stopped(elsewhere(stop))
            case let .stopDuringNestedRun(number, mode):
                let inside = Latch()
                let lasts = mode == .default ? nestedRunLasts.common : nestedRunLasts.private
                let sent = Lock(false)
                let returned = elsewhere {
                    do {
                        try perform {
                            let loop = Loop.current
                            try? loop.add(Loop.Port(name: "sync reply"), forMode: mode)
                            try? loop.add(
                                Loop.Observer(name: "asleep in the nested run", activities: .beforeWaiting, repeats: false) { _ in inside.open() },
                                forMode: mode)
                            let result = try? loop.run(mode: mode, timeout: lasts)
                            note(
                                Text(
                                    en: "work \(number)'s nested run ended: \(result.map { "\($0)" } ?? "?")",
                                    zh: "工作 \(number) 的嵌套运行结束：\(result.map { "\($0)" } ?? "?")"))
                        }
                        sent.withLock { $0 = true }
                    } catch {
                        note(Text(en: "performing work \(number) threw \(named(error))", zh: "perform 工作 \(number) 抛出了 \(named(error))"))
                    }
                }
                // Stopped only once the nested run sleeps; a thread that is not running never gets there.
                if returned, sent.withLock({ $0 }), inside.wait(timeout: practiceGuard) { stopped(elsewhere(within: practiceGuard + lasts, stop)) }
            }
            settle(thread)
        }
        // The owner goes away without stop(), on a thread of its own.
        let owner = holder.withLock { Weak<AnyObject>($0?.owner) }, loop = Weak(thread.loop)
        let dropped = elsewhere { holder.withLock { $0 = nil } }
        let freed = dropped && untilBlocking(practiceGuard) { owner.object == nil && loop.object == nil && thread.phase != .running }
        note(
            Text(
                en: "the owner is dropped: returned \(dropped), owner and loop freed, thread ended: \(freed)",
                zh: "持有者被丢掉：已返回 \(dropped)，持有者和 RunLoop 已释放、线程已结束：\(freed)"))
        return log.withLock { $0 }
    }

    static func practice(student: @escaping @Sendable () -> Permanent = Permanent.student) -> Practice<PermanentStep> {
        Practice(
            lesson: 10, count: 40,
            hint: Text(
                en:
                    "Your permanent thread differs from the reference on this sequence of calls: a port, and one run at a time in `while !flag`; stop() does nothing unless the thread runs, else performs on the thread (waitUntilDone, common modes) a block that sets the flag and stops the innermost run, then joins — unless it is on that very thread; work sent after it throws, the owner's deinit stops it, and the body captures the flag, never `self`.",
                zh:
                    "在这串调用上，你的常驻线程和参考实现不一样：一个端口，在 `while !flag` 里每次只运行一次；`stop()` 在线程没运行时什么都不做，否则把一段代码交给那个线程执行（`waitUntilDone`，common modes），由它设置标志、停掉最里层的运行，然后等线程退出——除非 `stop()` 就在那个线程上；之后交来的工作会抛错，持有者的 `deinit` 会停掉线程，函数体只捕获标志，绝不捕获 `self`。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            practiceTrace(steps, side == .student ? student : Permanent.reference)
        }
    }

    @Test(
        "Generated call sequences: your permanent thread runs and stops as the reference does",
        .zh("自动生成的调用序列：你的常驻线程运行和停止的方式和参考实现一致"))
    func generatedCalls() async throws {
        try await Self.practice().check()
    }
}

/// What the Solution does, in the engine's words: a port, a guarded loop of runs, a stop performed
/// on the thread that sets the flag and stops the innermost run, a join, a stop in `deinit`.
private final class ReferencePermanentThread: Sendable {
    let thread: LoopThread
    private let shouldStop = Lock(false)

    init() {
        let shouldStop = self.shouldStop
        thread = LoopThread(name: "permanent") {
            let loop = Loop.current
            try? loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            while !shouldStop.withLock({ $0 }) { _ = try? loop.run(mode: .default, before: .distantFuture) }
        }
    }

    deinit { stop() }

    func stop() {
        guard thread.phase == .running else { return }
        let shouldStop = self.shouldStop
        try? thread.perform(waitUntilDone: true) {
            shouldStop.withLock { $0 = true }
            Loop.current.stop()
        }
        if LoopThread.current !== thread { thread.join() }
    }
}

/// Lesson 10's generated calls reach the edges its stub names: a generator that stopped reaching
/// one would leave that edge ungraded.
extension PracticeTests {
    enum PermanentEdge: String, CaseIterable, Sendable {
        case performBeforeStart, performAfterStop, startTwice, stopBeforeStart, stopTwice, stopFromAnotherThread, stopFromItsOwnThread
        case stopDuringANestedCommonRun, stopDuringANestedPrivateRun, workThatPerformsWork, ownerDroppedRunning
    }

    static func permanentEdges(_ steps: [Lesson10Tests.PermanentStep]) -> [PermanentEdge] {
        var edges: [PermanentEdge] = []
        var started = false, stopped = false
        for step in steps {
            switch step {
            case .start:
                if started || stopped { edges.append(.startTwice) }
                started = true
            case let .send(_, again, stops):
                if !started { edges.append(.performBeforeStart) }
                if stopped { edges.append(.performAfterStop) }
                if started && !stopped {
                    if again { edges.append(.workThatPerformsWork) }
                    if stops { edges.append(.stopFromItsOwnThread) }
                }
                if started && stops { stopped = true }
            case .stop:
                if !started { edges.append(.stopBeforeStart) } else if stopped { edges.append(.stopTwice) } else { edges.append(.stopFromAnotherThread) }
                if started { stopped = true }
            case let .stopDuringNestedRun(_, mode):
                if started && !stopped { edges.append(mode == .default ? .stopDuringANestedCommonRun : .stopDuringANestedPrivateRun) }
                if started { stopped = true }
            }
        }
        if started && !stopped { edges.append(.ownerDroppedRunning) }
        return edges
    }

    @Test("Lesson 10's generated calls reach every edge over the fixed seeds")
    func permanentCallsReachTheEdges() {
        let practice = Lesson10Tests.practice()
        var hits: [PermanentEdge: Int] = [:]
        for seed in PracticeSeeds.chosen(defaultCount: practice.count, environment: [:]) {
            for edge in Self.permanentEdges(practice.scenario(seed: seed)) { hits[edge, default: 0] += 1 }
        }
        for edge in PermanentEdge.allCases {
            #expect(hits[edge, default: 0] >= 3, "\(edge.rawValue): \(hits[edge, default: 0]) calls over the fixed seeds")
        }
    }
}
