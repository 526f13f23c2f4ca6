/// An app's touch machinery around its main loop: the event port the system sends touches to,
/// the event queue, the view under the finger and its gesture recognizers. A ``TouchDelivery``
/// (lesson 19) wires them to the loop.
///
///     let app = TouchApp(mainLoop: loop, delivery: ReferenceTouchDelivery(), recognizers: [.pan])
///     try loop.add(app.port, forMode: .common)   // the port on the main loop itself
///     try app.port.send(TouchEvent.encode([.began, .moved]))
///
/// UIKit receives the events on a thread of its own (`com.apple.uikit.eventfetch-thread`): to
/// model it, add ``port`` to that thread's loop instead.
public final class TouchApp: Sendable {
    /// The loop that handles the events and runs the gesture update: the main loop.
    public let mainLoop: Loop
    /// Events received and not handled yet.
    public let events = TouchEventQueue()
    /// The view under the finger.
    public let view: TouchView
    /// The view's recognizers, in the order they were attached.
    public let recognizers: [GestureRecognizer]
    /// The port the system sends touches to (a source1): each message is some events
    /// (``TouchEvent/encode(_:)``), passed to the delivery's ``TouchDelivery/receive(_:app:)``.
    /// UIKit: the HID event port and its callback on the event-fetch thread,
    /// `__eventFetcherSourceCallback`.
    public let port: Loop.Port
    private let source = Lock<Loop.Source?>(nil)

    /// Makes the app's machinery and installs `delivery` on `mainLoop`
    /// (``TouchDelivery/install(on:app:)``).
    /// - Parameters:
    ///   - recognizers: the recognizers attached to the view (each cancels touches unless listed
    ///     in `keepingTouches`).
    ///   - writer: what each call of the view and its recognizers writes into the trace, given
    ///     the call as code (`button.touchesBegan()`); the code itself by default.
    public init(
        mainLoop: Loop, delivery: any TouchDelivery, view: String = "button", recognizers: [GestureRecognizer.Kind] = [],
        keepingTouches: Set<GestureRecognizer.Kind> = [], writer: @escaping TouchNoteWriter = { $0 }
    ) {
        self.mainLoop = mainLoop
        let view = TouchView(name: view, writer: writer)
        self.view = view
        self.recognizers = recognizers.map { GestureRecognizer($0, on: view, cancelsTouchesInView: !keepingTouches.contains($0)) }
        // The port's handler finds the app through a weak reference: the app owns the port.
        let owner = Lock(Weak<TouchApp>(nil))
        port = Loop.Port(name: "touch events") { message in
            guard let app = owner.withLock({ $0.object }) else { return }
            delivery.receive(TouchEvent.decode(message), app: app)
        }
        owner.withLock { $0.object = self }
        delivery.install(on: mainLoop, app: self)
    }

    /// The main loop's event source0, once the delivery has made it. UIKit: `__handleEventQueue`.
    public var eventSource: Loop.Source? {
        get { source.withLock { $0 } }
        set { source.withLock { $0 = newValue } }
    }
}
