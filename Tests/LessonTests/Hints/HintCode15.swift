import RunLoopEngine

// The code lesson 15's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode15(loop: Loop, transaction: Transaction, view: View, commit: @escaping @Sendable (Transaction) -> Void) -> [View] {
    let observer = Loop.Observer(activities: [.beforeWaiting, .exit], order: 2_000_000) { _ in commit(transaction) }
    try? loop.add(observer, forMode: .common)
    let windows = transaction.takeWindows()
    if view.needsLayout { view.layoutSubviews() }
    return windows
}
