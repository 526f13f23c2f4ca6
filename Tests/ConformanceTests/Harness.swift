// Conformance: the same scenario on Foundation's RunLoop (the real CFRunLoop of
// swift-corelibs-foundation) and on our engine, each on its own thread and on the real clock;
// what each side observes is written to a log, line by line, and the two logs must be equal.
//
// Every scenario also states the log it expects, so that a scenario in which both sides did
// nothing at all cannot pass, and so that the suite reads as a list of facts about Foundation.
//
// Rules that keep the suite from flaking on a loaded machine with few cores:
// - logs hold events, their order and counts, never times; a time only ever appears as a
//   coarse yes/no ("returned before its 5 s limit"), with a margin of seconds;
// - timers that must fire in a given order are tens of milliseconds apart *and* the order is
//   the same if the thread is late and they all come due at once;
// - a side runs on a thread of its own; the test awaits it without blocking a pool thread, and
//   gives up after a timeout (the scenario then fails, it never hangs the run).
import Foundation
import RunLoopEngine
import TraceViews
@_exported import TestSupport
import Testing

extension Tag {
    /// A scenario that states what Foundation's Swift `RunLoop` wrapper does (`run(mode:before:)`'s
    /// Bool, `run()` looping over it), not CFRunLoop alone: on Linux swift-corelibs' Swift code,
    /// on macOS Apple's Objective-C `NSRunLoop`, which is other code (see Adapters.swift).
    @Tag static var foundationWrapper: Self
}

/// Runs `body` on a new Foundation `Thread`; its loop is `RunLoop.current`.
func onFoundationThread(timeout: Double, _ body: @escaping @Sendable (Log) -> Void) async -> [String]? {
    let log = Log()
    let done = Gate()
    let thread = Thread {
        body(log)
        done.open()
    }
    thread.name = "conformance: Foundation"
    thread.start()
    return await done.opened(within: timeout) ? log.all : nil
}

/// Runs `body` on a new ``LoopThread``; its loop is `Loop.current`.
func onEngineThread(timeout: Double, _ body: @escaping @Sendable (Log) -> Void) async -> [String]? {
    let log = Log()
    let thread = LoopThread(name: "conformance: engine") { body(log) }
    do { try thread.start() } catch { return ["could not start the thread: \(error)"] }
    return await thread.finish(timeout: timeout) ? log.all : nil
}

/// Runs `scenario` on both sides at once — on Foundation's loop and on the engine's, each on a
/// thread of its own — and compares what they observed.
/// - Parameters:
///   - expected: what Foundation is known to do (the scenario's statement).
///   - timeout: seconds each side may take; a side still running then fails the scenario.
func conform(
    expected: [String], timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @escaping @Sendable (any LoopUnderTest, Log) -> Void
) async {
    await compare(
        expected: expected, timeout: timeout, sourceLocation: sourceLocation,
        foundation: { scenario(FoundationLoop.current, $0) },
        engine: { scenario(EngineLoop(Loop.current, log: $0), $0) })
}

/// ``conform(expected:timeout:sourceLocation:_:)`` for a scenario that needs the CoreFoundation
/// level of the loops (see FoundationCoreFoundation.swift).
func conformCF(
    expected: [String], timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @escaping @Sendable (any CFLoopUnderTest, Log) -> Void
) async {
    await compare(
        expected: expected, timeout: timeout, sourceLocation: sourceLocation,
        foundation: { scenario(FoundationLoop.current, $0) },
        engine: { scenario(EngineLoop(Loop.current, log: $0), $0) })
}

func compare(
    expected: [String], timeout: Double, sourceLocation: SourceLocation,
    foundation: @escaping @Sendable (Log) -> Void, engine: @escaping @Sendable (Log) -> Void
) async {
    async let judged = onFoundationThread(timeout: timeout, foundation)
    async let ours = onEngineThread(timeout: timeout, engine)
    let (judge, engineLog) = await (judged, ours)
    guard let judge else {
        Issue.record("the Foundation side did not finish within \(timeout) s", sourceLocation: sourceLocation)
        return
    }
    guard let engineLog else {
        Issue.record("the engine side did not finish within \(timeout) s", sourceLocation: sourceLocation)
        return
    }
    #expect(
        judge == expected,
        "Foundation did not do what the scenario states:\n\(LoopTrace.sideBySide(expected: expected, actual: judge, actualTitle: "Foundation"))",
        sourceLocation: sourceLocation)
    #expect(
        engineLog == judge,
        "the engine differs from Foundation:\n\(LoopTrace.sideBySide(expected: judge, actual: engineLog, expectedTitle: "Foundation", actualTitle: "engine"))",
        sourceLocation: sourceLocation)
}

/// Blocks the calling (scenario) thread until `condition` holds, for at most 10 s.
func waitFor(_ condition: () -> Bool) {
    _ = untilBlocking(10, condition)
}

/// A thread-safe counter: `next()` returns 1, 2, 3…
final class Counter: Sendable {
    private let value = Lock(0)
    func next() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
    var current: Int { value.withLock { $0 } }
}

/// A thread-safe list of names.
final class Names: Sendable {
    private let names = Lock<[String]>([])
    func add(_ name: String) { names.withLock { $0.append(name) } }
    var sorted: String { names.withLock { $0.sorted().joined(separator: " ") } }
    var inOrder: [String] { names.withLock { $0 } }
}
