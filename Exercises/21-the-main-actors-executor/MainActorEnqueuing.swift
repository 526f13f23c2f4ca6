// Lesson 21 — The main actor's executor           Lessons/21-the-main-actors-executor.md
// 第 21 课 — 主 actor 的执行器                     Lessons/zh-Hans/21-the-main-actors-executor.md
//
// Write `StudentMainActorEnqueuing`: where the main actor's executor sends each job the Swift
// runtime gives it, so that `Task { @MainActor in … }` and `await MainActor.run { … }` run on the
// main loop as on iOS.
//
// 任务：写出 `StudentMainActorEnqueuing`：Swift 运行时交给主 actor 执行器的每个 job，执行器把它送到
// 哪里——让 `Task { @MainActor in … }` 和 `await MainActor.run { … }` 像在 iOS 上一样在主线程 RunLoop 上执行。
//
// Run just this lesson:   swift test --filter Lesson21Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson21Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// The main actor's executor, its one decision: where a job goes.
///
/// 主 actor 的执行器要做的唯一决定：一个 job 送到哪里。
public struct StudentMainActorEnqueuing: MainActorEnqueuing {
    public init() {}

    /// Sends `job` to run later on the main thread: `job.run()` runs it there. `target` has the
    /// main queue (`target.mainQueue.async(name:_:)`), the main loop (`target.mainLoop`) and
    /// `target.isMainThread`. Jobs must run in every common mode, in the order they came, between
    /// the main queue's other blocks, and neither while the main loop runs a private mode nor in a run
    /// nested inside another main-queue block.
    ///
    /// 把 `job` 送去稍后在主线程上执行：在那里调用 `job.run()` 就执行了它。`target` 里有主队列
    /// （`target.mainQueue.async(name:_:)`）、主线程 RunLoop（`target.mainLoop`）和 `target.isMainThread`。
    /// job 要在每个标记为 common 的 Mode 里都能执行，按到来的顺序，夹在主队列的其他 Block 之间，而且主 RunLoop 运行私有 Mode 时不执行，嵌套在另一个主队列 Block 里的运行中也不执行。
    public func enqueue(_ job: MainActorJob, to target: MainActorTarget) {
        unsolved(lesson: 21, write: "StudentMainActorEnqueuing.enqueue(_:to:)")
    }
}
