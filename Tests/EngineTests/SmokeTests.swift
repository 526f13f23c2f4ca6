import Testing
import Synchronization
@testable import RunLoopEngine

final class Log: Sendable {
    let items = Mutex<[String]>([])
    func add(_ s: String) { items.withLock { $0.append(s) } }
    var all: [String] { items.withLock { $0 } }
}

@Test func smokeTimers() throws {
    let clock = VirtualClock()
    let loop = Loop(clock: clock)
    let log = Log()
    let t = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in log.add("tick \(clock.now)") }
    try loop.add(t, forMode: .default)
    let trace = loop.startTracing()
    let r = try loop.run(mode: .default, timeout: 3.5)
    print(trace.timeline())
    #expect(r == .timedOut)
    #expect(log.all == ["tick 1000 ms", "tick 2000 ms", "tick 3000 ms"])
}

@Test func smokeOverrun() throws {
    let clock = VirtualClock()
    let loop = Loop(clock: clock)
    let log = Log()
    let t = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
        log.add("tick \(clock.now)")
        if clock.now == Instant(seconds: 1) { clock.advance(by: 2.5) }
    }
    try loop.add(t, forMode: .default)
    try loop.run(mode: .default, timeout: 5.5)
    #expect(log.all == ["tick 1000 ms", "tick 4000 ms", "tick 5000 ms"])
}

@Test func smokeThread() async throws {
    let log = Log()
    let thread = LoopThread(name: "worker") {
        let loop = Loop.current
        try? loop.add(Loop.Port(name: "keep"), forMode: .default)
        try? loop.run(mode: .default, timeout: 2)
        log.add("exited run")
    }
    try thread.start()
    try thread.perform(waitUntilDone: true, timeout: 1) { log.add("performed") }
    thread.loop?.stop()
    #expect(await thread.finish(timeout: 2))
    #expect(log.all == ["performed", "exited run"])
}
