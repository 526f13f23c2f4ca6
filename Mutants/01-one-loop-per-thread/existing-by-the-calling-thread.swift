// Mutant: looks up existingLoop(for:) under the calling thread instead of the one asked about, so a lookup from another thread finds the caller's loop
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
public struct StudentLoopTable: LoopTable {
    /// CF: the global `__CFRunLoops` dictionary, keyed by pthread.
    private var loops: [ThreadID: Loop] = [:]

    public init() {}

    /// The loop of `thread`: the one it has, or one made now with `makeLoop` and remembered.
    public mutating func loop(for thread: ThreadID, makeLoop: () -> Loop) -> Loop {
        if let existing = loops[thread] { return existing }
        let made = makeLoop()       // lazily: only a thread that asks gets a loop
        loops[thread] = made
        return made
    }

    /// The loop of `thread`, without making one (nil if it never asked).
    public func existingLoop(for thread: ThreadID) -> Loop? {
        loops[ThreadID.current]
    }

    /// `thread` has exited: forget its loop and return it, so the engine can tear it down.
    public mutating func threadDidExit(_ thread: ThreadID) -> Loop? {
        loops.removeValue(forKey: thread)
    }
}
