// Lesson 24 — Work in the idle passes                  Lessons/24-work-in-the-idle-passes.md
// 第 24 课 — 把任务放进空闲的一轮                    Lessons/zh-Hans/24-work-in-the-idle-passes.md
//
// A list of cells, each with a big image to decode: decode them all in one callout and the main
// loop stalls; decode them during a scroll and the scroll stutters. Split the work across the
// main loop's passes: one task per pass, when the loop is about to sleep, in the default mode
// only, so that a scroll (the tracking mode) never sees a task; and keep the loop turning while
// tasks remain. Then the other classic answer: set the images once scrolling stops, with a
// delayed perform in the default mode.
//
// 任务：一个列表，每个 cell 都有一张大图要解码：在一次回调里全部解码，主 RunLoop 就卡住；在滑动期间解码，
// 滑动就丢帧。把这份工作分摊到主 RunLoop 的各轮循环里：每轮一个任务，在 RunLoop 即将进入休眠时做，而且只在
// default Mode 里做，这样滑动（tracking Mode）永远碰不到任务；任务还没做完时，要让 RunLoop 继续转下去。
// 再写另一个经典答案：用只在 default Mode 里的延迟 perform，等滑动停下再设置图片。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson24Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson24Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// The heavy work the cells left for the main loop's idle passes (decode one big image each),
/// first in, first out. Given, not yours to write: `add` queues a task, `next()` takes the
/// oldest out, `isEmpty` says whether any is left. It wakes nothing.
///
/// cell 留给主 RunLoop 空闲那几轮的重活（每个解码一张大图），先进先出。已经写好，不用你写：`add` 排入一个任务，
/// `next()` 取出最早的那个，`isEmpty` 说明还有没有剩下的。它不唤醒任何东西。
public final class IdleTaskQueue: Sendable {
    private let tasks = Lock<[@Sendable () -> Void]>([])

    public init() {}

    /// Queues `task` behind the others.
    public func add(_ task: @escaping @Sendable () -> Void) { tasks.withLock { $0.append(task) } }

    /// Takes the oldest task out, or nil if none is left.
    public func next() -> (@Sendable () -> Void)? {
        tasks.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// Whether no task is left.
    public var isEmpty: Bool { tasks.withLock { $0.isEmpty } }
}

/// Drains `queue` on `loop`, one task per pass: a repeating observer of the beforeWaiting
/// activity (the loop has nothing left to do and is about to sleep) takes one task out and runs
/// it (§1); never more than one in a callout, so that each pass stays short. (§2) It serves the
/// default mode only: while the loop runs the tracking mode (a scroll), no task runs, and the
/// tasks left wait for the scroll to end. (§3) After a task, if tasks remain, it wakes the loop:
/// otherwise the loop would sleep with tasks left, until something else woke it. With no task
/// left it does nothing, and the loop sleeps. (§4)
///
/// 在 `loop` 上消化 `queue`，每轮一个任务：一个重复的 BeforeWaiting 观察者（RunLoop 已经没事可做、即将进入休眠）
/// 取出一个任务并执行它（§1）；一次回调里绝不超过一个，这样每一轮都很短。（§2）它只服务 default Mode：
/// RunLoop 运行 tracking Mode（滑动）时一个任务也不执行，剩下的任务等滑动结束。（§3）执行完一个任务，如果
/// 还有剩下的，就唤醒 RunLoop：否则 RunLoop 会带着没做完的任务去休眠，直到别的东西把它唤醒。一个任务都不剩
/// 时什么也不做，RunLoop 就去休眠。（§4）
///
/// - Returns: the observer (invalidating it stops the draining; the tasks left stay queued). (§5)
///   这个观察者（让它失效就停止消化；剩下的任务留在队列里）。（§5）
@discardableResult
public func drainOneTaskPerPass(_ queue: IdleTaskQueue, on loop: Loop) throws -> Loop.Observer {
    let placeholder = Loop.Observer(name: "unsolved", activities: .beforeWaiting) { _ in }
    return unsolved(lesson: 24, write: "drainOneTaskPerPass(_:on:)", returning: placeholder)
}

/// `imageView.perform(#selector(setter: UIImageView.image), with: image, afterDelay: delay,
/// inModes: [.default])`: `setImage` runs once on `loop`'s thread, `delay` seconds from now or
/// later (§6), in the default mode only: due during a scroll, it runs when the scroll ends. (§7)
///
/// `imageView.perform(#selector(setter: UIImageView.image), with: image, afterDelay: delay,
/// inModes: [.default])`：`setImage` 在 `loop` 的线程上执行一次，在从现在起 `delay` 秒时或更晚（§6），
/// 而且只在 default Mode 里：如果在滑动期间到点，就等滑动结束再执行。（§7）
///
/// - Returns: the timer that carries it (invalidating it is `cancelPreviousPerformRequests`). (§8)
///   承载它的定时器（让它失效就是 `cancelPreviousPerformRequests`）。（§8）
@discardableResult
public func setImageWhenScrollingStops(on loop: Loop, after delay: Double, _ setImage: @escaping @Sendable () -> Void) throws -> Loop.Timer {
    let placeholder = try Loop.Timer(name: "unsolved", fireDate: .distantFuture) { _ in }
    return unsolved(lesson: 24, write: "setImageWhenScrollingStops(on:after:_:)", returning: placeholder)
}
