import RunLoopEngine

// The code lesson 23's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode23(session: NetworkSession, queue: MainQueue, show: @escaping @Sendable (String) -> Void, update: @escaping @Sendable () -> Void) {
    session.dataTask("profile") { data in show(data) }
    queue.async(name: "refresh", update)
    try? queue.sync(name: "refresh", update)
    _ = LoopError.syncOnCurrentQueue("refresh")
}
