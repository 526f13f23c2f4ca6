// Scenarios that need the CoreFoundation level of Foundation's loop: marking a mode common later,
// observers, version-0 sources, CFRunLoopRunInMode's results, stop and wake-up.
//
// Foundation's Swift API on Linux has no equivalent for any of these (no addCommonMode, no
// observer, no source0, no stop, no wake-up; `run(mode:before:)` hides the run's result). The
// toolchain's CoreFoundation module reaches the same CFRunLoop (see
// FoundationCoreFoundation.swift); on macOS these run against Apple's own CFRunLoop.
import CoreFoundation
import Foundation
import RunLoopEngine
import Testing

@Suite("Conformance: the CoreFoundation level")
struct CoreFoundationScenarios {
    /// `CFRunLoopAddCommonMode`: the mode receives the common items now, and every one added later;
    /// blocks queued for `.common` run in it too.
    @Test("marking a mode common later brings it the common items, old and new")
    func markingAModeCommonLater() async {
        let expected = ["block in tracking", "T1 in tracking", "T2 in tracking", "run tracking → finished", "run default → finished"]
        await conformCF(expected: expected) { loop, log in
            loop.timer(in: 0.01, mode: "common") { _ in log("T1 in \(loop.currentMode)") }
            loop.performBlock(inModes: ["common"]) { log("block in \(loop.currentMode)") }
            loop.addCommonMode("tracking")
            loop.timer(in: 0.02, mode: "common") { _ in log("T2 in \(loop.currentMode)") }
            log("run tracking → \(loop.runInMode("tracking", seconds: 10, returnAfterSourceHandled: false))")
            log("run default → \(loop.runInMode("default", seconds: 10, returnAfterSourceHandled: false))")
        }
    }

    /// The activities of one run that sleeps once and fires one timer. A mode that holds only
    /// an observer is empty: its run returns at once, without entry or exit.
    @Test("observers see one run's activities; observers alone keep nothing alive")
    func observersOfOneRun() async {
        let expected = [
            "entry", "before timers", "before sources", "before waiting", "after waiting", "timer", "exit",
            "run → true", "observer-only run → false",
        ]
        await conformCF(expected: expected) { loop, log in
            let observer = loop.observe("default", order: 0) { log($0) }
            loop.timer(in: 0.03) { _ in log("timer") }
            log("run → \(loop.run("default", for: 10))")
            log("observer-only run → \(loop.run("default", for: 10))")
            observer.invalidate()
        }
    }

    @Test("observers are told in ascending order, equal orders in the order added")
    func observerOrder() async {
        let expected = ["-5 entry", "0a entry", "0b entry", "7 entry", "run → true"]
        await conformCF(expected: expected) { loop, log in
            var observers: [any ItemUnderTest] = []
            for (name, order) in [("7", 7), ("0a", 0), ("-5", -5), ("0b", 0)] {
                observers.append(loop.observe("default", order: order) { if $0 == "entry" { log("\(name) entry") } })
            }
            loop.timer(in: 0) { _ in }
            log("run → \(loop.run("default", for: 10))")
            for observer in observers { observer.invalidate() }
        }
    }

    /// `CFRunLoopSourceSignal` marks a source0 ready but does not wake a sleeping loop;
    /// `CFRunLoopWakeUp` does, and the run returns "handled source".
    @Test("a signalled source0 waits for a wake-up")
    func source0WaitsForAWakeUp() async {
        let expected = ["signalled while asleep, not woken: ran false", "source ran", "result: handled source"]
        await conformCF(expected: expected) { loop, log in
            let ran = Counter()
            let source = loop.source(order: 0, mode: "default") {
                log("source ran")
                _ = ran.next()
            }
            let helper = Thread {
                waitFor { loop.isWaiting }
                source.signal()
                Thread.sleep(forTimeInterval: 0.1)
                log("signalled while asleep, not woken: ran \(ran.current > 0)")
                loop.wakeUp()
            }
            helper.start()
            log("result: \(loop.runInMode("default", seconds: 10, returnAfterSourceHandled: true))")
            source.invalidate()
        }
    }

    /// Signalled sources run by order, equal orders by when they were signalled.
    @Test("signalled source0s run by order, then by signal time")
    func source0Order() async {
        let expected = ["X", "Y", "Z", "result: timed out"]
        await conformCF(expected: expected) { loop, log in
            let sources = [("Z", 2), ("Y", 1), ("X", 1)].map { name, order in
                (name, loop.source(order: order, mode: "default") { log(name) })
            }
            for name in ["Z", "X", "Y"] {
                sources.first { $0.0 == name }?.1.signal()
                Thread.sleep(forTimeInterval: 0.002)   // distinct signal times
            }
            log("result: \(loop.runInMode("default", seconds: 0.05, returnAfterSourceHandled: false))")
            for (_, source) in sources { source.invalidate() }
        }
    }

    /// CFRunLoopRunInMode's four results, and a stop that is not remembered.
    @Test("run results: finished, timed out, stopped, handled source; a stop when not running is forgotten")
    func runResults() async {
        let expected = [
            "empty mode: finished", "nothing happens: timed out", "poll: timed out", "stopped by a timer: stopped",
            "stop before the run: timed out", "signalled source: handled source",
        ]
        await conformCF(expected: expected) { loop, log in
            log("empty mode: \(loop.runInMode("nothing", seconds: 10, returnAfterSourceHandled: false))")
            let keeper = loop.timer(in: 1000) { _ in }
            log("nothing happens: \(loop.runInMode("default", seconds: 0.05, returnAfterSourceHandled: false))")
            log("poll: \(loop.runInMode("default", seconds: 0, returnAfterSourceHandled: false))")
            loop.timer(in: 0.01) { _ in loop.stop() }
            log("stopped by a timer: \(loop.runInMode("default", seconds: 10, returnAfterSourceHandled: false))")
            loop.stop()
            log("stop before the run: \(loop.runInMode("default", seconds: 0.05, returnAfterSourceHandled: false))")
            let source = loop.source(order: 0, mode: "default") {}
            source.signal()
            log("signalled source: \(loop.runInMode("default", seconds: 10, returnAfterSourceHandled: true))")
            source.invalidate()
            keeper.invalidate()
        }
    }

    /// `CFRunLoopPerformBlock` queues the block but does not wake the loop (as its documentation
    /// says): a block queued while the loop sleeps runs when something else wakes it (here a
    /// timer, at the blocks step after the timers). With a wake-up it runs at once.
    @Test("a block queued from another thread waits for the loop to wake")
    func blockDoesNotWakeTheLoop() async {
        let expected = [
            "queued while asleep, 100 ms later: ran false", "timer", "block", "run → finished",
            "block after a wake-up", "result: stopped",
        ]
        await conformCF(expected: expected) { loop, log in
            let ran = Counter()
            loop.timer(in: 1) { _ in log("timer") }
            Thread {
                waitFor { loop.isWaiting }
                loop.performBlock(inModes: ["default"]) {
                    log("block")
                    _ = ran.next()
                }
                Thread.sleep(forTimeInterval: 0.1)
                log("queued while asleep, 100 ms later: ran \(ran.current > 0)")
            }.start()
            log("run → \(loop.runInMode("default", seconds: 10, returnAfterSourceHandled: false))")

            let keeper = loop.timer(in: 1000) { _ in }
            Thread {
                waitFor { loop.isWaiting }
                loop.performBlock(inModes: ["default"]) {
                    log("block after a wake-up")
                    loop.stop()
                }
                loop.wakeUp()
            }.start()
            log("result: \(loop.runInMode("default", seconds: 10, returnAfterSourceHandled: false))")
            keeper.invalidate()
        }
    }

    /// Foundation's `run()` and `run(until:)` loop over `run(mode:before:)`: a stop ends only the
    /// inner run, and the loop goes on.
    @Test("run() and run(until:) go on after a stop", .tags(.foundationWrapper))
    func runIgnoresStop() async {
        let expected = ["A stops the loop", "B", "run() returned after both", "run(until:) went on to its limit: true"]
        await conformCF(expected: expected) { loop, log in
            loop.timer(in: 0.01) { _ in
                log("A stops the loop")
                loop.stop()
            }
            loop.timer(in: 0.06) { _ in log("B") }
            loop.run()
            log("run() returned after both")

            let repeater = loop.timer(in: 0.02, interval: 0.02) { _ in }
            loop.timer(in: 0.01) { _ in loop.stop() }
            let start = monotonicSeconds()
            loop.run(untilSecondsFromNow: 0.3)
            log("run(until:) went on to its limit: \(monotonicSeconds() - start >= 0.29)")
            repeater.invalidate()
        }
    }

    /// When a thread exits, its loop is torn down: its sources leave it (CF: `__CFFinalizeRunLoop`).
    @Test("the sources of an exited thread's loop are removed")
    func exitedThreadSourcesRemoved() async {
        let expected = ["worker's source ran", "while the worker lives: in the loop", "after the exit: removed"]
        await conformCF(expected: expected) { loop, log in
            let held = Lock<(any CFLoopUnderTest, any SourceUnderTest)?>(nil)
            let alive = Gate()
            let release = Gate()
            let exited = loop.startThread { worker in
                guard let worker = worker as? any CFLoopUnderTest else { return log("not a CF loop") }
                let source = worker.source(order: 0, mode: "default") { log("worker's source ran") }
                held.withLock { $0 = (worker, source) }
                source.signal()
                _ = worker.runInMode("default", seconds: 10, returnAfterSourceHandled: true)
                alive.open()
                _ = release.waitOpen(within: 10)
            }
            _ = alive.waitOpen(within: 10)
            guard let (worker, source) = held.withLock({ $0 }) else { return log("no worker") }
            log("while the worker lives: \(worker.contains(source, mode: "default") ? "in the loop" : "removed")")
            release.open()
            exited()
            waitFor { !worker.contains(source, mode: "default") }   // CF finalizes in a TSD destructor
            log("after the exit: \(worker.contains(source, mode: "default") ? "in the loop" : "removed")")
        }
    }
}

/// The note of the suite: what Foundation's Swift API on Linux does not expose, and how the
/// CoreFoundation scenarios reach it anyway. The test checks the one assumption they rest on.
@Suite("Conformance: what Foundation on Linux does not expose")
struct FoundationReach {
    static let note = """
        Foundation's RunLoop on Linux has no observer API, no version-0 source, no addCommonMode, \
        no stop, no wake-up and no run result (run(mode:before:) says only true or false), apart from \
        underscored XCTest-only SPI (_observe, _Source, _stop) that this suite does not use. \
        On Linux the CoreFoundation scenarios reach them through the toolchain's CoreFoundation module, \
        on the very CFRunLoop behind RunLoop.current; on macOS they run against Apple's own CFRunLoop.
        """

    @Test("CFRunLoopGetCurrent() is the loop behind RunLoop.current (the CoreFoundation scenarios rest on it)")
    func coreFoundationReachesFoundationsLoop() async {
        print("note: \(Self.note)")
        let ran = await onFoundationThread(timeout: 20) { log in
            // A block queued through CoreFoundation, run by Foundation's run(mode:before:).
            CFRunLoopPerformBlock(CFRunLoopGetCurrent(), CoreFoundationSpelling.modeObject("default")) { log("ran") }
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
        #expect(ran == ["ran"])
    }
}
