// Lesson 01 — One loop per thread                          Lessons/01-one-loop-per-thread.md
// 第 01 课 — 每个线程一个 RunLoop                          Lessons/zh-Hans/01-one-loop-per-thread.md
//
// Write `StudentLoopTable`: the registry's table of run loops, keyed by thread. The registry
// (`LoopRegistry(table: StudentLoopTable())`) calls it whenever a thread asks for its loop
// (`Loop.current`), and when a thread exits.
//
// 任务：写出 `StudentLoopTable`：`LoopRegistry` 里那张按线程存放 RunLoop 的表。每当有线程获取自己的
// RunLoop（`Loop.current`），以及有线程退出时，`LoopRegistry(table: StudentLoopTable())` 都会调用它。
//
// Run just this lesson:   swift test --filter Lesson01Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson01Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Which thread has which loop. The registry calls these with its lock held: plain
/// single-threaded code is fine.
///
/// 哪个线程有哪个 RunLoop。线程表（`LoopRegistry`）调用这些方法时已经持有锁：写普通的单线程代码就行。
public struct StudentLoopTable: LoopTable {
    /// CF: the global `__CFRunLoops` dictionary, keyed by pthread.
    ///
    /// CF：全局字典 `__CFRunLoops`，以 pthread 为 key。
    private var loops: [ThreadID: Loop] = [:]

    public init() {}

    /// The loop of `thread`: the one it has, or one made now with `makeLoop` and remembered.
    ///
    /// `thread` 的 RunLoop：已经有就返回它，没有就现在用 `makeLoop` 创建一个并记下来。
    public mutating func loop(for thread: ThreadID, makeLoop: () -> Loop) -> Loop {
        if let existing = loops[thread] { return existing }
        let made = makeLoop()   // lazily: only a thread that asks gets a loop
        loops[thread] = made
        return made
    }

    /// The loop of `thread`, without making one (nil if it never asked).
    ///
    /// `thread` 的 RunLoop，但不创建（这个线程从没获取过就返回 nil）。
    public func existingLoop(for thread: ThreadID) -> Loop? {
        loops[thread]
    }

    /// `thread` has exited: forget its loop and return it, so the engine can tear it down.
    ///
    /// `thread` 已经退出：忘掉它的 RunLoop 并返回它，由引擎来销毁。
    public mutating func threadDidExit(_ thread: ThreadID) -> Loop? {
        loops.removeValue(forKey: thread)
    }
}
