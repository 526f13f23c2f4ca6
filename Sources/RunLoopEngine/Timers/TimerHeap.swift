/// A binary min-heap of timer entries: the earliest key on top; equal keys in the order
/// they were pushed. Push and pop are O(log n).
///
/// CF keeps each mode's timers in an array sorted by fire date (insertion is O(n)). Here a
/// mode keeps two heaps (by fire date, and by fire date + tolerance), with lazy deletion: an
/// entry records the timer's generation when it was pushed, and an entry whose timer has since
/// moved, left the mode or been invalidated is stale and skipped when it reaches the top.
///
/// An entry holds its timer (strongly: a weak reference would move every timer's reference
/// counts to a side table and slow down each retain and release). A stale entry keeps its timer
/// alive until it reaches the top or the mode compacts its heaps, which it does as soon as
/// stale entries outnumber its timers (see ``TimerSchedule``).
struct TimerHeap {
    struct Entry {
        /// Nanoseconds: the fire date, or the fire date plus tolerance.
        let key: Int64
        /// Push order, to keep equal keys first-in first-out.
        let sequence: UInt64
        /// The timer's generation when pushed.
        let generation: UInt64
        let timer: Loop.Timer

        func precedes(_ other: Entry) -> Bool {
            key != other.key ? key < other.key : sequence < other.sequence
        }
    }

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }
    var top: Entry? { entries.first }
    /// Entries the storage has room for.
    var capacity: Int { entries.capacity }

    // Push and pop move entries through a hole (no swaps, no copies): an entry holds its
    // timer, and a copy would retain it, touching a timer's memory at every level of the heap.

    /// - Complexity: O(log n)
    mutating func push(_ entry: Entry) {
        entries.append(entry)
        entries.withUnsafeMutableBufferPointer { heap in
            let base = heap.baseAddress!
            let moving = (base + heap.count - 1).move()
            var hole = heap.count - 1
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard moving.precedes(heap[parent]) else { break }
                (base + hole).moveInitialize(from: base + parent, count: 1)
                hole = parent
            }
            (base + hole).initialize(to: moving)
        }
    }

    /// - Complexity: O(log n)
    @discardableResult
    mutating func popTop() -> Entry? {
        guard let last = entries.popLast() else { return nil }
        defer { shrinkIfMostlyUnused() }
        if entries.isEmpty { return last }
        return entries.withUnsafeMutableBufferPointer { heap in
            let base = heap.baseAddress!
            let top = base.move()
            var hole = 0
            while true {
                let left = 2 * hole + 1, right = left + 1
                guard left < heap.count else { break }
                let child = right < heap.count && heap[right].precedes(heap[left]) ? right : left
                guard heap[child].precedes(last) else { break }
                (base + hole).moveInitialize(from: base + child, count: 1)
                hole = child
            }
            (base + hole).initialize(to: last)
            return top
        }
    }

    /// Drops every entry `isLive` rejects and rebuilds the heap, in storage sized to what is
    /// left. O(n log n).
    mutating func compact(keeping isLive: (Entry) -> Bool) {
        var live = entries.filter(isLive)
        entries = []   // the old storage goes before the sort makes another
        live.sort { $0.precedes($1) }   // a sorted array is a heap
        entries = live
        shrinkIfMostlyUnused()
    }

    /// Gives back storage once emptied, or once seven eighths of it stand empty (a heap that
    /// held a million timers keeps no room for them once they are gone). Copying the rest is
    /// paid for by the pops since the storage was last full; small heaps keep theirs.
    private mutating func shrinkIfMostlyUnused() {
        guard entries.capacity > 256 else { return }
        if entries.isEmpty { return entries = [] }
        guard entries.count < entries.capacity / 8 else { return }
        var smaller: [Entry] = []
        smaller.reserveCapacity(entries.count)
        smaller.append(contentsOf: entries)
        entries = smaller
    }
}
