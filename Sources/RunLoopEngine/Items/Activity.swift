extension Loop {
    /// The moments of a run that observers can be told about.
    /// CF: `CFRunLoopActivity`; the raw values are CF's.
    public struct Activity: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The run is starting. `kCFRunLoopEntry`
        public static let entry = Activity(rawValue: 1 << 0)
        /// About to fire timers. `kCFRunLoopBeforeTimers`
        public static let beforeTimers = Activity(rawValue: 1 << 1)
        /// About to run signalled sources. `kCFRunLoopBeforeSources`
        public static let beforeSources = Activity(rawValue: 1 << 2)
        /// About to sleep. `kCFRunLoopBeforeWaiting`
        public static let beforeWaiting = Activity(rawValue: 1 << 5)
        /// Just woke up. `kCFRunLoopAfterWaiting`
        public static let afterWaiting = Activity(rawValue: 1 << 6)
        /// The run is ending. `kCFRunLoopExit`
        public static let exit = Activity(rawValue: 1 << 7)
        /// Every activity. `kCFRunLoopAllActivities`
        public static let all = Activity(rawValue: 0x0FFF_FFFF)

        /// The single activities, in the order a run meets them.
        public static let each: [Activity] = [.entry, .beforeTimers, .beforeSources, .beforeWaiting, .afterWaiting, .exit]

        public var description: String {
            switch self {
            case .entry: return "entry"
            case .beforeTimers: return "before timers"
            case .beforeSources: return "before sources"
            case .beforeWaiting: return "before waiting"
            case .afterWaiting: return "after waiting"
            case .exit: return "exit"
            case .all: return "all"
            default: return Activity.each.filter { contains($0) }.map(\.description).joined(separator: " | ")
            }
        }
    }
}
