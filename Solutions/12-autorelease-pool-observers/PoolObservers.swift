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
        // First of all observers at entry: open the run's pool before anyone can autorelease.
        // UIKit puts it at order −2147483647 (Int32.min + 1).
        let open = Loop.Observer(name: "pool: push", activities: .entry, order: -2_147_483_647) { _ in
            pools.push()
        }
        // Last of all observers before sleeping and at exit: everything autoreleased during this
        // turn — by callouts and by the other observers — is released now. Before sleeping, a
        // fresh pool is opened for the next turn; at exit, the run's pool is simply closed.
        // UIKit puts it at order 2147483647 (Int32.max).
        let drain = Loop.Observer(name: "pool: pop", activities: [.beforeWaiting, .exit], order: 2_147_483_647) { activity in
            pools.pop()
            if activity == .beforeWaiting { pools.push() }
        }
        // In the common modes, so scrolling (the tracking mode) gets pools too.
        try? loop.add(open, forMode: .common)
        try? loop.add(drain, forMode: .common)
    }
}
