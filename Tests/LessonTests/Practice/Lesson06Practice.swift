import Testing

/// Lesson 06 against the reference on generated scenarios: timers with fire dates and intervals
/// that are not round numbers (1/60 s among them), tolerances, and callouts that overrun by any
/// amount, exactly one interval and exactly onto a tick included.
extension Lesson06Tests {
    /// One timer of a generated scenario, complete in itself.
    struct TimerStep: Sendable, CustomStringConvertible {
        let name: String
        let firstAfter: Double
        let interval: Double
        let tolerance: Double
        /// How long the callout of each numbered fire (1 = the first) takes.
        let overruns: [Int: Double]

        var description: String {
            let slow = overruns.keys.sorted().map { "fire \($0) takes \(Self.seconds(overruns[$0]!))" }
            return "timer \"\(name)\": first at \(Self.seconds(firstAfter)), every \(Self.seconds(interval))"
                + (tolerance > 0 ? ", tolerance \(Self.seconds(tolerance))" : "")
                + (slow.isEmpty ? "" : "; " + slow.joined(separator: ", "))
        }

        static func seconds(_ value: Double) -> String { "\(value) s" }

        static func random(_ name: String, _ random: inout SeededGenerator) -> TimerStep {
            let interval = random.pick([1.0 / 60, 0.1, 0.25, 0.3, 1, 1.7, 0.0137, Double(random.int(1...999)) / 1000])
            let firstAfter = random.chance(0.3) ? interval : Double(random.int(0...2000)) / 1000
            let tolerance = random.chance(0.25) ? random.pick([0, interval / 10, 0.05]) : 0
            var overruns: [Int: Double] = [:]
            for _ in 0..<random.int(0...3) {
                let fire = random.int(1...6)
                // Every size: shorter than an interval, exactly one or several, just past a tick.
                overruns[fire] = random.pick([interval * Double(random.int(1...4)), interval * 0.5,
                                              interval * 2.5, Double(random.int(1...3000)) / 1000])
            }
            return TimerStep(name: name, firstAfter: firstAfter, interval: interval, tolerance: tolerance, overruns: overruns)
        }
    }

    static let practice = Practice<TimerStep>(lesson: 6, count: 60, hint: Text(
        en: "Your rule and the engine's disagree on this scenario: check intervals that are not whole milliseconds, callouts that return exactly on a tick, and timers whose first fire date is not a multiple of the interval.",
        zh: "在这个场景里，你的规则和引擎的规则算出的结果不一样：检查一下间隔不是整毫秒的情况、回调正好在某个滴答返回的情况，以及第一次触发时间不是间隔整数倍的定时器。")
    ) { random in
        (1...random.int(1...3)).map { TimerStep.random("t\($0)", &random) }
    } run: { steps, side in
        try Kata.trace(side == .student ? student : .reference, [.callouts, .notes]) { loop, clock in
            for step in steps {
                let fires = Log()
                try loop.add(try Loop.Timer(name: step.name, fireDate: loop.now + step.firstAfter,
                                            interval: step.interval, tolerance: step.tolerance) { _ in
                    fires.add("fire")
                    if let overrun = step.overruns[fires.count] { clock.advance(by: overrun) }
                }, forMode: .default)
            }
            try loop.run(mode: .default, timeout: 3)
        }
    }

    @Test("Generated timer scenarios run as on the reference engine")
    func generatedScenarios() async throws {
        try await Self.practice.check()
    }
}
