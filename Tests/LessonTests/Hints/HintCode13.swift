import RunLoopEngine

// The code lesson 13's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode13(loop: Loop, timer: Loop.Timer, onChunk: @escaping @Sendable (String) -> Void) -> (Instant, Loop.Port) {
    timer.invalidate()
    return (loop.now + 1, Loop.Port(name: "download", onMessage: onChunk))
}
