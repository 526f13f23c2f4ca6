// Conformance: the same scenario on Foundation's RunLoop (the real CFRunLoop of
// swift-corelibs-foundation) and on our engine, each on its own thread and on the real clock;
// what each side observes is written to a log, line by line, and the two logs must be equal.
//
// Every scenario also states the log it expects, so that a scenario in which both sides did
// nothing at all cannot pass, and so that the suite reads as a list of facts about Foundation.
//
// Rules that keep the suite from flaking on a loaded two-core machine:
// - logs hold events, their order and counts, never times; a time only ever appears as a
//   coarse yes/no ("returned before its 5 s limit"), with a margin of seconds;
// - timers that must fire in a given order are tens of milliseconds apart *and* the order is
//   the same if the thread is late and they all come due at once;
// - a side runs on a thread of its own; the test awaits it without blocking a pool thread, and
//   gives up after a timeout (the scenario then fails, it never hangs the run).
import Foundation
import RunLoopEngine
import Synchronization
import Testing

/// What one side of a scenario observed, one line per observation.
final class Log: Sendable {
    private let lines = Mutex<[String]>([])

    func callAsFunction(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}

/// Done once, by a thread; awaited by a task with a time limit, without blocking a thread.
final class Completion: Sendable {
    private struct State {
        var result: Bool?
        var waiter: CheckedContinuation<Bool, Never>?
    }

    private let state = Mutex(State())

    /// The thread is done.
    func finish() { settle(true) }

    /// Whether ``finish()`` was called.
    var isDone: Bool { state.withLock { $0.result == true } }

    /// Waits up to `timeout` seconds. Returns whether ``finish()`` was called in time.
    func wait(timeout: Double) async -> Bool {
        let clock = Task {
            try? await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
            settle(false)
        }
        defer { clock.cancel() }
        return await withCheckedContinuation { continuation in
            let known = state.withLock { state -> Bool? in
                if state.result == nil { state.waiter = continuation }
                return state.result
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    private func settle(_ result: Bool) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: result)
    }
}

/// A value handed from one thread to another (a `RunLoop` is not `Sendable`). The scenario
/// makes sure only one thread uses it at a time, or that what it does is thread-safe.
final class Handoff<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func put(_ value: Value) { lock.withLock { stored = value } }
    var value: Value? { lock.withLock { stored } }
}

/// Runs `body` on a new Foundation `Thread`; its loop is `RunLoop.current`.
func onFoundationThread(timeout: Double, _ body: @escaping @Sendable (Log) -> Void) async -> [String]? {
    let log = Log()
    let done = Completion()
    let thread = Thread {
        body(log)
        done.finish()
    }
    thread.name = "conformance: Foundation"
    thread.start()
    return await done.wait(timeout: timeout) ? log.all : nil
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
func conform(expected: [String], timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
             _ scenario: @escaping @Sendable (any LoopUnderTest, Log) -> Void) async {
    await compare(expected: expected, timeout: timeout, sourceLocation: sourceLocation,
                  foundation: { scenario(FoundationLoop.current, $0) },
                  engine: { scenario(EngineLoop(Loop.current, log: $0), $0) })
}

/// ``conform(expected:timeout:sourceLocation:_:)`` for a scenario that needs the CoreFoundation
/// level of the loops (see FoundationCoreFoundation.swift).
func conformCF(expected: [String], timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
               _ scenario: @escaping @Sendable (any CFLoopUnderTest, Log) -> Void) async {
    await compare(expected: expected, timeout: timeout, sourceLocation: sourceLocation,
                  foundation: { scenario(FoundationLoop.current, $0) },
                  engine: { scenario(EngineLoop(Loop.current, log: $0), $0) })
}

private func compare(expected: [String], timeout: Double, sourceLocation: SourceLocation,
                     foundation: @escaping @Sendable (Log) -> Void, engine: @escaping @Sendable (Log) -> Void) async {
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
    #expect(judge == expected, "Foundation did not do what the scenario states:\n\(LoopTrace.sideBySide(expected: expected, actual: judge, actualTitle: "Foundation"))",
            sourceLocation: sourceLocation)
    #expect(engineLog == judge, "the engine differs from Foundation:\n\(LoopTrace.sideBySide(expected: judge, actual: engineLog, expectedTitle: "Foundation", actualTitle: "engine"))",
            sourceLocation: sourceLocation)
}

/// Seconds on the monotonic clock, for coarse yes/no checks.
func monotonicSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Blocks the calling (scenario) thread until `condition` holds, for at most 10 s.
func waitFor(_ condition: () -> Bool) {
    let limit = monotonicSeconds() + 10
    while !condition() && monotonicSeconds() < limit { Thread.sleep(forTimeInterval: 0.002) }
}

/// A thread-safe counter: `next()` returns 1, 2, 3…
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
    var current: Int { value.withLock { $0 } }
}

/// A thread-safe list of names.
final class Names: Sendable {
    private let names = Mutex<[String]>([])
    func add(_ name: String) { names.withLock { $0.append(name) } }
    var sorted: String { names.withLock { $0.sorted().joined(separator: " ") } }
    var inOrder: [String] { names.withLock { $0 } }
}
