// Mutant: produces timed out with a run of an empty mode and returns .timedOut anyway: the result it wanted, not the one the run returned (finished)
// Breaks: §11 §13
// Lesson 04 — Run results                                          Lessons/04-run-results.md
// 第 04 课 — 运行结果                                              Lessons/zh-Hans/04-run-results.md
//
// Two parts. First PREDICT what each run below returns (fill in `RunResultPredictions`); the tests
// run the same scenarios on the reference loop and compare. Then PRODUCE the results yourself:
// set up the loop you are given, run it, and return what the run returned. The tests read the
// loop's own record of how its run ended: returning a result the loop did not produce fails.
//
// 任务分两步。先预测下面每次运行返回什么（填写 `RunResultPredictions`）；测试会在参考实现的 RunLoop
// 上跑同样的场景并比较。再亲手造出这些结果：布置好交给你的 RunLoop，运行它，并返回这次运行的返回值。
// 测试读的是 RunLoop 自己记录的运行结束方式：返回一个 RunLoop 并没有产生的结果，就过不了。
//
// Run just this lesson:   swift test --filter Lesson04Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson04Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// What does each run return? One of `.finished`, `.stopped`, `.timedOut`, `.handledSource`.
/// Every scenario runs on a fresh loop.
///
/// 每次运行返回什么？`.finished`、`.stopped`、`.timedOut`、`.handledSource` 之一。每个场景都在一个全新的
/// RunLoop 上运行。
public enum RunResultPredictions {
    /// `run(mode: .default, timeout: 1)` on a loop whose default mode holds nothing. (§1)
    /// Nothing to wait for: the run returns at once, before even telling observers of entry.
    ///
    /// `run(mode: .default, timeout: 1)`，RunLoop 的 default Mode 里什么都没有。（§1）
    /// 没有任何可等的东西：运行立即返回，连进入（`entry`）都不通知观察者。
    public static var emptyMode: Loop.RunResult { .finished }

    /// `run(mode: .default, timeout: 5)`; the mode's only item is a one-shot timer due at 1 s. (§2)
    /// The timer fires and is invalidated; the mode is now empty.
    ///
    /// `run(mode: .default, timeout: 5)`；Mode 里唯一的东西是一个 1 秒时到点的一次性定时器。（§2）
    /// 定时器触发后就失效了；Mode 这时空了。
    public static var lastTimerFired: Loop.RunResult { .finished }

    /// `run(mode: .default, timeout: 5)`; a timer due at 1 s calls `stop()`; a port keeps the mode busy. (§3)
    /// The stop reaches the run in progress, and the deadline is still 4 s away.
    ///
    /// `run(mode: .default, timeout: 5)`；一个 1 秒时到点的定时器调用 `stop()`；一个端口让 Mode 不为空。（§3）
    /// `stop()` 赶上了正在进行的运行，而截止时间还有 4 秒。
    public static var stopFromATimer: Loop.RunResult { .stopped }

    /// `loop.stop()`, then `run(mode: .default, timeout: 1)` — the default mode holds a port. (§4)
    /// A stop is not remembered: with no run in progress it does nothing. The run sleeps 1 s.
    ///
    /// 先 `loop.stop()`，再 `run(mode: .default, timeout: 1)`——default Mode 里有一个端口。（§4）
    /// 停止请求不会被记住：没有正在进行的运行时它什么都不做。之后的运行休眠 1 秒。
    public static var stopBeforeTheRun: Loop.RunResult { .timedOut }

    /// `run(mode: .default, timeout: 1)`; a timer due at exactly 1 s calls `stop()`; a port keeps the mode busy. (§5)
    /// Both are true in the same pass; the loop checks the deadline before the stop.
    ///
    /// `run(mode: .default, timeout: 1)`；一个正好在 1 秒时到点的定时器调用 `stop()`；一个端口让 Mode 不为空。（§5）
    /// 两者在同一轮循环里同时成立；RunLoop 先检查截止时间，再检查停止。
    public static var stopAtTheDeadline: Loop.RunResult { .timedOut }

    /// `run(mode: .default, timeout: 2, returnAfterSourceHandled: true)`; a repeating timer fires every 0.5 s. (§6)
    /// A timer is not a source: the run goes on until its deadline.
    ///
    /// `run(mode: .default, timeout: 2, returnAfterSourceHandled: true)`；一个重复定时器每 0.5 秒触发一次。（§6）
    /// 定时器不是事件源：运行一直进行到截止时间。
    public static var timerWithReturnAfterSource: Loop.RunResult { .timedOut }

    /// `run(mode: .default, timeout: 0)`; a signalled source waits in the mode. (§7)
    /// One pass: the source runs, then the (zero) deadline has passed.
    ///
    /// `run(mode: .default, timeout: 0)`；Mode 里有一个已被标记的事件源在等着。（§7）
    /// 一轮循环：事件源执行了，然后（为 0 的）截止时间已经过了。
    public static var zeroTimeoutWithASource: Loop.RunResult { .timedOut }

    /// `run(mode: .default, timeout: 0, returnAfterSourceHandled: true)`; a signalled source waits in the mode. (§8)
    /// The same pass, but the loop checks "handled a source" before the deadline.
    ///
    /// `run(mode: .default, timeout: 0, returnAfterSourceHandled: true)`；Mode 里有一个已被标记的事件源在等着。（§8）
    /// 同样一轮循环，但 RunLoop 先检查“处理了事件源”，再检查截止时间。
    public static var zeroTimeoutReturningAfterASource: Loop.RunResult { .handledSource }
}

/// Makes `loop` run and return `.finished` — after doing some work: a run of an empty mode does
/// not count. (§9) Each `produce…` function gets an empty loop on a virtual clock that does not
/// start at 0: count from `loop.now`, not from the clock's origin (§10); and each returns what its
/// run returned — the tests read how the run really ended. (§11)
///
/// 让 `loop` 运行并返回 `.finished`——而且要真的做过一些事：运行一个空 Mode 不算数。（§9）每个 `produce…`
/// 函数拿到的都是一个空的 RunLoop，跑在不从 0 开始的虚拟时钟上：从 `loop.now` 算起，而不是从时钟原点算起
/// （§10）；每个函数都返回它那次运行的返回值——测试读的是运行实际上是怎么结束的。（§11）
public func produceFinished(on loop: Loop) throws -> Loop.RunResult {
    // The only item is a one-shot timer: once it has fired, the mode is empty.
    try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in }, forMode: .default)
    return try loop.run(mode: .default, timeout: 10)
}

/// Makes `loop` run and return `.stopped`. (§12)
///
/// 让 `loop` 运行并返回 `.stopped`。（§12）
public func produceStopped(on loop: Loop) throws -> Loop.RunResult {
    // A stop must come from inside the run (or another thread, while it runs).
    try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in Loop.current.stop() }, forMode: .default)
    try loop.add(Loop.Port(), forMode: .default)   // so the mode is not empty after the timer
    return try loop.run(mode: .default, timeout: 10)
}

/// Makes `loop` run and return `.timedOut`. (§13)
///
/// 让 `loop` 运行并返回 `.timedOut`。（§13）
public func produceTimedOut(on loop: Loop) throws -> Loop.RunResult {
    _ = try loop.run(mode: .default, timeout: 1)   // nothing happens for a second…
    return .timedOut                                // …so it timed out
}

/// Makes `loop` run and return `.handledSource`. (§14)
///
/// 让 `loop` 运行并返回 `.handledSource`。（§14）
public func produceHandledSource(on loop: Loop) throws -> Loop.RunResult {
    let source = Loop.Source {}
    try loop.add(source, forMode: .default)
    source.signal()
    return try loop.run(mode: .default, timeout: 10, returnAfterSourceHandled: true)
}

/// Runs `loop` once, so that a stop reaches the run in the same pass as its deadline — and
/// returns what the run returned. (§15) Stop the loop with `stop()` (it is `loop.stop()`, and it
/// lets the tests see when your stop came). (§16)
///
/// 运行 `loop` 一次，让一个停止请求和运行的截止时间落在同一轮循环里赶上这次运行——并返回这次运行的返回值。
/// （§15）用交给你的 `stop()` 停止 RunLoop（它就是 `loop.stop()`，只是能让测试看到你的停止是什么时候来的）。（§16）
public func produceStopAtTheDeadline(on loop: Loop, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    // The timer and the deadline fall on the same instant: one pass fires the timer (the stop),
    // then decides — and the deadline is checked first.
    try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in stop() }, forMode: .default)
    try loop.add(Loop.Port(), forMode: .default)
    return try loop.run(mode: .default, timeout: 1)
}

/// Sends a stop while nothing runs, then runs `loop` once — and returns what the run returned.
/// (§17) Stop the loop with `stop()` (it is `loop.stop()`, and it lets the tests see when your
/// stop came). (§16)
///
/// 在没有任何运行的时候发出停止请求，然后运行 `loop` 一次——并返回这次运行的返回值。（§17）用交给你的
/// `stop()` 停止 RunLoop（它就是 `loop.stop()`，只是能让测试看到你的停止是什么时候来的）。（§16）
public func produceLostStop(on loop: Loop, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    try loop.add(Loop.Port(), forMode: .default)
    stop()   // no run in progress: nothing to stop, and nothing is remembered
    return try loop.run(mode: .default, timeout: 1)
}
