import Testing
@testable import RunLoopEngine

@Suite struct TimerTests {
    @Test func aTimerAlreadyFiringIsSkippedInANestedRunWhichStillSleeps() throws {
        let (loop, clock) = virtualLoop()
        let log = Log()
        let nested = Shared<Loop.RunResult?>(nil)
        let timer = try Loop.Timer(name: "outer", fireDate: loop.now + 1, interval: 10) { _ in
            log.add("fired at \(clock.now)")
            nested.value = try? loop.run(mode: .default, timeout: 3)
        }
        try loop.add(timer, forMode: .default)
        loop.passLimit = 50
        let trace = loop.startTracing()
        let result = try loop.run(mode: .default, timeout: 5)
        #expect(result == .timedOut)
        #expect(nested.value == .timedOut)
        #expect(log.all == ["fired at 1000 ms"])
        print(trace.timeline())
    }
}
