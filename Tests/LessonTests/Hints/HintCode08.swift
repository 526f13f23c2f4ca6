import Dispatch
import RunLoopEngine

// The code lesson 08's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode08(thread: LoopThread, modes: [Loop.Mode], work: @escaping @Sendable () -> Void) throws {
    let loop = try thread.runLoop()
    let source = Loop.Source(name: "perform") { work() }
    for mode in modes { try loop.add(source, forMode: mode) }
    source.signal()
    loop.wakeUp()
    let done = DispatchSemaphore(value: 0)
    if done.wait(timeout: .now() + .milliseconds(20)) == .timedOut, thread.isFinished {
        throw LoopError.threadExited(thread: thread.name)
    }
    if thread.id == ThreadID.current { work() }
    source.invalidate()
}
