// Lesson 18 — A display link                       Lessons/18-display-link.md
// 第 18 课 — display link                           Lessons/zh-Hans/18-display-link.md
//
// Write `StudentDisplayLink`: how a display link (`CADisplayLink`) gets one callback per frame
// from its loop — in the modes it is added to, at a rate aligned to the display's 60 Hz, with
// frames dropped, never queued, when the loop is busy — and `FPSMeter`, the frame counter an
// app draws in a corner of its screen.
//
// 任务：写出 `StudentDisplayLink`：display link（`CADisplayLink`）怎样从它的 RunLoop 得到每帧一次
// 的回调——在它被加入的那些 Mode 里，帧率对齐到屏幕的 60 Hz，RunLoop 忙时丢帧而不是排队——再写
// `FPSMeter`，App 显示在屏幕一角的 FPS 指示器。
//
// Run just this lesson:   swift test --filter Lesson18Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson18Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// A display link's side of the run loop.
///
/// display link 在 RunLoop 这一边的机制。
public struct StudentDisplayLink: DisplayLinkDriving {
    public init() {}

    /// Adds `link` to `loop` in `mode`: its port (`link.port`, a source1) joins the mode, and,
    /// unless the link is paused, the display starts sending it vsyncs (`link.startVSync(on:)`).
    ///
    /// 把 `link` 加到 `loop` 的 `mode` 里：它的端口（`link.port`，一个 Source1）加入这个 Mode；
    /// 只要 link 没有暂停，屏幕就开始给它发 vsync（`link.startVSync(on:)`）。
    public func add(_ link: DisplayLink, to loop: Loop, forMode mode: Loop.Mode) throws(LoopError) {
        // The port goes where the client asks: `.default` stops while the user scrolls (the loop
        // runs tracking), `.common` goes on. The vsyncs themselves come whatever the mode.
        try loop.add(link.port, forMode: mode)
        if !link.isPaused { link.startVSync(on: loop) }
    }

    /// `link.isPaused` was set: a paused link receives no vsyncs (`link.stopVSync()`), so it no
    /// longer wakes its loop; resumed, it receives them again on the loop it was added to
    /// (`link.loop`), and the vsyncs it missed while paused are not dropped frames
    /// (`link.lastFrameVSync = nil`).
    ///
    /// `link.isPaused` 被设置了：暂停的 link 收不到 vsync（`link.stopVSync()`），所以不再唤醒它的
    /// RunLoop；恢复后在它被加入的 RunLoop（`link.loop`）上重新收到 vsync，暂停期间错过的 vsync 不算丢帧
    /// （`link.lastFrameVSync = nil`）。
    public func setPaused(_ paused: Bool, _ link: DisplayLink) {
        if paused {
            link.stopVSync()
        } else if let loop = link.loop {
            link.lastFrameVSync = nil
            link.startVSync(on: loop)
        }
    }

    /// How many vsyncs from one frame to the next for a preferred rate: the whole number nearest
    /// to 60 / fps (a half rounds up: 40 fps → 2), at least 1; 0 or less means the display's own
    /// rate (every vsync).
    ///
    /// 对一个期望的帧率，两帧之间隔几个 vsync：最接近 60 / fps 的整数（正好一半时向上取：
    /// 40 fps → 2），至少为 1；0 或负数表示屏幕自己的帧率（每个 vsync 一帧）。
    public func vsyncsPerFrame(preferredFramesPerSecond: Int) -> Int {
        guard preferredFramesPerSecond > 0 else { return 1 }
        let vsyncs = (Double(DisplayLink.maximumFramesPerSecond) / Double(preferredFramesPerSecond)).rounded()
        return max(1, Int(vsyncs))
    }

    /// A vsync message was handled at `now`. The first frame is the latest vsync; each next one
    /// comes `vsyncsPerFrame` vsyncs after the last (`link.lastFrameVSync`): deliver the latest
    /// one due, if any (`DisplayLink.vsync(at:)`, `link.deliverFrame(vsync:timestamp:targetTimestamp:)`),
    /// and count the ones missed since the last as dropped (`link.dropFrames(_:)`). The timestamp
    /// is that vsync's time (`DisplayLink.time(ofVSync:)`), the target the next frame's.
    ///
    /// 在 `now` 处理了一条 vsync 消息。第一帧就是最近的那个 vsync；之后每一帧都在上一帧
    /// （`link.lastFrameVSync`）之后隔 `vsyncsPerFrame` 个 vsync：交付最近一个到期的帧（如果有）
    /// （`DisplayLink.vsync(at:)`、`link.deliverFrame(vsync:timestamp:targetTimestamp:)`），把自上一帧
    /// 以来错过的帧记为丢帧（`link.dropFrames(_:)`）。timestamp 是这个 vsync 的时间
    /// （`DisplayLink.time(ofVSync:)`），target 是下一帧的时间。
    public func vsync(_ link: DisplayLink, at now: Instant) {
        let step = Int64(vsyncsPerFrame(preferredFramesPerSecond: link.preferredFramesPerSecond))
        let latest = DisplayLink.vsync(at: now)
        // The first frame comes at the first vsync; the next ones every `step` vsyncs after it.
        // Late or not, the frame is the latest one due: those missed while the loop was busy
        // are counted as dropped, never delivered one after another.
        var frame = latest
        if let last = link.lastFrameVSync {
            frame = last + (latest - last) / step * step
            guard frame > last else { return }
            link.dropFrames(Int((frame - last) / step) - 1)
        }
        link.deliverFrame(
            vsync: frame, timestamp: DisplayLink.time(ofVSync: frame), targetTimestamp: DisplayLink.time(ofVSync: frame + step))
    }
}

/// An FPS meter: fed every frame's `link.timestamp` from a display link's callback, it tells the
/// frames per second once a second.
///
/// FPS 指示器：在 display link 的回调里把每一帧的 `link.timestamp` 喂给它，它每秒报一次每秒帧数。
public struct FPSMeter: Sendable {
    private var start: Instant?
    private var frames = 0

    public init() {}

    /// Counts a frame shown at `timestamp`. The first frame opens the first second and is not
    /// counted; the frames after it are. The first frame at least one second after the opening
    /// one returns the count (that frame included) and opens the next second. Otherwise nil.
    ///
    /// 记下在 `timestamp` 显示的一帧。第一帧开启第一秒，它自己不计数；它之后的帧才计数。距开启的
    /// 那一帧至少一秒的第一帧，返回数到的帧数（包括这一帧），并开启下一秒。其他情况返回 nil。
    public mutating func frame(at timestamp: Instant) -> Int? {
        guard let start else {
            start = timestamp
            frames = 0
            return nil
        }
        frames += 1
        guard timestamp - start >= 1 else { return nil }
        defer {
            self.start = timestamp
            frames = 0
        }
        return frames
    }
}
