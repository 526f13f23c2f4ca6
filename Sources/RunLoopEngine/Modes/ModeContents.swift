/// One mode's contents. CF: `struct __CFRunLoopMode`.
struct ModeContents {
    /// The sources, ports, timers and observers (lesson 02's seam).
    var table: any ModeItemTable
    /// The timers, by fire date (see ``TimerSchedule``).
    var timers = TimerSchedule()
    /// Observers sorted by order, rebuilt after a change.
    var observersInOrder: [Loop.Observer]?
    /// The sources and the ports, in the order added, rebuilt after a change: every pass looks
    /// at them, and asking the table each time would sort them each time.
    var sourcesInOrder: [Loop.Source]?
    var portsInOrder: [Loop.Port]?

    mutating func itemAdded(_ item: Loop.Item) {
        forgetOrder(of: item)
    }

    /// `item` left the mode (a timer has left with its generation moved on: see ``TimerSchedule``).
    mutating func itemRemoved(_ item: Loop.Item) {
        forgetOrder(of: item)
        if case .timer(let timer) = item { timers.remove(timer) }
    }

    private mutating func forgetOrder(of item: Loop.Item) {
        switch item {
        case .observer: observersInOrder = nil
        case .source: sourcesInOrder = nil
        case .port: portsInOrder = nil
        case .timer: break
        }
    }

    /// The sources, in the order added.
    mutating func orderedSources() -> [Loop.Source] {
        cachedItems(\.sourcesInOrder, .source) { if case .source(let source) = $0 { source } else { nil } }
    }

    /// The ports, in the order added.
    mutating func orderedPorts() -> [Loop.Port] {
        cachedItems(\.portsInOrder, .port) { if case .port(let port) = $0 { port } else { nil } }
    }

    /// The observers, in order (equal orders in insertion order).
    mutating func orderedObservers() -> [Loop.Observer] {
        cachedItems(\.observersInOrder, .observer, orderedBy: \.order) { if case .observer(let observer) = $0 { observer } else { nil } }
    }

    /// The table's items of `kind`, unwrapped, from `cache` or, after a change, from the table,
    /// in the order added or, given `order`, sorted by it (equal orders in the order added).
    private mutating func cachedItems<T>(
        _ cache: WritableKeyPath<ModeContents, [T]?>, _ kind: Loop.Item.Kind,
        orderedBy order: ((T) -> Int)? = nil, _ unwrap: (Loop.Item) -> T?
    ) -> [T] {
        if let cached = self[keyPath: cache] { return cached }
        var items = table.items(of: kind).compactMap(unwrap)
        if let order {
            items = items.enumerated().sorted { (order($0.element), $0.offset) < (order($1.element), $1.offset) }.map(\.element)
        }
        self[keyPath: cache] = items
        return items
    }
}
