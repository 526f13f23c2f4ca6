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
    /// The runs in progress, innermost last. CF: `_currentMode` and the per-run data.
    var runs: [RunFrame] = []
    /// Whether `wakeUp()` is ignored now. CF: `__CFRunLoopIsIgnoringWakeUps`, a flag of the
    /// per-run data: fresh (not ignoring) when a run starts, set when it wakes
    /// (`__CFRunLoopSetIgnoreWakeUps`), cleared at the start of each pass; the outer run's flag
    /// is back when a nested run ends; with no run in progress, wake-ups are ignored.
    var ignoreWakeUps: Bool {
        get { runs.last?.ignoreWakeUps ?? true }
        set { if !runs.isEmpty { runs[runs.count - 1].ignoreWakeUps = newValue } }
    }
    /// A `wakeUp()` the loop has not noticed yet. CF: a message on `_wakeUpPort`.
    var wakeUpPending = false
    var isSleeping = false
    var isMain: Bool
    var isTornDown = false

    init(mechanisms: Loop.Mechanisms, isMain: Bool) {
        self.commonRules = mechanisms.commonModes.init()
        self.makeTable = mechanisms.modeItemTable
        self.isMain = isMain
    }

    /// The mode's contents, made on first use.
    mutating func contents(_ mode: Loop.Mode) -> ModeContents {
        if let existing = modes[mode] { return existing }
        let made = ModeContents(table: makeTable.init())
        modes[mode] = made
        return made
    }

    /// Adds `item` to `mode` (a real mode, not `.common`). Returns whether it was added.
    mutating func insert(_ item: Loop.Item, into mode: Loop.Mode) -> Bool {
        _ = contents(mode)
        guard modes[mode]!.table.insert(item) else { return false }
        modes[mode]!.itemAdded(item)
        if case .timer(let timer) = item {
            let generation = timer.core.withLock { core -> UInt64 in
                core.modes.insert(mode)
                return core.generation
            }
            modes[mode]!.schedule(timer, generation: generation)
        }
        if case .observer(let observer) = item {
            observer.core.withLock { $0.modeCount += 1 }
        }
        return true
    }

    /// Removes `item` from `mode`. Returns whether it was there.
    mutating func remove(_ item: Loop.Item, from mode: Loop.Mode) -> Bool {
        guard modes[mode]?.table.remove(item) == true else { return false }
        modes[mode]!.itemRemoved(item)
        if case .timer(let timer) = item {
            // The timer's entries in this mode's heaps go stale: bump its generation and
            // reschedule it in the modes it is still in.
            let (remaining, generation) = timer.core.withLock { core -> (Set<Loop.Mode>, UInt64) in
                core.modes.remove(mode)
                core.generation &+= 1
                if core.modes.isEmpty { core.owner = nil }
                return (core.modes, core.generation)
            }
            for other in remaining { modes[other]?.schedule(timer, generation: generation) }
        }
        if case .observer(let observer) = item {
            observer.core.withLock { core in
                core.modeCount -= 1
                if core.modeCount == 0 { core.owner = nil }
            }
        }
        return true
    }

    /// Marks `mode` common and copies the common items into it. CF: `CFRunLoopAddCommonMode`.
    mutating func markCommon(_ mode: Loop.Mode) {
        _ = contents(mode)
        for item in commonRules.markCommon(mode) { _ = insert(item, into: mode) }
    }

    /// Reschedules `timer` in every mode that holds it, after its fire date changed.
    mutating func reschedule(_ timer: Loop.Timer) {
        let (modesOfTimer, generation) = timer.core.withLock { ($0.modes, $0.generation) }
        for mode in modesOfTimer { modes[mode]?.schedule(timer, generation: generation) }
    }

    /// Whether a block queued for `blockModes` runs in `mode`. CF: the `doit` test of `__CFRunLoopDoBlocks`.
    func blockRuns(in mode: Loop.Mode, queuedFor blockModes: Set<Loop.Mode>) -> Bool {
        blockModes.contains(mode) || (blockModes.contains(.common) && commonRules.commonModes.contains(mode))
    }

    /// CF: `__CFRunLoopModeIsEmpty`, but for the main queue, which `Loop` checks.
    func modeHasNothingToDo(_ mode: Loop.Mode) -> Bool {
        if let contents = modes[mode], !contents.table.isEmpty { return false }
        return !blocks.contains { blockRuns(in: mode, queuedFor: $0.modes) }
    }
}

/// One mode's contents. CF: `struct __CFRunLoopMode`.
struct ModeContents {
    /// The sources, ports, timers and observers (lesson 02's seam).
    var table: any ModeItemTable
    /// Timers by fire date: which are due.
    var byFireDate = TimerHeap()
    /// Timers by fire date plus tolerance: when the loop must wake for them.
    var byLatestFireDate = TimerHeap()
    /// Observers sorted by order, rebuilt after a change.
    var observersInOrder: [Loop.Observer]?

    /// How many timers the table holds.
    var timerCount = 0

    mutating func itemAdded(_ item: Loop.Item) {
        if case .observer = item { observersInOrder = nil }
        if case .timer = item { timerCount += 1 }
    }

    mutating func itemRemoved(_ item: Loop.Item) {
        if case .observer = item { observersInOrder = nil }
        if case .timer = item { timerCount -= 1 }
    }

    /// Pushes the timer's entries, at its current fire date, into both heaps.
    mutating func schedule(_ timer: Loop.Timer, generation: UInt64) {
        let fireDate = timer.core.withLock { $0.fireDate }
        let sequence = Loop.sequence.next()
        let latest = (fireDate + timer.tolerance).nanoseconds
        byFireDate.push(.init(key: fireDate.nanoseconds, sequence: sequence, generation: generation, timer: timer))
        byLatestFireDate.push(.init(key: latest, sequence: sequence, generation: generation, timer: timer))
        if byFireDate.count > 64 && byFireDate.count > 4 * max(timerCount, 1) { compact() }
    }

    /// Drops stale entries from both heaps.
    mutating func compact() {
        byFireDate.compact(keeping: ModeContents.isLive)
        byLatestFireDate.compact(keeping: ModeContents.isLive)
    }

    /// Whether an entry still speaks for its timer. A timer whose callout is running has no
    /// live entry: a run nested in that callout must neither fire it again nor wake for it
    /// (CF: `__CFArmNextTimerInMode` discounts firing timers). It is scheduled afresh when its
    /// callout returns.
    static func isLive(_ entry: TimerHeap.Entry) -> Bool {
        guard let timer = entry.timer else { return false }
        return timer.core.withLock { $0.valid && !$0.firing && $0.generation == entry.generation }
    }

    /// The top entry of `heap` that is live, dropping stale ones on the way.
    static func liveTop(_ heap: inout TimerHeap) -> TimerHeap.Entry? {
        while let top = heap.top {
            if isLive(top) { return top }
            heap.popTop()
        }
        return nil
    }

    /// The observers, in order (equal orders in insertion order).
    mutating func orderedObservers() -> [Loop.Observer] {
        if let cached = observersInOrder { return cached }
        let observers = table.items(of: .observer).compactMap { item -> Loop.Observer? in
            if case .observer(let o) = item { return o } else { return nil }
        }
        let sorted = observers.enumerated().sorted { a, b in
            a.element.order != b.element.order ? a.element.order < b.element.order : a.offset < b.offset
        }.map(\.element)
        observersInOrder = sorted
        return sorted
    }
}

/// A block queued with `perform(inModes:)`.
struct QueuedBlock {
    let modes: Set<Loop.Mode>
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
