import Testing

/// Lesson 22 against the reference on generated call sequences, on the main thread of a fresh
/// registry (virtual clock, tracking marked common, `sheet` not): `Timer.scheduledTimer` tickers
/// made on the main thread or on a thread that never runs its loop, timer sources and sleeping
/// main-actor tasks with intervals that land on and between the runs' edges, tickers stopped or
/// not, busy stretches of the main thread (a main-queue block or a default-mode timer that takes
/// time), and runs of the default, tracking and `sheet` modes between the calls. Each tick notes
/// when, in which mode and (a source's) with what data it comes.
extension Lesson22Tests {
    enum TickerStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// Ticker `id`: `scheduledTicker(every:)`, made on the main thread or on a worker.
        case timer(Int, interval: Double, onWorker: Bool)
        /// Ticker `id`: `dispatchTicker(every:)`, made on the main thread or on a worker.
        case source(Int, interval: Double, onWorker: Bool)
        /// Ticker `id`: `sleepingTicker(every:count:)`, made on the main thread.
        case task(Int, interval: Double, count: Int)
        /// Ticker `id` is stopped (a timer invalidated, a source cancelled; a task runs on).
        case stop(Int)
        /// The main thread is busy for `seconds`: in a main-queue block, or in a default-mode
        /// timer due after `delay`.
        case busyBlock(seconds: Double)
        case busyTimer(after: Double, seconds: Double)
        /// The loop runs `mode` for `timeout` seconds.
        case run(Loop.Mode, timeout: Double)

        var text: Text {
            switch self {
            case let .timer(id, interval, onWorker):
                return Text(
                    en: "ticker \(id): scheduledTicker(every: \(PracticeText.seconds(interval).en))\(onWorker ? " on a worker" : "")",
                    zh: "定时器 \(id)：`scheduledTicker(every: \(PracticeText.seconds(interval).zh))`\(onWorker ? "，在工作线程上" : "")")
            case let .source(id, interval, onWorker):
                return Text(
                    en: "ticker \(id): dispatchTicker(every: \(PracticeText.seconds(interval).en))\(onWorker ? " on a worker" : "")",
                    zh: "定时器 \(id)：`dispatchTicker(every: \(PracticeText.seconds(interval).zh))`\(onWorker ? "，在工作线程上" : "")")
            case let .task(id, interval, count):
                return Text(
                    en: "ticker \(id): sleepingTicker(every: \(PracticeText.seconds(interval).en), count: \(count))",
                    zh: "定时器 \(id)：`sleepingTicker(every: \(PracticeText.seconds(interval).zh), count: \(count))`")
            case let .stop(id): return Text(en: "stop ticker \(id)", zh: "停掉定时器 \(id)")
            case let .busyBlock(seconds):
                return Text(en: "a main-queue block busy for \(PracticeText.seconds(seconds).en)", zh: "一个忙 \(PracticeText.seconds(seconds).zh)的主队列 Block")
            case let .busyTimer(delay, seconds):
                return Text(
                    en: "a default-mode timer in \(PracticeText.seconds(delay).en), busy for \(PracticeText.seconds(seconds).en)",
                    zh: "一个 \(PracticeText.seconds(delay).zh)后到点的 default Mode 定时器，忙 \(PracticeText.seconds(seconds).zh)")
            case let .run(mode, timeout):
                return Text(en: "run \(mode.name) for \(PracticeText.seconds(timeout).en)", zh: "运行 \(mode.name) \(PracticeText.seconds(timeout).zh)")
            }
        }

        var description: String { text.en }

        var simpler: [TickerStep] {
            switch self {
            case let .timer(id, interval, onWorker):
                (interval != 1 ? [.timer(id, interval: 1, onWorker: onWorker)] : []) + (onWorker ? [.timer(id, interval: interval, onWorker: false)] : [])
            case let .source(id, interval, onWorker):
                (interval != 1 ? [.source(id, interval: 1, onWorker: onWorker)] : []) + (onWorker ? [.source(id, interval: interval, onWorker: false)] : [])
            case let .task(id, interval, count):
                (interval != 1 ? [.task(id, interval: 1, count: count)] : []) + (count > 1 ? [.task(id, interval: interval, count: 1)] : [])
            case let .busyBlock(seconds): seconds != 1 ? [.busyBlock(seconds: 1)] : []
            case let .busyTimer(delay, seconds): seconds != 1 ? [.busyTimer(after: delay, seconds: 1)] : []
            case let .run(mode, timeout): timeout > 1 ? [.run(mode, timeout: 1)] : []
            case .stop: []
            }
        }
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [TickerStep] {
        var tickers = 0
        let intervals: [Double] = [0.5, 0.7, 1, 1, 1.5]
        return (0..<random.int(3...10)).map { _ -> TickerStep in
            switch random.int(0...11) {
            case 0...1:
                tickers += 1
                return .timer(tickers, interval: random.pick(intervals), onWorker: random.chance(0.3))
            case 2...3:
                tickers += 1
                return .source(tickers, interval: random.pick(intervals), onWorker: random.chance(0.3))
            case 4:
                tickers += 1
                return .task(tickers, interval: random.pick(intervals), count: random.int(1...3))
            case 5: return .stop(random.int(1...max(tickers, 1)))
            case 6: return .busyBlock(seconds: random.pick([0.3, 1, 1.6, 2.5]))
            case 7: return .busyTimer(after: random.pick([0, 0.5, 1.2]), seconds: random.pick([0.3, 1, 1.6, 2.5]))
            default: return .run(random.pick([Loop.Mode.default, .default, .tracking, .tracking, sheet]), timeout: random.pick([0, 0.5, 1, 2, 3]))
            }
        }
    }

    /// The lesson's three tickers, as closures: the student's or the reference's.
    struct Tickers: Sendable {
        let timer: @Sendable (Double, @escaping @Sendable () -> Void) throws -> Loop.Timer
        let source: @Sendable (Double, LoopRegistry, @escaping @Sendable (UInt) -> Void) -> DispatchTimerSource
        let task: @Sendable (Double, Int, MainLoopActor, @escaping @Sendable () -> Void) -> Void

        static let student = Tickers(
            timer: { try scheduledTicker(every: $0, $1) }, source: { dispatchTicker(every: $0, on: $1, $2) },
            task: { sleepingTicker(every: $0, count: $1, on: $2, $3) })

        /// What the Solution does, in the engine's words: a repeating timer in the current loop's
        /// default mode, a `DispatchTimerSource` on the main queue, a main-actor task that sleeps.
        static let reference = Tickers(
            timer: { interval, tick in
                let loop = Loop.current
                let timer = try Loop.Timer(fireDate: loop.now + interval, interval: interval) { _ in tick() }
                try loop.add(timer, forMode: .default)
                return timer
            },
            source: { interval, registry, tick in
                let source = DispatchTimerSource(queue: registry.mainQueue)
                source.schedule(deadline: registry.clock.now + interval, repeating: interval)
                source.setEventHandler { [weak source] in tick(source?.data ?? 0) }
                source.resume()
                return source
            },
            task: { interval, count, actor, tick in
                actor.assumeIsolated { actor -> Void in
                    Task {
                        _ = actor
                        for _ in 0..<count {
                            await actor.sleep(for: interval)
                            tick()
                        }
                    }
                }
            })
    }

    /// Runs `steps` with `tickers` on a fresh main loop; returns its notes.
    static func practiceTrace(_ steps: [TickerStep], _ tickers: Tickers) throws -> [String] {
        try onMainLoop(timeout: 8) { world -> [String] in
            let loop = world.loop
            let trace = loop.startTracing()
            let timers = Lock<[Int: Loop.Timer]>([:])
            let sources = Lock<[Int: DispatchTimerSource]>([:])
            func onThread(_ onWorker: Bool, _ body: @escaping @Sendable () throws -> Void) throws {
                if onWorker { try onAThreadThatNeverRunsItsLoop(world.registry, body) } else { try body() }
            }
            for step in steps {
                switch step {
                case let .timer(id, interval, onWorker):
                    do {
                        try onThread(onWorker) {
                            let timer = try tickers.timer(interval) { Loop.current.note(Text.verbatim("ticker \(id) (timer) ticks")) }
                            timers.withLock { $0[id] = timer }
                        }
                    } catch {
                        loop.note(Text(en: "ticker \(id) threw \(error)", zh: "定时器 \(id) 抛出了 \(error)"))
                    }
                case let .source(id, interval, onWorker):
                    try onThread(onWorker) {
                        let source = tickers.source(interval, world.registry) { Loop.current.note(Text.verbatim("ticker \(id) (source) ticks, data \($0)")) }
                        sources.withLock { $0[id] = source }
                    }
                case let .task(id, interval, count):
                    tickers.task(interval, count, world.actor) { Loop.current.note(Text.verbatim("ticker \(id) (task) ticks")) }
                case let .stop(id):
                    timers.withLock { $0[id] }?.invalidate()
                    sources.withLock { $0[id] }?.cancel()
                case let .busyBlock(seconds):
                    world.registry.mainQueue.async(name: "busy") { world.busy(seconds) }
                case let .busyTimer(delay, seconds):
                    try loop.add(Loop.Timer(name: "busy", fireDate: loop.now + delay) { _ in world.busy(seconds) }, forMode: .default)
                case let .run(mode, timeout): loop.note(Note.returned("run(\(mode.name))", try loop.run(mode: mode, timeout: timeout)))
                }
            }
            let notes = trace.lines(.notes)
            for timer in timers.withLock({ $0.values }) { timer.invalidate() }
            for source in sources.withLock({ $0.values }) { source.cancel() }
            // Lets the sleeping tasks finish (at most 3 sleeps of 1.5 s each), so that none is left suspended.
            _ = try loop.run(mode: .default, timeout: 10)
            return notes
        }
    }

    static let practice = Practice<TickerStep>(
        lesson: 22, count: 60,
        hint: Text(
            en:
                "Your tickers differ from the reference on this sequence of calls: `scheduledTicker` is a repeating `Loop.Timer` first due one interval from now, on `Loop.current`, in the default mode; `dispatchTicker` is a `DispatchSourceTimer` on `registry.mainQueue`, first due one interval from now, repeating, its handler passing `source.data`, resumed; `sleepingTicker` is a task on the actor that `count` times sleeps `interval`, then ticks.",
            zh:
                "在这串调用上，你的定时器和参考实现不一样：`scheduledTicker` 是一个重复的 `Loop.Timer`，第一次在从现在起一个间隔之后，加在 `Loop.current` 的 default Mode；`dispatchTicker` 是 `registry.mainQueue` 上的 `DispatchSourceTimer`，第一次在从现在起一个间隔之后，重复，回调传出 `source.data`，并且调用 `resume()`；`sleepingTicker` 是 actor 上的一个 Task，`count` 次先休眠 `interval` 再触发。"
        )
    ) { random in
        practiceScenario(&random)
    } run: { steps, side in
        try practiceTrace(steps, side == .student ? .student : .reference)
    }

    @Test(
        "Generated call sequences: your tickers tick as the reference's do",
        .zh("自动生成的调用序列：你的定时器和参考实现的触发一致"))
    func generatedCalls() async throws {
        try await Self.practice.check()
    }
}
