import RunLoopEngine

// The code lesson 20's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode20(loop: Loop, queue: MainQueue, date: Instant, interval: Double, action: @escaping @Sendable () -> Void) throws {
    loop.perform(inModes: [.default]) { action() }
    loop.perform(inModes: [.default], action)
    queue.async(action)
    let delayed = try Loop.Timer(fireDate: date) { _ in action() }
    try loop.add(delayed, forMode: .default)
    let ticker = try Loop.Timer(fireDate: loop.now + interval, interval: interval) { _ in action() }
    try loop.add(ticker, forMode: .default)
}
