// Rules of CFRunLoop.c the engine once differed on (docs/DIFFERENCES.md lists what still
// differs): past fire dates, modes never made, `.common` in CFRunLoopContainsSource, the
// source0 result, and a timer left behind by a thread that exited.
//
// Besides the operations of Adapters.swift these scenarios need three more, defined here on
// both sides: the loop's modes (`CFRunLoopCopyAllModes` / `allModes`), adding a timer that
// exists already (`RunLoop.add(_:forMode:)`), and adding a source to a second mode.
import CoreFoundation
import Foundation
import RunLoopEngine
import Testing

/// What these scenarios need beyond ``LoopUnderTest``.
protocol MoreLoopUnderTest: LoopUnderTest {
    /// `RunLoop.add(_:forMode:)` with a timer made earlier (possibly for another loop).
    func add(_ timer: any TimerUnderTest, mode: String)
}

/// What these scenarios need beyond ``CFLoopUnderTest``.
protocol MoreCFLoopUnderTest: CFLoopUnderTest, MoreLoopUnderTest {
    /// The names of the loop's modes, sorted ("default" for the default mode).
    var allModes: [String] { get }
    /// `CFRunLoopAddSource` with a source made earlier.
    func add(_ source: any SourceUnderTest, mode: String)
}

extension FoundationLoop: MoreLoopUnderTest {
    func add(_ timer: any TimerUnderTest, mode: String) {
        guard let timer = timer as? FoundationTimer else { return }
        loop.add(timer.timer, forMode: Self.mode(mode))
    }
}

extension EngineLoop: MoreCFLoopUnderTest {
    func add(_ timer: any TimerUnderTest, mode: String) {
        guard let timer = (timer as? EngineTimer)?.timer else { return }
        // CF ignores a timer of another loop; the engine refuses it with an error.
        do { try loop.add(timer, forMode: Self.mode(mode)) } catch { log("not added: \(error)") }
    }

    var allModes: [String] { loop.allModes.map { $0 == .default ? "default" : $0.name }.sorted() }

    func add(_ source: any SourceUnderTest, mode: String) {
        guard let source = (source as? EngineSource)?.source else { return }
        do { try loop.add(source, forMode: Self.mode(mode)) } catch { log("error: \(error)") }
    }
}

extension FoundationLoop: MoreCFLoopUnderTest {
    var allModes: [String] {
        guard let modes = CFRunLoopCopyAllModes(cf) else { return [] }
        return (0..<CFArrayGetCount(modes)).map { index in
            let name = unsafeBitCast(CFArrayGetValueAtIndex(modes, index), to: CFString.self)
            if CFEqual(name, CoreFoundationSpelling.modeObject("default")) { return "default" }
            var buffer = [CChar](repeating: 0, count: 256)
            _ = CFStringGetCString(name, &buffer, buffer.count, CFStringBuiltInEncodings.UTF8.rawValue)
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }.sorted()
    }

    func add(_ source: any SourceUnderTest, mode: String) {
        guard let source = source as? CFSource else { return }
        CFRunLoopAddSource(cf, source.source, Self.cfMode(mode))
    }
}

/// ``conform(expected:timeout:sourceLocation:_:)`` with the operations above.
private func conformMore(
    expected: [String], sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @escaping @Sendable (any MoreLoopUnderTest, Log) -> Void
) async {
    await conform(expected: expected, sourceLocation: sourceLocation) { loop, log in
        guard let loop = loop as? any MoreLoopUnderTest else { return log("no MoreLoopUnderTest") }
        scenario(loop, log)
    }
}

@Suite("Conformance: CF's rules for fire dates, unmade modes and exited threads")
struct CFRuleScenarios {
    /// `CFRunLoopTimerCreate` turns a fire date in the past into now: two overdue timers are
    /// due in the order they were made, whatever their stale dates say.
    @Test("overdue timers fire in the order made, not by their stale dates")
    func overdueTimersInTheOrderMade() async {
        await conformMore(expected: ["one second late", "two seconds late", "run → true"]) { loop, log in
            loop.timer(at: loop.now - 1, interval: 0, mode: "default") { _ in log("one second late") }
            loop.timer(at: loop.now - 2, interval: 0, mode: "default") { _ in log("two seconds late") }
            log("run → \(loop.run("default", for: 5))")
        }
    }

    /// A repeating timer made 1.5 intervals in the past fires at once, and its next tick is a
    /// whole interval later: its phase starts at "now", not at the date it was given.
    /// (Without the clamp the next tick would come half an interval later.)
    @Test("a repeating timer made in the past counts its ticks from now")
    func pastRepeatingTimerPhase() async {
        let expected = ["tick 1", "tick 2, a whole interval after tick 1: true", "run → true"]
        await conformMore(expected: expected) { loop, log in
            let ticks = Counter()
            let first = Lock<Double?>(nil)
            loop.timer(at: loop.now - 0.3, interval: 0.2, mode: "default") { timer in
                let tick = ticks.next()
                if tick == 1 {
                    first.withLock { $0 = monotonicSeconds() }
                    log("tick 1")
                } else {
                    let gap = monotonicSeconds() - (first.withLock({ $0 }) ?? 0)
                    log("tick 2, a whole interval after tick 1: \(gap > 0.15)")
                    timer.invalidate()
                }
            }
            log("run → \(loop.run("default", for: 5))")
        }
    }

    /// The loop of an exited thread is torn down (`__CFFinalizeRunLoop`) and, once freed, lets
    /// go of its timers (`__CFRunLoopDeallocateTimers`): such a timer can join another loop,
    /// and fires there.
    @Test("a timer left in an exited thread's loop can join another loop")
    func timerOfAnExitedThreadsLoop() async {
        await conformMore(expected: ["fired in default", "run → true"]) { loop, log in
            let left = Lock<(any TimerUnderTest)?>(nil)
            let join = loop.startThread { inner in
                left.withLock { $0 = inner.timer(in: 0.05) { _ in log("fired in \(loop.currentMode)") } }
            }
            join()
            guard let timer = left.withLock({ $0 }) else { return log("no timer") }
            loop.add(timer, mode: "default")
            log("run → \(loop.run("default", for: 5))")
        }
    }
}

/// ``conformCF(expected:timeout:sourceLocation:_:)`` with the operations above.
private func conformMoreCF(
    expected: [String], sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @escaping @Sendable (any MoreCFLoopUnderTest, Log) -> Void
) async {
    await conformCF(expected: expected, sourceLocation: sourceLocation) { loop, log in
        guard let loop = loop as? any MoreCFLoopUnderTest else { return log("no MoreCFLoopUnderTest") }
        scenario(loop, log)
    }
}

@Suite("Conformance: CF's rules for unmade modes, .common and the source0 result")
struct CFRuleCoreFoundationScenarios {
    /// `CFRunLoopRunSpecific` looks the mode up without making it (`__CFRunLoopCopyMode(…,
    /// false)`): a mode never made runs as an empty one and stays unmade.
    /// `CFRunLoopPerformBlock` makes the modes it names.
    @Test("running a mode never made finishes and does not make it; a block for a mode makes it")
    func modeNeverMade() async {
        let expected = ["run in mode → finished", "modes: default", "modes after a block: blocks default"]
        await conformMoreCF(expected: expected) { loop, log in
            log("run in mode → \(loop.runInMode("never", seconds: 0.05, returnAfterSourceHandled: false))")
            log("modes: \(loop.allModes.joined(separator: " "))")
            loop.performBlock(inModes: ["blocks"]) {}
            log("modes after a block: \(loop.allModes.joined(separator: " "))")
        }
    }

    /// Foundation's `run(mode:before:)` on a mode never made: false (the mode is empty), and
    /// the mode is still not made.
    @Test("run(mode:before:) on a mode never made returns false and does not make it", .tags(.foundationWrapper))
    func modeNeverMadeThroughTheWrapper() async {
        await conformMoreCF(expected: ["run(mode:before:) → false", "modes: default"]) { loop, log in
            log("run(mode:before:) → \(loop.run("never", for: 0.05))")
            log("modes: \(loop.allModes.joined(separator: " "))")
        }
    }

    /// `CFRunLoopContainsSource(rl, source, kCFRunLoopCommonModes)` asks whether the source is
    /// a common item, not whether every common mode holds it.
    @Test("contains(_:inMode: .common) asks the common items")
    func containsInCommonModes() async {
        let expected = ["in default and tracking: common false, tracking true", "added to common: common true"]
        await conformMoreCF(expected: expected) { loop, log in
            loop.addCommonMode("tracking")
            let everywhere = loop.source(order: 0, mode: "default") {}
            loop.add(everywhere, mode: "tracking")
            log("in default and tracking: common \(loop.contains(everywhere, mode: "common")), tracking \(loop.contains(everywhere, mode: "tracking"))")
            let common = loop.source(order: 0, mode: "common") {}
            log("added to common: common \(loop.contains(common, mode: "common"))")
            everywhere.invalidate()
            common.invalidate()
        }
    }

    /// `__CFRunLoopDoSources0` answers with the last source it came to: the first source
    /// invalidates the second, so the second answers false, and the pass sleeps (before
    /// waiting) although a source ran.
    @Test("the source0 result is the last source's answer")
    func source0Result() async {
        let expected = [
            "entry", "before timers", "before sources", "first", "before waiting", "after waiting", "exit",
            "result: timed out",
        ]
        await conformMoreCF(expected: expected) { loop, log in
            let second = loop.source(order: 1, mode: "default") { log("second") }
            let first = loop.source(order: 0, mode: "default") {
                log("first")
                second.invalidate()
            }
            let observer = loop.observe("default", order: 0) { log($0) }
            first.signal()
            second.signal()
            log("result: \(loop.runInMode("default", seconds: 0.1, returnAfterSourceHandled: false))")
            observer.invalidate()
            first.invalidate()
        }
    }
}
