import RunLoopEngine

// The code lesson 22's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode22(registry: LoopRegistry, actor: MainLoopActor, interval: Double, tick: @escaping @Sendable (UInt) -> Void) {
    let source = DispatchTimerSource(queue: registry.mainQueue)
    source.schedule(deadline: registry.clock.now + interval, repeating: interval)
    source.setEventHandler { tick(source.data) }
    source.resume()
    let task = actor.assumeIsolated { actor in Task { _ = actor } }
    let sleeper = actor.assumeIsolated { actor in
        Task {
            await actor.sleep(for: interval)
        }
    }
    _ = (task, sleeper)
}
