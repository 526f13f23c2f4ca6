/// Everything a loop holds, guarded by the loop's lock (`Loop.state`).
/// CF: the fields of `struct __CFRunLoop` and its modes, guarded by `_lock` and each mode's lock.
struct LoopState {
    /// Modes by name, made on first use, never removed. CF: `_modes`.
    var modes: [Loop.Mode: ModeContents] = [:]
    /// Which modes are common, and the common items. CF: `_commonModes`, `_commonModeItems`.
    var commonRules: any CommonModeRules
    /// The common items, as the engine knows them whatever ``commonRules`` does (lesson 03's
    /// seam answers only *where* an item goes): what `contains(_:inMode: .common)` asks.
    /// Changed only through ``addCommonItem(_:)`` and ``removeCommonItem(_:)``.
    private(set) var commonItems: Set<Loop.Item> = []
    let makeTable: any ModeItemTable.Type
    /// Blocks queued with `perform(inModes:)`, first in first out. CF: `_blocks_head`.
    var blocks: [QueuedBlock] = []
    /// When every queued block was queued for this one mode (and no other): the blocks step of
    /// a run of that mode takes them all without looking at each. Nil when unknown.
    var blocksAllFor: Loop.Mode?
    /// An empty queue kept with the room the last blocks step needed, swapped in for ``blocks``
    /// when a blocks step takes them: a queue grown afresh for every batch of blocks would be
    /// reallocated and copied as it grows, and freeing a large one makes malloc merge every
    /// small block freed since. (A run nested in a block finds it taken and uses a fresh one.)
    var spareBlocks: [QueuedBlock] = []
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
        let index =
            modes.index(forKey: mode)
            ?? {
                makeMode(mode)
                return modes.index(forKey: mode)!
            }()
        guard modes.values[index].table.insert(item) else { return false }
        modes.values[index].itemAdded(item)
        if case .timer(let timer) = item {
            // Joining a mode makes no entry stale: the generation stays (its other modes keep theirs).
            let (generation, fireDate) = timer.withCore { core -> (UInt64, Instant) in
                if !core.modes.contains(mode) { core.modes.append(mode) }
                return (core.generation, core.fireDate)
            }
            modes.values[index].timers.add(timer, generation: generation, fireDate: fireDate)
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
        // The timer's entries go stale (in every mode: a generation is the timer's): the mode
        // counts it out, and the modes it is still in schedule it afresh.
        var stillIn: Loop.Timer.Bump?
        if case .timer(let timer) = item {
            stillIn = timer.bumpGeneration { core in
                core.modes.removeAll { $0 == mode }
                if core.modes.isEmpty { core.owner = nil }
            }
        }
        modes.values[index].itemRemoved(item)
        if case .timer(let timer) = item, let stillIn { reschedule(timer, stillIn) }
        if case .observer(let observer) = item {
            observer.core.withLock { core in
                core.modeCount -= 1
                if core.modeCount == 0 { core.owner = nil }
            }
            observerCount.add(-1)
        }
        return true
    }

    /// `item` was added to `.common`: it becomes a common item and joins every common mode.
    mutating func addCommonItem(_ item: Loop.Item) {
        commonItems.insert(item)
        for target in commonRules.addCommonItem(item) { _ = insert(item, into: target) }
    }

    /// `item` leaves the common items and, unless `keepingModes`, every common mode.
    mutating func removeCommonItem(_ item: Loop.Item, keepingModes: Bool = false) {
        commonItems.remove(item)
        let targets = commonRules.removeCommonItem(item)
        if !keepingModes { for target in targets { _ = remove(item, from: target) } }
    }

    /// Marks `mode` common and copies the common items into it. CF: `CFRunLoopAddCommonMode`,
    /// which makes the mode only by copying items into it: with no common items it stays
    /// unmade. Here it is made even then (docs/DIFFERENCES.md#marking-a-mode-common).
    mutating func markCommon(_ mode: Loop.Mode) {
        makeMode(mode)
        for item in commonRules.markCommon(mode) { _ = insert(item, into: mode) }
    }

    /// Schedules `timer` afresh in every mode that holds it, after ``Loop/Timer/bumpGeneration(_:)``
    /// made its old entries stale (its fire date changed, or it left one of its modes).
    mutating func reschedule(_ timer: Loop.Timer, _ bumped: Loop.Timer.Bump) {
        for mode in bumped.modes {
            if let index = modes.index(forKey: mode) {
                modes.values[index].timers.reschedule(timer, generation: bumped.generation, fireDate: bumped.fireDate)
            }
        }
    }

    /// Takes ``dueTimersBuffer`` (give it back with ``giveBackDueTimersBuffer(_:)`` when done).
    mutating func takeDueTimersBuffer() -> [Loop.Timer] {
        var buffer: [Loop.Timer] = []
        swap(&buffer, &dueTimersBuffer)
        return buffer
    }

    /// Keeps `buffer` (emptied) for the next pass, but not storage far beyond the `used`
    /// entries this pass needed: one pass that fired a million timers must not keep room for a
    /// million for good.
    mutating func giveBackDueTimersBuffer(_ buffer: inout [Loop.Timer], used: Int) {
        if buffer.capacity > max(1024, 4 * used) { buffer = [] }
        swap(&buffer, &dueTimersBuffer)
    }

    /// Keeps `buffer` (emptied, outside the lock: its blocks' closures are released there) as
    /// the next ``spareBlocks``, but not storage far beyond the `used` blocks it held.
    mutating func giveBackSpareBlocks(_ buffer: inout [QueuedBlock], used: Int) {
        if buffer.capacity > max(1024, 4 * used) { buffer = [] }
        swap(&buffer, &spareBlocks)
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
    /// A mode never made has nothing to do, whatever blocks are queued (CF: `_CFRunLoopFinished`
    /// finds no mode).
    func modeHasNothingToDo(_ mode: Loop.Mode) -> Bool {
        guard let index = modes.index(forKey: mode) else { return true }
        if !modes.values[index].table.isEmpty { return false }
        return !blocks.contains { blockRuns(in: mode, queuedFor: $0.modes) }
    }
}
