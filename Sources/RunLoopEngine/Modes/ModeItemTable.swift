/// What one mode holds: its sources, ports, timers and observers.
/// CF: the collections of `struct __CFRunLoopMode` (`_sources0`, `_sources1`, `_timers`, `_observers`).
///
/// **Lesson 02 writes this.** The engine keeps one table per mode and calls it with the loop's
/// lock held, so an implementation is plain single-threaded code.
///
/// The rules:
/// - An item added twice to the same mode is held once: the second ``insert(_:)`` returns false.
/// - ``items(of:)`` lists one kind in the order the items were added.
/// - ``isEmpty``: a mode is empty when a run of it would have nothing to wait for — no source,
///   no port, no timer. **Observers do not count**: they watch, they do not give the loop work.
public protocol ModeItemTable: Sendable {
    /// An empty table.
    init()
    /// Adds `item`. Returns false, changing nothing, if the table already holds it.
    mutating func insert(_ item: Loop.Item) -> Bool
    /// Removes `item`. Returns false if the table did not hold it.
    mutating func remove(_ item: Loop.Item) -> Bool
    /// Whether the table holds `item`.
    func contains(_ item: Loop.Item) -> Bool
    /// The items of one kind, in the order they were added.
    func items(of kind: Loop.Item.Kind) -> [Loop.Item]
    /// True when the mode holds no source, no port and no timer (observers do not count).
    var isEmpty: Bool { get }
}

/// The engine's own mode table: one insertion-ordered set per kind of item.
/// Insert, remove and lookup are O(1); listing a kind is O(n log n) and done only for
/// sources, ports and observers (timers are found through the mode's timer heaps).
public struct ReferenceModeItemTable: ModeItemTable {
    // One set per kind, in stored properties (not a dictionary keyed by kind: one lookup less
    // on every insert and remove).
    private var sources = OrderedItems()
    private var ports = OrderedItems()
    private var timers = OrderedItems()
    private var observers = OrderedItems()

    public init() {}

    public mutating func insert(_ item: Loop.Item) -> Bool {
        switch item.kind {
        case .source: sources.insert(item)
        case .port: ports.insert(item)
        case .timer: timers.insert(item)
        case .observer: observers.insert(item)
        }
    }

    public mutating func remove(_ item: Loop.Item) -> Bool {
        switch item.kind {
        case .source: sources.remove(item)
        case .port: ports.remove(item)
        case .timer: timers.remove(item)
        case .observer: observers.remove(item)
        }
    }

    public func contains(_ item: Loop.Item) -> Bool { items(ofKind: item.kind).contains(item) }

    public func items(of kind: Loop.Item.Kind) -> [Loop.Item] { items(ofKind: kind).inOrder }

    public var isEmpty: Bool { sources.count == 0 && ports.count == 0 && timers.count == 0 }

    /// Room the table's storage has, in items (what a mode keeps after its items leave).
    var storageCapacity: Int { sources.capacity + ports.capacity + timers.capacity + observers.capacity }

    private func items(ofKind kind: Loop.Item.Kind) -> OrderedItems {
        switch kind {
        case .source: sources
        case .port: ports
        case .timer: timers
        case .observer: observers
        }
    }
}

/// A set that remembers insertion order.
struct OrderedItems {
    private var positions: [Loop.Item: UInt64] = [:]
    private var next: UInt64 = 0

    var count: Int { positions.count }
    var capacity: Int { positions.capacity }

    mutating func insert(_ item: Loop.Item) -> Bool {
        guard positions[item] == nil else { return false }
        positions[item] = next
        next += 1
        return true
    }

    mutating func remove(_ item: Loop.Item) -> Bool {
        guard positions.removeValue(forKey: item) != nil else { return false }
        shrinkIfMostlyUnused()
        return true
    }

    /// A dictionary keeps its storage when emptied: once emptied it lets it go, and once
    /// fifteen sixteenths of it stand empty the items move to one sized for them (a rehash,
    /// rare enough that removing many timers costs a few percent more, not a third).
    private mutating func shrinkIfMostlyUnused() {
        guard positions.capacity > 256 else { return }
        if positions.isEmpty { return positions = [:] }
        guard positions.count < positions.capacity / 16 else { return }
        var smaller = [Loop.Item: UInt64](minimumCapacity: positions.count)
        for (item, position) in positions { smaller[item] = position }
        positions = smaller
    }

    func contains(_ item: Loop.Item) -> Bool { positions[item] != nil }

    var inOrder: [Loop.Item] {
        positions.sorted { $0.value < $1.value }.map(\.key)
    }
}
