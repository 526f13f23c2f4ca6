/// A gesture recognizer attached to the view: it sees each touch event before the view does and
/// changes state; the gesture update that follows in the same delivery acts on it. UIKit:
/// `UITapGestureRecognizer`, `UIPanGestureRecognizer`; their states `UIGestureRecognizerStatePossible`, `…Began`,
/// `…Changed`, `…Ended` (= `…Recognized`), `…Failed`.
///
/// The engine's simple model of recognition: a tap is recognized when the finger lifts having
/// moved fewer than three times, and fails at its third move; a pan begins at its third move,
/// changes at each later one, ends when the finger lifts, and fails if it lifts before.
public final class GestureRecognizer: Sendable {
    /// What the recognizer recognizes.
    public enum Kind: String, Sendable, CaseIterable {
        /// Discrete: recognized once, when the finger lifts.
        case tap
        /// Continuous: began, changed…, ended.
        case pan
    }

    /// UIKit's `UIGestureRecognizerState`.
    public enum State: String, Sendable, CaseIterable {
        case possible, began, changed, ended, recognized, failed

        /// Whether the gesture was recognized (UIKit cancels the view's touches then).
        public var isRecognized: Bool { self != .possible && self != .failed }
    }

    /// The number of moves at which a pan begins and a tap fails (the finger moved past the slop).
    public static let movesToPan = 3

    public let kind: Kind
    public let name: String
    /// Whether recognizing cancels the view's touches. UIKit: `cancelsTouchesInView`, true by default.
    public let cancelsTouchesInView: Bool
    /// The view it is attached to.
    public let view: TouchView
    private let core = Lock(Core())
    /// What a call looks like in the trace: the view's writer.
    private var writer: TouchNoteWriter { view.writer }

    struct Core {
        var state = State.possible
        var moves = 0
        /// The state changed since the last update took it.
        var changed = false
    }

    public init(_ kind: Kind, name: String? = nil, on view: TouchView, cancelsTouchesInView: Bool = true) {
        self.kind = kind
        self.name = name ?? kind.rawValue
        self.view = view
        self.cancelsTouchesInView = cancelsTouchesInView
    }

    /// The current state.
    public var state: State { core.withLock { $0.state } }

    /// Sees `event` (before the view does). UIKit: `-[UIGestureRecognizer touchesBegan:…]` and
    /// friends, called by the gesture environment from `-[UIWindow sendEvent:]`.
    public func receive(_ event: TouchEvent) {
        let kind = self.kind
        core.withLock { core in
            let before = core.state
            switch (event.phase, kind) {
            case (.began, _):
                core = Core()
                return
            case (.moved, .tap):
                core.moves += 1
                if core.state == .possible && core.moves >= Self.movesToPan { core.state = .failed }
            case (.moved, .pan):
                core.moves += 1
                if core.state == .possible && core.moves >= Self.movesToPan {
                    core.state = .began
                } else if core.state == .began || core.state == .changed {
                    core.state = .changed
                }
            case (.ended, .tap):
                if core.state == .possible { core.state = .recognized }
            case (.ended, .pan):
                core.state = core.state == .began || core.state == .changed ? .ended : .failed
            }
            if core.state != before && core.state != .failed { core.changed = true }
        }
    }

    /// The state to act on, if it changed since the last time it was taken (a state reached and
    /// left between two updates is not seen: the action gets the state it has now); nil if
    /// nothing changed, or the recognizer failed. UIKit: what `_UIGestureEnvironmentUpdate`
    /// finds when `-[UIWindow sendEvent:]` updates the gesture environment.
    public func takeUpdate() -> State? {
        core.withLock { core in
            guard core.changed else { return nil }
            core.changed = false
            return core.state.isRecognized ? core.state : nil
        }
    }

    /// Sends the action to its target: notes the call, `pan.action(began)`, `tap.action(recognized)`, in the trace of the
    /// loop that runs it. UIKit: `-[UIGestureRecognizerTarget _sendActionWithGestureRecognizer:]`.
    public func performAction(_ state: State) {
        Loop.current.note(writer("\(name).action(\(state.rawValue))"))
    }
}
