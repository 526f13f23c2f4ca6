import Testing
import KataCore
import RunLoopEngine

/// The watchdog thread played on the virtual clock: a signal ends the wait in progress at once
/// (one wait per signal), a wait with no signal times out an interval after it began, and slow
/// work lets it wake inside the work.
@Suite struct VirtualWatchdogTests {
    final class Wakes: Sendable {
        let list = Lock<[String]>([])
        func add(_ signalled: Bool, _ at: Instant) { list.withLock { $0.append("\(signalled ? "signal" : "timeout") \(at)") } }
        var all: [String] { list.withLock { $0 } }
    }

    @Test func signalsEndWaitsAndTimeoutsFollowTheLastWake() throws {
        let clock = VirtualClock()
        let wakes = Wakes()
        let watchdog = try VirtualWatchdog(clock: clock, interval: 0.1, woke: wakes.add)
        watchdog.signal()
        watchdog.signal()
        clock.advance(by: 0.25)
        watchdog.catchUp(to: clock.now)
        #expect(wakes.all == ["signal 0 ms", "signal 0 ms", "timeout 100 ms", "timeout 200 ms"])
        watchdog.signal()   // at 250 ms: the wait begun at 200 ms ends now, the next at 350 ms
        clock.advance(by: 0.15)
        watchdog.catchUp(to: clock.now)
        #expect(wakes.all.suffix(2) == ["signal 250 ms", "timeout 350 ms"])
        #expect(watchdog.wakeUps == 6)
    }

    @Test func slowWorkWakesTheWatchdogInside() throws {
        let clock = VirtualClock()
        let wakes = Wakes()
        let watchdog = try VirtualWatchdog(clock: clock, interval: 0.02, woke: wakes.add)
        watchdog.work(0.05)
        #expect(wakes.all == ["timeout 20 ms", "timeout 40 ms"])
        #expect(clock.now == Instant(seconds: 0.05))
    }

    @Test func aWaitUnderAMillisecondIsRefused() {
        for interval in [0, 0.0005, -1, .nan, .infinity] {
            #expect(throws: LoopError.invalidInterval(interval)) { try VirtualWatchdog(clock: VirtualClock(), interval: interval) { _, _ in } }
        }
    }
}
