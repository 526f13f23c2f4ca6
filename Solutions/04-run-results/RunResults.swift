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
public enum RunResultPredictions {
    /// `run(mode: .default, timeout: 1)` on a loop whose default mode holds nothing.
    /// Nothing to wait for: the run returns at once, before even telling observers of entry.
    public static var emptyMode: Loop.RunResult { .finished }

    /// `run(mode: .default, timeout: 5)`; the mode's only item is a one-shot timer due at 1 s.
    /// The timer fires and is invalidated; the mode is now empty.
    public static var lastTimerFired: Loop.RunResult { .finished }

    /// `run(mode: .default, timeout: 5)`; a timer due at 1 s calls `stop()`; a port keeps the mode busy.
    /// The stop reaches the run in progress, and the deadline is still 4 s away.
    public static var stopFromATimer: Loop.RunResult { .stopped }

    /// `loop.stop()`, then `run(mode: .default, timeout: 1)` — the default mode holds a port.
    /// A stop is not remembered: with no run in progress it does nothing. The run sleeps 1 s.
    public static var stopBeforeTheRun: Loop.RunResult { .timedOut }

    /// `run(mode: .default, timeout: 1)`; a timer due at exactly 1 s calls `stop()`; a port keeps the mode busy.
    /// Both are true in the same pass; the loop checks the deadline before the stop.
    public static var stopAtTheDeadline: Loop.RunResult { .timedOut }

    /// `run(mode: .default, timeout: 2, returnAfterSourceHandled: true)`; a repeating timer fires every 0.5 s.
    /// A timer is not a source: the run goes on until its deadline.
    public static var timerWithReturnAfterSource: Loop.RunResult { .timedOut }

    /// `run(mode: .default, timeout: 0)`; a signalled source waits in the mode.
    /// One pass: the source runs, then the (zero) deadline has passed.
    public static var zeroTimeoutWithASource: Loop.RunResult { .timedOut }

    /// `run(mode: .default, timeout: 0, returnAfterSourceHandled: true)`; a signalled source waits in the mode.
    /// The same pass, but the loop checks "handled a source" before the deadline.
    public static var zeroTimeoutReturningAfterASource: Loop.RunResult { .handledSource }
}

/// Makes `loop` (empty, on a virtual clock) run and return `.finished` — after doing some work:
/// a run of an empty mode does not count.
public func produceFinished(on loop: Loop) throws -> Loop.RunResult {
    // The only item is a one-shot timer: once it has fired, the mode is empty.
    try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in }, forMode: .default)
    return try loop.run(mode: .default, timeout: 10)
}

/// Makes `loop` run and return `.stopped`.
public func produceStopped(on loop: Loop) throws -> Loop.RunResult {
    // A stop must come from inside the run (or another thread, while it runs).
    try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in Loop.current.stop() }, forMode: .default)
    try loop.add(Loop.Port(), forMode: .default)   // so the mode is not empty after the timer
    return try loop.run(mode: .default, timeout: 10)
}

/// Makes `loop` run and return `.timedOut`.
public func produceTimedOut(on loop: Loop) throws -> Loop.RunResult {
    try loop.add(Loop.Port(), forMode: .default)   // something to wait for, nothing that happens
    return try loop.run(mode: .default, timeout: 1)
}

/// Makes `loop` run and return `.handledSource`.
public func produceHandledSource(on loop: Loop) throws -> Loop.RunResult {
    let source = Loop.Source {}
    try loop.add(source, forMode: .default)
    source.signal()
    return try loop.run(mode: .default, timeout: 10, returnAfterSourceHandled: true)
}

/// Runs `loop` once, so that a stop reaches the run in the same pass as its deadline — and
/// returns what the run returned. Stop the loop with `stop()` (it is `loop.stop()`, and it lets
/// the tests see when your stop came).
public func produceStopAtTheDeadline(on loop: Loop, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    // The timer and the deadline fall on the same instant: one pass fires the timer (the stop),
    // then decides — and the deadline is checked first.
    try loop.add(try Loop.Timer(fireDate: loop.now + 1) { _ in stop() }, forMode: .default)
    try loop.add(Loop.Port(), forMode: .default)
    return try loop.run(mode: .default, timeout: 1)
}

/// Sends a stop while nothing runs, then runs `loop` once — and returns what the run returned.
/// Stop the loop with `stop()` (it is `loop.stop()`, and it lets the tests see when your stop came).
public func produceLostStop(on loop: Loop, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    try loop.add(Loop.Port(), forMode: .default)
    stop()   // no run in progress: nothing to stop, and nothing is remembered
    return try loop.run(mode: .default, timeout: 1)
}
