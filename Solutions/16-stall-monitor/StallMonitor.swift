// Lesson 16 — Stall monitor                          Lessons/16-stall-monitor.md
// 第 16 课 — 卡顿监控                                Lessons/zh-Hans/16-stall-monitor.md
//
// The classic way to catch a stuck main thread (卡顿) from inside the app: an observer on the
// main loop notes each activity and signals a semaphore; a watchdog thread waits on that
// semaphore a short while, again and again, and reports when the loop stayed busy (after waking,
// or before sources) for `samples` waits in a row. Write the monitor's two halves.
//
// 任务：在 App 内部发现主线程卡住（卡顿）的经典做法：主 RunLoop 上的一个观察者记下每一个状态，并
// signal 一个信号量；一个监控线程一次又一次地在这个信号量上等一小会儿，当 RunLoop 连续 `samples`
// 次都停在忙碌的状态（AfterWaiting 之后，或 BeforeSources 之后）时上报。写出监控器的这两部分。
//
// Run just this lesson:   swift test --filter Lesson16Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson16Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// What the watchdog reports: the loop reached `activity` at `since` and had not moved on when
/// the watchdog noticed, at `noticed`. Given: use it as it is.
///
/// 监控线程上报的内容：RunLoop 在 `since` 时刻到达 `activity`，直到监控线程发现时（`noticed`）还没有往下走。
/// 已经写好：照原样使用。
public struct Stall: Sendable, Equatable {
    /// The activity the loop reached last: `.afterWaiting` or `.beforeSources`.
    /// RunLoop 最后到达的状态：`.afterWaiting` 或 `.beforeSources`。
    public let activity: Loop.Activity
    /// When the loop reached it, on the loop's clock.
    /// RunLoop 到达这个状态的时刻，按 RunLoop 的时钟。
    public let since: Instant
    /// When the watchdog reported it.
    /// 监控线程上报它的时刻。
    public let noticed: Instant

    public init(activity: Loop.Activity, since: Instant, noticed: Instant) {
        self.activity = activity
        self.since = since
        self.noticed = noticed
    }
}

/// A stall monitor (卡顿监控): the observer half runs on the loop's thread, the watchdog half on a
/// thread of its own, which waits `interval` seconds at a time on a semaphore the observer
/// signals, and calls ``watchdogWoke(signalled:at:)`` after each wait.
///
/// 卡顿监控：观察者部分运行在 RunLoop 所在的线程上，监控线程部分运行在单独的线程上：它在观察者 signal
/// 的信号量上每次等 `interval` 秒，每次等完调用 ``watchdogWoke(signalled:at:)``。
public final class StallMonitor: Sendable {
    /// How long the loop may stay busy before it is a stall, in seconds.
    /// RunLoop 一直忙多久（秒）算一次卡顿。
    public let threshold: Double
    /// How many timed-out waits in a row make a stall.
    /// 连续多少次等待超时算一次卡顿。
    public let samples: Int
    let report: @Sendable (Stall) -> Void
    let state = Lock(State())

    /// What the two halves share (the observer writes, the watchdog reads), behind `state`.
    struct State {
        /// The activity the loop reached last, and when.
        var activity: Loop.Activity?
        var since = Instant.zero
        /// Timed-out waits in a row while the loop stayed busy.
        var count = 0
        /// Whether this stall was reported already.
        var reported = false
    }

    /// A monitor that calls `report` for each stall. Given: use it as it is.
    ///
    /// 每次卡顿调用一次 `report` 的监控器。已经写好：照原样使用。
    public init(threshold: Double, samples: Int, report: @escaping @Sendable (Stall) -> Void) {
        self.threshold = threshold
        self.samples = samples
        self.report = report
    }

    /// How long each wait of the watchdog lasts: `threshold / samples` seconds, so `samples`
    /// timed-out waits in a row mean the loop stayed busy for `threshold`. (§4)
    ///
    /// 监控线程每次等多久：`threshold / samples` 秒，这样连续 `samples` 次等待超时，就说明 RunLoop 忙了
    /// `threshold` 这么久。（§4）
    public var interval: Double {
        threshold / Double(samples)
    }

    /// Starts watching `loop`: one observer, in the loop's common modes — the default mode, the
    /// tracking mode of a scroll, and any mode marked common later (§1) — told of every activity,
    /// records the activity the loop reached and when, on the loop's clock (§2), then calls
    /// `signal()` — the watchdog's semaphore — once each time. (§3)
    ///
    /// 开始监控 `loop`：一个观察者，加在 RunLoop 的 common modes 里——default Mode、滑动时的 tracking
    /// Mode，以及以后才标记为 common 的 Mode（§1）——每一个状态都回调它；它记下 RunLoop 到达的状态和时刻
    /// （按 RunLoop 的时钟）（§2），然后每次调用一次 `signal()`——监控线程等待的信号量。（§3）
    public func install(on loop: Loop, signal: @escaping @Sendable () -> Void) throws {
        let clock = loop.clock   // not the loop itself: the loop holds the observer
        let observer = Loop.Observer(name: "stall monitor", activities: .all) { [state] activity in
            state.withLock { shared in
                shared.activity = activity
                shared.since = clock.now
            }
            signal()
        }
        // `.common`, not `.default`: while the user scrolls the main loop runs the tracking mode,
        // and a stall there is the one the user feels most.
        try loop.add(observer, forMode: .common)
    }

    /// One wake-up of the watchdog, at `now`: its wait ended `signalled` (the observer signalled:
    /// the loop moved on — count from zero, and a new stall may be reported (§5)) or timed out.
    /// A timed-out wait while the loop's last activity is `.afterWaiting` or `.beforeSources`
    /// (the loop is running timers, sources or blocks) is one more sample in a row (§6); at any
    /// other activity (asleep after `.beforeWaiting`: idle, not stuck) count from zero. (§7) The
    /// `samples`-th sample in a row reports `Stall(activity:since:noticed: now)` (§8), once per
    /// stall: no other report until the loop moves on. (§9)
    ///
    /// 监控线程的一次醒来，时刻是 `now`：这次等待要么被 signal 唤醒（观察者 signal 了：RunLoop 往下走了
    /// ——计数清零，新的卡顿又可以上报了（§5）），要么超时。超时的时候，如果 RunLoop 最后
    /// 的状态是 `.afterWaiting` 或 `.beforeSources`（RunLoop 正在处理定时器、事件源或 block），就是又一次
    /// 连续采样（§6）；停在其他状态上（`.beforeWaiting` 之后在休眠：是闲着，不是卡住）就把计数清零。（§7）
    /// 连续第 `samples` 次采样上报 `Stall(activity:since:noticed: now)`（§8），每次卡顿只报一次：RunLoop
    /// 往下走之前不再上报。（§9）
    public func watchdogWoke(signalled: Bool, at now: Instant) {
        let stall = state.withLock { shared -> Stall? in
            if signalled {
                shared.count = 0
                shared.reported = false
                return nil
            }
            guard let activity = shared.activity, activity == .afterWaiting || activity == .beforeSources else {
                shared.count = 0
                return nil
            }
            shared.count += 1
            guard shared.count >= samples, !shared.reported else { return nil }
            shared.reported = true
            return Stall(activity: activity, since: shared.since, noticed: now)
        }
        if let stall { report(stall) }   // outside the lock: the report may take its time
    }
}
