import RunLoopEngine

// The code lesson 24's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode24(loop: Loop, queue: IdleTaskQueue, delay: Double, setImage: @escaping @Sendable () -> Void) throws {
    let observer = Loop.Observer(activities: .beforeWaiting, repeats: true) { _ in
        guard let task = queue.next() else { return }
        task()
        if !queue.isEmpty { loop.wakeUp() }
    }
    try loop.add(observer, forMode: .default)
    try loop.perform(afterDelay: delay, inModes: [.default], setImage)
}
