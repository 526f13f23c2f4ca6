import Synchronization
import Testing
@testable import RunLoopEngine

/// A thread-safe list of what happened, for callouts to write into.
final class Log: Sendable {
    private let items = Lock<[String]>([])
    func add(_ item: String) { items.withLock { $0.append(item) } }
    var all: [String] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
}

/// A value shared between a test and its callouts.
final class Shared<Value: Sendable>: Sendable {
    private let box: Lock<Value>
    init(_ value: Value) { box = Lock(value) }
    var value: Value {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }
    func update<R>(_ body: (inout Value) -> R) -> R { box.withLock { body(&$0) } }
}

/// A gate a callout opens and a test awaits (suspending, never blocking a pool thread).
final class Gate: Sendable {
    let latch = Latch()
    func open() { latch.open() }
    var isOpen: Bool { latch.isOpen }
    /// Suspends until open, at most `timeout` seconds. Returns whether it opened.
    func opened(within timeout: Double = 5) async -> Bool { await latch.wait(timeout: timeout) }
}

/// A loop on a fresh virtual clock, owned by the calling thread, with a pass limit so that a
/// bug can never spin for ever. Use it from synchronous tests (one thread for the whole test).
func virtualLoop(name: String = "loop", mechanisms: Loop.Mechanisms = .reference) -> (Loop, VirtualClock) {
    let clock = VirtualClock()
    let loop = Loop(clock: clock, mechanisms: mechanisms, name: name)
    loop.passLimit = 10_000
    return (loop, clock)
}

/// A port that only keeps a mode alive.
func keepAlive(_ loop: Loop, _ mode: Loop.Mode = .default) throws {
    try loop.add(Loop.Port(name: "keep-alive"), forMode: mode)
}

/// The trace lines without times: what happened, in order.
func events(_ trace: LoopTrace, _ filter: LoopTrace.Filter = .all) -> [String] {
    trace.lines(filter, times: false).map { $0.trimmingTrailingSpaces }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// Expects two lists of lines to be equal; on a mismatch prints both side by side.
func expectLines(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    Issue.record(Comment(rawValue: "\n" + LoopTrace.sideBySide(expected: expected, actual: actual)), sourceLocation: sourceLocation)
}

/// A loop thread for real-thread tests: it runs `mode` of its own loop (kept alive by a port)
/// until `stop()` ends the guarded loop, and lets the test wait — suspending, not blocking —
/// until the loop sleeps.
final class Worker: Sendable {
    let thread: LoopThread
    let keepAlivePort = Loop.Port(name: "keep-alive")
    private let loopBox = Shared<Loop?>(nil)
    private let ready = Gate()
    private let asleepGate = Shared(Gate())
    private let done = Shared(false)

    init(name: String = "worker", registry: LoopRegistry = LoopRegistry(), isMain: Bool = false, mode: Loop.Mode = .default,
         setUp: @escaping @Sendable (Loop) throws -> Void = { _ in }) {
        let (port, box, ready, done, asleepGate) = (keepAlivePort, loopBox, self.ready, self.done, self.asleepGate)
        thread = LoopThread(name: name, registry: registry, isMain: isMain) {
            let loop = Loop.current
            let watcher = Loop.Observer(name: "asleep", activities: .beforeWaiting, order: Int.max) { _ in
                asleepGate.value.open()
            }
            do {
                try loop.add(port, forMode: mode)
                try loop.add(watcher, forMode: mode)
                try setUp(loop)
            } catch {
                Issue.record("worker set-up failed: \(error)")
            }
            box.value = loop
            ready.open()
            while !done.value {
                _ = try? loop.run(mode: mode, before: .distantFuture)
            }
        }
    }

    var loop: Loop { loopBox.value! }

    /// Starts the thread and waits until its loop has gone to sleep once.
    func start() async throws {
        try thread.start()
        #expect(await ready.opened(), "the worker did not set up")
        #expect(await asleepGate.value.opened(), "the worker's loop did not go to sleep")
    }

    /// A gate that opens the next time the loop is about to sleep.
    func nextSleep() -> Gate {
        let gate = Gate()
        asleepGate.value = gate
        return gate
    }

    /// Ends the guarded loop and waits for the thread to exit.
    func stop() async {
        done.value = true
        loopBox.value?.stop()
        #expect(await thread.finish(timeout: 5), "the worker did not exit")
    }
}

/// Runs a blocking `body` on a thread of its own and awaits its result, suspending the test
/// (never blocking a pool thread), at most `timeout` seconds.
func offPool<T: Sendable>(timeout: Double = 10, registry: LoopRegistry = LoopRegistry(), isMain: Bool = false,
                          _ body: @escaping @Sendable () throws -> T) async throws -> T {
    let outcome = Shared<Result<T, any Error>?>(nil)
    let thread = LoopThread(name: "off-pool", registry: registry, isMain: isMain) {
        let result = Result { try body() }
        outcome.value = result
    }
    try thread.start()
    guard await thread.finish(timeout: timeout), let result = outcome.value else {
        throw OffPoolTimeout(seconds: timeout)
    }
    return try result.get()
}

struct OffPoolTimeout: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "the scenario did not finish within \(seconds) s" }
}

/// What the trace recorded, one summary per event (`entry`, `timer "tick"`, `→ finished`), for
/// the kinds `filter` shows.
func summaries(_ trace: LoopTrace, _ filter: LoopTrace.Filter = .all) -> [String] {
    trace.events.filter { filter.shows($0.kind) }.map(\.summary)
}

/// An observer of every activity that writes each one into `log`.
func activityLogger(_ log: Log, name: String = "watch", order: Int = 0) -> Loop.Observer {
    Loop.Observer(name: name, activities: .all, order: order) { log.add($0.description) }
}

/// Suspends until `condition` holds, looking every millisecond, at most `timeout` seconds.
/// For state no callout can announce (another thread has started to wait). Returns whether it held.
func until(_ timeout: Double = 5, _ condition: @Sendable () -> Bool) async -> Bool {
    let start = RealClock.shared.now
    while !condition() {
        if RealClock.shared.now - start > timeout { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}

/// A thread whose body waits (on its own thread) until the test lets it go.
final class HeldThread: Sendable {
    let thread: LoopThread
    let release = Latch()
    let started = Gate()

    init(name: String = "held", registry: LoopRegistry = LoopRegistry(), isMain: Bool = false,
         body: @escaping @Sendable () -> Void = {}) {
        let (release, started) = (self.release, self.started)
        thread = LoopThread(name: name, registry: registry, isMain: isMain) {
            started.open()
            _ = release.wait(timeout: 30)
            body()
        }
    }

    func start() async throws {
        try thread.start()
        #expect(await started.opened())
    }

    /// Lets the body go on and waits for the thread to exit.
    func finish() async {
        release.open()
        #expect(await thread.finish(timeout: 5))
    }
}
