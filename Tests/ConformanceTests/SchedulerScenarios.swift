// Lesson 20's questions, where Foundation on Linux can answer them: `RunLoop.perform(_:)` (Combine's
// RunLoop scheduler) serves the default mode only, and a run-loop scheduler's delayed work and a
// `Timer.publish` ticker in the default mode wait while another mode runs. The engine side uses
// the engine's models of them (`RunLoopScheduler`, `Loop.timerPublisher`). What the main queue
// does on the main loop is left out: Swift Testing owns the test process's main thread, so
// Foundation's main loop cannot be run here.
import Foundation
import RunLoopEngine
import Testing

@Suite("Conformance: RunLoop.perform and a run-loop scheduler's timers (lesson 20)")
struct SchedulerScenarios {
    static let expected = [
        "after a tracking run: block false, delayed 0, ticks false",
        "after a default run: block true, delayed 1, ticks true",
    ]

    @Test("RunLoop.perform(_:) runs in the default mode only; delayed work and a default-mode ticker wait out a tracking run")
    func performAndTimersWaitOutTracking() async {
        await compare(
            expected: Self.expected, timeout: 20, sourceLocation: #_sourceLocation,
            foundation: { log in
                let loop = RunLoop.current
                let tracking = RunLoop.Mode("UITrackingRunLoopMode")
                let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
                loop.add(keepAlive, forMode: tracking)
                let seen = Seen()
                loop.perform { seen.block() }   // Combine's RunLoop scheduler: schedule(options:_:)
                let delayed = Timer(fire: Date(timeIntervalSinceNow: 0.02), interval: 0, repeats: false) { _ in seen.delayed() }
                loop.add(delayed, forMode: .default)   // schedule(after:tolerance:options:_:)
                let ticker = Timer(fire: Date(timeIntervalSinceNow: 0.02), interval: 0.02, repeats: true) { _ in seen.tick() }
                loop.add(ticker, forMode: .default)   // Timer.publish(every:on:in: .default)
                _ = loop.run(mode: tracking, before: Date(timeIntervalSinceNow: 0.1))
                log("after a tracking run: \(seen.reading)")
                _ = loop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1))
                Thread.sleep(forTimeInterval: 0.05)
                _ = loop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1))
                log("after a default run: \(seen.reading)")
                ticker.invalidate()
                keepAlive.invalidate()
            },
            engine: { log in
                let loop = Loop.current
                let keepAlive = try? Loop.Timer(fireDate: .distantFuture) { _ in }
                if let keepAlive { try? loop.add(keepAlive, forMode: .tracking) }
                let seen = Seen()
                let scheduler = RunLoopScheduler(loop)
                scheduler.schedule { seen.block() }
                _ = try? scheduler.schedule(after: loop.now + 0.02) { seen.delayed() }
                let ticker = try? loop.timerPublisher(every: 0.02, in: .default) { _ in seen.tick() }
                _ = try? loop.run(mode: .tracking, before: loop.now + 0.1)
                log("after a tracking run: \(seen.reading)")
                _ = try? loop.run(mode: .default, before: loop.now + 0.1)
                Thread.sleep(forTimeInterval: 0.05)
                _ = try? loop.run(mode: .default, before: loop.now + 0.1)
                log("after a default run: \(seen.reading)")
                ticker?.invalidate()
                keepAlive?.invalidate()
            })
    }
}

/// What a scenario's block and timers did, from their callouts.
private final class Seen: Sendable {
    private let state = Lock((block: false, delayed: 0, ticks: 0))
    func block() { state.withLock { $0.block = true } }
    func delayed() { state.withLock { $0.delayed += 1 } }
    func tick() { state.withLock { $0.ticks += 1 } }
    var reading: String { state.withLock { "block \($0.block), delayed \($0.delayed), ticks \($0.ticks > 0)" } }
}
