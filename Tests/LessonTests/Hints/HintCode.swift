import Dispatch
import RunLoopEngine
import Synchronization

// The code the lesson hints show, compiled with the tests. `HintCodeTests` checks that every
// piece of code in a hint (a `…` span that is more than a name) stands here, character for
// character, under its lesson's MARK — so a hint whose code does not compile cannot pass.
// Nothing here runs: it only has to compile, without warnings.

// MARK: Lesson 01

private func hintCode01(thread: ThreadID, makeLoop: () -> Loop) -> Loop? {
    var loops: [ThreadID: Loop] = [:]
    if loops[thread] == nil { loops[thread] = makeLoop() }
    return loops.removeValue(forKey: thread)
}

// MARK: Lesson 02

private func hintCode02(held: [Loop.Item]) -> Bool {
    !held.contains { $0.kind != .observer }
}

// MARK: Lesson 03

// (no code in its hints)

// MARK: Lesson 04

private func hintCode04(loop: Loop, timeout: Double, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    try loop.add(try Loop.Timer(fireDate: loop.now + timeout) { _ in Loop.current.stop() }, forMode: .default)
    try loop.add(try Loop.Timer(fireDate: loop.now + timeout) { _ in stop() }, forMode: .default)
    return try loop.run(mode: .default, timeout: timeout, returnAfterSourceHandled: true)
}

// MARK: Lesson 05

private func hintCode05(loop: Loop, source: Loop.Source) {
    source.signal()
    loop.wakeUp()
}

// MARK: Lesson 06

private func hintCode06(fireDate: Instant, interval: Double, now: Instant) -> Instant {
    let step = Int64((interval * 1e9).rounded())
    let k = (now.nanoseconds - fireDate.nanoseconds) / step + 1
    return Instant(nanoseconds: fireDate.nanoseconds + k * step)
}

// MARK: Lesson 07

private func hintCode07(loop: Loop, delay: Double, modes: [Loop.Mode], work: @escaping @Sendable () -> Void) throws -> Loop.Timer {
    let timer = try Loop.Timer(fireDate: loop.now + delay) { _ in work() }
    for mode in modes { try loop.add(timer, forMode: mode) }
    return timer
}

// MARK: Lesson 08

private func hintCode08(thread: LoopThread, modes: [Loop.Mode], work: @escaping @Sendable () -> Void) throws {
    let loop = try thread.runLoop()
    let source = Loop.Source(name: "perform") { work() }
    for mode in modes { try loop.add(source, forMode: mode) }
    source.signal()
    loop.wakeUp()
    let done = DispatchSemaphore(value: 0)
    if done.wait(timeout: .now() + .milliseconds(20)) == .timedOut, thread.isFinished {
        throw LoopError.threadExited(thread: thread.name)
    }
    if thread.id == ThreadID.current { work() }
    source.invalidate()
}

// MARK: Lesson 09

private func hintCode09(thread: LoopThread) throws {
    let loop = Loop.current
    try loop.add(Loop.Port(), forMode: .default)
    try loop.run()
    try thread.start()
}

// MARK: Lesson 10

private final class HintFlag10: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

// The hint shows the perform on one line, as here.
// swift-format-ignore
private func hintCode10(thread: LoopThread, loop: Loop, shouldStop: HintFlag10) throws {
    try loop.run()
    while !shouldStop.isSet { _ = try? loop.run(mode: .default, before: .distantFuture) }
    try? thread.perform(waitUntilDone: true) { shouldStop.set(); Loop.current.stop() }
    if LoopThread.current === thread { return }
    thread.join()
}

private final class HintOwner10 {
    func stop() {}
    deinit { stop() }
}

// MARK: Lesson 11

private func hintCode11(pass: Loop.Pass, sourceHandled: Bool) -> Loop.RunResult? {
    pass.notify(.beforeTimers)
    pass.notify(.beforeSources)
    pass.doBlocks()
    pass.doSources0()
    let poll = sourceHandled || pass.hasNoTimeLeft
    if pass.mainQueueShouldBeServicedWithoutSleeping() { return nil }
    pass.notify(.beforeWaiting)
    let reason = pass.waitForWakeReason(poll: poll)
    pass.notify(.afterWaiting)
    let handled = pass.handle(reason)
    pass.doBlocks()
    if handled && pass.returnsAfterSourceHandled { return .handledSource }
    if pass.deadlineHasPassed { return .timedOut }
    if pass.takeStopRequest() { return .stopped }
    if pass.modeIsEmpty { return .finished }
    return nil
}

// MARK: Lesson 12

private func hintCode12(loop: Loop, pools: AutoreleasePoolStack) -> (Int, Int) {
    let observer = Loop.Observer(activities: [.beforeWaiting, .exit]) { activity in
        pools.pop()
        if activity == .beforeWaiting { pools.push() }
    }
    try? loop.add(observer, forMode: .common)
    return (Int(Int32.min) + 1, Int(Int32.max))
}

// MARK: Lesson 13

private func hintCode13(loop: Loop, timer: Loop.Timer, onChunk: @escaping @Sendable (String) -> Void) -> (Instant, Loop.Port) {
    timer.invalidate()
    return (loop.now + 1, Loop.Port(name: "download", onMessage: onChunk))
}

// MARK: Lesson 14

private func hintCode14(queue: MainQueue, mode: Loop.Mode, commonModes: Set<Loop.Mode>) -> Bool {
    for item in queue.takeAll() { item.run() }
    while let item = queue.takeFirst() { item.run() }
    return commonModes.contains(mode)
}

// MARK: Lesson 15

private func hintCode15(loop: Loop, transaction: Transaction, view: View, commit: @escaping @Sendable (Transaction) -> Void) -> [View] {
    let observer = Loop.Observer(activities: [.beforeWaiting, .exit], order: 2_000_000) { _ in commit(transaction) }
    try? loop.add(observer, forMode: .common)
    let windows = transaction.takeWindows()
    if view.needsLayout { view.layoutSubviews() }
    return windows
}

// MARK: Lesson 16

private func hintCode16(threshold: Double, samples: Int) -> Double {
    threshold / Double(samples)
}

// MARK: Lesson 17

private final class HintWeakTarget17: Sendable {
    let held: Weak<ClockScreen>
    var target: ClockScreen? { held.object }
    let action: @Sendable (ClockScreen) -> @Sendable (Loop.Timer) -> Void

    init(target: ClockScreen, action: @escaping @Sendable (ClockScreen) -> @Sendable (Loop.Timer) -> Void) {
        self.held = Weak(target)
        self.action = action
    }

    func fire(_ timer: Loop.Timer) {
        guard let target else { timer.invalidate(); return }
        action(target)(timer)
    }
}

extension ClockScreen {
    // The hint shows the call on one line, as here.
    // swift-format-ignore
    private func hintCode17(loop: Loop) throws -> Loop.Timer {
        try loop.scheduledTimer(name: "save draft", timeInterval: 1, target: self, selector: ClockScreen.saveDraft, repeats: false)
        return try loop.scheduledTimer(name: "clock", timeInterval: 1, target: WeakTimerTarget(target: self, action: ClockScreen.tick), selector: WeakTimerTarget<ClockScreen>.fire, repeats: true)
    }
}

// MARK: Lesson 18

private func hintCode18(link: DisplayLink, loop: Loop, mode: Loop.Mode, fps: Double) throws(LoopError) -> Int {
    try loop.add(link.port, forMode: mode)
    link.startVSync(on: loop)
    link.stopVSync()
    link.lastFrameVSync = nil
    return max(1, Int((60 / fps).rounded()))
}

private func hintCode18(link: DisplayLink, last: Int64, step: Int64, now: Instant) {
    let latest = DisplayLink.vsync(at: now)
    let frame = last + (latest - last) / step * step
    guard frame > last else { return }
    link.dropFrames(Int((frame - last) / step - 1))
    link.deliverFrame(vsync: frame, timestamp: DisplayLink.time(ofVSync: frame), targetTimestamp: DisplayLink.time(ofVSync: frame + step))
}

// MARK: Lesson 19

extension StudentTouchDelivery {
    private func hintCode19(mainLoop: Loop, app: TouchApp, events: [TouchEvent], event: TouchEvent) {
        let source = Loop.Source(name: "events") { handleEventQueue(app) }
        app.eventSource = source
        try? mainLoop.add(source, forMode: .common)
        app.events.append(events)
        app.eventSource?.signal()
        app.mainLoop.wakeUp()
        if let event = app.events.next() { sendEvent(event, app: app) }
        if !app.events.isEmpty { app.eventSource?.signal() }
        for recognizer in app.recognizers { recognizer.receive(event) }
        for recognizer in app.recognizers {
            guard let state = recognizer.takeUpdate() else { continue }
            if state.isRecognized && recognizer.cancelsTouchesInView { recognizer.view.cancelTouches() }
            recognizer.performAction(state)
        }
        app.view.deliver(event)
    }
}
