import Testing

/// Lesson 06: the student's `nextFireDate(after:interval:now:)` inside the reference loop,
/// against the engine's own rule, on a virtual clock.

@Suite("Lesson 06 — Timer skip on overrun", .serialized, .tags(.lesson06, .level2, .build), .namedInChinese)
struct Lesson06Tests {
    static let student = Loop.Mechanisms.reference.with(timers: StudentTimerSchedule())

    /// The same scenario with the student's rule and with the engine's: callouts and notes.
    static func compare(seconds: Double, _ setUp: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (
        actual: Lines, expected: Lines
    ) {
        try await Harness.traceLines(lesson: 6, student: student, filter: [.callouts, .notes]) { loop, clock in
            try setUp(loop, clock)
            try loop.run(mode: .default, timeout: seconds)
        }
    }

    // The notes of the scenarios, in the student's language.
    static func slowWork(_ seconds: String) -> Text { Text(en: "slow work takes \(seconds) s", zh: "耗时的工作要 \(seconds) 秒") }
    static func oneShotOutcome(_ result: Loop.RunResult, onceIsValid: Bool, items: Int) -> Text {
        Text(
            en: "run: \(result); \"once\" is valid: \(onceIsValid); items in the default mode: \(items)",
            zh: "运行：\(result)；`\"once\"` 的 `isValid`：\(onceIsValid)；default Mode 里的 item 数：\(items)")
    }

    @Test("A timer that is on time fires once per interval", .zh("准时的定时器每个间隔触发一次"))
    func onTime() async throws {
        let (actual, expected) = try await Self.compare(seconds: 3.5) { loop, _ in
            try loop.add(try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .default)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "With nothing late, the next fire date is simply the last one plus the interval.",
                zh: "什么都没有耽误时，下一次触发时间就是上一次的触发时间加上间隔。"))
        #expect(actual.count == 3, Text(en: "ticks at 1, 2 and 3 s", zh: "应在 1、2、3 秒各触发一次").comment)
    }

    @Test("Ticks missed during a slow callout are skipped, not replayed", .zh("慢回调期间错过的时间点被跳过，不会补触发"))
    func missedTicksAreSkipped() async throws {
        let (actual, expected) = try await Self.compare(seconds: 5.5) { loop, clock in
            let first = FirstTime()
            try loop.add(
                try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                    if first.check() {
                        Loop.current.note(Self.slowWork("2.5"))
                        clock.advance(by: 2.5)
                    }
                }, forMode: .default)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    The callout at 1 s returned at 3.5 s: the ticks at 2 and 3 s are gone. CF does not fire them \
                    late, one after the other; the timer's next tick is the first one of its schedule after now: 4 s.
                    """,
                zh: """
                    1 秒的回调到 3.5 秒才返回：2 秒和 3 秒的时间点已经错过了。Core Foundation 不会事后一个接一个地补触发它们；\
                    定时器的下一次触发，是它的时间表上晚于现在的第一个时间点：4 秒。
                    """))
        #expect(
            actual.filter { $0.contains("timer") }.count == 3,
            Text(en: "ticks at 1, 4 and 5 s: no burst of catch-up ticks", zh: "应在 1、4、5 秒触发：不能一口气补上一串时间点").comment)
    }

    @Test("The timer keeps its phase: it does not restart from now", .zh("定时器守住原来的时间表：不会从现在重新开始计时"))
    func phaseIsKept() async throws {
        let (actual, expected) = try await Self.compare(seconds: 3.5) { loop, clock in
            let first = FirstTime()
            try loop.add(
                try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                    if first.check() { clock.advance(by: 0.3) }
                }, forMode: .default)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    The callout at 1 s returned at 1.3 s. The next tick is at 2 s, on the original schedule — \
                    not at now + interval (2.3 s): a timer does not drift because one callout was slow.
                    """,
                zh: """
                    1 秒的回调在 1.3 秒返回。下一个时间点在 2 秒，仍在原来的时间表上——不是 `now + interval`（2.3 秒）：\
                    定时器不会因为某一次回调慢了就整体往后漂。
                    """))
        #expect(actual.contains { $0.hasPrefix("   2000 ms") }, Text(en: "a tick at exactly 2000 ms", zh: "正好在 2000 ms 应有一次触发").comment)
    }

    @Test("Ticks missed while the loop ran another mode are skipped too", .zh("RunLoop 运行别的 Mode 时错过的时间点也被跳过"))
    func ticksMissedInAnotherMode() async throws {
        let (actual, expected) = try await Self.compare(seconds: 4.5) { loop, _ in
            try loop.add(try Loop.Timer(name: "default ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .default)
            try loop.add(
                try Loop.Timer(name: "scroll", fireDate: loop.now + 0.5) { _ in
                    Loop.current.note(Text(en: "the user scrolls for 3.2 s (tracking mode)", zh: "用户滑动 3.2 秒（tracking Mode）"))
                    _ = try? Loop.current.run(mode: .tracking, timeout: 3.2)
                }, forMode: .default)
            try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    The default-mode timer could not fire during the tracking run (1, 2, 3 s). When the scroll \
                    ends at 3.7 s it fires once, for its old fire date, and then goes back to its schedule: 4 s.
                    """,
                zh: """
                    RunLoop 在 tracking Mode 下运行时（1、2、3 秒），default Mode 的定时器没法触发。3.7 秒滑动结束，\
                    它为旧的触发时间补触发一次，然后回到自己的时间表上：4 秒。
                    """))
        #expect(
            actual.filter { $0.contains("timer \"default ticker\"") }.map { $0.prefix(10) } == ["   3700 ms", "   4000 ms"],
            Text(
                en: "once, late, when the scroll ends at 3.7 s; then on schedule at 4 s",
                zh: "滑动在 3.7 秒结束时晚触发一次，然后按时间表在 4 秒触发"
            ).comment)
    }

    @Test("A tick that falls exactly on now is already missed", .zh("正好落在现在的时间点已经算错过"))
    func tickOnNowIsMissed() async throws {
        let (actual, expected) = try await Self.compare(seconds: 4.5) { loop, clock in
            let first = FirstTime()
            try loop.add(
                try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                    if first.check() { clock.advance(by: 2) }   // returns at exactly 3 s
                }, forMode: .default)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    The callout returned at exactly 3 s. CF's rule is "the first tick strictly after now", \
                    so the tick at 3 s is missed too: the next one is at 4 s.
                    """,
                zh: """
                    回调正好在 3 秒返回。Core Foundation 的规则是“严格晚于现在的第一个时间点”，所以 3 秒的时间点也算错过：\
                    下一个在 4 秒。
                    """))
        #expect(
            actual.filter { $0.contains("timer") }.map { $0.prefix(10) } == ["   1000 ms", "   4000 ms"],
            Text(en: "no tick at 3 s", zh: "3 秒不应触发").comment)
    }

    @Test("A one-shot timer fires once and ends; a repeating one goes on", .zh("一次性定时器触发一次就结束；重复定时器继续走"))
    func oneShotEnds() async throws {
        let (actual, expected) = try await Harness.traceLines(lesson: 6, student: Self.student, filter: [.callouts, .notes, .results]) { loop, _ in
            let once = try Loop.Timer(name: "once", fireDate: loop.now + 1) { _ in }
            try loop.add(once, forMode: .default)
            let ticks = Log()
            try loop.add(
                try Loop.Timer(name: "repeating", fireDate: loop.now + 1, interval: 1) { timer in
                    ticks.add("tick")
                    if ticks.count == 3 { timer.invalidate() }   // the last tick, at 3 s
                }, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 10)
            loop.note(Self.oneShotOutcome(result, onceIsValid: once.isValid, items: loop.items(inMode: .default).count))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    A timer with interval 0 is one-shot: the loop invalidates it after its callout and never asks \
                    your rule for its next fire date. Once the repeating timer ends too, the mode is empty and the \
                    run returns finished (not at its 10 s timeout).
                    """,
                zh: """
                    间隔为 0 的定时器是一次性的：RunLoop 在它的回调之后就让它失效，根本不会拿你的规则去算下一次触发时间。\
                    等重复定时器也结束了，Mode 就空了，这次运行返回 `finished`（而不是等到 10 秒超时）。
                    """))
        #expect(actual.filter { $0.contains("\"once\"") && $0.contains("timer") }.count == 1)
        #expect(actual.filter { $0.contains("\"repeating\"") }.count == 3)
        #expect(
            actual.last == "   3000 ms  default   · " + Self.oneShotOutcome(.finished, onceIsValid: false, items: 0).localized,
            Text(
                en: "the one-shot timer ended after its callout; once the repeating one ended too, the mode was empty",
                zh: "一次性定时器在回调之后就结束了；重复定时器也结束之后，Mode 就空了"
            ).comment)
    }

    @Test("With tolerance the timer may fire late; its schedule keeps its phase", .zh("有容差时定时器可以晚触发，时间表不变"))
    func toleranceKeepsPhase() async throws {
        let (actual, expected) = try await Self.compare(seconds: 3.5) { loop, _ in
            try loop.add(try Loop.Timer(name: "relaxed", fireDate: loop.now + 1, interval: 1, tolerance: 0.3) { _ in }, forMode: .default)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    Tolerance lets the loop fire the timer up to 0.3 s late (here it wakes as late as allowed: 1.3, \
                    2.3, 3.3 s). The fire dates stay 1, 2, 3 s: the next fire date counts from the fire date, not \
                    from when the callout ran.
                    """,
                zh: """
                    容差允许 RunLoop 最多晚 0.3 秒触发定时器（这里它每次都拖到允许的最晚时刻才唤醒：1.3、2.3、3.3 秒）。\
                    触发时间仍然是 1、2、3 秒：下一次触发时间从触发时间算起，而不是从回调实际执行的时刻算起。
                    """))
        #expect(actual.first?.hasPrefix("   1300 ms") == true, Text(en: "the first tick comes 0.3 s late", zh: "第一次触发应晚 0.3 秒").comment)
    }

    @Test("With tolerance, ticks missed during a slow callout are still skipped", .zh("有容差时，慢回调期间错过的时间点仍然被跳过"))
    func toleranceStillSkips() async throws {
        let (actual, expected) = try await Self.compare(seconds: 5.5) { loop, clock in
            let first = FirstTime()
            try loop.add(
                try Loop.Timer(name: "relaxed", fireDate: loop.now + 1, interval: 1, tolerance: 0.3) { _ in
                    if first.check() {
                        Loop.current.note(Self.slowWork("2"))
                        clock.advance(by: 2)   // fired at 1.3 s, returns at 3.3 s
                    }
                }, forMode: .default)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    The timer fired 0.3 s late (its tolerance) for its 1 s tick, and the callout returned at 3.3 s. \
                    The ticks of 2 and 3 s are gone — 3 s is before now, even if 3.3 s is within its tolerance. \
                    The next fire date is 4 s (it fires at 4.3 s): no catch-up, and the schedule still counts from 1 s.
                    """,
                zh: """
                    定时器为 1 秒的时间点晚了 0.3 秒（它的容差）才触发，回调在 3.3 秒返回。2 秒和 3 秒的时间点都错过了——\
                    3 秒已经早于现在，哪怕 3.3 秒还在它的容差之内。下一次触发时间是 4 秒（实际在 4.3 秒触发）：\
                    不补触发，时间表也仍然从 1 秒算起。
                    """))
        #expect(actual.filter { $0.contains("timer") }.count == 3, Text(en: "fires at 1.3, 4.3 and 5.3 s", zh: "应在 1.3、4.3、5.3 秒触发").comment)
        #expect(
            actual.last?.hasPrefix("   5300 ms") == true,
            Text(en: "the last tick on the original schedule (5 s), 0.3 s late", zh: "最后一次触发仍在原来的时间表上（5 秒），晚 0.3 秒").comment)
    }

    @Test("The schedule counts from the timer's own fire date, not from the clock's origin", .zh("时间表从定时器自己的触发时间算起，而不是从时钟原点算起"))
    func phaseOfItsOwnSchedule() async throws {
        let (actual, expected) = try await Self.compare(seconds: 5.5) { loop, clock in
            clock.advance(by: 0.3)   // this loop's clock reads 0.3 s when the timer is made
            let first = FirstTime()
            try loop.add(
                try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                    if first.check() {
                        Loop.current.note(Self.slowWork("2.5"))
                        clock.advance(by: 2.5)   // fired at 1.3 s, returns at 3.8 s
                    }
                }, forMode: .default)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    This timer's schedule is 1.3, 2.3, 3.3, 4.3 s…: its first fire date plus whole intervals. \
                    The callout returned at 3.8 s, so the next tick is 4.3 s. 4 s is the next multiple of the \
                    interval counted from the clock's origin — not a tick of this timer. Count from `fireDate`, never from 0.
                    """,
                zh: """
                    这个定时器的时间表是 1.3、2.3、3.3、4.3 秒……：第一次触发时间加上整数个间隔。回调在 3.8 秒返回，\
                    所以下一个时间点是 4.3 秒。4 秒是从时钟原点算起的下一个间隔整数倍——并不是这个定时器的时间点。\
                    要从 `fireDate` 算起，绝不从 0 算起。
                    """))
        #expect(
            actual.filter { $0.contains("timer") }.map { $0.prefix(10) } == ["   1300 ms", "   4300 ms", "   5300 ms"],
            Text(
                en: "ticks at 1.3 s, then 4.3 and 5.3 s: the phase of the timer's own schedule",
                zh: "应在 1.3 秒触发，然后是 4.3 和 5.3 秒：守住定时器原来的时间表"
            ).comment)
    }

    @Test("A tick exactly on now is missed for an interval like 0.1 s too", .zh("间隔是 0.1 秒这样的值时，正好落在现在的时间点同样算错过"))
    func tickOnNowWithATenth() async throws {
        let (actual, expected) = try await Self.compare(seconds: 0.85) { loop, clock in
            let first = FirstTime()
            try loop.add(
                try Loop.Timer(name: "tenths", fireDate: loop.now + 0.1, interval: 0.1) { _ in
                    if first.check() {
                        Loop.current.note(Self.slowWork("0.3"))
                        clock.advance(by: 0.3)   // fired at 0.1 s, returns at exactly 0.4 s
                    }
                }, forMode: .default)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    The callout returned at exactly 400 ms, on a tick: that tick is missed, the next is 500 ms. \
                    In Double seconds, (0.4 - 0.1) / 0.1 is 2.9999999999999996, not 3, so rounding it down \
                    counts one tick too few and gives 400 ms again. Count the missed ticks in whole nanoseconds \
                    (`Instant.nanoseconds`), where the division is exact.
                    """,
                zh: """
                    回调正好在 400 ms 返回，落在一个时间点上：这个时间点算错过，下一个是 500 ms。用 `Double` 秒来算，\
                    (0.4 - 0.1) / 0.1 是 2.9999999999999996 而不是 3，向下取整会少数一个时间点，结果又得到 400 ms。\
                    要用整数纳秒（`Instant.nanoseconds`）来数错过的时间点，那样除法是精确的。
                    """))
        #expect(
            actual.filter { $0.contains("timer") }.map { $0.prefix(10) } == ["    100 ms", "    500 ms", "    600 ms", "    700 ms", "    800 ms"],
            Text(en: "no second tick at 400 ms", zh: "400 ms 不应再触发第二次").comment)
    }

    @Test("An interval longer than nanoseconds can count (~292 years) has no next tick: never, not a crash", .zh("间隔长到纳秒数装不下（约 292 年）时没有下一个时间点：是“永不”，而不是崩溃"))
    func intervalBeyondNanoseconds() async throws {
        let (actual, expected) = try await Harness.traceLines(lesson: 6, student: Self.student, filter: [.callouts, .notes]) { loop, _ in
            let forever = try Loop.Timer(name: "every 317 years", fireDate: loop.now + 1, interval: 1e10) { _ in }
            try loop.add(forever, forMode: .default)
            try loop.add(try Loop.Timer(name: "tick", fireDate: loop.now + 1.5, interval: 1) { _ in }, forMode: .default)
            try loop.run(mode: .default, timeout: 3)
            loop.note(Self.nextFireDate(of: forever))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    1e10 s in nanoseconds is 1e19, more than an Int64 holds (9.2e18): `Int64(…)` of it traps. No clock             reaches a tick that far, so the next fire date is `.distantFuture` (never) — CF clamps such a date             too. Check the interval's nanoseconds before converting them, and a next tick that would overflow.
                    """,
                zh: """
                    `1e10` 秒换成纳秒是 `1e19`，超出了 `Int64` 能装下的范围（`9.2e18`）：对它做 `Int64(…)` 会直接崩溃。没有哪个时钟            能走到那么远的时间点，所以下一次触发时间是 `.distantFuture`（永不）——Core Foundation 也会把这样的日期截断。            转换之前先检查间隔的纳秒数，也要检查会溢出的下一个时间点。
                    """))
        #expect(
            expected.last?.hasSuffix(Self.nextFireDate(of: nil).localized) == true,
            Text(en: "the engine's own rule says never", zh: "引擎自己的规则给出的是“永不”").comment)
    }

    /// `next fire date of "every 317 years": never` (nil: never).
    static func nextFireDate(of timer: Loop.Timer?) -> Text {
        let when = timer.flatMap { $0.fireDate == .distantFuture ? nil : "\($0.fireDate)" }
        return Text(en: "next fire date of \"every 317 years\": \(when ?? "never")", zh: "`\"every 317 years\"` 的下一次触发时间：\(when ?? "永不")")
    }
}

/// True the first time it is asked, false after.
private final class FirstTime: Sendable {
    private let asked = Log()
    func check() -> Bool {
        asked.add("asked")
        return asked.count == 1
    }
}
