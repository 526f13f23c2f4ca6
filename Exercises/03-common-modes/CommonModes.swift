// Lesson 03 — Common modes                                      Lessons/03-common-modes.md
//
// Write `StudentCommonModes`: the bookkeeping behind `.common`. The loop asks it where an item
// added to `.common` must go, and what a mode newly marked common must receive; it then does
// the adding. The tests plug it into the reference loop and compare with the engine's own.
//
// Run just this lesson:   swift test --filter Lesson03Tests      (or: swift run kata watch)

import KataCore
import RunLoopEngine

/// Which modes are common, and which items were added to `.common`.
/// The loop calls these with its lock held: plain single-threaded code is fine.
public struct StudentCommonModes: CommonModeRules {
    public init() {}

    /// The modes marked common so far (the loop marks `.default` right after making you).
    public var commonModes: Set<Loop.Mode> {
        unsolved(lesson: 3, write: "StudentCommonModes.commonModes", returning: [])
    }

    /// `item` was added to `.common`: remember it, and return the modes it must be added to now.
    public mutating func addCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> {
        unsolved(lesson: 3, write: "StudentCommonModes.addCommonItem(_:)", returning: [])
    }

    /// `item` was removed from `.common`: forget it, and return the modes it must leave.
    public mutating func removeCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> {
        unsolved(lesson: 3, write: "StudentCommonModes.removeCommonItem(_:)", returning: [])
    }

    /// `mode` is marked common: return the common items it must receive now
    /// (none if it was common already).
    public mutating func markCommon(_ mode: Loop.Mode) -> [Loop.Item] {
        unsolved(lesson: 3, write: "StudentCommonModes.markCommon(_:)", returning: [])
    }
}
