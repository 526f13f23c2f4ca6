extension Loop {
    /// Anything a mode can hold. CF keeps each kind in its own collection of
    /// `struct __CFRunLoopMode`: `_sources0`, `_sources1`, `_timers`, `_observers`.
    public enum Item: Hashable, Sendable, CustomStringConvertible {
        case source(Source)
        case port(Port)
        case timer(Timer)
        case observer(Observer)

        /// The kinds of item.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// A version-0 source: signalled by hand.
            case source
            /// A version-1 source: a port that wakes the loop.
            case port
            case timer
            case observer
        }

        public var kind: Kind {
            switch self {
            case .source: .source
            case .port: .port
            case .timer: .timer
            case .observer: .observer
            }
        }

        /// The item's identity: the object it wraps.
        public var id: ObjectIdentifier {
            switch self {
            case .source(let s): ObjectIdentifier(s)
            case .port(let p): ObjectIdentifier(p)
            case .timer(let t): ObjectIdentifier(t)
            case .observer(let o): ObjectIdentifier(o)
            }
        }

        /// The item's label.
        public var name: String {
            switch self {
            case .source(let s): s.name
            case .port(let p): p.name
            case .timer(let t): t.name
            case .observer(let o): o.name
            }
        }

        public var description: String { "\(kind.rawValue) \"\(name)\"" }

        public static func == (a: Item, b: Item) -> Bool { a.id == b.id }
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }
}
