/// One mode's timers in fire-date order: which are due, and when the loop must wake for them.
/// CF: the `_timers` array of `struct __CFRunLoopMode`, kept sorted by `__CFRepositionTimerInMode`,
/// and the deadline `__CFArmNextTimerInMode` arms.
///
/// All of the engine's timer bookkeeping is here:
///
/// - **Three heaps.** Timers without tolerance sit in `byFireDate`, which says both which are
///   due and when to wake. A timer with a tolerance sits in `tolerantByFireDate` (which are
///   due) and in `tolerantByLatestFireDate` (when to wake: fire date plus tolerance). Most timers
///   have no tolerance: keeping them out of the last heap spares a push and a pop each.
/// - **Generations and lazy deletion.** Moving a timer in a heap would need its position. Instead
///   every change that makes a timer's entries wrong (a new fire date, leaving a mode,
///   invalidation, a callout starting) bumps the timer's `generation` (in `Loop.Timer.Core`,
///   shared by all its modes); an entry remembers the generation it was pushed with, and is
///   *stale* once the two differ. Stale entries are skipped when they reach the top.
/// - **One live entry per timer and heap.** ``reschedule(_:generation:fireDate:)`` is the only way
///   into the heaps, and it is called with the timer's current generation, after the bump: every
///   earlier entry of the timer is stale, so due timers can be collected without looking for
///   duplicates. Debug builds check this at each compaction (``assertOneLiveEntryPerTimer()``).
/// - **Compaction.** Stale entries hold their timers (strongly: see ``TimerHeap``). When they
///   outnumber the mode's timers the heaps are rebuilt without them, so a timer that leaves is
///   freed soon (at once, in a mode with few timers), as CF frees it when it leaves the mode's
///   array; each rebuild, O(n log n), is paid for by as many entries going stale since the last.
///   The heaps give back storage they no longer need (see ``TimerHeap``).
struct TimerSchedule {
    private var byFireDate = TimerHeap()
    private var tolerantByFireDate = TimerHeap()
    private var tolerantByLatestFireDate = TimerHeap()

    /// How many timers the mode holds (the heaps may also hold stale entries).
    private(set) var timerCount = 0

    /// Entries in the heaps, live and stale (each tolerant timer counts once).
    var entryCount: Int { byFireDate.count + tolerantByFireDate.count }

    /// Storage the heaps hold, in entries.
    var capacity: Int { byFireDate.capacity + tolerantByFireDate.capacity + tolerantByLatestFireDate.capacity }

    /// `timer` joined the mode, at `fireDate`, with the current `generation`.
    mutating func add(_ timer: Loop.Timer, generation: UInt64, fireDate: Instant) {
        timerCount += 1
        reschedule(timer, generation: generation, fireDate: fireDate)
    }

    /// `timer` left the mode; its generation has moved on, so its entries here are stale.
    mutating func remove(_ timer: Loop.Timer) {
        timerCount -= 1
        compactIfMostlyStale()
    }

    /// The one way into the heaps: an entry for `timer` at `fireDate`. `generation` must be the
    /// timer's current one, bumped since its last entry here (which is then stale).
    mutating func reschedule(_ timer: Loop.Timer, generation: UInt64, fireDate: Instant) {
        let entry = TimerHeap.Entry(key: fireDate.nanoseconds, sequence: Loop.sequence.next(), generation: generation, timer: timer)
        if timer.tolerance > 0 {
            tolerantByFireDate.push(entry)
            tolerantByLatestFireDate.push(
                .init(
                    key: (fireDate + timer.tolerance).nanoseconds, sequence: entry.sequence,
                    generation: generation, timer: timer))
        } else {
            byFireDate.push(entry)
        }
        compactIfMostlyStale()
    }

    /// Drops the stale entries once they outnumber the timers.
    private mutating func compactIfMostlyStale() {
        if entryCount > 2 * timerCount { compact() }
    }

    /// Drops stale entries from the heaps.
    mutating func compact() {
        byFireDate.compact(keeping: Self.isLive)
        tolerantByFireDate.compact(keeping: Self.isLive)
        tolerantByLatestFireDate.compact(keeping: Self.isLive)
        assertOneLiveEntryPerTimer()
    }

    /// Debug builds: no heap holds two live entries of one timer. (Cheap enough here: a
    /// compaction has just visited every entry.) The count of timers is not checked against
    /// the entries: it follows what the mode's item table answers, and a student's table (lesson
    /// 02) may answer wrongly; the lesson shows that as a different trace, never as a trap.
    func assertOneLiveEntryPerTimer() {
        #if DEBUG
        for heap in [byFireDate, tolerantByFireDate, tolerantByLatestFireDate] {
            var seen = Set<ObjectIdentifier>()
            for entry in heap.entries where Self.isLive(entry) {
                assert(
                    seen.insert(ObjectIdentifier(entry.timer)).inserted,
                    "timer \"\(entry.timer.name)\" has two live entries in one heap")
            }
        }
        #endif
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
            plain.map({ tolerant.precedes($0) }) ?? true
        {
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
}

extension Loop.Timer {
    /// What a reschedule needs, taken in the same lock as the generation bump.
    struct Bump {
        let owner: Loop?
        let modes: [Loop.Mode]
        let generation: UInt64
        let fireDate: Instant
    }

    /// Makes every heap entry of the timer stale, in all its modes (its fire date or its modes
    /// are changing: `change` does that, in the same lock, before the bump).
    func bumpGeneration(_ change: (inout Core) -> Void = { _ in }) -> Bump {
        withCore { core in
            change(&core)
            core.generation &+= 1
            return Bump(owner: core.owner, modes: core.modes, generation: core.generation, fireDate: core.fireDate)
        }
    }
}
