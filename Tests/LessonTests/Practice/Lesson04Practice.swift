import Testing

/// Lesson 04 against the reference on generated call sequences: each `produce…` function called
/// on a fresh loop whose clock reads 0 s, a fraction, a long while or near the largest time it
/// counts; some loops with an observer of every activity in `.common` (observers keep no mode
/// alive); some called from another thread than the one that made the loop. Each call is told as
/// the lesson's tests tell it, from the loop's own trace: what each `stop()` met and when, how the
/// last run ended, and what the function returned.
extension Lesson04Tests {
    enum Producer: String, CaseIterable, Sendable {
        case finished, stopped, timedOut, handledSource, stopAtTheDeadline, lostStop

        var call: String {
            switch self {
            case .finished: "produceFinished(on: loop)"
            case .stopped: "produceStopped(on: loop)"
            case .timedOut: "produceTimedOut(on: loop)"
            case .handledSource: "produceHandledSource(on: loop)"
            case .stopAtTheDeadline: "produceStopAtTheDeadline(on: loop, stop: stop)"
            case .lostStop: "produceLostStop(on: loop, stop: stop)"
            }
        }
    }

    struct ProduceStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        let producer: Producer
        /// What the fresh loop's clock reads.
        let clock: Double
        /// An observer of every activity in `.common` before the call.
        let observer: Bool
        /// Called on a thread of its own, not the one that made the loop.
        let fromAnotherThread: Bool

        var text: Text {
            var en = "\(producer.call) on a fresh loop whose clock reads \(PracticeText.seconds(clock).en)"
            var zh = "在一个时钟读数为 \(PracticeText.seconds(clock).zh)的全新 RunLoop 上调用 \(producer.call)"
            if observer {
                en += ", an observer of every activity in .common"
                zh += "，`.common` 里有一个观察所有状态的观察者"
            }
            if fromAnotherThread {
                en += ", from another thread"
                zh += "，在另一个线程上调用"
            }
            return Text(en: en, zh: zh)
        }

        var description: String { text.en }

        var simpler: [ProduceStep] {
            var simpler: [ProduceStep] = []
            if observer { simpler.append(ProduceStep(producer: producer, clock: clock, observer: false, fromAnotherThread: fromAnotherThread)) }
            if fromAnotherThread { simpler.append(ProduceStep(producer: producer, clock: clock, observer: observer, fromAnotherThread: false)) }
            return simpler
        }
    }

    /// Clocks of the fresh loops: at 0, a fraction, the lesson tests' 1000 s and others, and near
    /// the largest time the clock counts (2⁶³ ns is about 9.2e9 s).
    static let practiceClocks: [Double] = [0, 0.25, 1000, 1000, 1000.25, 3.7, 86_400.125, 8_000_000_000.5]

    static func practiceScenario(_ random: inout SeededGenerator) -> [ProduceStep] {
        (0..<random.int(1...6)).map { _ in
            ProduceStep(
                producer: random.pick(Producer.allCases), clock: random.pick(practiceClocks), observer: random.chance(0.3),
                fromAnotherThread: random.chance(0.25))
        }
    }

    /// The six producers, as closures: the student's or the reference's.
    struct Producers: Sendable {
        let produce: @Sendable (Producer, Loop, @escaping @Sendable () -> Void) throws -> Loop.RunResult

        static let student = Producers { producer, loop, stop in
            switch producer {
            case .finished: try produceFinished(on: loop)
            case .stopped: try produceStopped(on: loop)
            case .timedOut: try produceTimedOut(on: loop)
            case .handledSource: try produceHandledSource(on: loop)
            case .stopAtTheDeadline: try produceStopAtTheDeadline(on: loop, stop: stop)
            case .lostStop: try produceLostStop(on: loop, stop: stop)
            }
        }

        /// What the Solution does, in the engine's words: a one-shot timer and nothing else; a
        /// timer that stops the run, a port; a port; a signalled source and
        /// returnAfterSourceHandled; a stopping timer due exactly at the deadline, counted from
        /// now; a stop before the run of a mode that holds a port.
        static let reference = Producers { producer, loop, stop in
            switch producer {
            case .finished:
                try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in }, forMode: .default)
                return try loop.run(mode: .default, timeout: 10)
            case .stopped:
                try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in Loop.current.stop() }, forMode: .default)
                try loop.add(Loop.Port(), forMode: .default)
                return try loop.run(mode: .default, timeout: 10)
            case .timedOut:
                try loop.add(Loop.Port(), forMode: .default)
                return try loop.run(mode: .default, timeout: 1)
            case .handledSource:
                let source = Loop.Source {}
                try loop.add(source, forMode: .default)
                source.signal()
                return try loop.run(mode: .default, timeout: 10, returnAfterSourceHandled: true)
            case .stopAtTheDeadline:
                try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in stop() }, forMode: .default)
                try loop.add(Loop.Port(), forMode: .default)
                return try loop.run(mode: .default, timeout: 1)
            case .lostStop:
                try loop.add(Loop.Port(), forMode: .default)
                stop()
                return try loop.run(mode: .default, timeout: 1)
            }
        }
    }

    /// Runs each step with `producers` on a fresh traced loop, as ``produce(_:)`` does: the story
    /// of each call (its stops, how its last run ended, what it returned), or what it threw.
    static func practiceTrace(_ steps: [ProduceStep], _ producers: Producers) -> [String] {
        steps.enumerated().flatMap { index, step -> [String] in
            let loop = Loop(clock: VirtualClock(startingAt: Instant(seconds: step.clock)), name: "loop \(index + 1)")
            loop.passLimit = 10_000
            let trace = loop.startTracing()
            if step.observer {
                try? loop.add(Loop.Observer(name: "watcher", activities: .all) { _ in }, forMode: .common)
            }
            let stop: @Sendable () -> Void = { [weak loop] in
                guard let loop else { return }
                loop.note(loop.stop() ? Produced.reached.en : Produced.lost.en)
            }
            let outcome = Lock<Result<Loop.RunResult, any Error>?>(nil)
            let call: @Sendable () -> Void = { outcome.withLock { $0 = Result { try producers.produce(step.producer, loop, stop) } } }
            if step.fromAnotherThread {
                let caller = LoopThread(name: "caller") { call() }
                if (try? caller.start()) == nil || !caller.join(timeout: 10) {
                    return ["\(index + 1). " + Text(en: "the call did not return within 10 s", zh: "这次调用 10 秒内没有返回").localized]
                }
            } else {
                call()
            }
            let head = "\(index + 1). "
            switch outcome.withLock({ $0 }) {
            case .success(let returned)?:
                let produced = Produced(returned: returned, events: trace.events)
                return (produced.stops + [Produced.runLine(produced.lastRun), Produced.returnedLine(returned)]).map { head + $0.localized }
            case .failure(let error)?: return [head + Text(en: "threw \(error)", zh: "抛出了 \(error)").localized]
            case nil: return [head + Text(en: "did not return", zh: "没有返回").localized]
            }
        }
    }

    static func practice(_ producers: Producers) -> Practice<ProduceStep> {
        Practice(
            lesson: 4, count: 100,
            hint: Text(
                en:
                    "Your producer differs from the reference on this call: on any fresh loop — whatever its clock reads (count from `loop.now`), from any thread, with an observer or not (observers keep nothing alive) — finished comes from a mode that empties itself, stopped from a stop inside the run, timed out from something to wait for, handled source from a signalled source with returnAfterSourceHandled; the stop at the deadline is due at `loop.now + timeout`, the lost stop comes before the run.",
                zh:
                    "在这次调用上，你造结果的函数和参考实现不一样：不管全新 RunLoop 的时钟读数是多少（从 `loop.now` 算起）、在哪个线程上调用、有没有观察者（观察者不能让 Mode 保持不空），`finished` 都来自一个会自己变空的 Mode，`stopped` 来自运行内部的 `stop()`，`timed out` 来自等一个永远不会来的东西，`handled source` 来自一个已被标记的事件源加上 `returnAfterSourceHandled`；截止时间上的 `stop()` 在 `loop.now + timeout` 到点，丢掉的 `stop()` 在运行之前发出。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            practiceTrace(steps, side == .student ? producers : .reference)
        }
    }

    @Test(
        "Generated call sequences: your runs end as the reference's do, on any clock and thread",
        .zh("自动生成的调用序列：不管时钟读数和线程如何，你的运行都和参考实现以同样的方式结束"))
    func generatedScenarios() async throws {
        try await Self.practice(.student).check()
    }
}

/// Lesson 04's generated calls reach the edges its stub names: a generator that stopped reaching
/// one would leave that edge ungraded.
extension PracticeTests {
    enum ProduceEdge: String, CaseIterable, Sendable {
        case clockAtZero, clockAtAFraction, clockNearTheLargestTime, fromAnotherThread, observerOnly
        case finished, stopped, timedOut, handledSource, stopAtTheDeadline, lostStop
    }

    static func produceEdges(_ step: Lesson04Tests.ProduceStep) -> Set<ProduceEdge> {
        var edges: Set<ProduceEdge> = [ProduceEdge(rawValue: step.producer.rawValue)!]
        if step.clock == 0 { edges.insert(.clockAtZero) }
        if step.clock != step.clock.rounded() { edges.insert(.clockAtAFraction) }
        if step.clock > 1e9 { edges.insert(.clockNearTheLargestTime) }
        if step.fromAnotherThread { edges.insert(.fromAnotherThread) }
        if step.observer { edges.insert(.observerOnly) }
        return edges
    }

    @Test("Lesson 04's generated calls reach every edge over the fixed seeds")
    func produceCallsReachTheEdges() {
        let practice = Lesson04Tests.practice(.reference)
        var hits: [ProduceEdge: Int] = [:]
        for seed in PracticeSeeds.chosen(defaultCount: practice.count, environment: [:]) {
            for step in practice.scenario(seed: seed) {
                for edge in Self.produceEdges(step) { hits[edge, default: 0] += 1 }
            }
        }
        for edge in ProduceEdge.allCases {
            #expect(hits[edge, default: 0] >= 5, "\(edge.rawValue): \(hits[edge, default: 0]) calls over the fixed seeds")
        }
    }
}
