import RunLoopEngine

// The code lesson 04's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode04(loop: Loop, timeout: Double, stop: @escaping @Sendable () -> Void) throws -> Loop.RunResult {
    try loop.add(try Loop.Timer(fireDate: loop.now + timeout) { _ in Loop.current.stop() }, forMode: .default)
    try loop.add(try Loop.Timer(fireDate: loop.now + timeout) { _ in stop() }, forMode: .default)
    return try loop.run(mode: .default, timeout: timeout, returnAfterSourceHandled: true)
}
