/// A binary min-heap of timer entries: the earliest key on top; equal keys in the order
/// they were pushed. Push and pop are O(log n).
///
/// CF keeps each mode's timers in an array sorted by fire date (insertion is O(n)). Here a
/// mode keeps two heaps (by fire date, and by fire date + tolerance), with lazy deletion: an
/// entry records the timer's generation when it was pushed, and an entry whose timer has since
/// moved, left the mode or been invalidated is stale and skipped when it reaches the top.
///
/// An entry names its timer by serial number; the mode finds the timer among those it holds
/// (``ModeContents/timers``). So a stale entry never keeps a timer alive, and the heap moves
/// plain values: no reference counting, no weak references (which would move every timer's
/// reference counts to a side table and slow down each retain and release).
struct TimerHeap {
    struct Entry {
        /// Nanoseconds: the fire date, or the fire date plus tolerance.
        let key: Int64
        /// Push order, to keep equal keys first-in first-out.
        let sequence: UInt64
        /// The timer's generation when pushed.
        let generation: UInt64
        /// The timer's ``Loop/Timer/serial``.
        let timer: UInt64

        func precedes(_ other: Entry) -> Bool {
            key != other.key ? key < other.key : sequence < other.sequence
        }
    }

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }
    var top: Entry? { entries.first }

    /// - Complexity: O(log n)
    mutating func push(_ entry: Entry) {
        entries.append(entry)
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
    mutating func compact(keeping isLive: (Entry) -> Bool) {
        entries = entries.filter(isLive).sorted { $0.precedes($1) }   // a sorted array is a heap
    }
}
