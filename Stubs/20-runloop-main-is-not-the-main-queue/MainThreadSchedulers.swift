// Lesson 20 — RunLoop.main is not the main queue      Lessons/20-runloop-main-is-not-the-main-queue.md
// 第 20 课 — RunLoop.main 不是主队列                 Lessons/zh-Hans/20-runloop-main-is-not-the-main-queue.md
//
// Two ways to hand a value to "the main thread", as Combine's two schedulers do it:
// `receive(on: RunLoop.main)` and `receive(on: DispatchQueue.main)`; then the RunLoop scheduler's
// delayed work and `Timer.publish(every:on:in:)`. Write each the way Foundation and Combine
// really do, on the engine's main loop: the tests scroll (the tracking mode runs) and watch
// which values arrive, when, in which order.
//
// 任务：把一个值交给“主线程”的两种办法，和 Combine 的两种调度器一样：`receive(on: RunLoop.main)` 和
// `receive(on: DispatchQueue.main)`；再加上 RunLoop 调度器的延迟任务和 `Timer.publish(every:on:in:)`。
// 每一个都照 Foundation 和 Combine 真正的做法写在引擎的主 RunLoop 上：测试会模拟滑动（运行 tracking Mode），
// 看哪些值送到了、什么时候、按什么顺序。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson20Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson20Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Combine's `RunLoop` scheduler, `schedule(options:_:)`: what `receive(on: RunLoop.main)` does
/// with each value. `action` runs on `loop`'s thread, later, never inside the call (§1), only
/// while the loop runs the default mode: it waits out a scroll (§2). It is a block queued for the
/// default mode (`RunLoop.perform(_:)`): it does not wake the loop — a sleeping loop runs it only
/// once something else wakes it (§3) — and a pass that finds it and main-queue work both waiting
/// runs it first, even if the main-queue work was sent earlier: a pass does its blocks before it
/// serves the main queue; calls run in the order made. (§4)
///
/// Combine 的 `RunLoop` 调度器的 `schedule(options:_:)`：`receive(on: RunLoop.main)` 对每个值做的事。
/// `action` 在 `loop` 的线程上、在之后执行，绝不在调用里面执行（§1），而且只在 RunLoop 运行 default Mode
/// 时执行：滑动期间它要等着（§2）。它是排给 default Mode 的一个 Block（`RunLoop.perform(_:)`）：它不唤醒
/// RunLoop——休眠中的 RunLoop 要等别的东西把它唤醒才会执行它（§3）——而如果一轮循环开始时它和主队列任务
/// 都在等，它先执行，哪怕主队列任务发得更早：一轮循环先处理 Block，再处理主队列；多次调用按调用的顺序执行。（§4）
public func runLoopSchedule(on loop: Loop, _ action: @escaping @Sendable () -> Void) {
    unsolved(lesson: 20, write: "runLoopSchedule(on:_:)")
}

/// Combine's `DispatchQueue` scheduler on the main queue, `schedule(options:_:)`: what
/// `receive(on: DispatchQueue.main)` does with each value. `action` runs on the main thread,
/// later, never inside the call (§5), whenever the main loop runs a common mode: during a
/// scroll too (§6). The main queue wakes the main loop itself, and its work runs in the order
/// sent. (§7)
///
/// Combine 的 `DispatchQueue` 调度器在主队列上的 `schedule(options:_:)`：`receive(on: DispatchQueue.main)`
/// 对每个值做的事。`action` 在主线程上、在之后执行，绝不在调用里面执行（§5），只要主 RunLoop 运行一个标记为
/// common 的 Mode 就执行：滑动期间也一样（§6）。主队列自己会唤醒主 RunLoop，它的任务按发送的顺序
/// 执行。（§7）
public func mainQueueSchedule(on queue: MainQueue, _ action: @escaping @Sendable () -> Void) {
    unsolved(lesson: 20, write: "mainQueueSchedule(on:_:)")
}

/// Combine's `RunLoop` scheduler, `schedule(after:tolerance:options:_:)`: what
/// `delay(for:scheduler: RunLoop.main)` and `debounce(for:scheduler: RunLoop.main)` use. `action`
/// runs once, on `loop` whichever thread calls, at `date` on its clock or later (§8), in the
/// default mode only: due during a scroll, it runs when the scroll ends. (§9)
///
/// Combine 的 `RunLoop` 调度器的 `schedule(after:tolerance:options:_:)`：
/// `delay(for:scheduler: RunLoop.main)` 和 `debounce(for:scheduler: RunLoop.main)` 用的就是它。`action`
/// 执行一次：不管哪个线程调用，都在 `loop` 上，在它的时钟走到 `date` 时或更晚（§8），而且只在 default Mode 里：如果在滑动期间到点，
/// 就等滑动结束再执行。（§9）
///
/// - Returns: the timer that carries the work (invalidating it cancels the work). (§10)
///   承载这份工作的定时器（让它失效就取消了这份工作）。（§10）
@discardableResult
public func runLoopSchedule(after date: Instant, on loop: Loop, _ action: @escaping @Sendable () -> Void) throws -> Loop.Timer {
    let placeholder = try Loop.Timer(name: "unsolved", fireDate: .distantFuture) { _ in }
    return unsolved(lesson: 20, write: "runLoopSchedule(after:on:_:)", returning: placeholder)
}

/// `Timer.publish(every: interval, on: loop, in: mode).autoconnect()`: `receive` gets the loop's
/// time every `interval` seconds, the first one interval from now, on `loop` whichever thread calls (§11), whenever the loop runs
/// `mode` — as given: `.common` ticks during a scroll and in a mode marked common later,
/// `.default` waits out a scroll and then keeps its schedule. (§12)
///
/// `Timer.publish(every: interval, on: loop, in: mode).autoconnect()`：每 `interval` 秒把 RunLoop 的
/// 时间交给 `receive` 一次，第一次在从现在起一个间隔之后，不管哪个线程调用都在 `loop` 上（§11），只要 RunLoop 在运行 `mode`——按给定的写：
/// `.common` 在滑动期间照常触发，在后来才标记为 common 的 Mode 里也一样；`.default` 等滑动结束，然后按原来的
/// 时间表继续。（§12）
///
/// - Returns: the publisher's timer (invalidating it is `cancel()`). (§13)
///   发布者的定时器（让它失效就是 `cancel()`）。（§13）
@discardableResult
public func timerPublish(every interval: Double, on loop: Loop, in mode: Loop.Mode, _ receive: @escaping @Sendable (Instant) -> Void) throws -> Loop.Timer {
    let placeholder = try Loop.Timer(name: "unsolved", fireDate: .distantFuture) { _ in }
    return unsolved(lesson: 20, write: "timerPublish(every:on:in:_:)", returning: placeholder)
}
