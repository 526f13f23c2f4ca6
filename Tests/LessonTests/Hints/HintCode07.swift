import RunLoopEngine

// The code lesson 07's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode07(loop: Loop, delay: Double, modes: [Loop.Mode], work: @escaping @Sendable () -> Void) throws -> Loop.Timer {
    let timer = try Loop.Timer(fireDate: loop.now + delay) { _ in work() }
    for mode in modes { try loop.add(timer, forMode: mode) }
    return timer
}
