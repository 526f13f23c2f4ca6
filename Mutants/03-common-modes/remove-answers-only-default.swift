// Mutant: answers only the default mode when an item is removed from .common, so it stays in every other common mode
// Lesson 03 — Common modes                                      Lessons/03-common-modes.md
// 第 03 课 — common modes                                       Lessons/zh-Hans/03-common-modes.md
//
// Write `StudentCommonModes`: the bookkeeping behind `.common`. The loop asks it where an item
// added to `.common` must go, and what a mode newly marked common must receive; it then does
// the adding. The tests plug it into the reference loop and compare with the engine's own.
//
// 任务：写出 `StudentCommonModes`：`.common` 背后的记账。RunLoop 问它加到 `.common` 的 item 该放进
// 哪些 Mode，以及新标为 common 的 Mode 该收到哪些 item；真正的添加由 RunLoop 自己来做。测试把它装进
// 参考实现的 RunLoop，和引擎自己的规则比较。
//
// Run just this lesson:   swift test --filter Lesson03Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson03Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Which modes are common, and which items were added to `.common`.
/// The loop calls these with its lock held: plain single-threaded code is fine.
///
/// 哪些 Mode 标记为 common，哪些 item 加到了 `.common`。RunLoop 调用这些方法时已经持有锁：写普通的单线程代码就行。
public struct StudentCommonModes: CommonModeRules {
    /// CF: `_commonModes`. `.common` itself is never in here: it is the name of this set.
    ///
    /// CF：`_commonModes`。`.common` 本身永远不在里面：它是这个集合的名字。
    public private(set) var commonModes: Set<Loop.Mode> = []
    /// CF: `_commonModeItems`: remembered so that a mode marked common later gets them too.
    ///
    /// CF：`_commonModeItems`：记下来，这样之后才标记为 common 的 Mode 也能拿到它们。
    private var commonItems: [Loop.Item] = []

    public init() {}

    /// `item` was added to `.common`: remember it, and return the modes it must be added to now.
    ///
    /// `item` 被加到了 `.common`：记住它，并返回现在要把它加进去的那些 Mode。
    public mutating func addCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> {
        if !commonItems.contains(item) { commonItems.append(item) }
        return commonModes
    }

    /// `item` was removed from `.common`: forget it, and return the modes it must leave.
    ///
    /// `item` 从 `.common` 移除了：忘掉它，并返回它必须离开的那些 Mode。
    public mutating func removeCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> {
        guard let index = commonItems.firstIndex(of: item) else { return [] }
        commonItems.remove(at: index)
        return [.default]
    }

    /// `mode` is marked common: return the common items it must receive now
    /// (none if it was common already).
    ///
    /// `mode` 被标记为 common：返回它现在必须收到的 common item（如果它本来就标记为 common，就什么也不返回）。
    public mutating func markCommon(_ mode: Loop.Mode) -> [Loop.Item] {
        guard commonModes.insert(mode).inserted else { return [] }
        return commonItems
    }
}
