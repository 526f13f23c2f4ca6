import Testing

/// Lesson 13 against the reference on generated call sequences: countdowns started from -1, 0, 1
/// and more, badge refreshes of several intervals and download listeners, each asked for between
/// runs or from a callout (a test's timer in the common modes, so also during a scroll); chunks
/// the network sends to every listener, also while nothing runs; timers the app invalidates
/// itself; runs of the default mode, of tracking (a scroll), of a private mode marked common
/// (a modal) and of one never marked (a sheet), as outer runs and nested in a callout, some of
/// zero seconds; a clock that reads 0 s or has been running a while (a step of its own). Each tick, refresh and chunk
/// notes itself, with its time from the start and its mode; at the end, whether each returned
/// timer is valid and what each mode holds.
extension Lesson13Tests {
    /// The private mode that is marked common by a step of its own (a modal's).
    static let modal: Loop.Mode = "modal"
    /// The private mode never marked common (a sheet's).
    static let sheet: Loop.Mode = "sheet"

    enum TickerStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// The loop's clock reads `seconds` at the start (0 without this step).
        case clockReads(Double)
        /// Countdown `id` is started from `seconds`, now (nil) or from a callout `at` seconds from now.
        case countdown(id: Int, from: Int, at: Double?)
        /// Badge refresh `id` is scheduled every `interval` seconds, now or from a callout.
        case badge(id: Int, every: Double, at: Double?)
        /// Download `id` listens, now or from a callout.
        case download(id: Int, at: Double?)
        /// The network sends a chunk to every download listening by then: now (0) or `at` seconds
        /// from now (from a test's timer in the common modes).
        case chunk(at: Double)
        /// The app invalidates the timer countdown or badge `id` returned.
        case cancel(id: Int)
        /// The modal mode is marked common.
        case markModalCommon
        /// The loop runs `mode` for `timeout` seconds.
        case run(Loop.Mode, timeout: Double)
        /// A default-mode timer `at` seconds from now runs `mode` for `timeout` seconds, nested.
        case nested(at: Double, mode: Loop.Mode, timeout: Double)

        static func when(_ at: Double?) -> Text {
            guard let at else { return Text(en: "", zh: "") }
            return Text(en: "in \(PracticeText.seconds(at).en), from a callout: ", zh: "\(PracticeText.seconds(at).zh)后，在一个回调里：")
        }

        var text: Text {
            switch self {
            case let .clockReads(seconds):
                return Text(en: "the loop's clock reads \(PracticeText.seconds(seconds).en)", zh: "RunLoop 的时钟读数是 \(PracticeText.seconds(seconds).zh)")
            case let .countdown(id, seconds, at):
                let call = "countdown \(id) = startCountdown(from: \(seconds), on: loop)"
                return Text(en: Self.when(at).en + call, zh: Self.when(at).zh + call)
            case let .badge(id, interval, at):
                let call = "badge \(id) = scheduleBadgeRefresh(every: \(PracticeText.number(interval)), on: loop)"
                return Text(en: Self.when(at).en + call, zh: Self.when(at).zh + call)
            case let .download(id, at):
                let call = "download \(id) = listenForDownload(on: loop)"
                return Text(en: Self.when(at).en + call, zh: Self.when(at).zh + call)
            case let .chunk(at):
                return at == 0
                    ? Text(en: "the network sends a chunk to every download now", zh: "网络现在给每个下载发一个数据块")
                    : Text(
                        en: "the network sends a chunk to every download in \(PracticeText.seconds(at).en)",
                        zh: "网络 \(PracticeText.seconds(at).zh)后给每个下载发一个数据块")
            case let .cancel(id):
                return Text(en: "the app invalidates the timer of \(id)", zh: "App 让 \(id) 的定时器失效")
            case .markModalCommon: return Text(en: "mark modal common", zh: "把 `modal` 标为 common")
            case let .run(mode, timeout):
                return Text(en: "run \(mode.name) for \(PracticeText.seconds(timeout).en)", zh: "运行 \(mode.name) \(PracticeText.seconds(timeout).zh)")
            case let .nested(at, mode, timeout):
                return Text(
                    en: "in \(PracticeText.seconds(at).en), a default-mode callout runs \(mode.name) for \(PracticeText.seconds(timeout).en)",
                    zh: "\(PracticeText.seconds(at).zh)后，default Mode 的一个回调嵌套运行 \(mode.name) \(PracticeText.seconds(timeout).zh)")
            }
        }

        var description: String { text.en }

        var simpler: [TickerStep] {
            switch self {
            case let .countdown(id, seconds, at): at != nil ? [.countdown(id: id, from: seconds, at: nil)] : []
            case let .badge(id, interval, at): at != nil ? [.badge(id: id, every: interval, at: nil)] : []
            case let .download(id, at): at != nil ? [.download(id: id, at: nil)] : []
            case let .run(mode, timeout): timeout > 1 ? [.run(mode, timeout: 1)] : []
            default: []
            }
        }
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [TickerStep] {
        var made: [Int] = []
        func at() -> Double? { random.chance(0.3) ? random.pick([0.5, 1.2, 2.5]) : nil }
        let clock: [TickerStep] = random.chance(0.6) ? [.clockReads(random.pick([1000.25, 86_400.125, 7.3]))] : []
        return clock
            + (0..<random.int(3...12)).map { index -> TickerStep in
                let id = index + 1
                switch random.int(0...15) {
                case 0...3:
                    made.append(id)
                    return .countdown(id: id, from: random.pick([-1, 0, 1, 1, 2, 3, 5]), at: at())
                case 4, 5:
                    made.append(id)
                    return .badge(id: id, every: random.pick([0.25, 0.5, 1, 1.5, 2.5]), at: at())
                case 6: return .download(id: id, at: at())
                case 7: return .chunk(at: random.pick([0, 0.5, 1.5, 3]))
                case 8: return made.isEmpty ? .markModalCommon : .cancel(id: random.pick(made))
                case 9: return .markModalCommon
                case 10...13:
                    return .run(random.pick([Loop.Mode.default, .default, .tracking, .tracking, modal, sheet]), timeout: random.pick([0, 0.5, 1.5, 3, 4]))
                default: return .nested(at: random.pick([0.3, 1.5]), mode: random.pick([.tracking, modal, sheet]), timeout: random.pick([0, 1, 2.5]))
                }
            }
    }

    /// The lesson's three calls, as closures: the student's or the reference's.
    struct TickerCalls: Sendable {
        let countdown: @Sendable (Int, Loop, @escaping @Sendable (Int) -> Void) throws -> Loop.Timer
        let download: @Sendable (Loop, @escaping @Sendable (String) -> Void) throws -> Loop.Port
        let badge: @Sendable (Double, Loop, @escaping @Sendable () -> Void) throws -> Loop.Timer

        static let student = TickerCalls(
            countdown: { try startCountdown(from: $0, on: $1, tick: $2) }, download: { try listenForDownload(on: $0, onChunk: $1) },
            badge: { try scheduleBadgeRefresh(every: $0, on: $1, refresh: $2) })

        /// What the Solution does, in the engine's words: a repeating one-second timer in
        /// `.common` that counts down to 0 and then invalidates itself (already invalid from 0 or
        /// less), a port in `.common`, a repeating timer in the default mode only.
        static let reference = TickerCalls(
            countdown: { seconds, loop, tick in
                let remaining = Lock(seconds)
                let timer = try Loop.Timer(name: "countdown", fireDate: loop.now + 1, interval: 1) { timer in
                    let left = remaining.withLock { value -> Int in
                        value -= 1
                        return value
                    }
                    tick(left)
                    if left == 0 { timer.invalidate() }
                }
                guard seconds > 0 else {
                    timer.invalidate()
                    return timer
                }
                try loop.add(timer, forMode: .common)
                return timer
            },
            download: { loop, onChunk in
                let port = Loop.Port(name: "download", onMessage: onChunk)
                try loop.add(port, forMode: .common)
                return port
            },
            badge: { interval, loop, refresh in
                let timer = try Loop.Timer(name: "badge", fireDate: loop.now + interval, interval: interval) { _ in refresh() }
                try loop.add(timer, forMode: .default)
                return timer
            })
    }

    /// Runs `steps` with `calls` on a UI loop (tracking marked common, a port in each mode so
    /// that every run lasts its timeout) on a virtual clock that reads `origin`: every note and
    /// run result with its time from the start and its mode; then whether each returned timer
    /// is valid, and how many timers and ports each mode holds.
    static func practiceTrace(_ steps: [TickerStep], _ calls: TickerCalls) throws -> [String] {
        var origin = 0.0
        for case let .clockReads(seconds) in steps { origin = seconds }
        let start = Instant(seconds: origin)
        let loop = Loop(clock: VirtualClock(startingAt: start), name: "main loop")
        loop.passLimit = 10_000
        loop.addCommonMode(.tracking)
        let modes = [Loop.Mode.default, .tracking, modal, sheet]
        let keepAlive = Loop.Port(name: "events")
        for mode in modes { try loop.add(keepAlive, forMode: mode) }
        let trace = loop.startTracing()
        let timers = Lock<[Int: Loop.Timer]>([:])
        let ports = Lock<[(Int, Loop.Port)]>([])
        let chunks = Lock(0)
        @Sendable func later(_ at: Double?, inMode mode: Loop.Mode = .common, _ work: @escaping @Sendable () -> Void) throws {
            guard let at else { return work() }
            try loop.add(try Loop.Timer(name: "the test", fireDate: loop.now + at) { _ in work() }, forMode: mode)
        }
        @Sendable func attempt(_ call: String, _ body: () throws -> Void) {
            do { try body() } catch { loop.note(Text(en: "\(call) threw \(error)", zh: "\(call) 抛出了 \(error)")) }
        }
        for step in steps {
            switch step {
            case .clockReads: continue
            case let .countdown(id, seconds, at):
                try later(at) {
                    attempt("startCountdown") {
                        let timer = try calls.countdown(seconds, loop) { left in
                            Loop.current.note(Text(en: "countdown \(id) says \(left)", zh: "倒计时 \(id) 说 \(left)"))
                        }
                        timers.withLock { $0[id] = timer }
                    }
                }
            case let .badge(id, interval, at):
                try later(at) {
                    attempt("scheduleBadgeRefresh") {
                        let timer = try calls.badge(interval, loop) { Loop.current.note(Text(en: "badge \(id) refreshed", zh: "角标 \(id) 刷新了")) }
                        timers.withLock { $0[id] = timer }
                    }
                }
            case let .download(id, at):
                try later(at) {
                    attempt("listenForDownload") {
                        let port = try calls.download(loop) { chunk in
                            Loop.current.note(Text(en: "download \(id) got \(chunk)", zh: "下载 \(id) 收到 \(chunk)"))
                        }
                        ports.withLock { $0.append((id, port)) }
                    }
                }
            case let .chunk(at):
                try later(at == 0 ? nil : at) {
                    let number = chunks.withLock { count -> Int in
                        count += 1
                        return count
                    }
                    for (_, port) in ports.withLock({ $0 }) { try? port.send("chunk \(number)") }
                }
            case let .cancel(id): timers.withLock { $0[id] }?.invalidate()
            case .markModalCommon: loop.addCommonMode(modal)
            case let .run(mode, timeout): loop.note(Note.returned("run(\(mode.name))", try loop.run(mode: mode, timeout: timeout)))
            case let .nested(at, mode, timeout):
                try later(at, inMode: .default) {
                    let ui = Loop.current
                    attempt("run(\(mode.name))") { ui.note(Note.returned("run(\(mode.name))", try ui.run(mode: mode, timeout: timeout))) }
                }
            }
        }
        var lines = trace.events.compactMap { event -> String? in
            guard let line = LoopTrace.lines([event], [.notes, .results], times: false).first else { return nil }
            return "+\(PracticeText.number((event.time - start) * 1000)) ms  \(line)"
        }
        loop.stopTracing()
        for (id, timer) in timers.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            lines.append(Text(en: "the timer of \(id) is valid: \(timer.isValid)", zh: "\(id) 的定时器仍然有效：\(timer.isValid)").localized)
        }
        for mode in modes {
            let items = loop.items(inMode: mode)
            var (timerCount, portCount) = (0, 0)
            for item in items {
                switch item {
                case .timer(let timer) where timer.isValid: timerCount += 1
                case .port(let port) where port !== keepAlive: portCount += 1
                default: break
                }
            }
            lines.append(
                Text(en: "\(mode.name) holds \(timerCount) timers, \(portCount) ports", zh: "\(mode.name) 里有 \(timerCount) 个定时器、\(portCount) 个端口").localized)
        }
        // Whatever is left goes, so that nothing outlives the scenario.
        for mode in loop.allModes {
            for item in loop.items(inMode: mode) {
                if case .timer(let timer) = item { timer.invalidate() }
                loop.remove(item, fromMode: mode)
            }
        }
        return lines
    }

    static func practice(_ calls: TickerCalls) -> Practice<TickerStep> {
        Practice(
            lesson: 13, count: 100,
            hint: Text(
                en:
                    "Your countdown, download and badge differ from the reference on this sequence of calls: the countdown is a one-second repeating timer in `.common`, first a second from now, saying seconds - 1 … 0 and invalidated in the callout that said 0 (from 0 or less: no tick, returned already invalid); the download's port, the one returned, is in `.common`; the badge is a repeating timer of `interval` in the default mode only, first one interval from now.",
                zh:
                    "在这串调用上，你的倒计时、下载和角标和参考实现不一样：倒计时是 `.common` 里一个每秒重复的定时器，第一次在一秒之后，依次说 `seconds - 1 … 0`，在说 0 的那次回调里失效（从 0 或更小开始：一次也不 `tick`，返回时就已失效）；下载用的端口，也就是返回的那个，在 `.common` 里；角标是只在 default Mode 里、间隔为 `interval` 的重复定时器，第一次在一个间隔之后。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try practiceTrace(steps, side == .student ? calls : .reference)
        }
    }

    @Test(
        "Generated call sequences: your countdown, download and badge run where and when the reference's do",
        .zh("自动生成的调用序列：你的倒计时、下载和角标在什么 Mode、什么时刻执行，都和参考实现一致"))
    func generatedScenarios() async throws {
        try await Self.practice(.student).check()
    }
}

/// Lesson 13's generated call sequences reach the edges its stub names: a generator that stopped
/// reaching one would leave that edge ungraded.
extension PracticeTests {
    enum TickerEdge: String, CaseIterable, Sendable {
        case countdownFromZeroOrLess, countdownFromOne, callFromACallout, scroll, modeMarkedCommonLater, nestedRunInACommonMode
        case nestedRunInAPrivateMode, chunkWhileNothingRuns, timerInvalidatedByTheApp, zeroTimeout, clockNotAtZero
    }

    static func tickerEdges(_ steps: [Lesson13Tests.TickerStep]) -> Set<TickerEdge> {
        var edges: Set<TickerEdge> = [], marked = false
        for step in steps {
            switch step {
            case .clockReads(let seconds): if seconds != 0 { edges.insert(.clockNotAtZero) }
            case let .countdown(_, seconds, at):
                if seconds <= 0 { edges.insert(.countdownFromZeroOrLess) }
                if seconds == 1 { edges.insert(.countdownFromOne) }
                if at != nil { edges.insert(.callFromACallout) }
            case let .badge(_, _, at), let .download(_, at): if at != nil { edges.insert(.callFromACallout) }
            case .chunk(let at): if at == 0 { edges.insert(.chunkWhileNothingRuns) }
            case .cancel: edges.insert(.timerInvalidatedByTheApp)
            case .markModalCommon: marked = true
            case let .run(mode, timeout):
                if mode == .tracking { edges.insert(.scroll) }
                if mode == Lesson13Tests.modal && marked { edges.insert(.modeMarkedCommonLater) }
                if timeout == 0 { edges.insert(.zeroTimeout) }
            case let .nested(_, mode, timeout):
                let common = mode == .tracking || (mode == Lesson13Tests.modal && marked)
                edges.insert(common ? .nestedRunInACommonMode : .nestedRunInAPrivateMode)
                if mode == Lesson13Tests.modal && marked { edges.insert(.modeMarkedCommonLater) }
                if timeout == 0 { edges.insert(.zeroTimeout) }
            }
        }
        return edges
    }

    @Test("Lesson 13's generated call sequences reach every edge over the fixed seeds")
    func tickerScenariosReachTheEdges() {
        let practice = Lesson13Tests.practice(.reference)
        var hits: [TickerEdge: Int] = [:]
        for seed in PracticeSeeds.chosen(defaultCount: practice.count, environment: [:]) {
            for edge in Self.tickerEdges(practice.scenario(seed: seed)) { hits[edge, default: 0] += 1 }
        }
        for edge in TickerEdge.allCases {
            #expect(hits[edge, default: 0] >= 3, "\(edge.rawValue): \(hits[edge, default: 0]) scenarios over the fixed seeds")
        }
    }
}
