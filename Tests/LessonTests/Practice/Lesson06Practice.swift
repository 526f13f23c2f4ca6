import Testing

/// Lesson 06 against the reference on generated scenarios: two or more timers with fire dates and
/// intervals that are not round numbers (1/60 s among them, and one beyond the ~292 years an Int64
/// of nanoseconds holds), tolerances, timers that stop themselves, callouts that overrun by any
/// amount (exactly one interval and exactly onto a tick included), runs of another mode that make
/// the timers miss many ticks at once, and a clock that does not start at 0. After each run the
/// timers' next fire dates are noted to the nanosecond: a rule that is a nanosecond off shows.
extension Lesson06Tests {
    /// One step of a generated timer scenario: a timer, or a run of the loop.
    enum TimerPracticeStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// A timer added to the default mode before the runs.
        case timer(TimerStep)
        /// The clock reads this many seconds when the timers are made (the last such step wins).
        case clockStartsAt(Double)
        /// A run of the default mode, or of another mode that holds only a port (the timers miss
        /// every tick in it), for this many seconds.
        case run(otherMode: Bool, seconds: Double)

        var text: Text {
            switch self {
            case .timer(let timer): timer.text
            case .clockStartsAt(let seconds):
                Text(
                    en: "the clock reads \(PracticeText.seconds(seconds).en) when the timers are made",
                    zh: "创建定时器时，时钟读数是 \(PracticeText.seconds(seconds).zh)")
            case .run(true, let seconds):
                Text(
                    en: "run the \"other\" mode (no timers) for \(PracticeText.seconds(seconds).en)",
                    zh: "运行 `\"other\"` Mode（里面没有定时器）\(PracticeText.seconds(seconds).zh)")
            case .run(false, let seconds):
                Text(
                    en: "run the default mode for \(PracticeText.seconds(seconds).en)",
                    zh: "运行 default Mode \(PracticeText.seconds(seconds).zh)")
            }
        }

        var description: String { text.en }

        var simpler: [TimerPracticeStep] {
            switch self {
            case .timer(let timer): timer.simpler.map(TimerPracticeStep.timer)
            case .clockStartsAt(let seconds): seconds == 0 ? [] : [.clockStartsAt(0)]
            case .run(let other, let seconds): other && seconds <= 4 ? [.run(otherMode: false, seconds: seconds)] : []
            }
        }

        static func random(_ index: Int, _ random: inout SeededGenerator) -> TimerPracticeStep {
            switch random.int(0...9) {
            case 0: .clockStartsAt(random.pick([0.3, 1234.567, 100_000_000.1, Double(random.int(1...9999)) / 1000]))
            // Another mode's run may be long (the timers miss thousands of ticks at once); a run
            // of the default mode is a few seconds, so a 1/60 s timer fires a few hundred times.
            case 1: .run(otherMode: true, seconds: random.pick([0.5, 2.5, 1 / 60, 1000.25, 86_400.0137, Double(random.int(1...4000)) / 1000]))
            case 2: .run(otherMode: false, seconds: random.pick([0.5, 1, 2.5, 1 / 60, Double(random.int(1...4000)) / 1000]))
            default: .timer(TimerStep.random("t\(index)", &random))
            }
        }
    }

    /// One timer of a generated scenario, complete in itself.
    struct TimerStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        let name: String
        let firstAfter: Double
        let interval: Double
        let tolerance: Double
        /// How long the callout of each numbered fire (1 = the first) takes.
        let overruns: [Int: Double]
        /// The fire whose callout invalidates the timer, if any.
        let stopsAt: Int?

        var text: Text {
            let slow = overruns.keys.sorted().map { (fire: $0, seconds: PracticeText.seconds(overruns[$0]!)) }
            let en =
                "timer \"\(name)\": first at \(PracticeText.seconds(firstAfter).en), every \(PracticeText.seconds(interval).en)"
                + (tolerance > 0 ? ", tolerance \(PracticeText.seconds(tolerance).en)" : "")
                + (slow.isEmpty ? "" : "; " + slow.map { "fire \($0.fire) takes \($0.seconds.en)" }.joined(separator: ", "))
                + (stopsAt.map { "; fire \($0) invalidates it" } ?? "")
            let zh =
                "定时器 `\"\(name)\"`：第一次在 \(PracticeText.seconds(firstAfter).zh)，每隔 \(PracticeText.seconds(interval).zh)"
                + (tolerance > 0 ? "，容差 \(PracticeText.seconds(tolerance).zh)" : "")
                + (slow.isEmpty ? "" : "；" + slow.map { "第 \($0.fire) 次回调耗时 \($0.seconds.zh)" }.joined(separator: "，"))
                + (stopsAt.map { "；第 \($0) 次回调让它失效" } ?? "")
            return Text(en: en, zh: zh)
        }

        var description: String { text.en }

        func with(firstAfter: Double? = nil, tolerance: Double? = nil, overruns: [Int: Double]? = nil, stopsAt: Int?? = nil) -> TimerStep {
            TimerStep(
                name: name, firstAfter: firstAfter ?? self.firstAfter, interval: interval, tolerance: tolerance ?? self.tolerance,
                overruns: overruns ?? self.overruns, stopsAt: stopsAt ?? self.stopsAt)
        }

        /// The same timer with one thing fewer: a slow callout, its tolerance, its stop, a first
        /// fire date off its interval.
        var simpler: [TimerStep] {
            var forms = overruns.keys.sorted().map { fire in with(overruns: overruns.filter { $0.key != fire }) }
            if tolerance > 0 { forms.append(with(tolerance: 0)) }
            if stopsAt != nil { forms.append(with(stopsAt: .some(nil))) }
            if firstAfter != interval { forms.append(with(firstAfter: interval)) }
            return forms
        }

        static func random(_ name: String, _ random: inout SeededGenerator) -> TimerStep {
            // Beyond Int64 nanoseconds (~292 years) now and then: the next tick is never.
            let interval =
                random.chance(0.03)
                ? random.pick([1e10, 1e300])
                : random.pick([1.0 / 60, 0.1, 0.25, 0.3, 1, 1.7, 0.0137, 1.0 / 3, Double(random.int(5...999)) / 1000, Double(random.int(5000...999_999)) / 1e6])
            let firstAfter = random.chance(0.3) ? min(interval, 2) : Double(random.int(0...2000)) / 1000
            let tolerance = random.chance(0.25) ? random.pick([interval / 10, 0.05, interval / 2]) : 0
            var overruns: [Int: Double] = [:]
            for _ in 0..<random.int(0...3) {
                let fire = random.int(1...6)
                // Every size: shorter than an interval, exactly one or several, just past a tick.
                overruns[fire] = min(
                    random.pick([
                        interval * Double(random.int(1...4)), interval * 0.5, interval * 2.5,
                        interval * Double(random.int(5...40)), Double(random.int(1...3000)) / 1000,
                    ]), 5000)
            }
            let stopsAt = random.chance(0.15) ? random.int(1...5) : nil
            return TimerStep(name: name, firstAfter: firstAfter, interval: interval, tolerance: tolerance, overruns: overruns, stopsAt: stopsAt)
        }
    }

    /// A fire date as exact seconds (to the nanosecond), or never.
    static func exactly(_ instant: Instant) -> Text {
        guard instant != .distantFuture else { return Text(en: "never", zh: "永不") }
        let (whole, part) = instant.nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        var number = "\(whole)"
        if part != 0 {
            var digits = String(abs(part))
            digits = String(repeating: "0", count: 9 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            number = (instant.nanoseconds < 0 && whole == 0 ? "-" : "") + "\(whole).\(digits)"
        }
        return Text(en: "\(number) s", zh: "\(number) 秒")
    }

    /// The practice with `student`'s rule (the lesson's, unless a measurement puts another in).
    static func practice(_ student: Loop.Mechanisms = student) -> Practice<TimerPracticeStep> {
        Practice(
            lesson: 6, count: 80,
            hint: Text(
                en:
                    "Your rule and the engine's disagree on this scenario: check intervals that are not whole milliseconds, callouts that return exactly on a tick, timers whose first fire date is not a multiple of the interval, many ticks missed at once, and an interval too long for any next tick.",
                zh: "在这个场景里，你的规则和引擎的规则算出的结果不一样：检查一下间隔不是整毫秒的情况、回调正好在某个时间点返回的情况、第一次触发时间不是间隔整数倍的定时器、一次错过很多时间点的情况，以及长到不会再有下一个时间点的间隔。")
        ) { random in
            (1...random.int(2...6)).map { TimerPracticeStep.random($0, &random) }
        } run: { steps, side in
            try Harness.trace(side == .student ? student : .reference, [.callouts, .notes]) { loop, clock in
                let starts = steps.compactMap { step -> Double? in if case .clockStartsAt(let seconds) = step { seconds } else { nil } }
                if let start = starts.last { clock.advance(by: start) }
                var timers: [Loop.Timer] = []
                for case .timer(let step) in steps {
                    let fires = Log()
                    let timer = try Loop.Timer(
                        name: step.name, fireDate: loop.now + step.firstAfter,
                        interval: step.interval, tolerance: step.tolerance
                    ) { timer in
                        fires.add("fire")
                        if let overrun = step.overruns[fires.count] { clock.advance(by: overrun) }
                        if step.stopsAt == fires.count { timer.invalidate() }
                    }
                    try loop.add(timer, forMode: .default)
                    timers.append(timer)
                }
                try loop.add(Loop.Port(name: "other keep-alive"), forMode: "other")
                var runs = steps.compactMap { step -> (Bool, Double)? in
                    if case let .run(other, seconds) = step { (other, seconds) } else { nil }
                }
                if runs.isEmpty { runs = [(false, 3)] }
                for (other, seconds) in runs {
                    try loop.run(mode: other ? "other" : .default, timeout: seconds)
                    for timer in timers {
                        let when = exactly(timer.fireDate)
                        loop.note(
                            timer.isValid
                                ? Text(en: "\(timer.name) next at \(when.en)", zh: "`\(timer.name)` 下一次在 \(when.zh)")
                                : Text(en: "\(timer.name) is invalid", zh: "`\(timer.name)` 已失效"))
                    }
                }
            }
        }
    }

    @Test("Generated timer scenarios run as on the reference engine", .zh("自动生成的定时器场景，运行结果和参考实现一致"))
    func generatedScenarios() async throws {
        try await Self.practice().check()
    }
}
