// Lesson 22 — Timers without a running loop      Lessons/22-timers-without-a-running-loop.md
// 第 22 课 — 没有运行中的 RunLoop 的定时器        Lessons/zh-Hans/22-timers-without-a-running-loop.md
//
// A ticker made three ways, as an iOS developer would make it: `Timer.scheduledTimer`, a
// `DispatchSourceTimer` on the main queue, a `Task` on the main actor that sleeps. The tests make
// them on the main thread and on a thread that never runs its loop, scroll (the tracking mode
// runs), keep the main thread busy, and watch which ticks come, when, and how many at once.
//
// 任务：用三种办法做一个定时器，和 iOS 开发者的写法一样：`Timer.scheduledTimer`、主队列上的
// `DispatchSourceTimer`、主 actor 上一个休眠的 `Task`。测试会在主线程上、也会在一个从不运行自己
// RunLoop 的线程上创建它们，模拟滑动（运行 tracking Mode），让主线程忙一阵，看哪些触发到了、什么时候、
// 一次算几下。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson22Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson22Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// `Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in tick() }`: a repeating
/// timer, first due one interval from now, scheduled on the **calling thread's** loop in the
/// default mode (§1). It ticks only while that thread runs its loop in the default mode: made on
/// a thread that never runs its loop (a `Task`'s pool thread, a `Thread` whose body returns), it
/// never ticks (§2); on the main thread it waits out a scroll, and ticks missed while the main
/// thread was busy are skipped, the phase kept (§3).
///
/// `Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in tick() }`：一个重复的定时器，
/// 第一次在从现在起一个间隔之后，加到**调用它的线程**的 RunLoop 的 default Mode 里（§1）。只有那个线程在
/// default Mode 里运行它的 RunLoop 时才会触发：在一个从不运行 RunLoop 的线程上创建（`Task` 所在的线程池线程、
/// 函数体一返回就结束的 `Thread`），它永远不会触发（§2）；在主线程上，它要等滑动结束，主线程忙时错过的触发被
/// 跳过，时间表不变（§3）。
///
/// - Returns: the timer (invalidating it stops the ticker). 这个定时器（让它失效就停止了）。
@discardableResult
public func scheduledTicker(every interval: Double, _ tick: @escaping @Sendable () -> Void) throws -> Loop.Timer {
    unsolved(lesson: 22, write: "scheduledTicker(every:_:)")
    return try Loop.Timer(fireDate: .distantFuture) { _ in }
}

/// `DispatchSource.makeTimerSource(queue: .main)`, scheduled with `.now() + interval` and
/// `repeating: interval`, its handler calling `tick(source.data)`, then resumed: a ticker that
/// needs no run loop of its own and belongs to no mode, wherever it is made (§4). Its handler
/// runs on the main queue, so it ticks in every common mode, during a scroll too (§5); fires that
/// pass while the main thread is busy come as one call whose `data` counts them, and the next
/// fires keep the phase (§6). Use `registry.mainQueue` for `DispatchQueue.main` and
/// `registry.clock.now` for `DispatchTime.now()`.
///
/// `DispatchSource.makeTimerSource(queue: .main)`，用 `.now() + interval` 和 `repeating: interval` 设定，
/// handler 调用 `tick(source.data)`，然后 resume：一个不需要自己的 RunLoop、也不属于任何 Mode 的定时器，
/// 不管在哪里创建都一样（§4）。它的 handler 在主队列上执行，所以在每个标记为 common 的 Mode 里都会触发，
/// 滑动期间也一样（§5）；主线程忙时错过的几次触发合成一次调用，`data` 就是次数，之后的触发保持原来的时间表
/// （§6）。`DispatchQueue.main` 用 `registry.mainQueue`，`DispatchTime.now()` 用 `registry.clock.now`。
///
/// - Returns: the source; keep it, it ticks while it lives (cancelling it stops it).
///   这个 source；要持有它，它活着才会触发（cancel 就停止了）。
public func dispatchTicker(every interval: Double, on registry: LoopRegistry, _ tick: @escaping @Sendable (UInt) -> Void) -> DispatchTimerSource {
    unsolved(lesson: 22, write: "dispatchTicker(every:on:_:)", returning: DispatchTimerSource(queue: registry.mainQueue))
}

/// `Task { @MainActor in for _ in 0..<count { try await Task.sleep(for: .seconds(interval)); tick() } }`,
/// made on the main thread: each tick runs as a job of the main actor, on the main queue, in every
/// common mode (§7). A sleep that ends while the main thread is busy makes the tick late, and the
/// next sleep counts from that late tick: the ticker drifts, it neither skips nor merges (§8).
/// Use `actor` for the main actor (`actor.assumeIsolated { actor in Task { _ = actor; … } }` is
/// `Task { @MainActor in … }`) and `await actor.sleep(for: interval)` for `Task.sleep`.
///
/// `Task { @MainActor in for _ in 0..<count { try await Task.sleep(for: .seconds(interval)); tick() } }`，
/// 在主线程上创建：每次触发都是主 actor 的一个 job，在主队列上、在每个标记为 common 的 Mode 里执行（§7）。
/// 如果某次 sleep 在主线程忙的时候结束，那次触发就晚了，而下一次 sleep 从这次晚到的触发开始算：它会漂移，
/// 既不跳过也不合并（§8）。主 actor 用 `actor`（`actor.assumeIsolated { actor in Task { _ = actor; … } }`
/// 就是 `Task { @MainActor in … }`），`Task.sleep` 用 `await actor.sleep(for: interval)`。
///
/// - Returns: the task. 这个 Task。
@discardableResult
public func sleepingTicker(
    every interval: Double, count: Int, on actor: MainLoopActor, _ tick: @escaping @Sendable () -> Void
) -> Task<Void, Never> {
    unsolved(lesson: 22, write: "sleepingTicker(every:count:on:_:)", returning: Task {})
}

/// One of the three tickers. 三种定时器之一。
public enum Ticker: String, Sendable, CaseIterable {
    case scheduledTimer, dispatchSource, sleepingTask
}

/// Which of the three tick when made on a thread that never runs its loop — inside a `Task` on
/// the global pool, say (where `RunLoop.current` is not even allowed: it is `noasync`). (§9)
///
/// 在一个从不运行 RunLoop 的线程上创建时（比如在全局线程池上的一个 `Task` 里，那里连 `RunLoop.current`
/// 都不让用：它是 `noasync` 的），三种定时器里哪几种会触发？（§9）
public func tickersThatTickWhenMadeOffTheMainThread() -> Set<Ticker> {
    unsolved(lesson: 22, write: "tickersThatTickWhenMadeOffTheMainThread()", returning: [])
}
