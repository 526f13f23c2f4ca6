// Lesson 07 — Perform after delay is a timer          Lessons/07-perform-after-delay-is-a-timer.md
// 第 07 课 — performSelector:afterDelay: 就是一个定时器  Lessons/zh-Hans/07-perform-after-delay-is-a-timer.md
//
// Write `performAfterDelay(_:inModes:_:)`, this course's `performSelector:withObject:afterDelay:inModes:`:
// run `work` on the calling thread after `delay` seconds — the way Foundation really does it.
//
// 任务：写出 `performAfterDelay(_:inModes:_:)`，也就是本课程里的
// `performSelector:withObject:afterDelay:inModes:`：在 `delay` 秒之后，在调用它的线程上执行 `work`——
// 和 Foundation 真正的做法一样。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson07Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson07Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Runs `work` on the calling thread (§1), `delay` seconds from now on its loop's clock (§2),
/// while its loop runs one of `modes` and only then (§3); an empty `modes` schedules nothing. (§4)
/// The work is a one-shot timer in the calling thread's loop, there as soon as the call returns
/// (§5); it runs on a later pass of that loop, never inside the call — not even for a delay of 0
/// (§6) — and not at all while the loop does not run. (§7) The call returns at once, without
/// waiting. (§8) Foundation: `performSelector:withObject:afterDelay:inModes:`.
///
/// 在调用它的线程上执行 `work`（§1），时间是从现在起、按这个线程的 RunLoop 的时钟算的 `delay` 秒之后（§2），
/// 而且只在它的 RunLoop 运行 `modes` 之一时执行（§3）；`modes` 为空就什么都不加。（§4）这份工作是调用
/// 线程的 RunLoop 里的一个一次性定时器，调用一返回它就在那里（§5）；它在那个 RunLoop 之后的某一轮循环里执行，
/// 绝不在调用里面执行——延迟为 0 也一样（§6）——RunLoop 不运行，它就根本不执行。（§7）调用立即返回，
/// 不等待。（§8）Foundation：`performSelector:withObject:afterDelay:inModes:`。
///
/// - Returns: the timer that carries the work: invalidating it cancels the work. (§9)
///   返回承载这份工作的定时器：让它失效就取消了这份工作。（§9）
/// - Throws: what the engine throws for a bad delay.
///   引擎对不合法的延迟抛出的错误。
@discardableResult
public func performAfterDelay(
    _ delay: Double, inModes modes: [Loop.Mode] = [.default],
    _ work: @escaping @Sendable () -> Void
) throws -> Loop.Timer {
    // Replace these lines with your code.
    // 把这几行换成你的代码。
    let placeholder = try Loop.Timer(name: "unsolved", fireDate: .distantFuture) { _ in }
    return unsolved(lesson: 7, write: "performAfterDelay(_:inModes:_:)", returning: placeholder)
}
