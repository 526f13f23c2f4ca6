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
// Run just this lesson:   swift test --filter Lesson07Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson07Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Runs `work` on the calling thread, `delay` seconds from now, while its loop runs one of `modes`.
///
/// - Returns: what carries the work, so that the caller can cancel it (`invalidate()`).
/// - Throws: what the engine throws for a bad delay.
@discardableResult
public func performAfterDelay(_ delay: Double, inModes modes: [Loop.Mode] = [.default],
                              _ work: @escaping @Sendable () -> Void) throws -> Loop.Timer {
    // Replace these lines with your code.
    let placeholder = try Loop.Timer(name: "unsolved", fireDate: .distantFuture) { _ in }
    return unsolved(lesson: 7, write: "performAfterDelay(_:inModes:_:)", returning: placeholder)
}
