import RunLoopEngine

// The code lesson 21's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode21(job: MainActorJob, target: MainActorTarget) {
    target.mainQueue.async(name: job.name) { job.run() }
    target.mainLoop?.perform(inModes: [.default]) {}
}
