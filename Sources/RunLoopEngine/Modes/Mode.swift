extension Loop {
    /// A run loop mode: a name. Items are added to modes; a run runs one mode, and only that
    /// mode's items can fire. CF: `CFRunLoopMode` (a `CFString`) and `struct __CFRunLoopMode`.
    ///
    /// Modes are made on first use and never removed. ``common`` is not a mode but the name of
    /// a set of modes (see ``Loop/commonModes``); it cannot be run. Its name is CF's,
    /// `"kCFRunLoopCommonModes"`: as in CF and Foundation, a mode made with that name *is*
    /// ``common``, and any other name (`"common"` too) is a mode of its own.
    public struct Mode: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let name: String

        public init(_ name: String) { self.name = name }
        public init(stringLiteral name: String) { self.name = name }

        /// The default mode. CF: `kCFRunLoopDefaultMode`; Foundation: `RunLoop.Mode.default`.
        public static let `default` = Mode("default")
        /// The set of modes marked common. CF: `kCFRunLoopCommonModes`; Foundation: `.common`
        /// (whose raw value is this same name).
        public static let common = Mode("kCFRunLoopCommonModes")
        /// The mode a UI loop runs while the user drags a scroll view.
        /// UIKit: `UITrackingRunLoopMode` (marked common on the main loop).
        public static let tracking = Mode("tracking")

        public var description: String { name }
    }
}
