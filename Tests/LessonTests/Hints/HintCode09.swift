import RunLoopEngine

// The code lesson 09's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode09(thread: LoopThread) throws {
    let loop = Loop.current
    try loop.add(Loop.Port(), forMode: .default)
    try loop.run()
    try thread.start()
}
