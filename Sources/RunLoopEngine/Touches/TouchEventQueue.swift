/// The app's queue of touch events, filled on the thread whose loop has the event port and
/// emptied on the main thread. UIKit: the event queue of `UIEventDispatcher`, filled by
/// `-[UIEventFetcher _receiveHIDEventInternal:]` (on the thread
/// `com.apple.uikit.eventfetch-thread`) and read by the main loop's `__handleEventQueue` source0.
public final class TouchEventQueue: Sendable {
    private let events = Lock<[TouchEvent]>([])

    public init() {}

    /// Adds `events` at the end, from any thread.
    public func append(_ events: [TouchEvent]) {
        self.events.withLock { $0.append(contentsOf: events) }
    }

    /// Takes the oldest event, if any.
    public func next() -> TouchEvent? {
        events.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// Whether no event waits.
    public var isEmpty: Bool { events.withLock { $0.isEmpty } }

    /// How many events wait.
    public var count: Int { events.withLock { $0.count } }
}
