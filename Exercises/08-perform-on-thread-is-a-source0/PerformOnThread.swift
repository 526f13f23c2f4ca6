// Lesson 08 — Perform on thread is a source0        Lessons/08-perform-on-thread-is-a-source0.md
// 第 08 课 — performSelector:onThread: 就是一个 Source0   Lessons/zh-Hans/08-perform-on-thread-is-a-source0.md
//
// Write `perform(on:waitUntilDone:modes:_:)`, this course's
// `performSelector:onThread:withObject:waitUntilDone:modes:` — the way Foundation really does it.
//
// 任务：写出 `perform(on:waitUntilDone:modes:_:)`，也就是本课程里的
// `performSelector:onThread:withObject:waitUntilDone:modes:`——照 Foundation 真正的做法来写。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson08Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson08Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Runs `work` on `thread` (§1), through its run loop, when that loop runs one of `modes` — never
/// before, and never on the caller's thread. (§2) The work travels as a version-0 source:
/// signalled, then the loop woken, so that even a sleeping loop runs it soon. (§3) Each call's work
/// runs once (§4); pieces of work sent before the loop gets to them all run, in the order sent (§5);
/// once a piece has run, its source leaves the loop. (§6) An empty `modes` performs nothing and
/// returns at once, even with `waitUntilDone`. (§7)
/// Foundation: `performSelector:onThread:withObject:waitUntilDone:modes:`.
///
/// 在 `thread` 上执行 `work`（§1），经由它的 RunLoop，在那个 RunLoop 运行 `modes` 之一时执行——不会更早，
/// 也绝不在调用方的线程上执行。（§2）工作以 Source0 的方式送达：先标记，再唤醒 RunLoop，这样即使 RunLoop
/// 正在休眠，也会很快执行它。（§3）每次调用的工作执行一次（§4）；RunLoop 处理之前送来的几份工作全部执行，
/// 按发送的顺序（§5）；一份工作执行完，它的事件源就离开 RunLoop。（§6）`modes` 为空就什么都不执行并立即
/// 返回，`waitUntilDone` 也一样。（§7）Foundation：`performSelector:onThread:withObject:waitUntilDone:modes:`。
///
/// - Parameters:
///   - waitUntilDone: return only after the work has run. (§8) Called on `thread` itself, run the
///     work at once instead (as Foundation does). (§9)
///     只在工作执行完之后才返回。（§8）在 `thread` 自己身上调用时，改为立即执行工作（Foundation 就是这样）。（§9）
///   - modes: the modes the work may run in. Left out, the common modes: Foundation's variant
///     without a `modes:` argument uses `kCFRunLoopCommonModes`, so where tracking is common
///     (the main loop) the work runs during a scroll too. (§10)
///     工作可以在哪些 Mode 里执行。不给时用 common modes：Foundation 不带 `modes:` 参数的版本用的是
///     `kCFRunLoopCommonModes`，所以在 tracking 是 common 的地方（主线程的 RunLoop），滑动时工作也会执行。（§10）
/// - Throws: `LoopError.threadNotStarted` / `LoopError.threadExited` when the thread cannot run
///   anything (a thread that has exited must be reported, never silently ignored) (§11) — also when
///   it exits while `waitUntilDone` waits for work it never ran. (§12)
///   线程什么都执行不了时，抛出 `LoopError.threadNotStarted` / `LoopError.threadExited`（已退出的线程必须报错，
///   绝不能悄悄忽略）（§11）——`waitUntilDone` 正在等的工作还没执行、线程就退出了，也要抛出。（§12）
public func perform(
    on thread: LoopThread, waitUntilDone: Bool = false, modes: [Loop.Mode] = [.common],
    _ work: @escaping @Sendable () -> Void
) throws {
    // Replace this line with your code.
    // 把这一行换成你的代码。
    unsolved(lesson: 8, write: "perform(on:waitUntilDone:modes:_:)")
}
