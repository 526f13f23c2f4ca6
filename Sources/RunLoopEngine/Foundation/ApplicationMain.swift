/// How an app's main loop is set up and driven: what `UIApplicationMain` installs on it, what
/// `UIApplication` does when a scroll view begins or ends tracking, and the driver that runs the
/// loop for ever. UIKit: `UIApplicationMain`, `-[UIApplication _run]`,
/// `_pushRunLoopMode:requester:reason:` / `_popRunLoopMode:requester:reason:`; GraphicsServices:
/// `GSEventPushRunLoopMode`, `GSEventPopRunLoopMode`, `GSEventRunModal`.
///
/// **Lesson 25 writes this.**
/// - ``launch(_:)``: UIKit's two pool observers at the extreme orders (lesson 12), Core
///   Animation's commit observer (lesson 15), the event source0 and the event port (lesson 19),
///   the display link (lesson 18), all in the common modes; then the default mode pushed on the
///   mode stack (`GSEventPushRunLoopMode(kCFRunLoopDefaultMode)`).
/// - ``trackingChanged(_:in:)``: a scroll pushes the tracking mode on the stack, and pops it when
///   it ends — not a nested run.
/// - ``runMainLoop(_:until:)``: the driver, `GSEventRunModal`: the loop run in the mode on top
///   of the stack, again each time a run ends (a push or a pop stops it); here until a deadline.
public protocol ApplicationMain: Sendable {
    /// Installs the app's pieces on `app.mainLoop`, before the loop first runs.
    func launch(_ app: Application)
    /// A scroll view began (`true`) or ended (`false`) tracking.
    func trackingChanged(_ tracking: Bool, in app: Application)
    /// Drives `app.mainLoop` until `deadline`.
    func runMainLoop(_ app: Application, until deadline: Instant) throws(LoopError)
}

/// The engine's own app main loop.
public struct ReferenceApplicationMain: ApplicationMain {
    public init() {}

    public func launch(_ app: Application) {
        let loop = app.mainLoop
        // UIKit's pool observers: a push before anything else of a run, a pop (and a new push)
        // after everything else before the loop sleeps, and a pop as the run exits.
        let push = Loop.Observer(name: "pool push", activities: .entry, order: Int(Int32.min) + 1) { _ in app.pushPool() }
        let pop = Loop.Observer(name: "pool pop", activities: [.beforeWaiting, .exit], order: Int(Int32.max)) { activity in
            app.popPool()
            if activity == .beforeWaiting { app.pushPool() }
        }
        try? loop.add(push, forMode: .common)
        try? loop.add(pop, forMode: .common)
        // Core Animation's commit, between the app's observers and the pool's pop.
        let commit = Loop.Observer(name: "CA commit", activities: [.beforeWaiting, .exit], order: 2_000_000) { _ in app.commit() }
        try? loop.add(commit, forMode: .common)
        // The events: the port's callback signals this source0, which handles one a pass.
        let source = Loop.Source(name: "__handleEventQueue") { app.handleEventQueue() }
        app.eventSource = source
        try? loop.add(source, forMode: .common)
        try? loop.add(app.eventPort, forMode: .common)
        try? app.displayLink.add(to: loop, forMode: .common)
        app.modes.push(.default)   // GSEventPushRunLoopMode(kCFRunLoopDefaultMode)
    }

    public func trackingChanged(_ tracking: Bool, in app: Application) {
        if tracking { app.modes.push(.tracking) } else { app.modes.pop() }
    }

    public func runMainLoop(_ app: Application, until deadline: Instant) throws(LoopError) {
        let loop = app.mainLoop
        while loop.now < deadline, let mode = app.modes.top {
            try loop.run(mode: mode, timeout: deadline - loop.now)
        }
    }
}
