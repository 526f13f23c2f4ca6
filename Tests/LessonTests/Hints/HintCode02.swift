import RunLoopEngine

// The code lesson 02's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode02(held: [Loop.Item]) -> Bool {
    !held.contains { $0.kind != .observer }
}
