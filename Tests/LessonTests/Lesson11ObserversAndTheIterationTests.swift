import Foundation
import Testing

/// Lesson 11: the student's pass of the loop against the engine's, scenario by scenario,
/// on a virtual clock; the whole trace is compared (observer log, callouts, wake-ups, results).
@Suite("Lesson 11 — Observers and the iteration", .serialized, .tags(.lesson11, .level3, .build))
struct Lesson11Tests {
    static let student = Loop.Mechanisms.reference.with(pass: StudentPass())

    static func compare(_ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: [String], expected: [String]) {
        try await Kata.traces(lesson: 11, student: student, scenario)
    }

    @Test("An idle loop sleeps until its deadline, and observers see entry, the sleep and exit")
    func idle() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.run(mode: .default, timeout: 1)
        }
        Kata.expectSameLines(actual, expected, hint: "A pass: before timers, before sources, (blocks, sources: nothing), before waiting, sleep, after waiting, handle the wake reason, blocks, then decide: the deadline has passed → timed out.")
    }

    @Test("After a source ran, the loop polls: no before/after waiting in that pass")
    func sourcePolls() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let source = Loop.Source(name: "touch events") { Loop.current.note("handled") }
            try loop.add(source, forMode: .default)
            source.signal()
            try loop.run(mode: .default, timeout: 1)
        }
        Kata.expectSameLines(actual, expected, hint: "poll = a source ran OR the timeout is 0. When polling, look for a wake reason without sleeping — and without telling observers about waiting.")
    }

    @Test("A timer wakes the loop; its callout comes after the after-waiting observers")
    func timerWake() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "tick", fireDate: loop.now + 0.5, interval: 0.5) { _ in }, forMode: .default)
            try loop.run(mode: .default, timeout: 1.2)
        }
        Kata.expectSameLines(actual, expected, hint: "'before timers' is only an announcement: due timers fire at step 9, as the reason the loop woke (`pass.handle(reason)`), after 'after waiting'.")
    }

    @Test("A port message wakes the loop and counts as a handled source")
    func portMessage() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let port = Loop.Port(name: "network") { message in Loop.current.note("got \(message)") }
            try loop.add(port, forMode: .default)
            try loop.add(try Loop.Timer(name: "reply arrives", fireDate: loop.now + 0.5) { _ in try? port.send("reply") }, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 2, returnAfterSourceHandled: true)
            loop.note("run returned \(result)")
        }
        Kata.expectSameLines(actual, expected, hint: "`pass.handle(reason)` returns true for a port message: with returnAfterSourceHandled the run ends 'handled source' — checked first at step 11. A timer never counts.")
    }

    @Test("Step 11 decides in CF's order: timed out before stopped, stopped before finished")
    func decisionOrder() async throws {
        let (actual, expected) = try await Self.compare { loop, clock in
            try loop.add(try Loop.Timer(name: "stop at the deadline", fireDate: loop.now + 1) { _ in
                Loop.current.stop()
            }, forMode: .default)
            let first = try loop.run(mode: .default, timeout: 1)
            loop.note("stop and deadline together: \(first)")
            try loop.add(try Loop.Timer(name: "stop early", fireDate: loop.now + 0.5) { _ in Loop.current.stop() }, forMode: .default)
            try loop.add(try Loop.Timer(name: "keep busy", fireDate: loop.now + 5) { _ in }, forMode: .default)
            let second = try loop.run(mode: .default, timeout: 3)
            loop.note("stop alone: \(second)")
        }
        Kata.expectSameLines(actual, expected, hint: "handledSource (if asked) → timedOut → stopped → finished. A stop that lands in the same pass as the deadline gives 'timed out' (and the stop is used up only if checked).")
    }

    @Test("Blocks run at the blocks steps, and again after sources")
    func blocks() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.perform(name: "queued before the run") {}
            let source = Loop.Source(name: "queues a block") {
                Loop.current.perform(name: "queued by the source") {}
            }
            try loop.add(source, forMode: .default)
            source.signal()
            try loop.run(mode: .default, timeout: 0.5)
        }
        Kata.expectSameLines(actual, expected, hint: "Step 3 runs blocks; step 4 runs sources and, if one ran, blocks again (so a block queued by a source runs in the same pass); step 10 runs blocks once more.")
    }

    @Test("A nested run in another mode has its own entry and exit, inside the outer pass")
    func nestedRun() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.addCommonMode(.tracking)
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .common)
            try loop.add(try Loop.Timer(name: "begin scroll", fireDate: loop.now + 0.5) { _ in
                _ = try? Loop.current.run(mode: .tracking, timeout: 0.5)
            }, forMode: .default)
            try loop.run(mode: .default, timeout: 1.5)
        }
        Kata.expectSameLines(actual, expected, hint: "Your pass runs for the nested run too (same loop, another mode): each run has its own passes, between its own entry and exit.")
    }

    @Test("The articles' observer log of one touch")
    func oneTouch() async throws {
        let activities = try await Kata.attempt(lesson: 11) { () -> [String] in
            let clock = VirtualClock()
            let loop = Loop(clock: clock, mechanisms: Self.student)
            loop.passLimit = 1_000
            let events = Log()
            let holder = SourceHolder()
            let eventQueue = Loop.Source(name: "event queue") {
                events.add("event")
                Loop.current.note("event \(events.count)")
                if events.count < 3 { holder.source?.signal() }   // more events queued: run again
            }
            holder.source = eventQueue
            let touches = Loop.Port(name: "touches") { _ in eventQueue.signal() }
            try loop.add(eventQueue, forMode: .default)
            try loop.add(touches, forMode: .default)
            try loop.add(try Loop.Timer(name: "the system sends a touch", fireDate: loop.now + 1) { _ in try? touches.send("touch") }, forMode: .default)
            let trace = loop.startTracing()
            try loop.run(mode: .default, timeout: 2)
            // From the wake-up for the touch's port message to the next sleep.
            let recorded = trace.events
            guard let woke = recorded.firstIndex(where: { if case .woke(.port) = $0.kind { true } else { false } }) else { return [] }
            guard let asleep = recorded[woke...].firstIndex(where: { $0.kind == .activity(.beforeWaiting) }) else { return [] }
            return LoopTrace.lines(Array(recorded[woke...asleep]), .activities, times: false)
        }
        // The log printed by an all-activities observer on iOS after one tap (seeds/000):
        // 1 after waiting · 2 before timers · 3 before sources · (touchesBegan) · 4–9 timers/sources
        // three more times · 10 before waiting.
        let articleLog = ["after waiting"] + Array(repeating: ["before timers", "before sources"], count: 4).flatMap { $0 } + ["before waiting"]
        Kata.expectSameLines(activities.map { String($0.dropFirst("default".count)).trimmingCharacters(in: .whitespaces) }, articleLog,
                             hint: "A tap wakes the loop through a port; its handler signals the event source, which runs in the next pass and signals itself while events remain. Each pass that ran a source polls — no 'before waiting' until a pass finds nothing.",
                             expectedTitle: "the articles' observer log")
    }

    @Test("The pass is your own: this lesson's file does not use ReferencePass")
    func ownPass() throws {
        #if Solutions
        let file = "Solutions/11-observers-and-the-iteration/OnePass.swift"
        #else
        let file = "Exercises/11-observers-and-the-iteration/OnePass.swift"
        #endif
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let code = source.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        #expect(!code.contains("ReferencePass"), "\(file) uses ReferencePass: write the ten steps yourself with the primitives of Loop.Pass")
        if code.contains("unsolved(") {
            throw Kata.Failure(description: UnsolvedLedger.shared.message(lesson: 11) ?? "Lesson 11 is not solved yet: write StudentPass.runPass(_:) in \(file)")
        }
    }
}

/// Lets a source signal itself again from its own callout.
private final class SourceHolder: @unchecked Sendable {
    weak var source: Loop.Source?   // set once, before the source can run
}
