/// The view under the finger (the hit-test view): it is sent `touchesBegan`, `touchesMoved`,
/// `touchesEnded` while its touch is its own, and `touchesCancelled` once when a gesture
/// recognizer takes the touch; after that it hears nothing more of that touch. UIKit: `UIView`
/// as a `UIResponder`. Each method notes itself in the trace of the loop that runs it
/// (`button.touchesBegan()`).
public final class TouchView: Sendable {
    public let name: String
    /// What a call looks like in the trace.
    let writer: TouchNoteWriter
    private let touch = Lock(Touch())

    struct Touch {
        /// A finger is down on the view.
        var down = false
        /// The touch was cancelled: its next events are not the view's.
        var cancelled = false
    }

    public init(name: String = "view", writer: @escaping TouchNoteWriter = { $0 }) {
        self.name = name
        self.writer = writer
    }

    /// Sends the view `event`, unless its touch was cancelled. UIKit: the last step of
    /// `-[UIWindow sendEvent:]`, after the gesture recognizers saw the touch.
    public func deliver(_ event: TouchEvent) {
        let delivered = touch.withLock { touch -> Bool in
            if event.phase == .began { touch = Touch(down: true, cancelled: false) }
            guard !touch.cancelled else { return false }
            if event.phase == .ended { touch.down = false }
            return true
        }
        if delivered { say(event.description) }
    }

    /// Sends `touchesCancelled` if a touch is down and not cancelled yet; does nothing otherwise.
    /// UIKit: `-[UIView touchesCancelled:withEvent:]`, sent when a recognizer whose
    /// `cancelsTouchesInView` is true recognizes.
    public func cancelTouches() {
        let cancelled = touch.withLock { touch -> Bool in
            guard touch.down, !touch.cancelled else { return false }
            touch.cancelled = true
            return true
        }
        if cancelled { say("touchesCancelled") }
    }

    /// Notes the call, `button.touchesBegan()`, in the trace of the loop that runs the view's
    /// code: a line of code, the same in every language.
    private func say(_ method: String) {
        Loop.current.note(writer("\(name).\(method)()"))
    }

    /// Whether the view's current touch was cancelled.
    public var touchesWereCancelled: Bool { touch.withLock { $0.cancelled } }
}

/// Turns a call the touches make, written as code (`button.touchesBegan()`,
/// `pan.action(began)`), into the line noted in the trace: the engine writes code and no prose,
/// a course may put it in its reader's words.
public typealias TouchNoteWriter = @Sendable (_ call: String) -> String
