// Lesson 17 — The timer keeps its target alive       Lessons/17-timer-retains-its-target.md
// 第 17 课 — 定时器强引用它的 target                 Lessons/zh-Hans/17-timer-retains-its-target.md
//
// A screen with a clock that ticks once a second, and a draft it saves a moment after an edit.
// A scheduled timer keeps a strong reference to its target, and the loop keeps the timer: make
// the clock's timer leave the screen free to go when it is dismissed, and let the save keep it
// just long enough.
//
// 任务：一个页面上有每秒走一下的时钟，编辑之后稍等片刻还要保存草稿。已调度的定时器强引用它的 target，
// RunLoop 又持有定时器：让时钟的定时器不拦着页面被关闭后释放，让保存草稿的定时器只把页面留到保存完为止。
//
// Run just this lesson:   swift test --filter Lesson17Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson17Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// What a timer can retain in place of its real target: it passes each tick on, and keeps the
/// target only weakly.
///
/// 代替真正的 target 交给定时器持有的对象：它把每一次触发转交给 target，对 target 只持弱引用。
public final class WeakTimerTarget<Target: AnyObject & Sendable>: Sendable {
    /// The real target, held weakly: the proxy never keeps it alive. (§1)
    ///
    /// 真正的 target，以弱引用持有：代理从不强引用它。（§1）
    public var target: Target? { held.object }
    /// Where the proxy keeps it: a `Weak` (Swift 6.3 would write `weak let target`).
    ///
    /// 代理把它存在这里：一个 `Weak`（Swift 6.3 可以写成 `weak let target`）。
    let held: Weak<Target>
    let action: @Sendable (Target) -> @Sendable (Loop.Timer) -> Void

    /// A proxy that sends `action` to `target`.
    ///
    /// 一个把 `action` 发给 `target` 的代理。
    public init(target: Target, action: @escaping @Sendable (Target) -> @Sendable (Loop.Timer) -> Void) {
        self.held = Weak(target)
        self.action = action
    }

    /// The timer's selector: while the target lives, sends it the action with `timer`, once per
    /// fire. (§2) Once the target is gone, invalidates `timer` and sends nothing, so the loop
    /// stops waking for a tick that no one receives. (§3)
    ///
    /// 定时器的 selector：target 还没被释放时，把 action 连同 `timer` 发给它，每次触发一次。（§2）target 没了，
    /// 就让 `timer` 失效，什么也不发，RunLoop 不再为没人接收的触发醒来。（§3）
    public func fire(_ timer: Loop.Timer) {
        guard let target else {
            timer.invalidate()   // the screen is gone: stop the timer instead of waking for nothing
            return
        }
        action(target)(timer)
    }
}

/// A screen with a clock label and a draft. The app's navigation stack owns it; when the user
/// leaves the screen, the stack lets it go.
///
/// 一个带时钟标签和草稿的页面。App 的导航栈持有它；用户离开这个页面时，导航栈把它 pop 出去，不再持有它。
public final class ClockScreen: Sendable {
    /// What the label shows: 1, 2, 3, … one more each tick.
    /// 标签显示的数：1、2、3……每触发一次加一。
    let show: @Sendable (Int) -> Void
    /// Where the draft goes.
    /// 草稿保存到哪里。
    let save: @Sendable () -> Void
    let ticks = Lock(0)
    /// The clock's timer while it runs.
    /// 时钟走着时的那个定时器。
    let clock = Lock<Loop.Timer?>(nil)

    public init(show: @escaping @Sendable (Int) -> Void, save: @escaping @Sendable () -> Void) {
        self.show = show
        self.save = save
    }

    /// The clock's action: shows the next count.
    ///
    /// 时钟的 action：显示下一个数。
    public func tick(_ timer: Loop.Timer) {
        show(
            ticks.withLock {
                $0 += 1; return $0
            })
    }

    /// The save's action: saves the draft.
    ///
    /// 保存的 action：保存草稿。
    public func saveDraft(_ timer: Loop.Timer) {
        save()
    }

    /// Starts the clock on `loop`: `tick` once a second, the first one second from now, in the
    /// loop's default mode, as `scheduledTimer` does. (§4) The clock's timer must not keep the
    /// screen alive (through a `WeakTimerTarget`, or a block that captures the screen weakly). (§5)
    /// Starting a clock that runs does nothing: still one tick a second. (§6)
    ///
    /// 在 `loop` 上启动时钟：每秒 `tick` 一次，第一次在从现在起一秒之后，放在 RunLoop 的 default Mode 里，
    /// 和 `scheduledTimer` 一样。（§4）时钟的定时器不能强引用页面（借助 `WeakTimerTarget`，或者弱捕获页面的
    /// block）。（§5）时钟已经在走时再启动，什么也不做：仍然每秒一次。（§6）
    public func start(on loop: Loop) throws {
        try clock.withLock { clock in
            guard clock == nil else { return }
            // The loop keeps the timer and the timer keeps its target: the proxy, not the screen.
            let proxy = WeakTimerTarget(target: self, action: ClockScreen.tick)
            clock = try loop.scheduledTimer(
                name: "clock", timeInterval: 1, target: proxy, selector: WeakTimerTarget<ClockScreen>.fire, repeats: true)
        }
    }

    /// Stops the clock: invalidates its timer, so there is no more tick and the timer leaves the
    /// loop's modes — a run with nothing else to do finishes. (§7) A stopped clock can be started
    /// again. (§8)
    ///
    /// 停止时钟：让它的定时器失效，不再触发，定时器离开 RunLoop 的各个 Mode——没有别的事可做的运行就此结束。
    /// （§7）停掉的时钟可以再次启动。（§8）
    public func stop() {
        let timer = clock.withLock { clock in
            defer { clock = nil }
            return clock
        }
        timer?.invalidate()
    }

    /// Saves the draft once, `delay` seconds from now, in the default mode. (§9) The save must
    /// happen even if the screen is dismissed before: its one-shot timer keeps the screen alive
    /// until it has saved, and lets it go right after. (§10)
    ///
    /// 从现在起 `delay` 秒后保存一次草稿，放在 default Mode 里。（§9）即使页面在那之前被关闭，也必须保存：
    /// 它的一次性定时器一直强引用页面，直到保存完，随即释放这个强引用。（§10）
    public func saveDraft(after delay: Double, on loop: Loop) throws {
        // A strong target is right here: a one-shot timer lets go of it once it has fired.
        try loop.scheduledTimer(name: "save draft", timeInterval: delay, target: self, selector: ClockScreen.saveDraft, repeats: false)
    }

    /// A screen let go while its clock runs stops the clock as it goes: its timer leaves the
    /// loop at once, not at its next tick. (§11)
    ///
    /// 时钟还在走时导航栈就不再持有的页面，在释放时停掉时钟：它的定时器立即离开 RunLoop，而不是等到下一次触发。（§11）
    deinit {
        stop()
    }
}
