import Synchronization

/// A display link: a callout once per frame of the display, on the thread of the loop it is
/// added to, in the modes it is added to. Core Animation: `CADisplayLink`.
///
/// The display refreshes 60 times a second: vsync `k` happens at `k`/60 s on the loop's clock
/// (``time(ofVSync:)``). Each vsync sends a message to the link's ``port`` (a version-1 source,
/// as the display's vsync reaches an iOS app through a mach port); the loop handles it in the
/// modes the port is in, and the link's frame logic (``DisplayLinkDriving``, a mechanism of the
/// loop) decides whether that vsync makes a frame: it sets ``timestamp`` and ``targetTimestamp``
/// and calls the callback, or counts the frames it missed (``droppedFrames``).
///
/// In the engine the display's vsync is a repeating timer called "vsync" in the loop's common
/// modes (``startVSync(on:)``); the port holds at most one message, like a mach port whose queue
/// limit is 1, so a vsync that finds one waiting is lost rather than queued.
public final class DisplayLink: @unchecked Sendable {
    // @unchecked: mutable state lives in `box` (a Lock).

    /// The display's refresh rate.
    public static let maximumFramesPerSecond = 60

    public let name: String
    /// The link's version-1 source: each vsync sends it a message; add it to a loop's modes to
    /// receive frames there.
    public let port: Loop.Port
    let callback: @Sendable (DisplayLink) -> Void
    private let box = Lock(Box())

    private struct Box {
        var timestamp = Instant.zero
        var targetTimestamp = Instant.zero
        var droppedFrames = 0
        var frames = 0
        var lastFrameVSync: Int64?
        var isPaused = false
        var preferredFramesPerSecond = 0
        var loop: Weak<Loop>?
        var vsync: Loop.Timer?
    }

    /// - Parameters:
    ///   - name: a label for traces (the port's name).
    ///   - callback: run on the loop's thread once per frame. CA: the target and selector of
    ///     `CADisplayLink(target:selector:)`.
    public init(name: String = "display link", callback: @escaping @Sendable (DisplayLink) -> Void) {
        self.name = name
        self.callback = callback
        let handler = Lock<DisplayLink?>(nil)
        self.port = Loop.Port(name: name) { _ in
            guard let link = handler.withLock({ $0 }), let loop = link.loop else { return }
            loop.mechanisms.displayLink.vsync(link, at: loop.now)
        }
        handler.withLock { $0 = self }
    }

    // MARK: - What a client reads and sets (CADisplayLink's API)

    /// The vsync of the frame being delivered: when the previous frame was shown.
    /// CA: `timestamp`.
    public var timestamp: Instant { box.withLock { $0.timestamp } }
    /// When the frame being prepared will be shown: the next frame's vsync.
    /// CA: `targetTimestamp`.
    public var targetTimestamp: Instant { box.withLock { $0.targetTimestamp } }
    /// Frames the link would have delivered but missed because its loop was busy (never
    /// delivered late, never queued).
    public var droppedFrames: Int { box.withLock { $0.droppedFrames } }
    /// Frames delivered so far (callbacks called).
    public var frames: Int { box.withLock { $0.frames } }

    /// The frame rate the client asks for; 0 (the default) for the display's own. The link
    /// delivers a frame every ``DisplayLinkDriving/vsyncsPerFrame(preferredFramesPerSecond:)``
    /// vsyncs. CA: `preferredFramesPerSecond` (`preferredFrameRateRange` since iOS 15).
    public var preferredFramesPerSecond: Int {
        get { box.withLock { $0.preferredFramesPerSecond } }
        set { box.withLock { $0.preferredFramesPerSecond = max(0, newValue) } }
    }

    /// Whether the link is paused. Setting it hands over to the loop's ``DisplayLinkDriving``
    /// (the link must have been added to a loop for that; before, it is only remembered).
    /// CA: `isPaused`.
    public var isPaused: Bool {
        get { box.withLock { $0.isPaused } }
        set {
            let loop = box.withLock { box -> Loop? in
                guard box.isPaused != newValue else { return nil }
                box.isPaused = newValue
                return box.loop?.object
            }
            loop?.mechanisms.displayLink.setPaused(newValue, self)
        }
    }

    /// Adds the link to `loop` in `mode` (a mode name or `.common`), through the loop's
    /// ``DisplayLinkDriving``. A link belongs to one loop: adding it to another throws.
    /// CA: `add(to:forMode:)`.
    /// - Throws: ``LoopError/portInvalidated(port:)`` once the link is invalidated;
    ///   ``LoopError/wrongThread(loop:)``-like misuse of the loop is reported by the loop.
    public func add(to loop: Loop, forMode mode: Loop.Mode) throws(LoopError) {
        guard port.isValid else { throw .portInvalidated(port: name) }
        let other = box.withLock { box -> Bool in
            if let owner = box.loop?.object, owner !== loop { return true }
            box.loop = Weak(loop)
            return false
        }
        if other { throw .displayLinkInAnotherLoop(link: name) }
        try loop.mechanisms.displayLink.add(self, to: loop, forMode: mode)
    }

    /// Stops the link for good: no more vsyncs, the port leaves every mode. CA: `invalidate()`.
    public func invalidate() {
        stopVSync()
        port.invalidate()
    }

    // MARK: - What a DisplayLinkDriving uses

    /// The loop the link was added to, if it still exists.
    public var loop: Loop? { box.withLock { $0.loop?.object } }

    /// The vsync of the last frame delivered; nil before the first (set it back to nil to
    /// start afresh, after a pause).
    public var lastFrameVSync: Int64? {
        get { box.withLock { $0.lastFrameVSync } }
        set { box.withLock { $0.lastFrameVSync = newValue } }
    }

    /// Whether the display is sending the link its vsyncs.
    public var isReceivingVSync: Bool { box.withLock { $0.vsync?.isValid ?? false } }

    /// Starts the display's vsyncs for this link on `loop`: from the next vsync on, one message
    /// to ``port`` every 1/60 s, each waking the loop. Does nothing if they are already on.
    public func startVSync(on loop: Loop) {
        let timer = box.withLock { box -> Loop.Timer? in
            if let running = box.vsync, running.isValid { return nil }
            let next = DisplayLink.time(ofVSync: DisplayLink.vsync(at: loop.now) + 1)
            let port = self.port
            let timer = try? Loop.Timer(name: "vsync", fireDate: next, interval: 1 / Double(DisplayLink.maximumFramesPerSecond)) { _ in
                // Queue limit 1: a vsync that finds the last one still waiting is lost.
                if port.pendingMessages == 0 { try? port.send("vsync") }
            }
            box.vsync = timer
            return timer
        }
        if let timer { try? loop.add(timer, forMode: .common) }
    }

    /// Stops the display's vsyncs for this link: the loop is no longer woken for it. A message
    /// already waiting in ``port`` is dropped.
    public func stopVSync() {
        let timer = box.withLock { box -> Loop.Timer? in
            defer { box.vsync = nil }
            return box.vsync
        }
        timer?.invalidate()
        _ = port.takeMessage()
    }

    /// Delivers a frame: sets ``timestamp`` and ``targetTimestamp``, remembers `vsync` as
    /// ``lastFrameVSync``, counts it, and calls the callback.
    public func deliverFrame(vsync: Int64, timestamp: Instant, targetTimestamp: Instant) {
        box.withLock { box in
            box.timestamp = timestamp
            box.targetTimestamp = targetTimestamp
            box.lastFrameVSync = vsync
            box.frames += 1
        }
        callback(self)
    }

    /// Counts `count` frames as dropped.
    public func dropFrames(_ count: Int) {
        guard count > 0 else { return }
        box.withLock { $0.droppedFrames += count }
    }

    // MARK: - The display's clock

    /// The last vsync at or before `instant` (vsync `k` is at `k`/60 s). A microsecond's slack
    /// absorbs the rounding of a timer's 1/60 s steps.
    public static func vsync(at instant: Instant) -> Int64 {
        let nanoseconds = instant.nanoseconds + 1_000
        guard nanoseconds >= 0 else { return -1 }
        return nanoseconds / 1_000_000_000 * Int64(maximumFramesPerSecond)
            + (nanoseconds % 1_000_000_000) * Int64(maximumFramesPerSecond) / 1_000_000_000
    }

    /// When vsync `k` happens: `k`/60 s, rounded up to the nanosecond.
    public static func time(ofVSync k: Int64) -> Instant {
        let rate = Int64(maximumFramesPerSecond)
        let seconds = k / rate, rest = k % rate
        return Instant(nanoseconds: seconds * 1_000_000_000 + (rest * 1_000_000_000 + rate - 1) / rate)
    }
}
