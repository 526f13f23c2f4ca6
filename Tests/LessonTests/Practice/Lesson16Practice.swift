import Solutions
import Testing

/// Lesson 16 against the Solution on generated call sequences: the monitor made with thresholds
/// and sample counts whose waits are not whole milliseconds (one sample, seven), on a main loop
/// that runs its default, tracking and a private mode (marked common only later, or never);
/// callouts of timers, source0s and blocks that work below, at and beyond the threshold; an
/// observer of the app's own that works at one activity (a long commit at beforeWaiting, work at
/// entry or exit); a callout that runs a nested run of the loop, then works after it returns; and
/// work the app does outside any run. Both monitors are watched by the same virtual watchdog;
/// the timelines (each report's activity, since and noticed) and the watchdog's wake-ups are
/// compared. The Solution is the oracle: its `StallMonitor`, from the Solutions module.
extension Lesson16Tests {
    /// The private mode of the scenarios (a modal's).
    static let modal: Loop.Mode = "modal"

    enum StallStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// The monitor's settings: the last one counts; 100 ms and 5 samples without one.
        case settings(threshold: Double, samples: Int)
        /// A one-shot timer due `at` seconds from now in `mode`, whose callout works `ms`.
        case slowTimer(at: Double, ms: Int, mode: Loop.Mode)
        /// A source0 of the common modes, signalled now, whose callout works `ms`.
        case slowSource(ms: Int)
        /// A block for `modes` that works `ms`.
        case slowBlock(ms: Int, modes: [Loop.Mode])
        /// An observer of the common modes, told after every other, that works `ms` the first time
        /// the loop reaches `activity`.
        case slowObserver(Loop.Activity, ms: Int)
        /// A one-shot timer due `at` seconds from now in the default mode, whose callout runs
        /// `mode` for `timeout` seconds, then works `ms` after that run returns.
        case nestedRun(at: Double, mode: Loop.Mode, timeout: Double, ms: Int)
        /// The private mode is marked common.
        case markModalCommon
        /// The loop runs `mode` for `timeout` seconds.
        case run(Loop.Mode, timeout: Double)
        /// The app works `ms` on the loop's thread outside any run.
        case busyOutside(ms: Int)

        static func named(_ modes: [Loop.Mode]) -> String {
            "[" + modes.map { $0 == .common ? ".common" : $0.name }.joined(separator: ", ") + "]"
        }

        var text: Text {
            switch self {
            case let .settings(threshold, samples):
                let made = "StallMonitor(threshold: \(PracticeText.number(threshold)), samples: \(samples))"
                return Text(en: made, zh: made)
            case let .slowTimer(at, ms, mode):
                return Text(
                    en: "a timer due in \(PracticeText.seconds(at).en) in \(mode.name) works \(ms) ms",
                    zh: "一个 \(PracticeText.seconds(at).zh)后到点、加在 \(mode.name) 里的定时器干 \(ms) ms 的活")
            case let .slowSource(ms):
                return Text(en: "a Source0 of the common modes, signalled now, works \(ms) ms", zh: "一个加在 common modes 里、现在就标记的 Source0 干 \(ms) ms 的活")
            case let .slowBlock(ms, modes):
                return Text(en: "perform(inModes: \(Self.named(modes))) { work \(ms) ms }", zh: "`perform(inModes: \(Self.named(modes)))` { 干 \(ms) ms 的活 }")
            case let .slowObserver(activity, ms):
                return Text(
                    en: "an observer of the app's own, after the monitor's, works \(ms) ms at the next \(activity)",
                    zh: "App 自己的一个观察者（排在监控的观察者之后）在下一次 `\(activity)` 时干 \(ms) ms 的活")
            case let .nestedRun(at, mode, timeout, ms):
                return Text(
                    en: "a timer due in \(PracticeText.seconds(at).en) runs \(mode.name) for \(PracticeText.seconds(timeout).en), then works \(ms) ms",
                    zh: "一个 \(PracticeText.seconds(at).zh)后到点的定时器嵌套运行 \(mode.name) \(PracticeText.seconds(timeout).zh)，然后干 \(ms) ms 的活")
            case .markModalCommon: return Text(en: "mark modal common", zh: "把 `modal` 标为 common")
            case let .run(mode, timeout):
                return Text(en: "run \(mode.name) for \(PracticeText.seconds(timeout).en)", zh: "运行 \(mode.name) \(PracticeText.seconds(timeout).zh)")
            case let .busyOutside(ms):
                return Text(en: "the app works \(ms) ms outside any run of the loop", zh: "App 在 RunLoop 的任何一次运行之外干 \(ms) ms 的活")
            }
        }

        var description: String { text.en }

        var simpler: [StallStep] {
            switch self {
            case let .settings(threshold, samples): threshold == 0.1 && samples == 5 ? [] : [.settings(threshold: 0.1, samples: 5)]
            case let .run(mode, timeout): timeout > 1 ? [.run(mode, timeout: 1)] : []
            case let .nestedRun(at, mode, timeout, ms): ms > 0 ? [.nestedRun(at: at, mode: mode, timeout: timeout, ms: 0)] : []
            default: []
            }
        }
    }

    static let practiceWork = [10, 40, 60, 80, 99, 100, 101, 150, 300, 400]
    static let practiceActivities: [Loop.Activity] = [.entry, .beforeTimers, .beforeSources, .beforeWaiting, .afterWaiting, .exit]

    static func practiceScenario(_ random: inout SeededGenerator) -> [StallStep] {
        var steps: [StallStep] = []
        if random.chance(0.6) {
            steps.append(.settings(threshold: random.pick([0.1, 0.05, 0.07, 0.25, 0.3]), samples: random.pick([1, 2, 3, 4, 5, 7])))
        }
        let modes: [Loop.Mode] = [.default, .default, .tracking, modal]
        for _ in 0..<random.int(3...9) {
            let step: StallStep =
                switch random.int(0...15) {
                case 0...2: .slowTimer(at: random.pick([0.2, 0.5, 1]), ms: random.pick(practiceWork), mode: random.pick(modes))
                case 3: .slowSource(ms: random.pick(practiceWork))
                case 4: .slowBlock(ms: random.pick(practiceWork), modes: random.pick([[.default], [.common], [modal], [.tracking, modal]]))
                case 5, 6: .slowObserver(random.pick(practiceActivities), ms: random.pick(practiceWork))
                case 7, 8:
                    .nestedRun(
                        at: random.pick([0.2, 0.5]), mode: random.pick([.default, .tracking, modal]), timeout: random.pick([0, 0.3, 0.5]),
                        ms: random.pick(practiceWork))
                case 9: .markModalCommon
                case 10...13: .run(random.pick(modes), timeout: random.pick([0.5, 1, 2]))
                default: .busyOutside(ms: random.pick(practiceWork))
                }
            steps.append(step)
        }
        return steps
    }

    /// Lesson 16's Solution: the oracle of the generated call sequences.
    static let solutionMonitor: MakeMonitor = { threshold, samples, report in
        let monitor = Solutions.StallMonitor(threshold: threshold, samples: samples) {
            report(Reported(activity: $0.activity, since: $0.since, noticed: $0.noticed))
        }
        return MonitorCalls(interval: monitor.interval, install: monitor.install, woke: monitor.watchdogWoke)
    }

    /// Runs `steps` on a main loop watched by the monitor `make` makes (a port in each mode keeps
    /// every run to its timeout): the timeline, then how many times the watchdog woke.
    static func practiceTrace(_ steps: [StallStep], _ make: @escaping MakeMonitor) throws -> [String] {
        var (threshold, samples) = (Self.threshold, Self.samples)
        for case let .settings(chosen, count) in steps { (threshold, samples) = (chosen, count) }
        let watched = try watched(threshold: threshold, samples: samples, by: make) { loop, clock in
            @Sendable func work(_ ms: Int) {
                Loop.current.note(slowWork(ms))
                clock.advance(by: Double(ms) / 1000)
            }
            for mode in [Loop.Mode.default, .tracking, modal] { try loop.add(Loop.Port(name: "event port"), forMode: mode) }
            for step in steps {
                switch step {
                case .settings: continue
                case let .slowTimer(at, ms, mode):
                    try loop.add(try Loop.Timer(name: "slow work", fireDate: loop.now + at) { _ in work(ms) }, forMode: mode)
                case let .slowSource(ms):
                    let source = Loop.Source(name: "slow source") { work(ms) }
                    try loop.add(source, forMode: .common)
                    source.signal()
                case let .slowBlock(ms, modes): loop.perform(inModes: modes, name: "slow block") { work(ms) }
                case let .slowObserver(activity, ms):
                    let observer = Loop.Observer(name: "the app's observer", activities: activity, repeats: false, order: .max) { _ in work(ms) }
                    try loop.add(observer, forMode: .common)
                case let .nestedRun(at, mode, timeout, ms):
                    let nested = try Loop.Timer(name: "nested run", fireDate: loop.now + at) { _ in
                        let current = Loop.current
                        do {
                            current.note(Note.returned("run(\(mode.name))", try current.run(mode: mode, timeout: timeout)))
                        } catch {
                            current.note(Text(en: "run(\(mode.name)) threw \(error)", zh: "`run(\(mode.name))` 抛出了 \(error)"))
                        }
                        work(ms)
                    }
                    try loop.add(nested, forMode: .default)
                case .markModalCommon: loop.addCommonMode(modal)
                case let .run(mode, timeout): loop.note(Note.returned("run(\(mode.name))", try loop.run(mode: mode, timeout: timeout)))
                case let .busyOutside(ms): work(ms)
                }
            }
            for mode in loop.allModes {
                for item in loop.items(inMode: mode) { loop.remove(item, fromMode: mode) }
            }
        }
        return watched.lines.map(\.localized) + [Text(en: "the watchdog woke \(watched.wakeUps) times", zh: "监控线程醒了 \(watched.wakeUps) 次").localized]
    }

    static func practice(_ make: @escaping MakeMonitor) -> Practice<StallStep> {
        Practice(
            lesson: 16, count: 100,
            hint: Text(
                en:
                    "Your monitor differs from the Solution's on this sequence of calls: each wait lasts exactly threshold / samples; one observer in `.common`, told of every activity (entry and exit too), records the activity and the loop's time and signals once; a timed-out wait counts only while the last activity is afterWaiting or beforeSources — any other (beforeWaiting, entry, beforeTimers, exit) counts from zero; the samples-th in a row reports once, until a signal.",
                zh:
                    "在这串调用上，你的监控器和参考答案不一样：每次等待正好 `threshold / samples`；一个加在 `.common` 里的观察者，每一个状态（包括 `entry` 和 `exit`）都回调它，它记下状态和 RunLoop 的时刻，调用一次 `signal()`；只有最后的状态是 `afterWaiting` 或 `beforeSources` 时，超时的等待才计数——其他状态（`beforeWaiting`、`entry`、`beforeTimers`、`exit`）都把计数清零；连续第 `samples` 次上报一次，直到下一次 `signal()`。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try practiceTrace(steps, side == .student ? make : solutionMonitor)
        }
    }

    @Test(
        "Generated call sequences: your monitor reports the stalls the Solution reports, at the same instants",
        .zh("自动生成的调用序列：你的监控器上报的卡顿和参考答案一样，时刻也一样"))
    func generatedCalls() async throws {
        try await Self.practice(Self.studentMonitor).check()
    }
}
