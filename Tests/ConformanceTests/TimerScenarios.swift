// Timers: one-shot, repeating, invalidated in their own callout, overrun, order, equal dates,
// moved by their own callout.
import Foundation
import RunLoopEngine
import Testing

@Suite("Conformance: timers")
struct TimerScenarios {
    @Test("a one-shot timer fires once, ends, and leaves its mode empty")
    func oneShotTimer() async {
        await conform(expected: ["fired in default", "run → true", "valid after firing: false", "run again → false"]) { loop, log in
            let timer = loop.timer(in: 0.02) { _ in log("fired in \(loop.currentMode)") }
            log("run → \(loop.run("default", for: 10))")
            log("valid after firing: \(timer.isValid)")
            log("run again → \(loop.run("default", for: 10))")
        }
    }

    @Test("a repeating timer that invalidates itself in its callout stops at once")
    func invalidatedInItsOwnCallout() async {
        await conform(expected: ["tick 1", "tick 2", "tick 3 (invalidates)", "run → true", "valid: false", "run again → false"]) { loop, log in
            let ticks = Counter()
            let timer = loop.timer(in: 0.01, interval: 0.01) { timer in
                let n = ticks.next()
                log(n == 3 ? "tick 3 (invalidates)" : "tick \(n)")
                if n == 3 { timer.invalidate() }
            }
            log("run → \(loop.run("default", for: 10))")
            log("valid: \(timer.isValid)")
            log("run again → \(loop.run("default", for: 10))")
        }
    }

    /// The first callout takes 3.75 intervals. The missed ticks are skipped, not replayed: the
    /// next fire date is the first tick of the original grid after the callout returned.
    /// (How many ticks are skipped depends on the load, so the log says "at least 4".)
    @Test("a repeating timer that overran skips the missed ticks and keeps its phase")
    func overrunSkipsAndKeepsPhase() async {
        let interval = 0.04
        let expected = [
            "fire 1: tick 0, overruns",
            "fire 2: on the grid, at least 4 ticks later, scheduled after the overrun ended",
            "fire 3: on the grid, after fire 2 (invalidates)",
            "run → true",
        ]
        await conform(expected: expected) { loop, log in
            let grid = OverrunGrid(interval: interval)
            loop.timer(in: interval, interval: interval) { timer in
                let fire = grid.fired(at: timer.fireDate)
                log(fire.line)
                if fire.overrun { Thread.sleep(forTimeInterval: interval * 3.75) }
                grid.calloutEnded(at: loop.now)
                if fire.last { timer.invalidate() }
            }
            log("run → \(loop.run("default", for: 10))")
        }
    }

    @Test("timers fire in fire-date order, whatever order they were added in")
    func fireDateOrder() async {
        await conform(expected: ["A", "B", "C", "run → true"]) { loop, log in
            for (name, delay) in [("C", 0.09), ("A", 0.03), ("B", 0.06)] { loop.timer(in: delay) { _ in log(name) } }
            log("run → \(loop.run("default", for: 10))")
        }
    }

    /// Timers with the same fire date fire in the order they were added — provided the date
    /// really is the same. On Linux, Foundation turns a `Date` into a monotonic deadline at the
    /// moment the timer is made (`now2 + (fireDate - now1)`), so equal *future* `Date`s give
    /// deadlines a few hundred nanoseconds apart in either direction: their order is not defined
    /// there (30 trials gave 15 different orders of four timers). A date in the past is
    /// "due now": the deadline is the moment of creation, so creation order holds. The engine
    /// keeps insertion order for equal deadlines, which agrees with both.
    @Test("equal fire dates: due timers fire in the order added; equal future dates all fire in the same run")
    func equalFireDates() async {
        await conform(expected: ["due: A", "due: B", "due: C", "future: D E F G fired", "run → true"]) { loop, log in
            let past = loop.now - 0.5
            for name in ["A", "B", "C"] { loop.timer(at: past, interval: 0, mode: "default") { _ in log("due: \(name)") } }
            let future = loop.now + 0.05
            let fired = Names()
            for name in ["D", "E", "F", "G"] { loop.timer(at: future, interval: 0, mode: "default") { _ in fired.add(name) } }
            let result = loop.run("default", for: 10)
            log("future: \(fired.sorted) fired")
            log("run → \(result)")
        }
    }

    /// CF honours a fire date its callout moved *later* (and ignores an earlier one).
    @Test("a callout that moves its own timer later is honoured")
    func calloutMovesItsTimerLater() async {
        await conform(expected: ["fire 1, moves itself 50 ms ahead", "fire 2, long before its 100 s interval (invalidates)", "run → true"]) { loop, log in
            let fires = Counter()
            loop.timer(in: 0.01, interval: 100) { timer in
                if fires.next() == 1 {
                    log("fire 1, moves itself 50 ms ahead")
                    timer.fireDate = loop.now + 0.05
                } else {
                    log("fire 2, long before its 100 s interval (invalidates)")
                    timer.invalidate()
                }
            }
            log("run → \(loop.run("default", for: 10))")
        }
    }
}

/// Judges the fires of the overrun scenario: where each falls on the timer's grid.
final class OverrunGrid: Sendable {
    struct Fire {
        let line: String
        let overrun: Bool
        let last: Bool
    }

    private struct State {
        var first: Double?
        var lastTick = 0
        var fires = 0
        var overrunEnded = 0.0
    }

    let interval: Double
    private let state = Lock(State())

    init(interval: Double) { self.interval = interval }

    /// A fire for the date `scheduled` (seconds on the side's clock).
    func fired(at scheduled: Double) -> Fire {
        state.withLock { state in
            state.fires += 1
            let first = state.first ?? scheduled
            state.first = first
            let ticks = (scheduled - first) / interval
            let tick = Int(ticks.rounded())
            let onGrid = abs(ticks - ticks.rounded()) < 0.1
            defer { state.lastTick = tick }
            let described = "tick \(String(format: "%.2f", ticks))"
            switch state.fires {
            case 1:
                return Fire(line: "fire 1: tick \(tick), overruns", overrun: true, last: false)
            case 2:
                let after = scheduled >= state.overrunEnded - 0.001
                let line =
                    onGrid && tick >= 4 && after
                    ? "fire 2: on the grid, at least 4 ticks later, scheduled after the overrun ended"
                    : "fire 2: \(described), the overrun ended at tick \(String(format: "%.2f", (state.overrunEnded - first) / interval))"
                return Fire(line: line, overrun: false, last: false)
            default:
                let line =
                    onGrid && tick > state.lastTick
                    ? "fire 3: on the grid, after fire 2 (invalidates)"
                    : "fire 3: \(described) after tick \(state.lastTick)"
                return Fire(line: line, overrun: false, last: true)
            }
        }
    }

    func calloutEnded(at now: Double) {
        state.withLock { state in if state.fires == 1 { state.overrunEnded = now } }
    }
}
