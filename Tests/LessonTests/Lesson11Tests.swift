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

    @Test("Step 11 decides in CF's order: handled source, then timed out, then stopped, then finished")
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
            let holder = SourceHolder()
            let oneShot = Loop.Source(name: "one-shot: removes itself") {
                if let source = holder.source { Loop.current.remove(.source(source), fromMode: .default) }
            }
            holder.source = oneShot
            for item in loop.items(inMode: .default) { loop.remove(item, fromMode: .default) }
            try loop.add(oneShot, forMode: .default)
            oneShot.signal()
            let third = try loop.run(mode: .default, timeout: 3, returnAfterSourceHandled: true)
            loop.note("a handled source that emptied the mode: \(third)")
        }
        Kata.expectSameLines(actual, expected, hint: "handledSource (if asked) → timedOut → stopped → finished. A stop that lands in the same pass as the deadline gives 'timed out'; a source that emptied its mode still gives 'handled source'.")
        #expect(actual.filter { $0.contains("·") }.map { $0.components(separatedBy: "· ").last ?? "" } == [
            "stop and deadline together: timed out", "stop alone: stopped", "a handled source that emptied the mode: handled source",
        ])
    }

    @Test("A run with timeout 0 polls: its observers never hear about waiting")
    func timeoutZeroPolls() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            let nothing = try loop.run(mode: .default, timeout: 0)
            loop.note("a poll with nothing to do: \(nothing)")
            let source = Loop.Source(name: "ready") { Loop.current.note("handled") }
            try loop.add(source, forMode: .default)
            source.signal()
            let handled = try loop.run(mode: .default, timeout: 0, returnAfterSourceHandled: true)
            loop.note("a poll that ran a source, asked to return after one: \(handled)")
        }
        Kata.expectSameLines(actual, expected, hint: "poll = a source ran OR the run has no time at all (`pass.hasNoTimeLeft`): a run with timeout 0 only looks — no 'before waiting', no 'after waiting'. And at step 11 'handled source' comes before 'timed out': a poll that ran a source, asked to return after one, ends 'handled source'.")
    }

    @Test("A last one-shot timer that calls stop(): the run ends 'stopped', though the mode is now empty")
    func stopFromTheLastTimer() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "last: stops the run", fireDate: loop.now + 0.5) { _ in Loop.current.stop() }, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 2)
            loop.note("run returned \(result)")
        }
        Kata.expectSameLines(actual, expected, hint: "The one-shot timer is gone after its callout, so the mode is empty — but its callout asked to stop, and step 11 checks 'stopped' before 'finished' (handled source → timed out → stopped → finished).")
    }

    @Test("A block queued by a timer or a port message runs in the same pass, at step 10")
    func blocksAfterTheWake() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let replies = Loop.Port(name: "replies") { _ in Loop.current.perform(name: "queued by the port message") {} }
            try loop.add(replies, forMode: .default)
            try loop.add(try Loop.Timer(name: "reply arrives", fireDate: loop.now + 0.5) { _ in try? replies.send("reply") }, forMode: .default)
            try loop.add(try Loop.Timer(name: "last timer", fireDate: loop.now + 1) { _ in
                Loop.current.perform(name: "queued by the last timer") {}
            }, forMode: .default)
            try loop.run(mode: .default, timeout: 1)   // the last timer fires at the deadline
        }
        Kata.expectSameLines(actual, expected, hint: "Step 10 runs blocks again, after the wake reason was handled: a block queued by a timer or a port handler runs in the same pass — before step 11 decides, so even the run's last pass runs it.")
    }

    @Test("Blocks run at the blocks steps, and again right after sources — before a port message")
    func blocks() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.perform(name: "queued before the run") {}
            let replies = Loop.Port(name: "replies") { _ in }
            let source = Loop.Source(name: "queues a block, sends a message") {
                Loop.current.perform(name: "queued by the source") {}
                try? replies.send("reply")
            }
            try loop.add(replies, forMode: .default)
            try loop.add(source, forMode: .default)
            source.signal()
            try loop.run(mode: .default, timeout: 0.5)
        }
        Kata.expectSameLines(actual, expected, hint: "Step 3 runs blocks; step 4 runs sources and, if one ran, blocks again — so a block queued by a source runs before the port message found at step 9; step 10 runs blocks once more.")
        let block = actual.firstIndex { $0.contains("queued by the source") } ?? Int.max
        let message = actual.firstIndex { $0.contains("replies ← reply") } ?? -1
        #expect(block < message, "the block queued by the source must run before the port message of the same pass")
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

    @Test("On the main loop, main-queue work that arrived meanwhile is serviced without sleeping")
    func mainQueueSkipsTheSleep() async throws {
        let scenario: @Sendable (Loop, MainQueue) throws -> Void = { loop, queue in
            try loop.add(try Loop.Timer(name: "network callback", fireDate: loop.now + 0.5) { _ in
                queue.async(name: "update the UI") {
                    queue.async(name: "queued by the update") {}
                }
            }, forMode: .default)
            try loop.run(mode: .default, timeout: 1)
        }
        let actual = try await Kata.attempt(lesson: 11) { try Kata.mainLoopTrace(Self.student, .all, scenario) }
        let expected = try Kata.mainLoopTrace(.reference, .all, scenario)
        Kata.expectSameLines(actual, expected, hint: "Step 6: if `pass.mainQueueShouldBeServicedWithoutSleeping()`, the wake reason is `.mainQueue` and the pass skips before waiting, the sleep and after waiting. (The primitive itself makes sure it is not two passes in a row.)")
        let update = actual.firstIndex { $0.contains("update the UI") } ?? 0
        let sleptFirst = actual[..<update].suffix(2).contains { $0.contains("before waiting") || $0.contains("after waiting") }
        #expect(!sleptFirst, "the main loop slept before servicing main-queue work that was already waiting")
    }

    @Test("The articles' observer log of one touch")
    func oneTouch() async throws {
        // A tap: the system's port message wakes the loop; its handler signals the event source,
        // which runs in the next pass and signals itself again while events remain.
        let (actual, expected) = try await Self.compare { loop, _ in
            let events = Log()
            let holder = SourceHolder()
            let eventQueue = Loop.Source(name: "event queue") {
                events.add("event")
                Loop.current.note(events.count == 1 ? "touchesBegan" : "event \(events.count)")
                if events.count < 3, let source = holder.source { source.signal() }   // more events queued: run again
            }
            holder.source = eventQueue
            let touches = Loop.Port(name: "touches") { _ in eventQueue.signal() }
            try loop.add(eventQueue, forMode: .default)
            try loop.add(touches, forMode: .default)
            try loop.add(try Loop.Timer(name: "the system sends a touch", fireDate: loop.now + 1) { _ in try? touches.send("touch") }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Kata.expectSameLines(actual, expected, hint: "A pass that ran a source polls: the event source's passes have no before/after waiting, until a pass finds nothing to do.")
        // The log an all-activities observer printed on iOS after one tap (seeds/000), counted
        // from the wake-up for the touch to the next sleep:
        // 1 after waiting · 2 before timers · 3 before sources · touchesBegan · 4–9 before
        // timers / before sources three more times · 10 before waiting.
        let articleLog = ["after waiting"] + Array(repeating: ["before timers", "before sources"], count: 4).flatMap { $0 } + ["before waiting"]
        Kata.expectSameLines(Self.activitiesFromTheTouch(actual), articleLog,
                             hint: "A tap wakes the loop through a port; its handler signals the event source, which runs in the next pass and signals itself while events remain. Each pass that ran a source polls — no 'before waiting' until a pass finds nothing.",
                             expectedTitle: "the articles' observer log")
    }

    /// The activities (without times and mode) from the wake-up by the touches port to the next sleep.
    static func activitiesFromTheTouch(_ lines: [String]) -> [String] {
        guard let woke = lines.firstIndex(where: { $0.contains("woke: port \"touches\"") }),
              let asleep = lines[woke...].firstIndex(where: { $0.hasSuffix("before waiting") }) else { return [] }
        let activities = ["after waiting", "before timers", "before sources", "before waiting"]
        return lines[woke...asleep].compactMap { line in activities.first { line.hasSuffix("  \($0)") } }
    }

    @Test("The pass is your own: this lesson's file does not reach the engine's pass")
    func ownPass() throws {
        #if Solutions
        let file = "Solutions/11-observers-and-the-iteration/OnePass.swift"
        #else
        let file = "Exercises/11-observers-and-the-iteration/OnePass.swift"
        #endif
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        // The code without its comments: everything after `//` on a line.
        let code = source.split(separator: "\n").map { $0.components(separatedBy: "//").first ?? "" }.joined(separator: "\n")
        // A pass that calls the engine's own is indistinguishable at run time (same primitives,
        // same order), so the file is read: the engine's pass is reached only through
        // `ReferencePass` or a `Loop.Mechanisms` (whose `pass` is it), and the file needs neither.
        for name in ["ReferencePass", "Mechanisms", "mechanisms"] where code.contains(name) {
            Issue.record("\(file) uses \(name): calling the engine's pass is not allowed — write the steps yourself with the primitives of Loop.Pass")
        }
        if code.contains("unsolved(") {
            throw Kata.Failure(description: UnsolvedLedger.shared.message(lesson: 11) ?? HarnessText.notSolved(lesson: "11", function: "StudentPass.runPass(_:)", file: file).localized)
        }
    }
}

/// Lets a source signal itself again from its own callout.
private final class SourceHolder: @unchecked Sendable {
    weak var source: Loop.Source?   // set once, before the source can run
}

extension ChineseTestNames {
    static let lesson11: [String: String] = [:]
}
