/// A touch's way from the event port to the view and the gesture's action, on the main loop.
/// UIKit (closed source; the names are those of published stack traces and
/// `po [NSRunLoop mainRunLoop]` dumps): the event port's source1 callback queues the events and
/// signals the main loop's event source0 (`__handleEventQueue`); the source0 sends one event per
/// pass through the window (`-[UIApplication sendEvent:]` → `-[UIWindow sendEvent:]`), where the
/// gesture environment updates the recognizers and sends their actions
/// (`-[UIGestureEnvironment _updateForEvent:window:]` → `_UIGestureEnvironmentUpdate`) before the
/// hit-test view gets the touch.
///
/// **Lesson 19 writes this.**
/// - ``install(on:app:)``: the event source0 (its perform calls ``handleEventQueue(_:)``), set
///   as the app's ``TouchApp/eventSource``, in `.common` (touches go on while a scroll runs the
///   tracking mode).
/// - ``receive(_:app:)``: the port's callback, on the thread whose loop has the port: queue the
///   events, signal the event source0 and wake the main loop (the port may be on another
///   thread's loop: UIKit's event-fetch thread).
/// - ``handleEventQueue(_:)``: take one event and send it through the window
///   (``sendEvent(_:app:)``); if more wait, signal the source0 again: one event per pass.
/// - ``sendEvent(_:app:)``: the recognizers see the event first
///   (``GestureRecognizer/receive(_:)``); then each recognizer with an update
///   (``GestureRecognizer/takeUpdate()``) that recognized and cancels touches in its view has
///   the view's touches cancelled (``TouchView/cancelTouches()``), and its action is performed;
///   the view gets the event last (``TouchView/deliver(_:)``), and not at all once its touch was
///   cancelled.
public protocol TouchDelivery: Sendable {
    /// Adds the event source0 to `mainLoop`.
    func install(on mainLoop: Loop, app: TouchApp)
    /// The event port's callback: queues `events` and gets the main loop to handle them.
    func receive(_ events: [TouchEvent], app: TouchApp)
    /// The event source0's perform: one event through the window.
    func handleEventQueue(_ app: TouchApp)
    /// The window's delivery of `event`: the recognizers, their updates and actions, then the view.
    func sendEvent(_ event: TouchEvent, app: TouchApp)
}

/// The engine's own touch delivery.
public struct ReferenceTouchDelivery: TouchDelivery {
    public init() {}

    public func install(on mainLoop: Loop, app: TouchApp) {
        let source = Loop.Source(name: "__handleEventQueue") { handleEventQueue(app) }
        app.eventSource = source
        // In the common modes: a finger that scrolls runs the tracking mode, and its events must
        // still arrive.
        try? mainLoop.add(source, forMode: .common)
    }

    public func receive(_ events: [TouchEvent], app: TouchApp) {
        app.events.append(events)
        // A source0 does not wake its loop: whoever signals it must (CFRunLoopSourceSignal, then
        // CFRunLoopWakeUp), since the main loop may be asleep on another thread.
        app.eventSource?.signal()
        _ = app.mainLoop.wakeUp()
    }

    public func handleEventQueue(_ app: TouchApp) {
        guard let event = app.events.next() else { return }
        sendEvent(event, app: app)
        // One event per pass: the rest wait for the next pass, which polls (a source ran).
        if !app.events.isEmpty { app.eventSource?.signal() }
    }

    public func sendEvent(_ event: TouchEvent, app: TouchApp) {
        // The gesture environment first: every recognizer sees the touch before the view does.
        for recognizer in app.recognizers { recognizer.receive(event) }
        // The update, inside this delivery: a recognizer that recognized takes the view's touch
        // (touchesCancelled) before its action is sent.
        for recognizer in app.recognizers {
            guard let state = recognizer.takeUpdate() else { continue }
            if state.isRecognized && recognizer.cancelsTouchesInView { recognizer.view.cancelTouches() }
            recognizer.performAction(state)
        }
        // The view last: the event that made a recognizer recognize (a pan's move, a tap's lift,
        // which delaysTouchesEnded holds back until the recognizers decide) does not reach a view
        // whose touch it cancelled.
        app.view.deliver(event)
    }
}
