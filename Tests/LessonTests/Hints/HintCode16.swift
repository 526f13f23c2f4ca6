import RunLoopEngine

// The code lesson 16's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode16(threshold: Double, samples: Int) -> Double {
    threshold / Double(samples)
}
