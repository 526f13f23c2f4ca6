import Foundation
import Testing

/// Lesson 12: the student's pool observers on a reference loop, against the engine's own, with
/// objects watched through weak references.
@Suite("Lesson 12 — Autorelease pool observers", .serialized, .tags(.lesson12, .level3, .build))
struct Lesson12Tests {
    static let student = Loop.Mechanisms.reference.with(autoreleasePools: StudentPoolObservers())
    static let reference = Loop.Mechanisms.reference.with(autoreleasePools: ReferenceAutoreleasePoolObservers())

    /// Runs `scenario` with the student's observers and with the engine's; returns the notes.
    static func compare(_ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: [String], expected: [String]) {
        let actual = try await Kata.attempt(lesson: 12) { try Kata.trace(student, .notes, scenario) }
        let expected = try await Kata.attempt(lesson: 12) { try Kata.trace(reference, .notes, scenario) }
        return (actual, expected)
    }

    @Test("What a callout autoreleases is released before the loop sleeps")
    func releasedBeforeSleep() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            try loop.add(try Loop.Timer(name: "makes garbage", fireDate: loop.now + 1) { _ in
                watch.autoreleaseNew()
                Loop.current.note("made an object; alive: \(watch.alive)")
            }, forMode: .default)
            try loop.add(try Loop.Timer(name: "looks", fireDate: loop.now + 2) { _ in
                Loop.current.note("next turn; alive: \(watch.alive)")
            }, forMode: .default)
            try loop.run(mode: .default, timeout: 3)
        }
        Kata.expectSameLines(actual, expected, hint: "Before the loop sleeps (before waiting), pop the pool — that releases what was autoreleased — and push a new one for the next turn.")
        #expect(actual.last?.contains("alive: false") == true)
    }

    @Test("The pool is drained when the run exits, too")
    func drainedAtExit() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            let source = Loop.Source(name: "makes garbage") { watch.autoreleaseNew() }
            try loop.add(source, forMode: .default)
            source.signal()
            try loop.run(mode: .default, timeout: 0)   // one pass, no sleep: only exit can drain
            loop.note("after the run; alive: \(watch.alive), pools open: \(AutoreleasePoolStack.current.depth)")
        }
        Kata.expectSameLines(actual, expected, hint: "A run that never sleeps still ends with exit: pop there too (and don't push again). Entry pushed one pool; exit pops it: nothing stays open.")
    }

    @Test("The pool observers come first at entry and last before sleeping, around every other observer")
    func extremeOrders() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            // App observers at the default order, and further out (but not at the extremes).
            try loop.add(Loop.Observer(name: "app observer", activities: [.entry, .beforeWaiting]) { _ in
                watch.autoreleaseNew()   // e.g. Core Animation committing a transaction
            }, forMode: .default)
            try loop.add(Loop.Observer(name: "early app observer", activities: .entry, order: -1_000_000) { _ in
                watch.autoreleaseNew()
            }, forMode: .default)
            try loop.add(Loop.Observer(name: "late app observer", activities: .beforeWaiting, order: 1_000_000) { _ in
                watch.autoreleaseNew()
            }, forMode: .default)
            try loop.add(try Loop.Timer(name: "looks", fireDate: loop.now + 1) { _ in
                Loop.current.note("after the first sleep; objects of the observers alive: \(watch.aliveCount) of \(watch.madeCount)")
            }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
            loop.note("leaked (autoreleased with no pool): \(AutoreleasePoolStack.current.leakedCount)")
        }
        Kata.expectSameLines(actual, expected, hint: "Push at UIKit's order −2147483647 (Int32.min + 1) — before every other entry observer, whatever its order, or their objects have no pool; pop at 2147483647 (Int32.max) — after every other before-waiting observer, or their objects survive the sleep.")
    }

    @Test("Work that never lets the loop sleep keeps its garbage")
    func noSleepNoRelease() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            let counter = Log()
            let busy = SourceBox()
            busy.source = Loop.Source(name: "busy") {
                watch.autoreleaseNew()
                counter.add("pass")
                if counter.count == 50 { Loop.current.note("after 50 busy passes, objects alive: \(watch.aliveCount) of \(watch.madeCount)") }
                if counter.count < 100 { busy.source?.signal() }
            }
            try loop.add(busy.source!, forMode: .default)
            busy.source!.signal()
            try loop.add(try Loop.Timer(name: "looks", fireDate: loop.now + 1) { _ in
                Loop.current.note("after the loop slept; objects alive: \(watch.aliveCount) of \(watch.madeCount)")
            }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Kata.expectSameLines(actual, expected, hint: "A loop that keeps running sources polls and never sleeps, so 'before waiting' never comes and nothing is released: the objects wait until the first sleep.")
        #expect(actual.contains { $0.hasSuffix("after 50 busy passes, objects alive: 50 of 50") } && actual.contains { $0.hasSuffix("after the loop slept; objects alive: 0 of 100") },
                "all 50 objects must still be alive while the loop never sleeps, and all 100 gone after its first sleep")
    }

    @Test("A nested run gets a pool of its own, and its exit leaves the outer run's pool open")
    func nestedRunHasItsOwnPool() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            loop.addCommonMode(.tracking)
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .common)
            try loop.add(try Loop.Timer(name: "runs a nested run", fireDate: loop.now + 1) { _ in
                let ui = Loop.current
                watch.autoreleaseNew()
                ui.note("before the nested run: pools open: \(AutoreleasePoolStack.current.depth)")
                _ = try? ui.run(mode: .tracking, timeout: 0.5)
                ui.note("after the nested run: pools open: \(AutoreleasePoolStack.current.depth)")
                watch.autoreleaseNew()
            }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
            loop.note("objects alive: \(watch.aliveCount) of \(watch.madeCount); leaked (no pool): \(AutoreleasePoolStack.current.leakedCount)")
        }
        Kata.expectSameLines(actual, expected, hint: "Every run pushes its own pool at entry and pops it at exit — a nested run too. If a nested run's entry does not push, its exit pops the OUTER run's pool, and what the outer callout autoreleases next has no pool.")
    }

    @Test("The observers are in the common modes")
    func commonModes() async throws {
        let (inDefault, tracking, modal) = try await Kata.attempt(lesson: 12) { () -> ([String], [String], [String]) in
            let loop = Loop(clock: VirtualClock(), mechanisms: Self.student)
            loop.addCommonMode(.tracking)
            loop.addCommonMode("modal")   // marked common later, as an app may
            return (Self.observers(of: loop, in: .default), Self.observers(of: loop, in: .tracking), Self.observers(of: loop, in: "modal"))
        }
        Kata.expectSameLines(tracking, inDefault,
                             hint: "The tracking mode (common on a UI loop) must get the same pool observers as the default mode, or scrolling has no pools: add them to `.common`, not to `.default`.",
                             expectedTitle: "expected in tracking (as in default)")
        Kata.expectSameLines(modal, inDefault,
                             hint: "A mode marked common later must get the pool observers too: add them to `.common` (the set), not to each mode by name.",
                             expectedTitle: "expected in \"modal\" (as in default)")
    }

    @Test("The observers sit at UIKit's orders: −2147483647 for the push, 2147483647 for the pop")
    func uikitOrders() async throws {
        let orders = try await Kata.attempt(lesson: 12) { () -> [String] in
            Self.observers(of: Loop(clock: VirtualClock(), mechanisms: Self.student), in: .default).map { line in
                // Only the role and the order: what the observers do is checked elsewhere.
                let order = line.components(separatedBy: "order ").last ?? "?"
                return line.contains("entry") ? "push observer (entry): order \(order)" : "pop observer (before waiting, exit): order \(order)"
            }
        }
        Kata.expectSameLines(orders, ["push observer (entry): order -2147483647", "pop observer (before waiting, exit): order 2147483647"],
                             hint: "The order is wrong. UIKit puts the push observer (entry) at −2147483647, which is Int32.min + 1, and the pop observer (before waiting, exit) at 2147483647, Int32.max: use exactly these — not Int32.min, not Int.min / Int.max. They are the numbers a `po [NSRunLoop mainRunLoop]` dump shows, and an observer at Int32.min would still run before UIKit's push.",
                             expectedTitle: "expected (UIKit's orders)")
    }

    /// The observers of `mode` as "activities   order N", entry observers first.
    static func observers(of loop: Loop, in mode: Loop.Mode) -> [String] {
        loop.items(inMode: mode).compactMap { item -> Loop.Observer? in
            guard case .observer(let observer) = item else { return nil }
            return observer
        }
        .sorted { ($0.activities.contains(.entry) ? 0 : 1, $0.order) < ($1.activities.contains(.entry) ? 0 : 1, $1.order) }
        .map { "\($0.activities)".padding(toLength: max(24, "\($0.activities)".count + 1), withPad: " ", startingAt: 0) + "order \($0.order)" }
    }
}

/// Makes objects, autoreleases them on the current thread, and watches the last one.
private final class Watch: Sendable {
    private final class Garbage {}
    /// A weak reference to each object made: nil once the object is gone.
    private struct Weak: @unchecked Sendable { weak var object: AnyObject? }
    private let made = Lock<[Weak]>([])

    /// Whether the last object made is still alive.
    var alive: Bool { made.withLock { $0.last?.object != nil } }
    var aliveCount: Int { made.withLock { $0.filter { $0.object != nil }.count } }
    var madeCount: Int { made.withLock { $0.count } }

    func autoreleaseNew() {
        let garbage = Garbage()
        made.withLock { $0.append(Weak(object: garbage)) }
        AutoreleasePoolStack.current.autorelease(garbage)
    }
}

private final class SourceBox: @unchecked Sendable {
    var source: Loop.Source?
}

extension ChineseTestNames {
    static let lesson12: [String: String] = [:]
}
