import RunLoopEngine

// The code lesson 11's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode11(pass: Loop.Pass, sourceHandled: Bool) -> Loop.RunResult? {
    pass.notify(.beforeTimers)
    pass.notify(.beforeSources)
    pass.doBlocks()
    pass.doSources0()
    let poll = sourceHandled || pass.hasNoTimeLeft
    if pass.mainQueueShouldBeServicedWithoutSleeping() { return nil }
    pass.notify(.beforeWaiting)
    let reason = pass.waitForWakeReason(poll: poll)
    pass.notify(.afterWaiting)
    let handled = pass.handle(reason)
    pass.doBlocks()
    if handled && pass.returnsAfterSourceHandled { return .handledSource }
    if pass.deadlineHasPassed { return .timedOut }
    if pass.takeStopRequest() { return .stopped }
    if pass.modeIsEmpty { return .finished }
    return nil
}
