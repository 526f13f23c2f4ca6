/// An app around its main loop, in miniature: the pieces `UIApplicationMain` puts on the main
/// loop and the app's own code that runs there. UIKit: `UIApplication` (`UIApp`) and what
/// `UIApplicationMain` sets up before it drives the loop for ever.
///
/// - ``modes``: the run-mode stack the main loop is driven by (GraphicsServices'
///   `GSEventRunModal`); a scroll pushes the tracking mode and pops it.
/// - ``pushPool()``, ``popPool()``: the main thread's autorelease pool stack, for UIKit's two
///   pool observers (`_wrapRunLoopWithAutoreleasePoolHandler`), each noted in the trace.
/// - ``commit()``: Core Animation's commit of the main thread's transaction
///   (`CA::Transaction::commit`), for the commit observer.
/// - ``eventPort``, ``eventSource``, ``handleEventQueue()``: the events the system sends
///   (`tap`, `drag began`, `drag ended`, `animate`), queued by the port's callback, handled one
///   a pass by the event source0 (UIKit: `__handleEventQueue`).
/// - ``displayLink``: the app's animation (`CADisplayLink`), paused until an `animate` event,
///   then three frames.
/// - the main queue of the loop's registry: a tap sends a job to it (`DispatchQueue.main.async`).
///
/// What the app's code does, noted in the trace: a tap changes the label's text
/// (`setNeedsDisplay`) and sends "save" to the main queue, whose job lays the label out again
/// (`setNeedsLayout`); `drag began` and `drag ended` tell the ``ApplicationMain`` that tracking
/// began or ended; each frame of the animation moves the label (`setNeedsLayout`).
public final class Application: @unchecked Sendable {
    // @unchecked: mutable state lives in `state` (a Lock); the rest is immutable.

    /// The app's main loop. UIKit marks the tracking mode common on it (``init(mainLoop:main:)``).
    public let mainLoop: Loop
    /// The mode stack that drives the main loop. GraphicsServices: `GSEventRunModal`'s stack.
    public let modes: RunModeStack
    /// The port the system sends the app's events to (a source1): its callback queues them,
    /// signals ``eventSource`` and wakes the main loop. UIKit: the event-fetch thread's port.
    public let eventPort: Loop.Port
    /// The app's animation: paused until an `animate` event; each frame moves the label.
    public let displayLink: DisplayLink
    /// The window, and the label in it that the app's code changes.
    public let window: View
    let label: View
    let main: any ApplicationMain
    let transaction: Transaction
    let pools: AutoreleasePoolStack
    private let state = Lock(State())

    private struct State {
        var events: [String] = []
        var source: Loop.Source?
        var frames = 0
        var saves = 0
    }

    /// The events the system may send to ``eventPort``, one message each.
    public static let events = ["tap", "drag began", "drag ended", "animate"]

    /// The app's pieces on `mainLoop` (on its thread), the tracking mode marked common, the
    /// loop's per-callout pools off (UIKit's pool observers take their place), nothing
    /// installed yet: `main`'s ``ApplicationMain/launch(_:)`` installs them.
    public init(mainLoop: Loop, main: any ApplicationMain) {
        self.mainLoop = mainLoop
        self.main = main
        mainLoop.addCommonMode(.tracking)   // UIKit marks UITrackingRunLoopMode common
        // UIKit's pool observers push and pop the turn's pool in their callouts: a callout's own
        // pool around them would pop what they push (as on a loop made with them).
        mainLoop.perCalloutAutoreleasePools = false
        modes = RunModeStack(loop: mainLoop)
        pools = mainLoop.autoreleasePoolStack
        transaction = Transaction.begin(for: mainLoop, on: mainLoop.owner)
        window = View(name: "window")
        label = View(name: "label")
        window.addSubview(label)
        let owner = Lock(Weak<Application>(nil))
        eventPort = Loop.Port(name: "touch events") { message in owner.withLock { $0.object }?.receive(message) }
        displayLink = DisplayLink(name: "animation") { link in owner.withLock { $0.object }?.frame(link) }
        displayLink.isPaused = true
        owner.withLock { $0.object = self }
    }

    /// The main loop's event source0, once ``ApplicationMain/launch(_:)`` has made it.
    public var eventSource: Loop.Source? {
        get { state.withLock { $0.source } }
        set { state.withLock { $0.source = newValue } }
    }

    /// Pushes an autorelease pool on the main thread's stack, noted `objc_autoreleasePoolPush()`.
    public func pushPool() {
        _ = pools.push()
        mainLoop.note("objc_autoreleasePoolPush() → depth: \(pools.depth)")
    }

    /// Pops the main thread's innermost autorelease pool, noted `objc_autoreleasePoolPop()`.
    public func popPool() {
        pools.pop()
        mainLoop.note("objc_autoreleasePoolPop() → depth: \(pools.depth)")
    }

    /// Core Animation's commit: the marked views laid out, then drawn, then sent to the render
    /// server. CA: `CA::Transaction::commit` (``ReferenceCoreAnimationCommit``).
    public func commit() {
        ReferenceCoreAnimationCommit().commit(transaction)
    }

    /// Handles one queued event, and signals the event source again while events wait. UIKit:
    /// `__handleEventQueue` → `-[UIApplication sendEvent:]`.
    public func handleEventQueue() {
        let (event, more) = state.withLock { state -> (String?, Bool) in
            guard !state.events.isEmpty else { return (nil, false) }
            let event = state.events.removeFirst()
            return (event, !state.events.isEmpty)
        }
        if let event { send(event) }
        if more { eventSource?.signal() }
    }

    /// The port's callback: queues the message's event, signals the source0, wakes the loop.
    private func receive(_ message: String) {
        state.withLock { $0.events.append(message) }
        eventSource?.signal()
        mainLoop.wakeUp()
    }

    /// `drag began` → `dragBegan`: an event as the trace names it (`sendEvent(.dragBegan)`).
    static func caseName(of event: String) -> String {
        let words = event.split(separator: " ")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }

    /// The app's code for one event.
    private func send(_ event: String) {
        mainLoop.note("sendEvent(.\(Self.caseName(of: event)))")
        switch event {
        case "tap":
            label.setNeedsDisplay()
            let save = state.withLock { state -> Int in
                state.saves += 1
                return state.saves
            }
            let label = self.label, loop = mainLoop
            mainLoop.registry?.mainQueue.async(name: "save \(save)") {
                loop.note("DispatchQueue.main: save(\(save))")
                label.setNeedsLayout()
            }
        case "drag began": main.trackingChanged(true, in: self)
        case "drag ended": main.trackingChanged(false, in: self)
        case "animate":
            state.withLock { $0.frames = 0 }
            displayLink.isPaused = false
        default: break
        }
    }

    /// One frame of the animation: the label moves; after three frames the animation pauses.
    private func frame(_ link: DisplayLink) {
        let count = state.withLock { state -> Int in
            state.frames += 1
            return state.frames
        }
        mainLoop.note("frame(\(count)), droppedFrames: \(link.droppedFrames)")
        label.setNeedsLayout()
        if count == 3 { link.isPaused = true }
    }
}
