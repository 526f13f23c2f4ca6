// Mutant: answers the common items newest first to a mode marked common later, so its observers of equal order are told in reverse
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
public struct StudentCommonModes: CommonModeRules {
    /// CF: `_commonModes`. `.common` itself is never in here: it is the name of this set.
    public private(set) var commonModes: Set<Loop.Mode> = []
    /// CF: `_commonModeItems`: remembered so that a mode marked common later gets them too.
    private var commonItems: [Loop.Item] = []

    public init() {}

    /// `item` was added to `.common`: remember it, and return the modes it must be added to now.
    public mutating func addCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> {
        if !commonItems.contains(item) { commonItems.append(item) }
        return commonModes
    }

    /// `item` was removed from `.common`: forget it, and return the modes it must leave.
    public mutating func removeCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> {
        guard let index = commonItems.firstIndex(of: item) else { return [] }
        commonItems.remove(at: index)
        return commonModes
    }

    /// `mode` is marked common: return the common items it must receive now
    /// (none if it was common already).
    public mutating func markCommon(_ mode: Loop.Mode) -> [Loop.Item] {
        guard commonModes.insert(mode).inserted else { return [] }
        return commonItems.reversed()
    }
}
