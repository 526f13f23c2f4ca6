import RunLoopEngine

// The code lesson 01's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode01(thread: ThreadID, makeLoop: () -> Loop) -> Loop? {
    var loops: [ThreadID: Loop] = [:]
    if loops[thread] == nil { loops[thread] = makeLoop() }
    return loops.removeValue(forKey: thread)
}
