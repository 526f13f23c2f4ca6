import RunLoopEngine

// The code lesson 14's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode14(queue: MainQueue, mode: Loop.Mode, commonModes: Set<Loop.Mode>) -> Bool {
    for item in queue.takeAll() { item.run() }
    while let item = queue.takeFirst() { item.run() }
    return commonModes.contains(mode)
}
