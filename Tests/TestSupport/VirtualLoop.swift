import RunLoopEngine

/// A loop on a fresh virtual clock, owned by the calling thread, with a pass limit of 10 000
/// per run so that a bug can never spin for ever. Use it from one thread for the whole test.
public func virtualLoop(name: String = "loop", mechanisms: Loop.Mechanisms = .reference) -> (Loop, VirtualClock) {
    let clock = VirtualClock()
    let loop = Loop(clock: clock, mechanisms: mechanisms, name: name)
    loop.passLimit = 10_000
    return (loop, clock)
}
