import Testing

/// Lesson 06's rule called directly, against the reference rule, at the edges of its input: an
/// interval near 0 (below, at and above the half nanosecond that rounds to 0 or 1 ns), near the
/// longest the engine counts in nanoseconds (9.2e18 ns, ~292 years: just below, at and beyond
/// it, and beyond the 2⁶³ ns an Int64 holds), or ordinary;
/// a fire date at 0, before the clock's origin, ordinary, or a few intervals short of the last
/// nanosecond an Int64 holds; and a now exactly on the fire date, one nanosecond after it, one
/// nanosecond short of, exactly on and one past a tick, many ticks later, or at the last
/// nanosecond (a whole Int64 of nanoseconds late on a 1 ns step among them). Each call's answer
/// is compared to the nanosecond.
extension Lesson06Tests {
    /// One call of `nextFireDate(after:interval:now:)`, `now` no earlier than `fireDate`.
    struct EdgeCall: Sendable, CustomStringConvertible, PracticeStep {
        let fireDate: Int64
        let interval: Double
        let now: Int64

        var text: Text {
            let call = "nextFireDate(after: \(fireDate) ns, interval: \(PracticeText.number(interval)) s, now: \(now) ns)"
            return Text(en: call, zh: call)
        }

        var description: String { text.en }
    }

    /// The boundaries of the input a generated call may sit on.
    enum Edge: String, CaseIterable, Sendable {
        case intervalBelowHalfANanosecond, intervalAtHalfANanosecond, intervalOfANanosecondOrTwo
        case intervalJustBelowTheLongestCounted, intervalAtOrBeyondTheLongestCounted
        case fireDateBeforeOrigin, fireDateNearTheLastNanosecond
        case nowOnTheFireDate, nowOneNanosecondShortOfATick, nowOnATick, nowAtTheLastNanosecond, aWholeInt64LateOnANanosecondStep
    }

    static let nearZero: [Double] = [1e-12, 4.9e-10, 5e-10, 5.1e-10, 1e-9, 1.4999e-9, 1.5e-9, 2e-9]
    static let nearInt64: [Double] = [8.9e9, 9e9, 9.1e9, 9.19e9, 9.1999999999e9, 9.2e9, 9.223372036e9, 9.2233720369e9, 9.3e9, 1e10]
    static let ordinary: [Double] = [1.0 / 60, 0.1, 1, 1.0 / 3, 0.0137]

    static func edgeCall(_ random: inout SeededGenerator) -> EdgeCall {
        // A whole Int64 of nanoseconds late on a 1 ns step: the next tick is one past the last.
        if random.chance(0.05) { return EdgeCall(fireDate: 0, interval: random.pick([1e-12, 5e-10, 1e-9]), now: .max) }
        let interval: Double =
            switch random.int(0...2) {
            case 0: random.pick(nearZero)
            case 1: random.pick(nearInt64)
            default: random.pick(ordinary)
            }
        let step = max(Int64(min((interval * 1e9).rounded(), 9e18)), 1)
        let (back, tooFar) = Int64(random.int(0...3)).multipliedReportingOverflow(by: step)
        // Before the origin only with an interval the engine counts in nanoseconds (below 9.2e18
        // ns, where `Instant.nanoseconds` saturates), and never more than half the range later.
        let fireDate: Int64 =
            switch random.int(0...4) {
            case 0: 0
            case 1 where step < 9_000_000_000_000_000_000: -Int64(random.int(1...5_000_000_000))
            case 2: .max - (tooFar ? 0 : back) - Int64(random.int(0...2))
            default: Int64(random.int(0...4_000_000_000))
            }
        let room = fireDate < 0 ? Int64.max / 2 : Int64.max - fireDate
        let after: Int64 =
            switch random.int(0...6) {
            case 0: 0
            case 1: 1
            case 2: step &* Int64(random.int(1...3)) &- 1
            case 3: step &* Int64(random.int(1...3))
            case 4: step &* Int64(random.int(1...3)) &+ 1
            case 5: step &* Int64(random.int(4...5000)) &+ Int64(random.int(0...999))
            default: room
            }
        return EdgeCall(fireDate: fireDate, interval: interval, now: fireDate &+ min(max(after, 0), room))
    }

    /// The edges `call` sits on.
    static func edges(_ call: EdgeCall) -> Set<Edge> {
        var edges: Set<Edge> = []
        let nanoseconds = call.interval * 1e9
        if nanoseconds < 0.5 { edges.insert(.intervalBelowHalfANanosecond) }
        if nanoseconds == 0.5 || (nanoseconds > 0.49 && nanoseconds < 0.52) { edges.insert(.intervalAtHalfANanosecond) }
        if nanoseconds >= 0.52 && nanoseconds <= 2 { edges.insert(.intervalOfANanosecondOrTwo) }
        if nanoseconds >= 8.9e18 && nanoseconds < 9.2e18 { edges.insert(.intervalJustBelowTheLongestCounted) }
        if nanoseconds >= 9.2e18 { edges.insert(.intervalAtOrBeyondTheLongestCounted) }
        if call.fireDate < 0 { edges.insert(.fireDateBeforeOrigin) }
        if call.fireDate > 8_000_000_000_000_000_000 { edges.insert(.fireDateNearTheLastNanosecond) }
        let step = max(Int64(min(nanoseconds.rounded(), 9e18)), 1)
        let late = call.now &- call.fireDate
        if late == 0 { edges.insert(.nowOnTheFireDate) }
        if late > 0 && late % step == step - 1 && step > 1 { edges.insert(.nowOneNanosecondShortOfATick) }
        if late > 0 && late % step == 0 { edges.insert(.nowOnATick) }
        if call.now == .max { edges.insert(.nowAtTheLastNanosecond) }
        if step == 1 && late == .max { edges.insert(.aWholeInt64LateOnANanosecondStep) }
        return edges
    }

    static func edgePractice(_ rule: any TimerRescheduling) -> Practice<EdgeCall> {
        Practice(
            lesson: 6, count: 100,
            hint: Text(
                en:
                    "Your rule differs from the engine's at an edge of its input: the interval in whole nanoseconds, rounded, at least 1 (an interval below half a nanosecond still ticks every nanosecond); no next tick (`.distantFuture`) for an interval of 2⁶³ ns or more or a tick past the last nanosecond an Int64 holds; otherwise the first tick strictly after now, counted from the fire date, never wrapping around.",
                zh:
                    "在输入的边界上，你的规则和引擎的不一样：间隔换成整数纳秒，四舍五入，至少为 1（不到半纳秒的间隔也每纳秒走一次）；间隔达到 2⁶³ 纳秒或更长、或者下一个时间点超出了 `Int64` 能表示的最后一纳秒，就没有下一个时间点（`.distantFuture`）；否则是从触发时间算起、严格晚于现在的第一个时间点，绝不溢出回绕。"
            )
        ) { random in
            (0..<random.int(1...4)).map { _ in edgeCall(&random) }
        } run: { calls, side in
            let chosen: any TimerRescheduling = side == .student ? rule : ReferenceTimerRescheduling()
            return calls.map { call in
                let next = chosen.nextFireDate(after: Instant(nanoseconds: call.fireDate), interval: call.interval, now: Instant(nanoseconds: call.now))
                return "\(call.description) = " + (next == .distantFuture ? "never" : "\(next.nanoseconds) ns")
            }
        }
    }

    @Test(
        "Generated calls at the edges: your rule answers as the reference does, to the nanosecond",
        .zh("在输入边界上自动生成的调用：你的规则给出的答案和参考实现一致，精确到纳秒"))
    func generatedEdgeCalls() async throws {
        try await Self.edgePractice(StudentTimerSchedule()).check()
    }
}

/// The edge calls of lesson 06 reach their edges: a generator that stopped reaching one would
/// leave that edge ungraded.
extension PracticeTests {
    @Test("Lesson 06's edge calls reach every edge over the fixed seeds, each many times")
    func edgeCallsReachTheEdges() {
        let practice = Lesson06Tests.edgePractice(ReferenceTimerRescheduling())
        var hits: [Lesson06Tests.Edge: Int] = [:]
        for seed in PracticeSeeds.chosen(defaultCount: practice.count, environment: [:]) {
            for call in practice.scenario(seed: seed) {
                for edge in Lesson06Tests.edges(call) { hits[edge, default: 0] += 1 }
            }
        }
        for edge in Lesson06Tests.Edge.allCases {
            #expect(hits[edge, default: 0] >= 5, "\(edge.rawValue): \(hits[edge, default: 0]) calls over the fixed seeds")
        }
    }
}
