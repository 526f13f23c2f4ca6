// Lesson 11 — Observers and the iteration          Lessons/11-observers-and-the-iteration.md
// 第 11 课 — 观察者与一轮循环                      Lessons/zh-Hans/11-observers-and-the-iteration.md
//
// Write `StudentPass.runPass(_:)`: ONE pass of the run loop — the ten steps of CF's
// `__CFRunLoopRun` — from the primitives of `Loop.Pass`. The loop calls it again and again until
// it returns a result. The tests compare the observer log of your loop with the reference loop's,
// in every kind of pass: idle, a source that ran, a timer, a port message, a stop, a timeout,
// blocks, a nested run, main-queue work on a main loop, and the articles' log of one touch.
//
// The engine's own pass (ReferencePass) is the answer key: writing it yourself is the lesson, so
// calling it is not allowed — neither by name nor through `Loop.Mechanisms` (whose `pass` it is).
// A test reads this file (comments aside) and fails if it names either.
//
// 任务：写出 `StudentPass.runPass(_:)`：RunLoop 的【一轮】循环——CF 的 `__CFRunLoopRun` 里的那十步——
// 用 `Loop.Pass` 的原语来写。RunLoop 会一遍又一遍地调用它，直到它返回一个结果。测试把你的 RunLoop 的
// 观察者日志和参考实现的对比，覆盖各种情况的一轮：空闲、执行了一个事件源、一个定时器、一条端口消息、
// 一次停止、一次超时、Block、嵌套运行、主线程 RunLoop 上的主队列任务，以及文章里点一下屏幕的日志。
//
// 引擎自己的那一轮（ReferencePass）是标准答案：自己写出它就是这一课，所以不允许调用它——既不能
// 直接写名字，也不能通过 `Loop.Mechanisms`（它的 `pass` 就是标准答案）。有一个测试会读这个文件
// （注释除外），只要出现其中任何一个名字就失败。
//
// Run just this lesson:   swift test --filter Lesson11Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson11Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// One pass of the loop.
///
/// RunLoop 的一轮循环。
public struct StudentPass: LoopPassing {
    public init() {}

    /// Runs one pass over `pass.mode`. Returns nil to go round again, or the run's result.
    ///
    /// The primitives, in the order you will need them:
    /// `pass.notify(_:)`, `pass.doBlocks()`, `pass.doSources0()`, `pass.hasNoTimeLeft`,
    /// `pass.mainQueueShouldBeServicedWithoutSleeping()`, `pass.waitForWakeReason(poll:)`,
    /// `pass.handle(_:)`, `pass.returnsAfterSourceHandled`, `pass.deadlineHasPassed`,
    /// `pass.takeStopRequest()`, `pass.modeIsEmpty`.
    ///
    /// 在 `pass.mode` 上跑一轮循环。返回 nil 表示再来一轮，否则返回这次运行的结果。
    ///
    /// 原语，按你会用到的顺序排列，就是上面列出的那些。
    public func runPass(_ pass: Loop.Pass) -> Loop.RunResult? {
        // Replace this line with your code.
        // 把这一行换成你的代码。
        unsolved(lesson: 11, write: "StudentPass.runPass(_:)", returning: .finished)
    }
}
