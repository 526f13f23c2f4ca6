// Lesson 25 — UIApplicationMain in miniature: the reference answer.

import KataCore
import RunLoopEngine

/// An app's main loop, assembled as `UIApplicationMain` does it.
public struct StudentApplicationMain: ApplicationMain {
    public init() {}

    public func launch(_ app: Application) {
        let loop = app.mainLoop
        // UIKit's pool observers (_wrapRunLoopWithAutoreleasePoolHandler): a push before anything
        // else of a run; a pop and a new push after everything else before the loop sleeps, and a
        // pop as the run exits.
        let push = Loop.Observer(name: "pool push", activities: .entry, order: Int(Int32.min) + 1) { _ in app.pushPool() }
        let pop = Loop.Observer(name: "pool pop", activities: [.beforeWaiting, .exit], order: Int(Int32.max)) { activity in
            app.popPool()
            if activity == .beforeWaiting { app.pushPool() }
        }
        try? loop.add(push, forMode: .common)
        try? loop.add(pop, forMode: .common)
        // Core Animation's commit: after the app's observers, before the pool's pop.
        let commit = Loop.Observer(name: "CA commit", activities: [.beforeWaiting, .exit], order: 2_000_000) { _ in app.commit() }
        try? loop.add(commit, forMode: .common)
        // The events: the port's callback signals this source0, which handles one a pass.
        let source = Loop.Source(name: "__handleEventQueue") { app.handleEventQueue() }
        app.eventSource = source
        try? loop.add(source, forMode: .common)
        try? loop.add(app.eventPort, forMode: .common)
        // The animation, in the common modes too: it keeps moving during a scroll.
        try? app.displayLink.add(to: loop, forMode: .common)
        // GSEventPushRunLoopMode(kCFRunLoopDefaultMode): the mode the driver starts in.
        app.modes.push(.default)
    }

    public func trackingChanged(_ tracking: Bool, in app: Application) {
        // A push or a pop stops the run in progress; the driver runs the new top next.
        if tracking { app.modes.push(.tracking) } else { app.modes.pop() }
    }

    public func runMainLoop(_ app: Application, until deadline: Instant) throws(LoopError) {
        let loop = app.mainLoop
        // GSEventRunModal: the mode on top of the stack, again each time a run ends.
        while loop.now < deadline, let mode = app.modes.top {
            try loop.run(mode: mode, timeout: deadline - loop.now)
        }
    }
}
