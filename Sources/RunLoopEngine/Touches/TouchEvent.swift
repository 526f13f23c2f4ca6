/// One touch event as the app receives it: a finger goes down, moves, or lifts. UIKit:
/// `UITouch` in a `UIEvent`, phases `UITouchPhaseBegan`, `…Moved`, `…Ended`; the system sends
/// them from backboardd to the app's event port as IOHIDEvents.
public struct TouchEvent: Sendable, Hashable, CustomStringConvertible {
    /// The touch's phase. UIKit: `UITouchPhase`.
    public enum Phase: String, Sendable, CaseIterable {
        case began, moved, ended
    }

    public let phase: Phase

    public init(_ phase: Phase) { self.phase = phase }

    public static let began = TouchEvent(.began)
    public static let moved = TouchEvent(.moved)
    public static let ended = TouchEvent(.ended)

    /// `touchesBegan`, `touchesMoved`, `touchesEnded`: the method the view is sent.
    public var description: String {
        switch phase {
        case .began: "touchesBegan"
        case .moved: "touchesMoved"
        case .ended: "touchesEnded"
        }
    }

    /// The events of a port message: their phases separated by spaces (`"began moved ended"`);
    /// a word that is no phase is skipped.
    public static func decode(_ message: String) -> [TouchEvent] {
        message.split(separator: " ").compactMap { Phase(rawValue: String($0)).map(TouchEvent.init) }
    }

    /// The port message that carries `events`.
    public static func encode(_ events: [TouchEvent]) -> String {
        events.map(\.phase.rawValue).joined(separator: " ")
    }
}
