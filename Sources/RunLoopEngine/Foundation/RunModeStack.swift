/// The stack of modes an app's main loop is driven by: the driver runs the loop in the mode on
/// top, again each time a run ends; a push or a pop stops the run in progress, so the next run is
/// in the new top. GraphicsServices: `GSEventRunModal` (the driver `UIApplicationMain` ends in,
/// through `-[UIApplication _run]` and `GSEventRun`), `GSEventPushRunLoopMode` and
/// `GSEventPopRunLoopMode`; UIKit's `-[UIApplication _pushRunLoopMode:requester:reason:]` and
/// `_popRunLoopMode:requester:reason:` push and pop `UITrackingRunLoopMode` for a scroll.
///
/// A scroll is not a run nested inside the default-mode run: the default-mode run exits
/// (stopped), the driver enters the tracking mode, and when the scroll ends the tracking run
/// exits and the driver enters the default mode again.
///
///     let modes = RunModeStack(loop: loop)
///     modes.push(.default)                  // UIApplicationMain: GSEventPushRunLoopMode(kCFRunLoopDefaultMode)
///     try modes.run(until: loop.now + 5)    // GSEventRunModal, here with an end
public final class RunModeStack: @unchecked Sendable {
    // @unchecked: the stack lives in `stack` (a Lock).

    /// The loop the stack drives: an app's main loop.
    public let loop: Loop
    private let stack = Lock<[Loop.Mode]>([])

    /// An empty stack for `loop`: push the mode the driver starts in.
    public init(loop: Loop) {
        self.loop = loop
    }

    /// The modes pushed, the bottom first.
    public var modes: [Loop.Mode] { stack.withLock { $0 } }

    /// The mode the driver runs now: the last pushed and not yet popped. GraphicsServices: the
    /// top of `GSEventRunModal`'s mode stack.
    public var top: Loop.Mode? { stack.withLock { $0.last } }

    /// Pushes `mode` and stops the run in progress, so the driver's next run is in `mode`.
    /// GraphicsServices: `GSEventPushRunLoopMode` (it calls `CFRunLoopStop`).
    public func push(_ mode: Loop.Mode) {
        stack.withLock { $0.append(mode) }
        loop.stop()
    }

    /// Pops the top mode and stops the run in progress, so the driver's next run is in the mode
    /// below. The bottom mode is never popped: a pop with one mode left does nothing.
    /// GraphicsServices: `GSEventPopRunLoopMode`.
    /// - Returns: the mode popped, or nil.
    @discardableResult
    public func pop() -> Loop.Mode? {
        let popped = stack.withLock { stack -> Loop.Mode? in
            guard stack.count > 1 else { return nil }
            return stack.removeLast()
        }
        if popped != nil { loop.stop() }
        return popped
    }

    /// The driver: runs the loop in the mode on top, again each time a run ends, until
    /// `deadline`. GraphicsServices: `GSEventRunModal`, whose loop has no end (which is why
    /// `UIApplicationMain` never returns); `deadline` gives it one. It also returns when a run
    /// finds its mode empty and nothing was pushed or popped meanwhile (never on an app's main
    /// loop, whose common modes hold the main queue), or when nothing was pushed.
    /// - Throws: what a run throws.
    public func run(until deadline: Instant) throws(LoopError) {
        while loop.now < deadline, let mode = top {
            let result = try loop.run(mode: mode, timeout: deadline - loop.now)
            if result == .finished, top == mode { return }
        }
    }
}
