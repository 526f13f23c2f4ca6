/// How a display link works on its loop: a mechanism of the loop (``Loop/Mechanisms``), the
/// part of Core Animation's `CADisplayLink` that the run loop sees.
///
/// - ``add(_:to:forMode:)``: the link's port joins `mode`, and the display starts sending it
///   vsyncs (unless the link is paused);
/// - ``setPaused(_:_:)``: a paused link gets no vsyncs, so it wakes its loop no more;
/// - ``vsyncsPerFrame(preferredFramesPerSecond:)``: the preferred rate, aligned to the display's
///   60 Hz (a frame every n vsyncs);
/// - ``vsync(_:at:)``: a vsync message is handled: a frame is delivered for the latest vsync of
///   the link's rate, and the frames missed while the loop was busy are counted as dropped,
///   never delivered late.
public protocol DisplayLinkDriving: Sendable {
    /// Adds `link` to `loop` in `mode` (a mode or `.common`). CA: `add(to:forMode:)`.
    func add(_ link: DisplayLink, to loop: Loop, forMode mode: Loop.Mode) throws(LoopError)
    /// `link.isPaused` was just set to `paused`. CA: `isPaused`.
    func setPaused(_ paused: Bool, _ link: DisplayLink)
    /// The number of vsyncs from one frame to the next for a preferred rate (0: the display's).
    func vsyncsPerFrame(preferredFramesPerSecond: Int) -> Int
    /// A vsync message reached `link`'s port; `now` is the loop's time as it is handled.
    func vsync(_ link: DisplayLink, at now: Instant)
}

/// The engine's display link.
public struct ReferenceDisplayLink: DisplayLinkDriving {
    public init() {}

    public func add(_ link: DisplayLink, to loop: Loop, forMode mode: Loop.Mode) throws(LoopError) {
        try loop.add(link.port, forMode: mode)
        if !link.isPaused { link.startVSync(on: loop) }
    }

    public func setPaused(_ paused: Bool, _ link: DisplayLink) {
        if paused {
            link.stopVSync()
        } else if let loop = link.loop {
            // The vsyncs missed while paused were not wanted: they are not dropped frames.
            link.lastFrameVSync = nil
            link.startVSync(on: loop)
        }
    }

    public func vsyncsPerFrame(preferredFramesPerSecond: Int) -> Int {
        // A rate the display can keep: 60 divided by a whole number of vsyncs, the nearest one.
        guard preferredFramesPerSecond > 0 else { return 1 }
        let vsyncs = (Double(DisplayLink.maximumFramesPerSecond) / Double(preferredFramesPerSecond)).rounded()
        return max(1, Int(vsyncs))
    }

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
