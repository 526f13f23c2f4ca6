// Modes: isolation, common modes, blocks performed in modes, nested runs.
import Foundation
import RunLoopEngine
import Testing

@Suite("Conformance: modes")
struct ModeScenarios {
    @Test("mode isolation: a timer of another mode waits until that mode runs")
    func modeIsolation() async {
        await conform(expected: ["mine in default", "run default → true", "theirs in other", "run other → true", "run default again → false"]) { loop, log in
            loop.timer(in: 0.01, mode: "other") { _ in log("theirs in \(loop.currentMode)") }
            loop.timer(in: 0.05) { _ in log("mine in \(loop.currentMode)") }
            log("run default → \(loop.run("default", for: 10))")
            log("run other → \(loop.run("other", for: 10))")
            log("run default again → \(loop.run("default", for: 10))")
        }
    }

    /// A new loop's common modes are {default}: a timer added to `.common` fires in the default
    /// mode and not in a mode nobody marked common. (Marking a mode common later needs
    /// `CFRunLoopAddCommonMode`: see the CoreFoundation scenarios.)
    @Test("common modes: a timer added to .common fires in default, not in an unmarked mode")
    func commonModes() async {
        await conform(expected: ["keeper in custom", "run custom → true", "common timer in default", "run default → true"]) { loop, log in
            loop.timer(in: 0.01, mode: "common") { _ in log("common timer in \(loop.currentMode)") }
            loop.timer(in: 0.05, mode: "custom") { _ in log("keeper in \(loop.currentMode)") }
            log("run custom → \(loop.run("custom", for: 10))")
            log("run default → \(loop.run("default", for: 10))")
        }
    }

    /// `CFRunLoopPerformBlock`: a block runs once, in the first run of one of its modes
    /// (`.common` means the common modes), in the order queued. A queued block keeps its mode
    /// from being empty; a run of a mode that has only blocks runs them, then sleeps until its
    /// limit (emptiness is checked after the sleep), so the limits here are short.
    @Test("blocks run in their modes: .common blocks in default, not in an unmarked mode")
    func blocksForCommonModes() async {
        let expected = [
            "B2 in custom", "B4 in custom", "run custom → timed out",
            "B1 in default", "B3 in default", "run default → timed out",
            "then: default → finished, custom → finished",
        ]
        await conformCF(expected: expected) { loop, log in
            for (name, modes) in [("B1", ["common"]), ("B2", ["custom"]), ("B3", ["default"]), ("B4", ["custom", "default"])] {
                loop.performBlock(inModes: modes) { log("\(name) in \(loop.currentMode)") }
            }
            func run(_ mode: String) -> String { loop.runInMode(mode, seconds: 0.1, returnAfterSourceHandled: false) }
            log("run custom → \(run("custom"))")
            log("run default → \(run("default"))")
            log("then: default → \(run("default")), custom → \(run("custom"))")
        }
    }

    /// A callout runs the same loop in another mode: only that mode's items fire inside; the
    /// outer mode's due timer waits; `currentMode` is the inner mode, then the outer one again.
    @Test("a nested run in another mode fires only that mode's timers")
    func nestedRunInAnotherMode() async {
        let expected = ["outer in default", "inner in other", "nested run → true", "back in default", "waiting in default", "run → true"]
        await conform(expected: expected) { loop, log in
            loop.timer(in: 0.01) { _ in
                log("outer in \(loop.currentMode)")
                loop.timer(in: 0, mode: "other") { _ in log("inner in \(loop.currentMode)") }
                loop.timer(in: 0) { _ in log("waiting in \(loop.currentMode)") }
                Thread.sleep(forTimeInterval: 0.01)   // the new default-mode timer is due now
                log("nested run → \(loop.run("other", for: 10))")
                log("back in \(loop.currentMode)")
            }
            log("run → \(loop.run("default", for: 10))")
        }
    }

    /// A nested run of the *same* mode from a timer's callout does not fire that timer again
    /// (it is firing), but fires the mode's other timers.
    @Test("a nested run in the same mode skips the timer whose callout it is in")
    func nestedRunSkipsTheFiringTimer() async {
        let expected = [
            "repeater 1 runs the loop again", "other timer, nested", "nested run → true",
            "repeater fired 0 times inside", "repeater 2 (invalidates)", "run → true",
        ]
        await conform(expected: expected) { loop, log in
            let fires = Counter()
            loop.timer(in: 0.01, interval: 0.01) { timer in
                let n = fires.next()
                guard n == 1 else {
                    log("repeater \(n) (invalidates)")
                    timer.invalidate()
                    return
                }
                log("repeater 1 runs the loop again")
                loop.timer(in: 0.03) { _ in log("other timer, nested") }
                log("nested run → \(loop.run("default", for: 0.15))")
                log("repeater fired \(fires.current - 1) times inside")
            }
            log("run → \(loop.run("default", for: 10))")
        }
    }
}
