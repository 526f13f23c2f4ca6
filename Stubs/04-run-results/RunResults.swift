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
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
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
    ///
    /// `run(mode: .default, timeout: 1)`，RunLoop 的 default Mode 里什么都没有。（§1）
    public static var emptyMode: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.emptyMode", returning: .timedOut)
    }

    /// `run(mode: .default, timeout: 5)`; the mode's only item is a one-shot timer due at 1 s. (§2)
    ///
    /// `run(mode: .default, timeout: 5)`；Mode 里唯一的东西是一个 1 秒时到点的一次性定时器。（§2）
    public static var lastTimerFired: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.lastTimerFired", returning: .timedOut)
    }

    /// `run(mode: .default, timeout: 5)`; a timer due at 1 s calls `stop()`; a port keeps the mode busy. (§3)
    ///
    /// `run(mode: .default, timeout: 5)`；一个 1 秒时到点的定时器调用 `stop()`；一个端口让 Mode 不为空。（§3）
    public static var stopFromATimer: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.stopFromATimer", returning: .finished)
    }

    /// `loop.stop()`, then `run(mode: .default, timeout: 1)` — the default mode holds a port. (§4)
    ///
    /// 先 `loop.stop()`，再 `run(mode: .default, timeout: 1)`——default Mode 里有一个端口。（§4）
    public static var stopBeforeTheRun: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.stopBeforeTheRun", returning: .finished)
    }

    /// `run(mode: .default, timeout: 1)`; a timer due at exactly 1 s calls `stop()`; a port keeps the mode busy. (§5)
    ///
    /// `run(mode: .default, timeout: 1)`；一个正好在 1 秒时到点的定时器调用 `stop()`；一个端口让 Mode 不为空。（§5）
    public static var stopAtTheDeadline: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.stopAtTheDeadline", returning: .finished)
    }

    /// `run(mode: .default, timeout: 2, returnAfterSourceHandled: true)`; a repeating timer fires every 0.5 s. (§6)
    ///
    /// `run(mode: .default, timeout: 2, returnAfterSourceHandled: true)`；一个重复定时器每 0.5 秒触发一次。（§6）
    public static var timerWithReturnAfterSource: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.timerWithReturnAfterSource", returning: .finished)
    }

    /// `run(mode: .default, timeout: 0)`; a signalled source waits in the mode. (§7)
    ///
    /// `run(mode: .default, timeout: 0)`；Mode 里有一个已被标记的事件源在等着。（§7）
    public static var zeroTimeoutWithASource: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.zeroTimeoutWithASource", returning: .finished)
    }

    /// `run(mode: .default, timeout: 0, returnAfterSourceHandled: true)`; a signalled source waits in the mode. (§8)
    ///
    /// `run(mode: .default, timeout: 0, returnAfterSourceHandled: true)`；Mode 里有一个已被标记的事件源在等着。（§8）
    public static var zeroTimeoutReturningAfterASource: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.zeroTimeoutReturningAfterASource", returning: .finished)
    }
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
    unsolved(lesson: 4, write: "produceFinished(on:)", returning: .timedOut)
}

/// Makes `loop` run and return `.stopped`. (§12)
///
/// 让 `loop` 运行并返回 `.stopped`。（§12）
public func produceStopped(on loop: Loop) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceStopped(on:)", returning: .timedOut)
}

/// Makes `loop` run and return `.timedOut`. (§13)
///
/// 让 `loop` 运行并返回 `.timedOut`。（§13）
public func produceTimedOut(on loop: Loop) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceTimedOut(on:)", returning: .finished)
}

/// Makes `loop` run and return `.handledSource`. (§14)
///
/// 让 `loop` 运行并返回 `.handledSource`。（§14）
public func produceHandledSource(on loop: Loop) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceHandledSource(on:)", returning: .finished)
}

/// Runs `loop` once, so that a stop reaches the run in the same pass as its deadline — and
/// returns what the run returned. (§15) Stop the loop with `stop()` (it is `loop.stop()`, and it
/// lets the tests see when your stop came). (§16)
///
/// 运行 `loop` 一次，让一个停止请求和运行的截止时间落在同一轮循环里赶上这次运行——并返回这次运行的返回值。
/// （§15）用交给你的 `stop()` 停止 RunLoop（它就是 `loop.stop()`，只是能让测试看到你的停止是什么时候来的）。（§16）
public func produceStopAtTheDeadline(on loop: Loop, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceStopAtTheDeadline(on:stop:)", returning: .finished)
}

/// Sends a stop while nothing runs, then runs `loop` once — and returns what the run returned.
/// (§17) Stop the loop with `stop()` (it is `loop.stop()`, and it lets the tests see when your
/// stop came). (§16)
///
/// 在没有任何运行的时候发出停止请求，然后运行 `loop` 一次——并返回这次运行的返回值。（§17）用交给你的
/// `stop()` 停止 RunLoop（它就是 `loop.stop()`，只是能让测试看到你的停止是什么时候来的）。（§16）
public func produceLostStop(on loop: Loop, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceLostStop(on:stop:)", returning: .finished)
}
