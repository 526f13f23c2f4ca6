// Lesson 10 — Stopping run vs the guarded loop      Lessons/10-stopping-run-vs-guarded-loop.md
// 第 10 课 — 停不下来的 run() 与带条件的循环        Lessons/zh-Hans/10-stopping-run-vs-guarded-loop.md
//
// Write `PermanentThread`: a thread that stays alive to run work (its loop kept alive by a port),
// and that can be stopped — it then exits and is freed, with no retain cycle.
//
// 任务：写出 `PermanentThread`：一个为执行任务而一直活着的线程（它的 RunLoop 靠一个端口保活），并且
// 能被停止——停止后线程退出并被释放，没有循环引用。
//
// Run just this lesson:   swift test --filter Lesson10Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson10Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// A long-lived worker thread, stoppable.
public final class PermanentThread: @unchecked Sendable {
    /// The underlying thread (the tests look at it). Make it in `init`; start it in `start()`.
    public let thread: LoopThread

    public init(name: String = "permanent") {
        // Replace this with a thread whose body keeps its loop alive and runs it until stopped.
        thread = LoopThread(name: name) {}
    }

    /// Starts the thread; its loop then sleeps until there is work.
    public func start() throws {
        unsolved(lesson: 10, write: "PermanentThread.start()")
    }

    /// Runs `work` on the thread, through its loop, without waiting.
    public func perform(_ work: @escaping @Sendable () -> Void) throws {
        unsolved(lesson: 10, write: "PermanentThread.perform(_:)")
    }

    /// Stops the thread's loop for good and waits until the thread has exited.
    /// Stopping a thread that is not running does nothing.
    public func stop() {
        unsolved(lesson: 10, write: "PermanentThread.stop()")
    }
}
