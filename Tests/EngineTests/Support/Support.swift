// EngineTests' own helpers. What every suite shares (Log, Gate, until, offPool,
// virtualLoop) is in TestSupport, exported to every file of this target from here.
@_exported import TestSupport
import Testing
@testable import RunLoopEngine
import TraceViews

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
    private let mode: Loop.Mode
    private let loopBox = Lock<Loop?>(nil)
    private let ready = Gate()
    private let asleepGate = Lock(Gate())
    private let done = Lock(false)

    init(
        name: String = "worker", registry: LoopRegistry = LoopRegistry(), isMain: Bool = false, mode: Loop.Mode = .default,
        setUp: @escaping @Sendable (Loop) throws -> Void = { _ in }
    ) {
        self.mode = mode
        let (port, box, ready, done, asleepGate) = (keepAlivePort, loopBox, self.ready, self.done, self.asleepGate)
        thread = LoopThread(name: name, registry: registry, isMain: isMain) {
            let loop = Loop.current
            let watcher = Loop.Observer(name: "asleep", activities: .beforeWaiting, order: Int.max) { _ in
                asleepGate.withLock { $0 }.open()
            }
            do {
                try loop.add(port, forMode: mode)
                try loop.add(watcher, forMode: mode)
                try setUp(loop)
            } catch {
                Issue.record("worker set-up failed: \(error)")
            }
            box.withLock { $0 = loop }
            ready.open()
            while !done.withLock({ $0 }) {
                _ = try? loop.run(mode: mode, before: .distantFuture)
            }
        }
    }

    var loop: Loop { loopBox.withLock { $0 }! }

    /// Starts the thread and waits until its loop has gone to sleep once.
    func start() async throws {
        try thread.start()
        #expect(await ready.opened(), "the worker did not set up")
        #expect(await asleepGate.withLock { $0 }.opened(), "the worker's loop did not go to sleep")
    }

    /// A gate that opens the next time the loop is about to sleep.
    func nextSleep() -> Gate {
        let gate = Gate()
        asleepGate.withLock { $0 = gate }
        return gate
    }

    /// Ends the guarded loop and waits for the thread to exit.
    ///
    /// Not with `loop.stop()` from here: a stop is dropped while the loop is not running, and
    /// the worker is between two runs each time it has handled a source (a perform a test sent
    /// it), so the next run would sleep for ever. Work performed on the worker waits in its loop
    /// for the next run, which returns once it has run it, and the worker sees `done`.
    func stop() async {
        done.withLock { $0 = true }
        try? thread.perform(modes: [mode]) {}
        #expect(await thread.finish(timeout: 5), "the worker did not exit")
    }
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

/// A thread whose body waits (on its own thread) until the test lets it go.
final class HeldThread: Sendable {
    let thread: LoopThread
    let release = Latch()
    let started = Gate()

    init(
        name: String = "held", registry: LoopRegistry = LoopRegistry(), isMain: Bool = false,
        body: @escaping @Sendable () -> Void = {}
    ) {
        let (release, started) = (self.release, self.started)
        thread = LoopThread(name: name, registry: registry, isMain: isMain) {
            started.open()
            // Held until released, however long the test takes to get there on a loaded
            // machine: a hold with a time limit of its own would let the thread end while a
            // test still counts on it running. A holder dropped unreleased releases it (deinit).
            _ = release.wait(timeout: nil)
            body()
        }
    }

    deinit { release.open() }

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
