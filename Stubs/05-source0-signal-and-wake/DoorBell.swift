// Lesson 05 — Source0: signal and wake                  Lessons/05-source0-signal-and-wake.md
// 第 05 课 — Source0：标记与唤醒                        Lessons/zh-Hans/05-source0-signal-and-wake.md
//
// Write `DoorBell`: a custom version-0 source. Anyone, on any thread, can `ring()` it; the loop
// it belongs to then runs `onRing` on its own thread — soon, even if it was asleep.
//
// 任务：写出 `DoorBell`：一个自定义的 Source0。任何人都可以在任何线程上 `ring()` 它；它所在的
// RunLoop 随后就在自己的线程上执行 `onRing`——很快，即使它正在休眠。
//
// Run just this lesson:   swift test --filter Lesson05Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson05Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// A doorbell on a run loop.
public final class DoorBell: Sendable {
    /// The loop the bell rings on.
    public let loop: Loop

    /// Puts a bell on `loop`, in `modes`. `onRing` runs on the loop's thread, once per ring that
    /// the loop sees (rings that come before the loop gets to it count once). Among bells rung
    /// at the same time, lower `order`s run first.
    public init(on loop: Loop, order: Int = 0, modes: [Loop.Mode] = [.default],
                onRing: @escaping @Sendable () -> Void) throws {
        self.loop = loop
        unsolved(lesson: 5, write: "DoorBell.init(on:order:modes:onRing:)")
    }

    /// Rings the bell, from any thread. Returns at once.
    public func ring() {
        unsolved(lesson: 5, write: "DoorBell.ring()")
    }
}
