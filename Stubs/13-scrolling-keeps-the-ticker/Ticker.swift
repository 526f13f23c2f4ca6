// Lesson 13 — Scrolling keeps the ticker             Lessons/13-scrolling-keeps-the-ticker.md
// 第 13 课 — 滑动时定时器照常走                      Lessons/zh-Hans/13-scrolling-keeps-the-ticker.md
//
// A screen with a countdown, a download in progress and a badge that refreshes now and then.
// While the user scrolls, the UI loop runs the tracking mode. Schedule each piece of work so that
// the countdown and the download keep going during a scroll, and the badge refresh waits.
//
// 任务：一个页面上有倒计时、正在进行的下载，以及一个时不时刷新的角标。用户滑动时，UI RunLoop 运行
// tracking Mode。安排好每一项工作：滑动期间倒计时和下载照常进行，角标刷新则等滑动结束。
//
// Run just this lesson:   swift test --filter Lesson13Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson13Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Starts a countdown on the UI `loop`: `tick(n)` once a second, n = seconds - 1 … 0, then stops.
/// It must keep ticking while the user scrolls.
@discardableResult
public func startCountdown(from seconds: Int, on loop: Loop, tick: @escaping @Sendable (Int) -> Void) throws -> Loop.Timer {
    let placeholder = try Loop.Timer(name: "unsolved", fireDate: .distantFuture) { _ in }
    return unsolved(lesson: 13, write: "startCountdown(from:on:tick:)", returning: placeholder)
}

/// Listens for a download's chunks on the UI `loop`: the network layer sends each chunk to the
/// returned port; `onChunk` must run for each one as it arrives — also while the user scrolls.
public func listenForDownload(on loop: Loop, onChunk: @escaping @Sendable (String) -> Void) throws -> Loop.Port {
    unsolved(lesson: 13, write: "listenForDownload(on:onChunk:)", returning: Loop.Port(name: "unsolved"))
}

/// Refreshes the badge every `interval` seconds on the UI `loop` — cheap to delay, so it must
/// NOT run while the user scrolls (the scroll gets the loop to itself).
@discardableResult
public func scheduleBadgeRefresh(every interval: Double, on loop: Loop, refresh: @escaping @Sendable () -> Void) throws -> Loop.Timer {
    let placeholder = try Loop.Timer(name: "unsolved", fireDate: .distantFuture) { _ in }
    return unsolved(lesson: 13, write: "scheduleBadgeRefresh(every:on:refresh:)", returning: placeholder)
}
