// Lesson 05 — Source0: signal and wake                  Lessons/05-source0-signal-and-wake.md
// 第 05 课 — Source0：标记与唤醒                        Lessons/zh-Hans/05-source0-signal-and-wake.md
//
// Write `DoorBell`: a custom version-0 source. Anyone, on any thread, can `ring()` it; the loop
// it belongs to then runs `onRing` on its own thread — soon, even if it was asleep.
//
// 任务：写出 `DoorBell`：一个自定义的 Source0。任何人都可以在任何线程上 `ring()` 它；它所在的
// RunLoop 随后就在自己的线程上执行 `onRing`——很快，即使它正在休眠。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson05Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson05Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// A doorbell on a run loop: a version-0 source (CF: `CFRunLoopSource`, version 0).
///
/// RunLoop 上的一个门铃：一个 Source0（CF：`version 0` 的 `CFRunLoopSource`）。
public final class DoorBell: Sendable {
    /// The loop the bell rings on.
    ///
    /// 门铃所在的 RunLoop。
    public let loop: Loop

    /// Puts a bell on `loop`, in each of `modes` and in no other mode. (§1) `onRing` runs on the
    /// loop's thread, when the loop runs one of `modes` (§2), once per ring that the loop sees:
    /// rings that come before the loop gets to it count once. (§3) Among bells rung at the same
    /// time, lower `order`s run first, then in the order they were rung. (§4)
    ///
    /// 把门铃放到 `loop` 上，放进 `modes` 里的每一个 Mode，别的 Mode 都不放。（§1）`onRing` 在 RunLoop
    /// 的线程上、RunLoop 运行 `modes` 之一时执行（§2），RunLoop 看到一次按铃就执行一次：RunLoop 处理之前
    /// 按的几次铃只算一次。（§3）同时按响的门铃，`order` 小的先执行，`order` 相同的按按铃的先后执行。（§4）
    public init(
        on loop: Loop, order: Int = 0, modes: [Loop.Mode] = [.default],
        onRing: @escaping @Sendable () -> Void
    ) throws {
        self.loop = loop
        unsolved(lesson: 5, write: "DoorBell.init(on:order:modes:onRing:)")
    }

    /// Rings the bell, from any thread (§5), and returns at once, without running `onRing`
    /// itself. (§6) The bell's loop then runs `onRing` soon, even if it was asleep — or just
    /// falling asleep (§7) — and goes on with the run it was in: a ring ends no run. (§8)
    ///
    /// 按铃，可以在任何线程上调用（§5），并且立即返回，自己不执行 `onRing`。（§6）门铃所在的 RunLoop
    /// 随后很快执行 `onRing`，即使它正在休眠——或者正要休眠（§7）——并且接着进行它原来那次运行：
    /// 按铃不结束任何一次运行。（§8）
    public func ring() {
        unsolved(lesson: 5, write: "DoorBell.ring()")
    }
}
