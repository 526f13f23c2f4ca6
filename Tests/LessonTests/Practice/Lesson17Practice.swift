import Solutions
import Testing

/// Lesson 17 against the Solution on generated call sequences: two screens owned by the
/// navigation stack, their clocks started, started again, stopped and restarted, drafts saved
/// once or several times with delays of 0, below 0, short and long, screens dismissed before,
/// during and after all that — each call made between runs or from a callout of the loop — and a
/// listener's weak proxy, let go at some point; the loop runs its default mode and a tracking
/// mode (marked common) between the calls. Each label, save and freeing notes itself; each run
/// notes its result; at the end, which screen is still alive and how many timers each mode
/// holds. The Solution is the oracle: its `ClockScreen` and `WeakTimerTarget`, from the Solutions
/// module.
extension Lesson17Tests {
    enum Screen: String, CaseIterable, Sendable { case a = "A", b = "B" }

    enum Call: Sendable {
        case start, stop, saveDraft(after: Double), dismiss

        func text(_ screen: Screen) -> Text {
            switch self {
            case .start: Text(en: "\(screen.rawValue).start(on: loop)", zh: "\(screen.rawValue).start(on: loop)")
            case .stop: Text(en: "\(screen.rawValue).stop()", zh: "\(screen.rawValue).stop()")
            case let .saveDraft(delay):
                Text(
                    en: "\(screen.rawValue).saveDraft(after: \(PracticeText.number(delay)), on: loop)",
                    zh: "\(screen.rawValue).saveDraft(after: \(PracticeText.number(delay)), on: loop)")
            case .dismiss: Text(en: "screen \(screen.rawValue) dismissed", zh: "页面 \(screen.rawValue) 被关闭")
            }
        }
    }

    enum ClockStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// `call` on `screen`, now, between runs.
        case now(Call, Screen)
        /// `call` on `screen` from a callout of the loop, `at` seconds from now (a test's timer
        /// in the default mode).
        case at(Double, Call, Screen)
        /// The loop runs `mode` for `timeout` seconds.
        case run(Loop.Mode, timeout: Double)
        /// A listener gets a repeating 0.7 s timer whose target is a weak proxy of it.
        case listen
        /// The test lets the listener go.
        case letGoOfTheListener

        var text: Text {
            switch self {
            case let .now(call, screen): return call.text(screen)
            case let .at(time, call, screen):
                let text = call.text(screen)
                return Text(
                    en: "in \(PracticeText.seconds(time).en), from a callout: \(text.en)", zh: "\(PracticeText.seconds(time).zh)后，在一个回调里：\(text.zh)")
            case let .run(mode, timeout):
                return Text(en: "run \(mode.name) for \(PracticeText.seconds(timeout).en)", zh: "运行 \(mode.name) \(PracticeText.seconds(timeout).zh)")
            case .listen:
                return Text(
                    en: "scheduledTimer(timeInterval: 0.7, target: WeakTimerTarget(listener), repeats: true)",
                    zh: "scheduledTimer(timeInterval: 0.7, target: WeakTimerTarget(listener), repeats: true)")
            case .letGoOfTheListener: return Lesson17Tests.letGo
            }
        }

        var description: String { text.en }

        var simpler: [ClockStep] {
            switch self {
            case let .at(_, call, screen): [.now(call, screen)]
            case let .run(mode, timeout): timeout > 1 ? [.run(mode, timeout: 1)] : []
            default: []
            }
        }
    }

    static let practiceDelays: [Double] = [0.5, 1, 1, 1.5, 2.5, 0, -1]

    static func practiceScenario(_ random: inout SeededGenerator) -> [ClockStep] {
        (0..<random.int(3...12)).map { _ -> ClockStep in
            let call: Call =
                switch random.int(0...9) {
                case 0...2: .start
                case 3, 4: .stop
                case 5...7: .saveDraft(after: random.pick(practiceDelays))
                default: .dismiss
                }
            let screen = random.chance(0.75) ? Screen.a : .b
            switch random.int(0...11) {
            case 0...3: return .now(call, screen)
            case 4...6: return .at(random.pick([0.3, 0.5, 1.2, 2]), call, screen)
            case 7...9: return .run(random.pick([Loop.Mode.default, .default, .tracking]), timeout: random.pick([0.5, 1, 2.5]))
            case 10: return .listen
            default: return .letGoOfTheListener
            }
        }
    }

    /// Lesson 17's Solution: the oracle of the generated call sequences.
    static let solutionCode = ScreenCode(
        makeScreen: { show, save in
            let screen = Solutions.ClockScreen(show: show, save: save)
            return ScreenCalls(
                screen: screen, start: { [weak screen] in try screen?.start(on: $0) }, stop: { [weak screen] in screen?.stop() },
                saveDraft: { [weak screen] in try screen?.saveDraft(after: $0, on: $1) })
        },
        proxyTimer: { listener, interval, loop in
            let proxy = Solutions.WeakTimerTarget(target: listener, action: Listener.heard)
            let timer = try loop.scheduledTimer(
                name: "proxy", timeInterval: interval, target: proxy, selector: Solutions.WeakTimerTarget<Listener>.fire, repeats: true)
            return (timer, { proxy.target != nil })
        })

    /// Runs `steps` with `code` on a main loop on a virtual clock that reads 100.25 s (tracking
    /// marked common, a port keeping it alive; the default mode holds only what the calls put in
    /// it): every note and run result, times from the start to a tenth of a millisecond; then
    /// who is still alive once the stack lets go of everything, and the timers each mode holds.
    static func practiceTrace(_ steps: [ClockStep], _ code: ScreenCode) throws -> [String] {
        let origin = Instant(seconds: 100.25)
        let loop = Loop(clock: VirtualClock(startingAt: origin), name: "main loop")
        loop.passLimit = 10_000
        loop.addCommonMode(.tracking)
        try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
        let trace = loop.startTracing()
        let stack = Lock<[Screen: ScreenCalls]>([:])
        var watched: [Screen: Weak<AnyObject>] = [:]
        for screen in Screen.allCases {
            let signal = FreedSignal(loop, Text(en: "screen \(screen.rawValue) freed", zh: "页面 \(screen.rawValue) 被释放"))
            let calls = code.makeScreen(
                { count in signal.write(Text(en: "\(screen.rawValue) shows \(count)", zh: "\(screen.rawValue) 显示 \(count)")) },
                { signal.write(Text(en: "\(screen.rawValue) saved its draft", zh: "\(screen.rawValue) 保存了草稿")) })
            watched[screen] = Weak<AnyObject>(calls.screen)
            stack.withLock { $0[screen] = calls }
        }
        let listener = Lock<Listener?>(Listener(loop))
        let proxies = Lock<[(Loop.Timer, @Sendable () -> Bool)]>([])
        @Sendable func make(_ call: Call, _ screen: Screen) {
            do {
                switch call {
                case .start: try stack.withLock { $0[screen] }?.start(loop)
                case .stop: stack.withLock { $0[screen] }?.stop()
                case let .saveDraft(delay): try stack.withLock { $0[screen] }?.saveDraft(delay, loop)
                case .dismiss:
                    let gone = stack.withLock { $0.removeValue(forKey: screen) }
                    loop.note(call.text(screen))
                    _ = gone   // let go here, after the lock
                }
            } catch {
                loop.note(Text(en: "\(call.text(screen).en) threw \(error)", zh: "\(call.text(screen).zh) 抛出了 \(error)"))
            }
        }
        for step in steps {
            switch step {
            case let .now(call, screen): make(call, screen)
            case let .at(time, call, screen):
                try loop.add(try Loop.Timer(name: "the test", fireDate: loop.now + time) { _ in make(call, screen) }, forMode: .default)
            case let .run(mode, timeout): loop.note(Note.returned("run(\(mode.name))", try loop.run(mode: mode, timeout: timeout)))
            case .listen:
                guard let held = listener.withLock({ $0 }) else { continue }
                let proxy = try code.proxyTimer(held, 0.7, loop)
                proxies.withLock { $0.append(proxy) }
            case .letGoOfTheListener:
                let gone = listener.withLock { held -> Listener? in
                    defer { held = nil }
                    return held
                }
                if gone != nil { loop.note(Lesson17Tests.letGo) }
            }
        }
        var lines = trace.events.compactMap { event -> String? in
            guard let line = LoopTrace.lines([event], [.notes, .results], times: false).first else { return nil }
            return "+\(PracticeText.number((event.time - origin) * 1000)) ms  \(line)"
        }
        loop.stopTracing()
        let proxiesWithTargets = proxies.withLock { $0 }.filter { $0.0.isValid && $0.1() }.count
        stack.withLock { $0 = [:] }
        listener.withLock { $0 = nil }
        for screen in Screen.allCases where watched[screen]?.object != nil {
            lines.append(Text(en: "screen \(screen.rawValue) outlives the stack", zh: "导航栈不再持有之后，页面 \(screen.rawValue) 仍然活着").localized)
        }
        for mode in [Loop.Mode.default, .tracking] {
            var timers = 0
            for case .timer(let timer) in loop.items(inMode: mode) where timer.isValid { timers += 1 }
            lines.append(Text(en: "\(mode.name) holds \(timers) timers", zh: "\(mode.name) 里有 \(timers) 个定时器").localized)
        }
        lines.append(Text(en: "valid proxy timers with a target: \(proxiesWithTargets)", zh: "仍然有效、而且代理还有 target 的定时器：\(proxiesWithTargets)").localized)
        // Whatever is left scheduled goes, so that nothing outlives the scenario.
        for mode in loop.allModes { for case .timer(let timer) in loop.items(inMode: mode) { timer.invalidate() } }
        return lines
    }

    static func practice(_ code: ScreenCode) -> Practice<ClockStep> {
        Practice(
            lesson: 17, count: 100,
            hint: Text(
                en:
                    "Your screen differs from the Solution's on this sequence of calls: one clock timer at a time, a second apart, in the default mode, through a weak proxy; stop() invalidates that timer and only that one, and lets the clock start again; every saveDraft(after:on:) saves once after its own delay, however many are pending, with the screen itself as the one-shot timer's target; deinit stops the clock; the proxy passes ticks on while its target lives and invalidates its timer once it is gone.",
                zh:
                    "在这串调用上，你的页面和参考答案不一样：同一时刻只有一个时钟定时器，每秒一次，在 default Mode 里，经由弱引用代理；`stop()` 让那个定时器失效，只让它失效，之后时钟还能再启动；每一次 `saveDraft(after:on:)` 都在它自己的延迟之后保存一次，不管还有几个在等，一次性定时器的 target 是页面自己；`deinit` 停掉时钟；target 还在时代理转交每一次触发，target 没了就让它的定时器失效。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try practiceTrace(steps, side == .student ? code : solutionCode)
        }
    }

    @Test(
        "Generated call sequences: your screen ticks, saves, stops and goes as the Solution's does",
        .zh("自动生成的调用序列：你的页面走时、保存、停止和释放的方式和参考答案一致"))
    func generatedCalls() async throws {
        try await Self.practice(Self.studentCode).check()
    }
}
