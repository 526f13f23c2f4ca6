/// One mode's contents. CF: `struct __CFRunLoopMode`.
struct ModeContents {
    /// The sources, ports, timers and observers (lesson 02's seam).
    var table: any ModeItemTable
    /// Timers without tolerance, by fire date: which are due, and when the loop must wake.
    var byFireDate = TimerHeap()
    /// Timers with a tolerance, by fire date: which are due.
    var tolerantByFireDate = TimerHeap()
    /// Timers with a tolerance, by fire date plus tolerance: when the loop must wake for them.
    /// (Most timers have none: keeping them out of here saves a push and a pop each.)
    var tolerantByLatestFireDate = TimerHeap()
    /// Observers sorted by order, rebuilt after a change.
    var observersInOrder: [Loop.Observer]?
    /// The sources and the ports, in the order added, rebuilt after a change: every pass looks
    /// at them, and asking the table each time would sort them each time.
    var sourcesInOrder: [Loop.Source]?
    var portsInOrder: [Loop.Port]?

    /// How many timers the mode holds (the heaps may also hold stale entries).
    var timerCount = 0

    mutating func itemAdded(_ item: Loop.Item) {
        forgetOrder(of: item)
        if case .timer = item { timerCount += 1 }
    }

    /// `item` left the mode. A timer has left with its generation moved on, so its entries here
    /// are stale, and they hold it: they may be dropped now.
    mutating func itemRemoved(_ item: Loop.Item) {
        forgetOrder(of: item)
        if case .timer = item {
            timerCount -= 1
            compactIfMostlyStale()
        }
    }

    private mutating func forgetOrder(of item: Loop.Item) {
        switch item {
        case .observer: observersInOrder = nil
        case .source: sourcesInOrder = nil
        case .port: portsInOrder = nil
        case .timer: break
        }
    }

    /// Pushes the timer's entries, at its current fire date, into its heaps.
    mutating func schedule(_ timer: Loop.Timer, generation: UInt64, fireDate: Instant? = nil) {
        let fireDate = fireDate ?? timer.withCore { $0.fireDate }
        let entry = TimerHeap.Entry(key: fireDate.nanoseconds, sequence: Loop.sequence.next(), generation: generation, timer: timer)
        if timer.tolerance > 0 {
            tolerantByFireDate.push(entry)
            tolerantByLatestFireDate.push(.init(key: (fireDate + timer.tolerance).nanoseconds, sequence: entry.sequence,
                                                generation: generation, timer: timer))
        } else {
            byFireDate.push(entry)
        }
        compactIfMostlyStale()
    }

    /// Drops the stale entries once they outnumber the timers: so a timer that is invalidated,
    /// or leaves the mode, is freed soon (at once, in a mode with few timers), as CF frees it
    /// when it leaves the mode's array; and each compaction, O(n log n), is paid for by as many
    /// entries going stale since the last one.
    mutating func compactIfMostlyStale() {
        let entries = byFireDate.count + tolerantByFireDate.count
        if entries > 2 * timerCount { compact() }
    }

    /// Drops stale entries from the heaps.
    mutating func compact() {
        byFireDate.compact(keeping: Self.isLive)
        tolerantByFireDate.compact(keeping: Self.isLive)
        tolerantByLatestFireDate.compact(keeping: Self.isLive)
    }

    /// Whether the entry still speaks for its timer: the timer is valid and has not moved or
    /// left the mode since (each of those bumps its generation). A timer whose callout is
    /// running has no live entry: a run nested in that callout must neither fire it again nor
    /// wake for it (CF: `__CFArmNextTimerInMode` discounts firing timers). It is scheduled
    /// afresh when its callout returns.
    private static func isLive(_ entry: TimerHeap.Entry) -> Bool {
        entry.timer.withCore { $0.valid && !$0.firing && $0.generation == entry.generation }
    }

    /// The live entry with the earliest fire date (equal dates: the earlier scheduled),
    /// dropping stale entries on the way.
    mutating func firstTimer() -> TimerHeap.Entry? {
        let plain = Self.liveTop(&byFireDate)
        guard let tolerant = Self.liveTop(&tolerantByFireDate) else { return plain }
        guard let plain else { return tolerant }
        return tolerant.precedes(plain) ? tolerant : plain
    }

    /// Takes the first timer (as ``firstTimer()``) out of its heap if it is due at `now`.
    mutating func takeDueTimer(now: Instant) -> Loop.Timer? {
        let plain = Self.liveTop(&byFireDate)
        if let tolerant = Self.liveTop(&tolerantByFireDate), tolerant.key <= now.nanoseconds,
           plain.map({ tolerant.precedes($0) }) ?? true {
            return tolerantByFireDate.popTop()?.timer
        }
        guard let plain, plain.key <= now.nanoseconds else { return nil }
        return byFireDate.popTop()?.timer
    }

    /// When the loop must wake for its timers: the earliest fire date of a timer without
    /// tolerance, or fire date plus tolerance of one with.
    mutating func nextWake() -> Instant? {
        let plain = Self.liveTop(&byFireDate)?.key
        guard let tolerant = Self.liveTop(&tolerantByLatestFireDate)?.key else { return plain.map(Instant.init(nanoseconds:)) }
        return Instant(nanoseconds: min(plain ?? tolerant, tolerant))
    }

    private static func liveTop(_ heap: inout TimerHeap) -> TimerHeap.Entry? {
        while let top = heap.top {
            if isLive(top) { return top }
            heap.popTop()
        }
        return nil
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
    private mutating func cachedItems<T>(_ cache: WritableKeyPath<ModeContents, [T]?>, _ kind: Loop.Item.Kind,
                                         orderedBy order: ((T) -> Int)? = nil, _ unwrap: (Loop.Item) -> T?) -> [T] {
        if let cached = self[keyPath: cache] { return cached }
        var items = table.items(of: kind).compactMap(unwrap)
        if let order {
            items = items.enumerated().sorted { (order($0.element), $0.offset) < (order($1.element), $1.offset) }.map(\.element)
        }
        self[keyPath: cache] = items
        return items
    }
}
