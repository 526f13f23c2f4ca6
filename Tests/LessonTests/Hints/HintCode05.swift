import RunLoopEngine

// The code lesson 05's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode05(loop: Loop, source: Loop.Source) {
    source.signal()
    loop.wakeUp()
}
