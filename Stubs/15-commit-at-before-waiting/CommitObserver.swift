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
    /// (`transaction` is the Core Animation transaction of the loop's thread. A new observer
    /// cannot fail to join a loop: `try?` is enough for `loop.add`.)
    ///
    /// 把提交观察者加到 `loop` 上：它的回调调用 `commit(transaction)`。
    /// （`transaction` 是这个 RunLoop 所在线程的 Core Animation 事务。新建的观察者加入 RunLoop
    /// 不会失败：`loop.add` 前面写 `try?` 就够了。）
    public func install(on loop: Loop, transaction: Transaction) {
        unsolved(lesson: 15, write: "StudentCommit.install(on:transaction:)")
    }

    /// Commits: lays out the views that need layout (`view.needsLayout`, `view.layoutSubviews()`),
    /// then draws those that need display (`view.needsDisplay`, `view.display()`), in the windows
    /// of `transaction.takeWindows()` (`view.subviews`, read after the view's own layout, which
    /// may change them), then `transaction.sendToRenderServer()` (every commit: with nothing
    /// changed it sends nothing).
    ///
    /// 提交：先布局需要布局的视图（`view.needsLayout`、`view.layoutSubviews()`），再绘制需要绘制的
    /// 视图（`view.needsDisplay`、`view.display()`），范围是 `transaction.takeWindows()` 给出的各个
    /// window（`view.subviews`，在这个视图自己布局之后再读，因为布局可能改变它们），最后
    /// `transaction.sendToRenderServer()`（每次提交都调用：什么都没变时它什么也不发）。
    public func commit(_ transaction: Transaction) {
        unsolved(lesson: 15, write: "StudentCommit.commit(_:)")
    }
}
