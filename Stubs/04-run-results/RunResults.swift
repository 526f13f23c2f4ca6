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
    public static var emptyMode: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.emptyMode", returning: .timedOut)
    }

    /// `run(mode: .default, timeout: 5)`; the mode's only item is a one-shot timer due at 1 s.
    public static var lastTimerFired: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.lastTimerFired", returning: .timedOut)
    }

    /// `run(mode: .default, timeout: 5)`; a timer due at 1 s calls `stop()`; a port keeps the mode busy.
    public static var stopFromATimer: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.stopFromATimer", returning: .finished)
    }

    /// `loop.stop()`, then `run(mode: .default, timeout: 1)` — the default mode holds a port.
    public static var stopBeforeTheRun: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.stopBeforeTheRun", returning: .finished)
    }

    /// `run(mode: .default, timeout: 1)`; a timer due at exactly 1 s calls `stop()`; a port keeps the mode busy.
    public static var stopAtTheDeadline: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.stopAtTheDeadline", returning: .finished)
    }

    /// `run(mode: .default, timeout: 2, returnAfterSourceHandled: true)`; a repeating timer fires every 0.5 s.
    public static var timerWithReturnAfterSource: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.timerWithReturnAfterSource", returning: .finished)
    }

    /// `run(mode: .default, timeout: 0)`; a signalled source waits in the mode.
    public static var zeroTimeoutWithASource: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.zeroTimeoutWithASource", returning: .finished)
    }

    /// `run(mode: .default, timeout: 0, returnAfterSourceHandled: true)`; a signalled source waits in the mode.
    public static var zeroTimeoutReturningAfterASource: Loop.RunResult {
        unsolved(lesson: 4, write: "RunResultPredictions.zeroTimeoutReturningAfterASource", returning: .finished)
    }
}

/// Makes `loop` (empty, on a virtual clock) run and return `.finished` — after doing some work:
/// a run of an empty mode does not count.
public func produceFinished(on loop: Loop) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceFinished(on:)", returning: .timedOut)
}

/// Makes `loop` run and return `.stopped`.
public func produceStopped(on loop: Loop) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceStopped(on:)", returning: .timedOut)
}

/// Makes `loop` run and return `.timedOut`.
public func produceTimedOut(on loop: Loop) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceTimedOut(on:)", returning: .finished)
}

/// Makes `loop` run and return `.handledSource`.
public func produceHandledSource(on loop: Loop) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceHandledSource(on:)", returning: .finished)
}

/// Runs `loop` once, so that a stop reaches the run in the same pass as its deadline — and
/// returns what the run returned. Stop the loop with `stop()` (it is `loop.stop()`, and it lets
/// the tests see when your stop came).
public func produceStopAtTheDeadline(on loop: Loop, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceStopAtTheDeadline(on:stop:)", returning: .finished)
}

/// Sends a stop while nothing runs, then runs `loop` once — and returns what the run returned.
/// Stop the loop with `stop()` (it is `loop.stop()`, and it lets the tests see when your stop came).
public func produceLostStop(on loop: Loop, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    unsolved(lesson: 4, write: "produceLostStop(on:stop:)", returning: .finished)
}
