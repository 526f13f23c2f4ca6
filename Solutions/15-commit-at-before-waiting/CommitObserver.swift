// Lesson 15 — The commit at beforeWaiting           Lessons/15-commit-at-before-waiting.md
// 第 15 课 — BeforeWaiting 时的提交                  Lessons/zh-Hans/15-commit-at-before-waiting.md
//
// Write `StudentCommit`: Core Animation's commit observer on the main loop — when it runs, and
// what one commit does with the views marked since the last one.
//
// 任务：写出 `StudentCommit`：Core Animation 放在主线程 RunLoop 上的提交观察者——它什么时候执行，
// 一次提交怎样处理上次提交以来被标记的视图。
//
// Run just this lesson:   swift test --filter Lesson15Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson15Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Core Animation's commit: the observer, and the commit it runs.
///
/// Core Animation 的提交：那个观察者，和它执行的提交。
public struct StudentCommit: CoreAnimationCommit {
    public init() {}

    /// Adds the commit observer to `loop`: its callout calls `commit(transaction)`.
    /// (`transaction` is the Core Animation transaction of the loop's thread.)
    ///
    /// 把提交观察者加到 `loop` 上：它的回调调用 `commit(transaction)`。
    /// （`transaction` 是这个 RunLoop 所在线程的 Core Animation 事务。）
    public func install(on loop: Loop, transaction: Transaction) {
        // Before the loop sleeps, and when a run exits: once the turn's callouts have all
        // returned. Order 2000000 is Core Animation's: after the app's observers at lower orders
        // (what they mark is in this commit), before UIKit's pool pop at 2147483647.
        let observer = Loop.Observer(name: "CA commit", activities: [.beforeWaiting, .exit], order: 2_000_000) { _ in
            commit(transaction)
        }
        // In the common modes: the UI keeps changing while a scroll runs the tracking mode.
        try? loop.add(observer, forMode: .common)
    }

    /// Commits: lays out the views that need layout (`view.needsLayout`, `view.layoutSubviews()`),
    /// then draws those that need display (`view.needsDisplay`, `view.display()`), in the windows
    /// of `transaction.takeWindows()` (`view.subviews`), then `transaction.sendToRenderServer()`.
    ///
    /// 提交：先布局需要布局的视图（`view.needsLayout`、`view.layoutSubviews()`），再绘制需要绘制的
    /// 视图（`view.needsDisplay`、`view.display()`），范围是 `transaction.takeWindows()` 给出的各个
    /// window（`view.subviews`），最后 `transaction.sendToRenderServer()`。
    public func commit(_ transaction: Transaction) {
        let windows = transaction.takeWindows()
        // The whole tree's layout first (a parent's layout may change its children), then drawing.
        for window in windows { layOut(window) }
        for window in windows { draw(window) }
        transaction.sendToRenderServer()
    }

    /// Lays out each view of the subtree that needs it, a view before its subviews: three
    /// `setNeedsLayout()` calls set one flag, and laying out clears it, so each view once.
    private func layOut(_ view: View) {
        if view.needsLayout { view.layoutSubviews() }
        for subview in view.subviews { layOut(subview) }
    }

    /// Draws each view of the subtree that needs it, a view before its subviews.
    private func draw(_ view: View) {
        if view.needsDisplay { view.display() }
        for subview in view.subviews { draw(subview) }
    }
}
