// Mutant: marks a removed item's place empty instead of removing it, and isEmpty counts the places, so a mode whose items were all removed is not empty
// Lesson 02 — Mode isolation                                  Lessons/02-mode-isolation.md
// 第 02 课 — Mode 隔离                                        Lessons/zh-Hans/02-mode-isolation.md
//
// Write `StudentModeItemTable`: what one run loop mode holds (its sources, ports, timers and
// observers). The loop keeps one table per mode; the tests plug your table into the reference
// loop and compare what the loop does with what it does with the engine's own table.
//
// 任务：写出 `StudentModeItemTable`：一个 RunLoop Mode 里装的东西（事件源、端口、定时器和观察者）。
// RunLoop 为每个 Mode 保存一张这样的表；测试把你的表装进参考实现的 RunLoop，比较它和引擎自己的表
// 分别让 RunLoop 做了什么。
//
// Run just this lesson:   swift test --filter Lesson02Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson02Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// One mode's items. The loop calls these with its lock held: plain single-threaded code is fine.
///
/// 一个 Mode 里的 item。RunLoop 调用这些方法时已经持有锁：写普通的单线程代码就行。
public struct StudentModeItemTable: ModeItemTable {
    /// Everything the mode holds, in the order it was added. (CF keeps a set per kind; a list
    /// is the simplest thing that remembers the order. The engine's own table adds an index.)
    ///
    /// 这个 Mode 里的所有 item，按添加的先后顺序。（CF 每一类用一个集合；能记住顺序的最简单的东西是数组。
    /// 引擎自己的表另外加了一个索引。）
    private var held: [Loop.Item?] = []

    public init() {}

    /// Adds `item`. Returns false, changing nothing, if the table already holds it.
    ///
    /// 添加 `item`。表里已经有它时返回 false，什么也不改。
    public mutating func insert(_ item: Loop.Item) -> Bool {
        guard !held.contains(where: { $0 == item }) else { return false }   // an item is held once per mode
        held.append(item)
        return true
    }

    /// Removes `item`. Returns false if the table did not hold it.
    ///
    /// 移除 `item`。表里原本没有它时返回 false。
    public mutating func remove(_ item: Loop.Item) -> Bool {
        guard let index = held.firstIndex(where: { $0 == item }) else { return false }
        held[index] = nil
        return true
    }

    /// Whether the table holds `item`.
    ///
    /// 表里有没有 `item`。
    public func contains(_ item: Loop.Item) -> Bool {
        held.contains(where: { $0 == item })
    }

    /// The items of one kind (`item.kind`), in the order they were added.
    ///
    /// 某一类（`item.kind`）的 item，按添加的先后顺序。
    public func items(of kind: Loop.Item.Kind) -> [Loop.Item] {
        held.compactMap { $0 }.filter { $0.kind == kind }
    }

    /// True when the mode holds no source, no port and no timer. Observers do not count:
    /// they watch the loop, they give it nothing to do.
    ///
    /// Mode 里没有事件源、没有端口、也没有定时器时为 true。观察者不算：它们只是看着 RunLoop，不给它任何事做。
    public var isEmpty: Bool {
        !held.contains { $0 == nil || $0!.kind != .observer }
    }
}
