import RunLoopEngine
import Synchronization

// The code lesson 10's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private final class HintFlag10: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

// The hint shows the perform on one line, as here.
// swift-format-ignore
private func hintCode10(thread: LoopThread, loop: Loop, shouldStop: HintFlag10) throws {
    try loop.run()
    while !shouldStop.isSet { _ = try? loop.run(mode: .default, before: .distantFuture) }
    try? thread.perform(waitUntilDone: true) { shouldStop.set(); Loop.current.stop() }
    if LoopThread.current === thread { return }
    thread.join()
}

private final class HintOwner10 {
    func stop() {}
    deinit { stop() }
}
