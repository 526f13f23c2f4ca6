// Lesson 06 — Timer skip on overrun                      Lessons/06-timer-skip-on-overrun.md
// 第 06 课 — 定时器错过就跳过                            Lessons/zh-Hans/06-timer-skip-on-overrun.md
//
// Write `nextFireDate(after:interval:now:)`: when does a repeating timer fire next, once its
// callout has returned? The tests plug your rule into the reference loop and compare what the
// loop does with what the engine's own rule does.
//
// 任务：写出 `nextFireDate(after:interval:now:)`：回调返回之后，重复定时器下一次什么时候触发？
// 测试把你的规则装进参考实现的 RunLoop，比较它和引擎自己的规则分别让 RunLoop 做了什么。
//
// Run just this lesson:   swift test --filter Lesson06Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson06Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// The rule a loop uses to reschedule a repeating timer after its callout.
///
/// 重复定时器的回调返回后，RunLoop 用来算出它下一次触发时间的规则。
public struct StudentTimerSchedule: TimerRescheduling {
    public init() {}

    /// - Parameters:
    ///   - fireDate: the fire date the timer just fired for (it may have fired late).
    ///   - interval: the timer's interval in seconds, more than 0.
    ///   - now: the time after the callout returned.
    /// - Returns: the timer's next fire date: on its original schedule (`fireDate` plus a whole
    ///   number of intervals), the first such tick strictly after `now`.
    ///
    /// 参数：
    ///   - fireDate：定时器刚刚触发的那个触发时间（它可能晚触发了）。
    ///   - interval：定时器的间隔，单位秒，大于 0。
    ///   - now：回调返回之后的时间。
    /// 返回：定时器的下一次触发时间：在它原来的时间表上（`fireDate` 加上整数个间隔），
    /// 严格晚于 `now` 的第一个时间点。
    public func nextFireDate(after fireDate: Instant, interval: Double, now: Instant) -> Instant {
        // Work in whole nanoseconds, so that a thousand ticks later the phase is still exact.
        let nanoseconds = (interval * 1_000_000_000).rounded()
        // An interval longer than an Int64 of nanoseconds holds (~292 years) has no next tick on
        // any clock (and Int64(nanoseconds) would trap): never, as CF clamps such a date.
        guard nanoseconds < 9.2e18 else { return .distantFuture }
        let step = max(Int64(nanoseconds), 1)
        // How far past the old fire date we are. Every whole interval in there is a tick the loop
        // missed: skip them all (CF does not replay them) and take the one after.
        let late = max(now.nanoseconds - fireDate.nanoseconds, 0)
        // The tick after a whole Int64 of nanoseconds late (a 1 ns step) is past the last instant too.
        let (ticks, tooMany) = (late / step).addingReportingOverflow(1)
        // A tick that lands exactly on `now` is already in the past: `late / step` counted it.
        // A tick past the last instant a clock can read is never.
        let (offset, tooLong) = ticks.multipliedReportingOverflow(by: step)
        let (next, tooLate) = fireDate.nanoseconds.addingReportingOverflow(offset)
        return tooMany || tooLong || tooLate ? .distantFuture : Instant(nanoseconds: next)
    }
}
