import RunLoopEngine

// The code lesson 12's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode12(loop: Loop, pools: AutoreleasePoolStack) -> (Int, Int) {
    let observer = Loop.Observer(activities: [.beforeWaiting, .exit]) { activity in
        pools.pop()
        if activity == .beforeWaiting { pools.push() }
    }
    try? loop.add(observer, forMode: .common)
    return (Int(Int32.min) + 1, Int(Int32.max))
}
