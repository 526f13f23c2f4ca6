import Testing

/// Lesson 20 against the reference on generated call sequences, on the main thread of a fresh
/// registry (virtual clock, tracking marked common): values handed to the RunLoop scheduler and to
/// the main queue, some of which hand a next value to the other one when they arrive; delayed work
/// due now, soon, later or in the past, cancelled or not; `Timer.publish` tickers in the default
/// mode, `.common`, tracking alone or a private mode, with intervals that land on and between the
/// runs' edges, cancelled or not; the private mode marked common only later; and runs of the
/// default, tracking and private modes between the calls. Each value notes when and in which mode
/// it arrives; each ticker what it published.
extension Lesson20Tests {
    enum DeliveryStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// Value `value` goes to the RunLoop scheduler (or to the main queue); with `relay`, it
        /// hands value `value + 100` to the other one when it arrives.
        case runLoop(Int, relay: Bool)
        case mainQueue(Int, relay: Bool)
        /// Work `value` is scheduled on the run loop for `delay` seconds from now.
        case after(Int, delay: Double)
        /// Ticker `value` publishes every `interval` seconds in `mode`.
        case publish(Int, interval: Double, mode: Loop.Mode)
        /// The timer of work or ticker `value` is invalidated.
        case cancel(Int)
        /// The private mode is marked common.
        case markSheetCommon
        /// The loop runs `mode` for `timeout` seconds.
        case run(Loop.Mode, timeout: Double)

        static func named(_ mode: Loop.Mode) -> String { mode == .common ? ".common" : mode.name }

        var text: Text {
            switch self {
            case let .runLoop(value, relay):
                return Text(
                    en: "runLoopSchedule { value \(value)\(relay ? "; then value \(value + 100) to the main queue" : "") }",
                    zh: "`runLoopSchedule` { 值 \(value)\(relay ? "；然后把值 \(value + 100) 交给主队列" : "") }")
            case let .mainQueue(value, relay):
                return Text(
                    en: "mainQueueSchedule { value \(value)\(relay ? "; then value \(value + 100) to RunLoop.main" : "") }",
                    zh: "`mainQueueSchedule` { 值 \(value)\(relay ? "；然后把值 \(value + 100) 交给 `RunLoop.main`" : "") }")
            case let .after(value, delay):
                let seconds = PracticeText.seconds(delay)
                return Text(
                    en: "runLoopSchedule(after: now + \(seconds.en)) { work \(value) }", zh: "`runLoopSchedule(after: 现在 + \(seconds.zh))` { 工作 \(value) }")
            case let .publish(value, interval, mode):
                let seconds = PracticeText.seconds(interval)
                return Text(
                    en: "ticker \(value): timerPublish(every: \(seconds.en), in: \(Self.named(mode)))",
                    zh: "发布者 \(value)：`timerPublish(every: \(seconds.zh), in: \(Self.named(mode)))`")
            case let .cancel(value): return Text(en: "invalidate the timer of \(value)", zh: "让 \(value) 的定时器失效")
            case .markSheetCommon: return Text(en: "mark sheet common", zh: "把 `sheet` 标为 common")
            case let .run(mode, timeout):
                return Text(en: "run \(mode.name) for \(PracticeText.seconds(timeout).en)", zh: "运行 \(mode.name) \(PracticeText.seconds(timeout).zh)")
            }
        }

        var description: String { text.en }

        var simpler: [DeliveryStep] {
            switch self {
            case let .runLoop(value, relay): relay ? [.runLoop(value, relay: false)] : []
            case let .mainQueue(value, relay): relay ? [.mainQueue(value, relay: false)] : []
            case let .after(value, delay): delay != 1 ? [.after(value, delay: 1)] : []
            case let .publish(value, interval, mode):
                (interval != 1 ? [.publish(value, interval: 1, mode: mode)] : [])
                    + (mode != .default ? [.publish(value, interval: interval, mode: .default)] : [])
            case let .run(mode, timeout): timeout > 1 ? [.run(mode, timeout: 1)] : []
            default: []
            }
        }
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [DeliveryStep] {
        var values = 0
        return (0..<random.int(3...12)).map { _ -> DeliveryStep in
            switch random.int(0...11) {
            case 0...1:
                values += 1
                return .runLoop(values, relay: random.chance(0.2))
            case 2...3:
                values += 1
                return .mainQueue(values, relay: random.chance(0.2))
            case 4:
                values += 1
                return .after(values, delay: random.pick([0, 0.5, 1, 1, 1.5, 2.5, -1]))
            case 5:
                values += 1
                return .publish(
                    values, interval: random.pick([0.5, 0.7, 1, 1.5]), mode: random.pick([.default, .default, .common, .common, .tracking, sheet]))
            case 6: return .cancel(random.int(1...max(values, 1)))
            case 7: return .markSheetCommon
            default: return .run(random.pick([Loop.Mode.default, .default, .tracking, .tracking, sheet]), timeout: random.pick([0, 0.5, 1, 2, 3]))
            }
        }
    }

    /// The four calls of the lesson, as closures: the student's or the reference's.
    struct Schedulers: Sendable {
        let runLoop: @Sendable (Loop, @escaping @Sendable () -> Void) -> Void
        let mainQueue: @Sendable (MainQueue, @escaping @Sendable () -> Void) -> Void
        let after: @Sendable (Instant, Loop, @escaping @Sendable () -> Void) throws -> Loop.Timer
        let publish: @Sendable (Double, Loop, Loop.Mode, @escaping @Sendable (Instant) -> Void) throws -> Loop.Timer

        static let student = Schedulers(
            runLoop: { runLoopSchedule(on: $0, $1) }, mainQueue: { mainQueueSchedule(on: $0, $1) },
            after: { try runLoopSchedule(after: $0, on: $1, $2) }, publish: { try timerPublish(every: $0, on: $1, in: $2, $3) })

        /// What the Solution does, in the engine's words: Combine's RunLoop scheduler
        /// (`RunLoopScheduler`), the main queue, and `Timer.publish` (`Loop.timerPublisher`).
        static let reference = Schedulers(
            runLoop: { RunLoopScheduler($0).schedule($1) }, mainQueue: { $0.async($1) },
            after: { date, loop, action in try RunLoopScheduler(loop).schedule(after: date, action) },
            publish: { interval, loop, mode, receive in try loop.timerPublisher(every: interval, in: mode, receive) })
    }

    /// Runs `steps` with `schedulers` on a fresh main loop; returns its notes.
    static func practiceTrace(_ steps: [DeliveryStep], _ schedulers: Schedulers) throws -> [String] {
        try onMainLoop(timeout: 5) { loop, queue -> [String] in
            let trace = loop.startTracing()
            let timers = Lock<[Int: Loop.Timer]>([:])
            @Sendable func viaRunLoop(_ value: Int, relay: Bool) {
                schedulers.runLoop(loop) {
                    Loop.current.note(Self.viaRunLoop(value))
                    if relay { viaMainQueue(value + 100, relay: false) }
                }
            }
            @Sendable func viaMainQueue(_ value: Int, relay: Bool) {
                schedulers.mainQueue(queue) {
                    Loop.current.note(Self.viaMainQueue(value))
                    if relay { viaRunLoop(value + 100, relay: false) }
                }
            }
            for step in steps {
                switch step {
                case let .runLoop(value, relay): viaRunLoop(value, relay: relay)
                case let .mainQueue(value, relay): viaMainQueue(value, relay: relay)
                case let .after(value, delay):
                    do {
                        let timer = try schedulers.after(loop.now + delay, loop) { Loop.current.note(Self.delayed("\(value)", at: Loop.current.now)) }
                        timers.withLock { $0[value] = timer }
                    } catch {
                        loop.note(Text(en: "scheduling work \(value) threw \(error)", zh: "加入工作 \(value) 时抛出了 \(error)"))
                    }
                case let .publish(value, interval, mode):
                    do {
                        let timer = try schedulers.publish(interval, loop, mode) { Loop.current.note(Self.ticks("ticker \(value)", at: $0)) }
                        timers.withLock { $0[value] = timer }
                    } catch {
                        loop.note(Text(en: "ticker \(value) threw \(error)", zh: "发布者 \(value) 抛出了 \(error)"))
                    }
                case let .cancel(value): timers.withLock { $0[value] }?.invalidate()
                case .markSheetCommon: loop.addCommonMode(sheet)
                case let .run(mode, timeout): loop.note(Note.returned("run(\(mode.name))", try loop.run(mode: mode, timeout: timeout)))
                }
            }
            let notes = trace.lines(.notes)
            for timer in timers.withLock({ $0.values }) { timer.invalidate() }
            return notes
        }
    }

    static let practice = Practice<DeliveryStep>(
        lesson: 20, count: 100,
        hint: Text(
            en:
                "Your schedulers differ from the reference on this sequence of calls: the RunLoop scheduler queues a block for the default mode and wakes nothing (`loop.perform(inModes: [.default])`); the main queue's scheduler is `queue.async`; `schedule(after:)` is a one-shot timer at the date given, in the default mode; `Timer.publish` is a repeating timer first due one interval from now, in the mode given as given (`.common` as `.common`); each returns its timer.",
            zh:
                "在这串调用上，你的调度器和参考实现不一样：RunLoop 调度器把 Block 排给 default Mode，什么都不唤醒（`loop.perform(inModes: [.default])`）；主队列的调度器就是 `queue.async`；`schedule(after:)` 是一个在给定时间触发的一次性定时器，加在 default Mode；`Timer.publish` 是一个重复定时器，第一次在从现在起一个间隔之后，按给定的 Mode 原样加入（`.common` 就加 `.common`）；每个都返回它的定时器。"
        )
    ) { random in
        practiceScenario(&random)
    } run: { steps, side in
        try practiceTrace(steps, side == .student ? .student : .reference)
    }

    @Test(
        "Generated call sequences: your schedulers deliver values, delayed work and ticks as the reference does",
        .zh("自动生成的调用序列：你的调度器送达值、延迟任务和定时触发的方式和参考实现一致"))
    func generatedCalls() async throws {
        try await Self.practice.check()
    }
}
