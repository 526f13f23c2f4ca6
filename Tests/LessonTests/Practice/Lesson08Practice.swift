import Testing

/// Lesson 08 against the reference on generated call sequences: a target thread (its loop on a
/// virtual clock) is sent work from another thread, from itself and from inside other work, with
/// and without `waitUntilDone`, in the common modes by default, in no mode, one, two, the same one
/// twice, `.common`, or a private mode marked common only later; it runs its default, tracking and
/// private modes between the calls; and work is sent to a thread not started yet and to one that
/// has exited. Each work notes when, in which mode and on which thread it runs; each call notes
/// what it threw and whether it returned.
extension Lesson08Tests {
    /// The private mode of the scenarios, marked common by a step of its own.
    static let sheet: Loop.Mode = "sheet"

    /// Who calls `perform(on:…)` for the target.
    enum Caller: Sendable { case anotherThread, target }

    enum PerformStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// Work number `work` is sent to the target by `caller`, in `modes` (nil: the default
        /// argument); with `again`, it sends work `work + 100` to its own thread in the same modes
        /// when it runs.
        case send(work: Int, from: Caller, wait: Bool, modes: [Loop.Mode]?, again: Bool)
        /// The target marks the private mode common.
        case markSheetCommon
        /// The target runs `mode` for `timeout` seconds.
        case run(Loop.Mode, timeout: Double)
        /// Work is sent to a thread that was never started (or, with `exited`, has exited), in the
        /// default modes or (with `noMode`) in none.
        case sendToIdleThread(work: Int, exited: Bool, wait: Bool, noMode: Bool)

        static func named(_ modes: [Loop.Mode]?) -> String {
            guard let modes else { return "(the default modes)" }
            return "[" + modes.map { $0 == .common ? ".common" : $0.name }.joined(separator: ", ") + "]"
        }

        var text: Text {
            switch self {
            case let .send(work, from, wait, modes, again):
                let caller = from == .target ? Text(en: "the target itself", zh: "目标线程自己") : Text(en: "another thread", zh: "另一个线程")
                let then = again ? Text(en: "; then it sends work \(work + 100) to its own thread", zh: "；然后它把工作 \(work + 100) 发给自己的线程") : Text(en: "", zh: "")
                return Text(
                    en: "\(caller.en) sends work \(work): perform(on: target, waitUntilDone: \(wait), modes: \(Self.named(modes)))\(then.en)",
                    zh: "\(caller.zh)发送工作 \(work)：`perform(on: target, waitUntilDone: \(wait), modes: \(Self.named(modes)))`\(then.zh)")
            case .markSheetCommon: return Text(en: "the target marks sheet common", zh: "目标线程把 `sheet` 标为 common")
            case let .run(mode, timeout):
                return Text(
                    en: "the target runs \(mode.name) for \(PracticeText.seconds(timeout).en)", zh: "目标线程运行 \(mode.name) \(PracticeText.seconds(timeout).zh)")
            case let .sendToIdleThread(work, exited, wait, noMode):
                let modes = Self.named(noMode ? [] : nil)
                return exited
                    ? Text(
                        en: "work \(work) is sent to a thread that has exited (waitUntilDone: \(wait), modes: \(modes))",
                        zh: "工作 \(work) 被发给一个已经退出的线程（`waitUntilDone: \(wait)`，`modes: \(modes)`）")
                    : Text(
                        en: "work \(work) is sent to a thread never started (waitUntilDone: \(wait), modes: \(modes))",
                        zh: "工作 \(work) 被发给一个从没启动的线程（`waitUntilDone: \(wait)`，`modes: \(modes)`）")
            }
        }

        var description: String { text.en }

        var simpler: [PerformStep] {
            switch self {
            case let .send(work, from, wait, modes, again):
                (again ? [.send(work: work, from: from, wait: wait, modes: modes, again: false)] : [])
                    + (wait ? [.send(work: work, from: from, wait: false, modes: modes, again: again)] : [])
            case let .run(mode, timeout): timeout > 0 ? [.run(mode, timeout: 0)] : []
            default: []
            }
        }
    }

    static let practiceModes: [[Loop.Mode]?] = [
        nil, nil, [.default], [.tracking], [.common], [sheet], [], [.default, .tracking], [.default, .default], [.common, sheet], [sheet, .tracking],
    ]

    static func practiceScenario(_ random: inout SeededGenerator) -> [PerformStep] {
        var works = 0
        return (0..<random.int(3...12)).map { _ -> PerformStep in
            switch random.int(0...11) {
            case 0...4:
                works += 1
                let from: Caller = random.chance(0.7) ? .anotherThread : .target
                let modes = random.pick(practiceModes)
                // Another thread waits only where the reference returns at once (no mode): the
                // target is not running its loop while it waits for that thread. The target itself
                // always waits for work in no mode: "no mode, no work" comes before "on the target
                // itself with waitUntilDone, at once".
                let noMode = modes?.isEmpty == true
                let wait = (random.chance(0.3) && (from == .target || noMode)) || (from == .target && noMode)
                return .send(work: works, from: from, wait: wait, modes: modes, again: random.chance(0.15))
            case 5: return .markSheetCommon
            case 6...9: return .run(random.pick([Loop.Mode.default, .default, .tracking, sheet]), timeout: random.pick([0, 0, 0.5, 1]))
            default:
                works += 1
                return .sendToIdleThread(work: works, exited: random.chance(0.5), wait: random.chance(0.5), noMode: random.chance(0.3))
            }
        }
    }

    typealias Perform = @Sendable (LoopThread, Bool, [Loop.Mode]?, @escaping @Sendable () -> Void) throws -> Void

    /// The engine's own `performSelector:onThread:withObject:waitUntilDone:modes:`.
    static let referencePerform: Perform = { thread, wait, modes, work in
        if let modes { try thread.perform(waitUntilDone: wait, modes: modes, work) } else { try thread.perform(waitUntilDone: wait, work) }
    }

    /// Runs `steps` with `perform`, the target thread running them itself (its loop on a virtual
    /// clock, a port in each mode so that every run lasts its timeout); each call from another
    /// thread is made on a thread of its own and waited for within a bound. Returns the target's
    /// notes, or what kept the scenario from finishing.
    static func practiceTrace(_ steps: [PerformStep], _ perform: @escaping Perform) -> [String] {
        let lines = Lock<[String]?>(nil)
        let target = Lock<LoopThread?>(nil)
        let thread = LoopThread(name: "target", registry: LoopRegistry(clock: VirtualClock())) {
            guard let me = target.withLock({ $0 }) else { return }
            let loop = Loop.current
            loop.passLimit = 10_000
            let trace = loop.startTracing()
            for mode in [Loop.Mode.default, .tracking, sheet] { try? loop.add(Loop.Port(name: "keep-alive"), forMode: mode) }
            @Sendable func note(_ text: Text) { loop.note(text) }
            @Sendable func call(_ work: Int, to thread: LoopThread, wait: Bool, modes: [Loop.Mode]?, again: Bool) {
                do {
                    try perform(thread, wait, modes) {
                        let place = ThreadID.current == me.id ? "" : " (not on the target)"
                        Loop.current.note(Text(en: "work \(work) runs\(place)", zh: "工作 \(work) 执行了\(place.isEmpty ? "" : "（不在目标线程上）")"))
                        if again { call(work + 100, to: me, wait: false, modes: modes, again: false) }
                    }
                } catch {
                    note(Text(en: "sending work \(work) threw \(error)", zh: "发送工作 \(work) 时抛出了 \(error)"))
                }
            }
            for step in steps {
                switch step {
                case let .send(work, .target, wait, modes, again): call(work, to: me, wait: wait, modes: modes, again: again)
                case let .send(work, .anotherThread, wait, modes, again):
                    let caller = LoopThread(name: "caller") { call(work, to: me, wait: wait, modes: modes, again: again) }
                    if (try? caller.start()) == nil || !caller.join(timeout: 2) {
                        note(Text(en: "sending work \(work) did not return within 2 s", zh: "发送工作 \(work) 的调用 2 秒内没有返回"))
                    }
                case .markSheetCommon: loop.addCommonMode(sheet)
                case let .run(mode, timeout):
                    do {
                        note(Note.returned("run(\(mode.name))", try loop.run(mode: mode, timeout: timeout)))
                    } catch {
                        note(Text(en: "run(\(mode.name)) threw \(error)", zh: "`run(\(mode.name))` 抛出了 \(error)"))
                    }
                case let .sendToIdleThread(work, exited, wait, noMode):
                    let idle = LoopThread(name: exited ? "exited" : "never started") {}
                    if exited { _ = (try? idle.start()).map { idle.join(timeout: 2) } }
                    let caller = LoopThread(name: "caller") { call(work, to: idle, wait: wait, modes: noMode ? [] : nil, again: false) }
                    if (try? caller.start()) == nil || !caller.join(timeout: 2) {
                        note(Text(en: "sending work \(work) did not return within 2 s", zh: "发送工作 \(work) 的调用 2 秒内没有返回"))
                    }
                }
            }
            let notes = trace.lines(.notes)
            for mode in [Loop.Mode.default, .tracking, sheet] {
                for item in loop.items(inMode: mode) { loop.remove(item, fromMode: mode) }
            }
            lines.withLock { $0 = notes }
        }
        target.withLock { $0 = thread }
        do { try thread.start() } catch { return ["(the target did not start: \(error))"] }
        guard thread.join(timeout: 30) else { return ["(the scenario did not finish within 30 s)"] }
        return lines.withLock { $0 } ?? ["(the scenario ended without a trace)"]
    }

    static func practice(_ perform: @escaping Perform) -> Practice<PerformStep> {
        Practice(
            lesson: 8, count: 60,
            hint: Text(
                en:
                    "Your perform(on:) differs from the engine's on this sequence of calls: the target's loop first (a thread not started or exited throws, whatever the modes), then nothing for an empty `modes`; on the target itself with waitUntilDone, the work at once; otherwise one source added to each of `modes` as given (`.common` itself, so that a mode marked common later gets the work too), signalled, the loop woken; the work runs once, where and when the target runs one of those modes.",
                zh:
                    "在这串调用上，你的 `perform(on:)` 和引擎的不一样：先拿目标线程的 RunLoop（线程没启动或已退出就抛出错误，不管 `modes` 是什么），然后 `modes` 为空就什么都不做；在目标线程自己身上且 `waitUntilDone` 时，立即执行工作；否则把一个事件源按给定的 `modes` 逐个加进去（`.common` 就原样加 `.common`，这样之后才标为 common 的 Mode 也能拿到这份工作），标记它，唤醒 RunLoop；工作只执行一次，在目标线程运行那些 Mode 之一时、在目标线程上执行。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            practiceTrace(steps, side == .student ? perform : referencePerform)
        }
    }

    @Test(
        "Generated call sequences: your perform(on:) delivers work as the reference does",
        .zh("自动生成的调用序列：你的 `perform(on:)` 送达工作的方式和参考实现一致"))
    func generatedCalls() async throws {
        try await Self.practice { thread, wait, modes, work in
            if let modes { try perform(on: thread, waitUntilDone: wait, modes: modes, work) } else { try perform(on: thread, waitUntilDone: wait, work) }
        }.check()
    }
}

/// Lesson 08's generated calls reach the edges of its input on purpose: a generator that stopped
/// reaching one would leave that edge ungraded.
extension PracticeTests {
    enum PerformEdge: String, CaseIterable, Sendable {
        case targetWaitsForWorkInNoMode, targetWaitsForItsOwnWork, anotherThreadWaitsForWorkInNoMode
        case sentToAThreadThatExited, sentToAThreadNeverStarted, workSendsWorkToItsOwnThread
    }

    static func performEdges(_ step: Lesson08Tests.PerformStep) -> Set<PerformEdge> {
        switch step {
        case let .send(_, from, wait, modes, again):
            var edges: Set<PerformEdge> = again ? [.workSendsWorkToItsOwnThread] : []
            let noMode = modes?.isEmpty == true
            switch (from, wait) {
            case (.target, true): edges.insert(noMode ? .targetWaitsForWorkInNoMode : .targetWaitsForItsOwnWork)
            case (.anotherThread, true) where noMode: edges.insert(.anotherThreadWaitsForWorkInNoMode)
            default: break
            }
            return edges
        case let .sendToIdleThread(_, exited, _, _): return [exited ? .sentToAThreadThatExited : .sentToAThreadNeverStarted]
        default: return []
        }
    }

    @Test("Lesson 08's generated calls reach every edge over the fixed seeds")
    func performCallsReachTheEdges() {
        let practice = Lesson08Tests.practice(Lesson08Tests.referencePerform)
        var hits: [PerformEdge: Int] = [:]
        for seed in PracticeSeeds.chosen(defaultCount: practice.count, environment: [:]) {
            for step in practice.scenario(seed: seed) {
                for edge in Self.performEdges(step) { hits[edge, default: 0] += 1 }
            }
        }
        for edge in PerformEdge.allCases {
            #expect(hits[edge, default: 0] >= 3, "\(edge.rawValue): \(hits[edge, default: 0]) calls over the fixed seeds")
        }
    }
}
