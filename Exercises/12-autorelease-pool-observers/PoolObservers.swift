// Lesson 12 — Autorelease pool observers            Lessons/12-autorelease-pool-observers.md
// 第 12 课 — 自动释放池的观察者                     Lessons/zh-Hans/12-autorelease-pool-observers.md
//
// Write `StudentPoolObservers.install(on:pools:)`: the two run loop observers UIKit puts on the
// main loop so that every turn of the loop gets its own autorelease pool.
//
// 任务：写出 `StudentPoolObservers.install(on:pools:)`：UIKit 放在主线程 RunLoop 上的那两个观察者，
// 让 RunLoop 的每一轮都有自己的自动释放池。
//
// Run just this lesson:   swift test --filter Lesson12Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson12Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Installs the autorelease-pool observers on a loop.
///
/// 把自动释放池的观察者装到一个 RunLoop 上。
public struct StudentPoolObservers: AutoreleasePoolObservers {
    public init() {}

    /// Adds the pool observers to `loop`. `pools` is the pool stack of the loop's thread:
    /// `pools.push()` opens a pool, `pools.pop()` releases everything autoreleased since.
    ///
    /// 把这两个观察者加到 `loop` 上。`pools` 是这个 RunLoop 所在线程的自动释放池栈：
    /// `pools.push()` 打开一个池，`pools.pop()` 释放从那以后 autorelease 的所有对象。
    public func install(on loop: Loop, pools: AutoreleasePoolStack) {
        unsolved(lesson: 12, write: "StudentPoolObservers.install(on:pools:)")
    }
}
