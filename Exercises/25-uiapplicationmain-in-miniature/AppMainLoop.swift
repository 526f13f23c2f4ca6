// Lesson 25 — UIApplicationMain in miniature        Lessons/25-uiapplicationmain-in-miniature.md
// 第 25 课 — 迷你版 UIApplicationMain              Lessons/zh-Hans/25-uiapplicationmain-in-miniature.md
//
// The capstone: assemble an app's main loop as `UIApplicationMain` does before it drives the
// loop for ever. Install the pieces of the earlier lessons on `app.mainLoop` — the two
// autorelease-pool observers, Core Animation's commit, the event source0 and its port, the
// display link, all in the common modes (the main queue is there already) — push the default
// mode on the run-mode stack, push and pop the tracking mode for a scroll, and write the driver
// that runs the mode on top of the stack again each time a run ends. The tests run generated
// app sessions (taps, scrolls, animations, main-queue jobs, stalls) with your code and with the
// engine's, and compare the whole trace.
//
// 任务：综合练习：像 `UIApplicationMain` 那样组装一个 App 的主线程 RunLoop，然后永远驱动它。把前面几课的部件
// 装到 `app.mainLoop` 上——两个自动释放池观察者、Core Animation 的提交、事件 Source0 和它的端口、
// display link，全都加到 common Modes（主队列已经在那里了）——把 default Mode 压入 Mode 栈，滑动时压入、
// 弹出 tracking Mode，再写出驱动循环：每次运行结束，就再运行栈顶的那个 Mode。测试会生成一段段 App 会话
// （点击、滑动、动画、主队列任务、卡顿），用你的代码和引擎的代码各跑一遍，比较整条轨迹。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson25Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson25Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// An app's main loop, assembled as `UIApplicationMain` does it. The app (`Application`) is
/// given: its pools (`app.pushPool()`, `app.popPool()`), its commit (`app.commit()`), its events
/// (`app.eventPort`, `app.eventSource`, `app.handleEventQueue()`), its animation
/// (`app.displayLink`) and its mode stack (`app.modes`, a `RunModeStack`).
///
/// 按 `UIApplicationMain` 的做法组装起来的 App 主线程 RunLoop。App（`Application`）已经写好：它的自动释放池
/// （`app.pushPool()`、`app.popPool()`）、它的提交（`app.commit()`）、它的事件（`app.eventPort`、
/// `app.eventSource`、`app.handleEventQueue()`）、它的动画（`app.displayLink`）和它的 Mode 栈
/// （`app.modes`，一个 `RunModeStack`）。
public struct StudentApplicationMain: ApplicationMain {
    public init() {}

    /// Installs the app's pieces on `app.mainLoop`, each in the common modes (`.common`), before
    /// the loop first runs:
    /// - an observer of the entry that pushes a pool (`app.pushPool()`), at order
    ///   `Int(Int32.min) + 1`, before every other observer (§1);
    /// - an observer of beforeWaiting and exit at order `Int(Int32.max)`, after every other: it
    ///   pops the pool (`app.popPool()`), and before waiting pushes a new one (§2);
    /// - Core Animation's commit, an observer of beforeWaiting and exit at order 2 000 000 that
    ///   calls `app.commit()` (§3);
    /// - the event source0, whose perform calls `app.handleEventQueue()`, kept in
    ///   `app.eventSource`, and the event port `app.eventPort` (§4);
    /// - the display link, `app.displayLink.add(to:forMode:)` (§5);
    /// then pushes the default mode on `app.modes`, the mode the driver starts in (§6).
    ///
    /// 在 RunLoop 第一次运行之前，把 App 的部件装到 `app.mainLoop` 上，每一个都加到 common Modes（`.common`）：
    /// - 一个 entry 的观察者，压入一个自动释放池（`app.pushPool()`），order 为 `Int(Int32.min) + 1`，排在其他所有
    ///   观察者前面（§1）；
    /// - 一个 BeforeWaiting 和 Exit 的观察者，order 为 `Int(Int32.max)`，排在其他所有观察者后面：它弹出自动释放池
    ///   （`app.popPool()`），在 BeforeWaiting 时再压入一个新的（§2）；
    /// - Core Animation 的提交，一个 BeforeWaiting 和 Exit 的观察者，order 为 2 000 000，调用 `app.commit()`（§3）；
    /// - 事件 Source0，它的回调调用 `app.handleEventQueue()`，存到 `app.eventSource`；还有事件端口
    ///   `app.eventPort`（§4）；
    /// - display link：`app.displayLink.add(to:forMode:)`（§5）；
    /// 最后把 default Mode 压入 `app.modes`，驱动循环从这个 Mode 开始（§6）。
    public func launch(_ app: Application) {
        unsolved(lesson: 25, write: "StudentApplicationMain.launch(_:)")
    }

    /// A scroll view began (`true`) or ended (`false`) tracking: push the tracking mode on
    /// `app.modes`, or pop it. Not a nested run: the push stops the default-mode run, and the
    /// driver runs the tracking mode next; the pop stops that run, and the driver is back in the
    /// default mode. (§7)
    ///
    /// 滑动视图开始（`true`）或结束（`false`）跟踪：把 tracking Mode 压入 `app.modes`，或把它弹出。不是嵌套运行：
    /// 压栈让 default Mode 的这次运行停下，驱动循环接着运行 tracking Mode；出栈让那次运行停下，驱动循环又回到
    /// default Mode。（§7）
    public func trackingChanged(_ tracking: Bool, in app: Application) {
        unsolved(lesson: 25, write: "StudentApplicationMain.trackingChanged(_:in:)")
    }

    /// The driver, `GSEventRunModal`: while `app.mainLoop.now` is before `deadline`, runs the
    /// loop in the mode on top of `app.modes` until `deadline`, and again each time a run ends
    /// (a push or a pop stops it). (§8)
    ///
    /// 驱动循环，即 `GSEventRunModal`：只要 `app.mainLoop.now` 还没到 `deadline`，就让 RunLoop 运行
    /// `app.modes` 栈顶的那个 Mode，直到 `deadline`；每次运行结束（压栈或出栈会让它停下），就再运行一次。（§8）
    public func runMainLoop(_ app: Application, until deadline: Instant) throws(LoopError) {
        unsolved(lesson: 25, write: "StudentApplicationMain.runMainLoop(_:until:)")
    }
}
