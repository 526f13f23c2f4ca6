// Lesson 08 — Perform on thread is a source0        Lessons/08-perform-on-thread-is-a-source0.md
// 第 08 课 — performSelector:onThread: 就是一个 Source0   Lessons/zh-Hans/08-perform-on-thread-is-a-source0.md
//
// Write `perform(on:waitUntilDone:modes:_:)`, this course's
// `performSelector:onThread:withObject:waitUntilDone:modes:` — the way Foundation really does it.
//
// 任务：写出 `perform(on:waitUntilDone:modes:_:)`，也就是本课程里的
// `performSelector:onThread:withObject:waitUntilDone:modes:`——照 Foundation 真正的做法来写。
//
// Run just this lesson:   swift test --filter Lesson08Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson08Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Runs `work` on `thread`, through its run loop, when that loop runs one of `modes`.
///
/// - Parameters:
///   - waitUntilDone: return only after the work has run. Called on `thread` itself, run the
///     work at once instead (as Foundation does).
///   - modes: the modes the work may run in. Left out, the common modes: Foundation's variant
///     without a `modes:` argument uses `kCFRunLoopCommonModes`, so where tracking is common
///     (the main loop) the work runs during a scroll too.
/// - Throws: `LoopError.threadNotStarted` / `LoopError.threadExited` when the thread cannot run
///   anything (a thread that has exited must be reported, never silently ignored) — also when
///   it exits while `waitUntilDone` waits for work it never ran.
public func perform(on thread: LoopThread, waitUntilDone: Bool = false, modes: [Loop.Mode] = [.common],
                    _ work: @escaping @Sendable () -> Void) throws {
    // Replace this line with your code.
    unsolved(lesson: 8, write: "perform(on:waitUntilDone:modes:_:)")
}
