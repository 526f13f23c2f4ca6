import RunLoopEngine

// The code lesson 25's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode25(app: Application, tracking: Bool, deadline: Instant) throws(LoopError) {
    let loop = app.mainLoop
    let push = Loop.Observer(activities: .entry, order: Int(Int32.min) + 1) { _ in app.pushPool() }
    let commit = Loop.Observer(activities: [.beforeWaiting, .exit], order: 2_000_000) { _ in app.commit() }
    let pop = Loop.Observer(activities: [.beforeWaiting, .exit], order: Int(Int32.max)) { activity in
        app.popPool()
        if activity == .beforeWaiting { app.pushPool() }
    }
    for observer in [push, commit, pop] {
        try? loop.add(observer, forMode: .common)
    }
    let source = Loop.Source(name: "__handleEventQueue") { app.handleEventQueue() }
    app.eventSource = source
    try? loop.add(source, forMode: .common)
    try? loop.add(app.eventPort, forMode: .common)
    try? app.displayLink.add(to: loop, forMode: .common)
    app.modes.push(.default)
    if tracking { app.modes.push(.tracking) } else { app.modes.pop() }
    while loop.now < deadline, let mode = app.modes.top { try loop.run(mode: mode, timeout: deadline - loop.now) }
}
