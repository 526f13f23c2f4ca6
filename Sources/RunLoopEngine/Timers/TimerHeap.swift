/// A binary min-heap of timer entries: the earliest key on top; equal keys in the order
/// they were pushed. Push and pop are O(log n).
///
/// CF keeps each mode's timers in an array sorted by fire date (insertion is O(n)). Here a
/// mode keeps two heaps (by fire date, and by fire date + tolerance), with lazy deletion: an
/// entry records the timer's generation when it was pushed, and an entry whose timer has since
/// moved, left the mode or been invalidated is stale and skipped when it reaches the top.
///
/// Entries hold their timer weakly, so a stale entry never keeps a timer alive. The weak
/// references sit in a side table of slots and the heap itself moves plain values: moving a
/// weak reference costs two atomic operations on the object's side table, and a heap moves
/// entries log n times per push and pop.
struct TimerHeap {
    struct Entry {
        /// Nanoseconds: the fire date, or the fire date plus tolerance.
        let key: Int64
        /// Push order, to keep equal keys first-in first-out.
        let sequence: UInt64
        /// The timer's generation when pushed.
        let generation: UInt64
        /// Where the entry's timer is held (weakly).
        fileprivate let slot: Int

        func precedes(_ other: Entry) -> Bool {
            key != other.key ? key < other.key : sequence < other.sequence
        }
    }

    private struct WeakTimer {
        weak var timer: Loop.Timer?
    }

    private(set) var entries: [Entry] = []
    /// The timers of the entries, by slot.
    private var slots: [WeakTimer] = []
    private var freeSlots: [Int] = []

    var count: Int { entries.count }
    var top: Entry? { entries.first }

    /// The entry's timer, if it still exists.
    func timer(of entry: Entry) -> Loop.Timer? { slots[entry.slot].timer }

    /// - Complexity: O(log n)
    mutating func push(key: Int64, sequence: UInt64, generation: UInt64, timer: Loop.Timer) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot].timer = timer
        } else {
            slot = slots.count
            slots.append(WeakTimer(timer: timer))
        }
        entries.append(Entry(key: key, sequence: sequence, generation: generation, slot: slot))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// - Complexity: O(log n)
    @discardableResult
    mutating func popTop() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let top = entries.removeLast()
        release(top.slot)
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < entries.count && entries[left].precedes(entries[first]) { first = left }
            if right < entries.count && entries[right].precedes(entries[first]) { first = right }
            if first == parent { break }
            entries.swapAt(parent, first)
            parent = first
        }
        return top
    }

    /// Drops every entry `isLive` rejects and rebuilds the heap. O(n log n).
    mutating func compact(keeping isLive: (Entry, Loop.Timer?) -> Bool) {
        var live: [Entry] = []
        live.reserveCapacity(entries.count)
        for entry in entries {
            if isLive(entry, slots[entry.slot].timer) { live.append(entry) } else { release(entry.slot) }
        }
        entries = live.sorted { $0.precedes($1) }   // a sorted array is a heap
    }

    private mutating func release(_ slot: Int) {
        slots[slot].timer = nil
        freeSlots.append(slot)
    }
}
