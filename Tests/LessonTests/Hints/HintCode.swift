import RunLoopEngine

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

private func hintCode08(thread: LoopThread) throws -> Loop {
    try thread.runLoop()
}

// MARK: Lesson 09

private func hintCode09() throws {
    let loop = Loop.current
    try loop.add(Loop.Port(), forMode: .default)
    try loop.run()
}

// MARK: Lesson 10

private final class HintFlag10: Sendable {
    func set() {}
}

private func hintCode10(thread: LoopThread, flag: HintFlag10) throws {
    try thread.perform(waitUntilDone: true) { flag.set(); Loop.current.stop() }
    thread.join()
}

private final class HintOwner10 {
    func stop() {}
    deinit { stop() }
}

// MARK: Lesson 11

private func hintCode11(pass: Loop.Pass, sourceHandled: Bool) -> Bool {
    let poll = sourceHandled || pass.hasNoTimeLeft
    let reason = pass.waitForWakeReason(poll: poll)
    return pass.handle(reason)
}

// MARK: Lesson 12

private func hintCode12() -> (Loop.Activity, Int, Int) {
    ([.beforeWaiting, .exit], Int(Int32.min), Int(Int32.max))
}

// MARK: Lesson 13

// (no code in its hints)

// MARK: Lesson 14

private func hintCode14(queue: MainQueue) {
    for item in queue.takeAll() { item.run() }
    while let item = queue.takeFirst() { item.run() }
}
