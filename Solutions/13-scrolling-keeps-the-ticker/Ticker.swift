// Lesson 13 — Scrolling keeps the ticker             Lessons/13-scrolling-keeps-the-ticker.md
// 第 13 课 — 滑动时定时器照常走                      Lessons/zh-Hans/13-scrolling-keeps-the-ticker.md
//
// A screen with a countdown, a download in progress and a badge that refreshes now and then.
// While the user scrolls, the UI loop runs the tracking mode. Schedule each piece of work so that
// the countdown and the download keep going during a scroll, and the badge refresh waits.
//
// 任务：一个页面上有倒计时、正在进行的下载，以及一个时不时刷新的角标。用户滑动时，UI RunLoop 运行
// tracking Mode。把每一项工作加到合适的 Mode：滑动期间倒计时和下载照常进行，角标刷新则等滑动结束。
//
// Run just this lesson:   swift test --filter Lesson13Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson13Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine
import Synchronization

/// Starts a countdown on the UI `loop`: `tick(n)` once a second, the first a second from now (§1),
/// n = seconds - 1 … 0 (§2); once it said 0, its timer is invalidated at once. (§3) From 0 or less
/// there is nothing to count: no tick, and the returned timer is already invalid. (§4) It keeps
/// ticking while the user scrolls (§5) — in every common mode, also one marked common later. (§6)
///
/// 在 UI `loop` 上开始倒计时：每秒 `tick(n)` 一次，第一次在从现在起一秒之后（§1），`n = seconds - 1 … 0`（§2）；
/// 数到 0，它的定时器立即失效。（§3）从 0 或更小的数开始就没什么可数的：一次也不 `tick`，返回的定时器已经
/// 失效。（§4）用户滑动时它照常走（§5）——在每一个标记为 common 的 Mode 里，包括后来才标记的 Mode。（§6）
@discardableResult
public func startCountdown(from seconds: Int, on loop: Loop, tick: @escaping @Sendable (Int) -> Void) throws -> Loop.Timer {
    let remaining = Atomic(seconds)
    let timer = try Loop.Timer(name: "countdown", fireDate: loop.now + 1, interval: 1) { timer in
        let left = remaining.subtract(1, ordering: .relaxed).newValue
        tick(left)
        if left == 0 { timer.invalidate() }
    }
    guard seconds > 0 else {
        timer.invalidate()   // nothing to count: never scheduled, so never a tick of -1, -2, …
        return timer
    }
    // `.common`, not `.default`: on a UI loop the common modes are default AND tracking (and any
    // mode marked common later), so the countdown fires whichever of them runs.
    try loop.add(timer, forMode: .common)
    return timer
}

/// Listens for a download's chunks on the UI `loop`: the network layer sends each chunk to the
/// returned port; `onChunk` runs for each one as it arrives (§7) — also while the user scrolls, in
/// every common mode. (§8)
///
/// 在 UI `loop` 上接收下载的数据块：网络层把每个数据块发到返回的端口；每到一块就执行一次 `onChunk`（§7）
/// ——用户滑动时也一样，在每一个标记为 common 的 Mode 里。（§8）
public func listenForDownload(on loop: Loop, onChunk: @escaping @Sendable (String) -> Void) throws -> Loop.Port {
    let port = Loop.Port(name: "download", onMessage: onChunk)
    try loop.add(port, forMode: .common)   // an NSURLConnection had to be scheduled here explicitly: its default is the default mode
    return port
}

/// Refreshes the badge every `interval` seconds on the UI `loop`, the first one interval from
/// now (§9) — cheap to delay, so it must NOT run while the user scrolls (the scroll gets the loop
/// to itself): it waits for the scroll to end. (§10)
///
/// 在 UI `loop` 上每 `interval` 秒刷新一次角标，第一次在从现在起一个间隔之后（§9）——晚一点无所谓，所以
/// 用户滑动时它绝不能执行（滑动独占 RunLoop）：它等滑动结束。（§10）
@discardableResult
public func scheduleBadgeRefresh(every interval: Double, on loop: Loop, refresh: @escaping @Sendable () -> Void) throws -> Loop.Timer {
    let timer = try Loop.Timer(name: "badge", fireDate: loop.now + interval, interval: interval) { _ in refresh() }
    try loop.add(timer, forMode: .default)   // default only: it waits while the tracking mode runs
    return timer
}
