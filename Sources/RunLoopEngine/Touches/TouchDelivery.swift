/// A touch's way from the event port to the gesture's action, on the main loop. UIKit (closed
/// source; the names are those of published stack traces and `po [NSRunLoop mainRunLoop]` dumps):
/// the event port's source1 callback queues the events and signals the main loop's source0
/// `__handleEventQueue`; the source0 sends one event per pass through the window; the observer
/// `_UIGestureRecognizerUpdateObserver` (activities 0x20, before waiting, order 0, in the common
/// modes) updates the gesture recognizers when the loop is about to sleep.
///
/// **Lesson 19 writes this.**
/// - ``install(on:app:)``: the event source0 (its perform calls ``handleEventQueue(_:)``), set
///   as the app's ``TouchApp/eventSource``, and a repeating observer of
///   ``Loop/Activity/beforeWaiting`` at order 0 calling ``updateGestures(_:)``, both in `.common`
///   (touches and gestures go on while a scroll runs the tracking mode).
/// - ``receive(_:app:)``: the port's callback, on the thread whose loop has the port: queue the
///   events, signal the event source0 and wake the main loop (the port may be on another
///   thread's loop, as it is since iOS 13).
/// - ``handleEventQueue(_:)``: take one event and send it (``TouchApp/sendEvent(_:)``); if more
///   wait, signal the source0 again: one event per pass.
/// - ``updateGestures(_:)``: for each recognizer with an update (``GestureRecognizer/takeUpdate()``):
///   if it recognized and cancels touches in its view, cancel the view's touches
///   (``TouchView/cancelTouches()``); then perform its action.
public protocol TouchDelivery: Sendable {
    /// Adds the event source0 and the gesture observer to `mainLoop`.
    func install(on mainLoop: Loop, app: TouchApp)
    /// The event port's callback: queues `events` and gets the main loop to handle them.
    func receive(_ events: [TouchEvent], app: TouchApp)
    /// The event source0's perform: one event through the window.
    func handleEventQueue(_ app: TouchApp)
    /// The gesture observer's callout: cancel, then act, for each recognizer with an update.
    func updateGestures(_ app: TouchApp)
}

/// The engine's own touch delivery.
public struct ReferenceTouchDelivery: TouchDelivery {
    /// `_UIGestureRecognizerUpdateObserver`'s order in published main-loop dumps.
    static let gestureObserverOrder = 0

    public init() {}

    public func install(on mainLoop: Loop, app: TouchApp) {
        let source = Loop.Source(name: "__handleEventQueue") { handleEventQueue(app) }
        app.eventSource = source
        // In the common modes: a finger that scrolls runs the tracking mode, and its events must
        // still arrive.
        try? mainLoop.add(source, forMode: .common)
        let observer = Loop.Observer(
            name: "_UIGestureRecognizerUpdateObserver", activities: .beforeWaiting, order: Self.gestureObserverOrder
        ) { _ in updateGestures(app) }
        try? mainLoop.add(observer, forMode: .common)
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
        app.sendEvent(event)
        // One event per pass: the rest wait for the next pass, which polls (a source ran).
        if !app.events.isEmpty { app.eventSource?.signal() }
    }

    public func updateGestures(_ app: TouchApp) {
        for recognizer in app.recognizers {
            guard let state = recognizer.takeUpdate() else { continue }
            // The view hears `touchesCancelled` before the gesture's action runs.
            if state.isRecognized && recognizer.cancelsTouchesInView { recognizer.view.cancelTouches() }
            recognizer.performAction(state)
        }
    }
}
