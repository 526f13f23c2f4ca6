// Mutant: services the main queue in the tracking mode even when it is not common
// Lesson 14 — Main queue on the main loop          Lessons/14-main-queue-on-the-main-loop.md
// 第 14 课 — 主线程 RunLoop 上的主队列             Lessons/zh-Hans/14-main-queue-on-the-main-loop.md
//
// Write `StudentMainQueue`: how the main run loop services the main queue
// (`DispatchQueue.main`) — in which modes, and how much work per service.
//
// 任务：写出 `StudentMainQueue`：主线程的 RunLoop 怎样处理主队列（`DispatchQueue.main`）——在哪些
// Mode 里处理，每次处理多少任务。
//
// Run just this lesson:   swift test --filter Lesson14Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson14Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// The main loop's side of the main queue.
///
/// 主队列在主线程 RunLoop 这一边的处理。
public struct StudentMainQueue: MainQueueServicing {
    public init() {}

    /// Whether the main loop, while it runs `mode`, services the main queue.
    /// (`commonModes` is the main loop's set of common modes.)
    ///
    /// 主线程的 RunLoop 运行 `mode` 时，会不会处理主队列。（`commonModes` 是主线程 RunLoop 标记为 common 的 Mode 的集合。）
    public func servicesMainQueue(in mode: Loop.Mode, commonModes: Set<Loop.Mode>) -> Bool {
        // CF puts the main queue's port in the wait set only for common modes: default and
        // tracking on iOS. In a private mode (a modal run, say) main-queue work waits.
        commonModes.contains(mode) || mode == .tracking
    }

    /// Runs the main queue's work: what is queued now, in order (`queue.takeAll()`,
    /// `queue.takeFirst()`, `item.run()`).
    ///
    /// 执行主队列的任务：此刻排着的那些，按顺序（`queue.takeAll()`、`queue.takeFirst()`、`item.run()`）。
    public func service(_ queue: MainQueue) {
        // Take a snapshot: work queued by these items waits for the next service, so a block that
        // re-queues itself cannot keep the loop from its other sources.
        for item in queue.takeAll() {
            item.run()
        }
    }
}
