import Synchronization

/// Everything a loop holds, guarded by the loop's lock (`Loop.state`).
/// CF: the fields of `struct __CFRunLoop` and its modes, guarded by `_lock` and each mode's lock.
struct LoopState {
    /// Modes by name, made on first use, never removed. CF: `_modes`.
    var modes: [Loop.Mode: ModeContents] = [:]
    /// Which modes are common, and the common items. CF: `_commonModes`, `_commonModeItems`.
    var commonRules: any CommonModeRules
    let makeTable: any ModeItemTable.Type
    /// Blocks queued with `perform(inModes:)`, first in first out. CF: `_blocks_head`.
    var blocks: [QueuedBlock] = []
    /// When every queued block was queued for this one mode (and no other): the blocks step of
    /// a run of that mode takes them all without looking at each. Nil when unknown.
    var blocksAllFor: Loop.Mode?
    /// An empty array kept for collecting due timers, with room for the most collected so far:
    /// freeing a large array each pass would make malloc merge every small block freed since.
    /// (A run nested in a timer's callout finds it taken and uses an array of its own.)
    var dueTimersBuffer: [Loop.Timer] = []
    /// The runs in progress, innermost last. CF: `_currentMode` and the per-run data.
    var runs: [RunFrame] = []
    /// Whether `wakeUp()` is ignored now. CF: `__CFRunLoopIsIgnoringWakeUps`, a flag of the
    /// per-run data: fresh (not ignoring) when a run starts, set when it wakes
    /// (`__CFRunLoopSetIgnoreWakeUps`), cleared at the start of each pass; the outer run's flag
    /// is back when a nested run ends; with no run in progress, wake-ups are ignored.
    var ignoreWakeUps: Bool { runs.last?.ignoreWakeUps ?? true }

    /// The innermost run ignores wake-ups from now on (it has woken, or is about to handle
    /// what it found). With no run in progress, nothing to mark: wake-ups are ignored anyway.
    /// CF: `__CFRunLoopSetIgnoreWakeUps`.
    mutating func setIgnoreWakeUps() { setInnermostIgnoreWakeUps(true) }

    /// The innermost run takes wake-ups again (a pass begins). With no run in progress,
    /// nothing to clear: wake-ups stay ignored until a run starts. CF: `__CFRunLoopUnsetIgnoreWakeUps`.
    mutating func unsetIgnoreWakeUps() { setInnermostIgnoreWakeUps(false) }

    private mutating func setInnermostIgnoreWakeUps(_ ignore: Bool) {
        guard !runs.isEmpty else { return }
        runs[runs.count - 1].ignoreWakeUps = ignore
    }
    /// A `wakeUp()` the loop has not noticed yet. CF: a message on `_wakeUpPort`.
    var wakeUpPending = false
    var isSleeping = false
    var isMain: Bool
    var isTornDown = false

    /// How many observers the modes hold, in all: read without the lock by every pass, which
    /// skips looking for observers when there are none.
    let observerCount = ObserverCount()

    init(mechanisms: Loop.Mechanisms, isMain: Bool) {
        self.commonRules = mechanisms.commonModes.init()
        self.makeTable = mechanisms.modeItemTable
        self.isMain = isMain
    }

    /// Makes the mode's contents on its first use. (It returns nothing: a copy of a mode's
    /// contents would retain everything it holds.)
    mutating func makeMode(_ mode: Loop.Mode) {
        guard !hasMode(mode) else { return }
        modes[mode] = ModeContents(table: makeTable.init())
    }

    /// Whether `mode` has been used (without copying its contents).
    func hasMode(_ mode: Loop.Mode) -> Bool { modes.index(forKey: mode) != nil }

    /// Runs `body` on the contents of `mode` in place; nil if the mode was never used.
    /// (`modes[mode]!.something()` may copy the contents, retaining all they hold.)
    mutating func withMode<R>(_ mode: Loop.Mode, _ body: (inout ModeContents) -> R) -> R? {
        guard let index = modes.index(forKey: mode) else { return nil }
        return body(&modes.values[index])
    }

    /// Adds `item` to `mode` (a real mode, not `.common`). Returns whether it was added.
    mutating func insert(_ item: Loop.Item, into mode: Loop.Mode) -> Bool {
        // Through the index: a mutation through `modes[mode]!` may copy the mode's contents.
        let index = modes.index(forKey: mode) ?? {
            makeMode(mode)
            return modes.index(forKey: mode)!
        }()
        guard modes.values[index].table.insert(item) else { return false }
        modes.values[index].itemAdded(item)
        if case .timer(let timer) = item {
            let (generation, fireDate) = timer.withCore { core -> (UInt64, Instant) in
                if !core.modes.contains(mode) { core.modes.append(mode) }
                return (core.generation, core.fireDate)
            }
            modes.values[index].schedule(timer, generation: generation, fireDate: fireDate)
        }
        if case .observer(let observer) = item {
            observer.core.withLock { $0.modeCount += 1 }
            observerCount.add(1)
        }
        return true
    }

    /// Removes `item` from `mode`. Returns whether it was there.
    mutating func remove(_ item: Loop.Item, from mode: Loop.Mode) -> Bool {
        guard let index = modes.index(forKey: mode), modes.values[index].table.remove(item) else { return false }
        // A timer's entries in this mode's heaps go stale: bump its generation before the mode
        // counts it out, then reschedule it in the modes it is still in.
        var stillIn: (modes: [Loop.Mode], generation: UInt64)?
        if case .timer(let timer) = item {
            stillIn = timer.withCore { core in
                core.modes.removeAll { $0 == mode }
                core.generation &+= 1
                if core.modes.isEmpty { core.owner = nil }
                return (core.modes, core.generation)
            }
        }
        modes.values[index].itemRemoved(item)
        if case .timer(let timer) = item, let stillIn {
            for other in stillIn.modes {
                if let index = modes.index(forKey: other) { modes.values[index].schedule(timer, generation: stillIn.generation) }
            }
        }
        if case .observer(let observer) = item {
            observer.core.withLock { core in
                core.modeCount -= 1
                if core.modeCount == 0 { core.owner = nil }
            }
            observerCount.add(-1)
        }
        return true
    }

    /// Marks `mode` common and copies the common items into it. CF: `CFRunLoopAddCommonMode`.
    mutating func markCommon(_ mode: Loop.Mode) {
        makeMode(mode)
        for item in commonRules.markCommon(mode) { _ = insert(item, into: mode) }
    }

    /// Reschedules `timer` in every mode that holds it, after its fire date changed.
    mutating func reschedule(_ timer: Loop.Timer) {
        let (modesOfTimer, generation) = timer.withCore { ($0.modes, $0.generation) }
        for mode in modesOfTimer {
            if let index = modes.index(forKey: mode) { modes.values[index].schedule(timer, generation: generation) }
        }
    }

    /// Takes ``dueTimersBuffer`` (give it back, emptied, when done).
    mutating func takeDueTimersBuffer() -> [Loop.Timer] {
        var buffer: [Loop.Timer] = []
        swap(&buffer, &dueTimersBuffer)
        return buffer
    }

    /// Queues a block (`perform(inModes:)`).
    mutating func queue(_ block: consuming QueuedBlock) {
        if blocks.isEmpty {
            blocksAllFor = block.modes.count == 1 ? block.modes[0] : nil
        } else if let all = blocksAllFor, block.modes.count != 1 || block.modes[0] != all {
            blocksAllFor = nil
        }
        blocks.append(block)
    }

    /// Whether a block queued for `blockModes` runs in `mode`. CF: the `doit` test of `__CFRunLoopDoBlocks`.
    func blockRuns(in mode: Loop.Mode, queuedFor blockModes: [Loop.Mode]) -> Bool {
        blockModes.contains(mode) || (blockModes.contains(.common) && commonRules.commonModes.contains(mode))
    }

    /// CF: `__CFRunLoopModeIsEmpty`, but for the main queue, which `Loop` checks.
    func modeHasNothingToDo(_ mode: Loop.Mode) -> Bool {
        if let index = modes.index(forKey: mode), !modes.values[index].table.isEmpty { return false }
        return !blocks.contains { blockRuns(in: mode, queuedFor: $0.modes) }
    }
}

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

/// A block queued with `perform(inModes:)`.
struct QueuedBlock {
    /// The modes it may run in, as given (a block names one or two: an array is cheaper than a set).
    let modes: [Loop.Mode]
    let name: String
    let work: @Sendable () -> Void
}

/// One run in progress. CF: `_per_run_data`, and the arguments of `__CFRunLoopRun`.
struct RunFrame {
    let mode: Loop.Mode
    /// When the run times out.
    let deadline: Instant
    /// True for a zero timeout: poll once, never sleep. CF: `termTSR == 0`.
    let hasNoTimeLeft: Bool
    let returnAfterSourceHandled: Bool
    /// Set by `stop()`. CF: `_per_run_data->stopped`.
    var stopped = false
    /// CF: `_per_run_data->ignoreWakeUps` (see ``LoopState/ignoreWakeUps``).
    var ignoreWakeUps = false
}

/// A count changed under the loop's lock and read without it.
final class ObserverCount: Sendable {
    private let value = Atomic(0)
    func add(_ delta: Int) { value.wrappingAdd(delta, ordering: .relaxed) }
    var isZero: Bool { value.load(ordering: .relaxed) == 0 }
}
