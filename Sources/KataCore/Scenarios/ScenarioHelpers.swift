import Dispatch
import RunLoopEngine
import Synchronization

/// The pieces the scenarios share: a watched loop thread, a loop handed between threads, small
/// counters and flags.

/// A loop thread on a virtual clock whose test side can wait until the loop sleeps.
///
/// Without `run`, the loop runs its default mode until stopped, and tracing starts once it first
/// sleeps. With `run`, tracing starts after `setUp` and `run` says what the thread does. A step
/// that throws leaves a note saying so, in `language`.
final class SleepWatchedThread: @unchecked Sendable {
    let thread: LoopThread
    private let asleep = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)
    private let go = DispatchSemaphore(value: 0)
    private let loopBox = Lock<Loop?>(nil)
    private let runsItself: Bool

    init(
        name: String, registry: LoopRegistry = LoopRegistry(clock: VirtualClock()), isMain: Bool = false,
        language: Language, setUp: @escaping @Sendable (Loop) throws -> Void,
        run: (@Sendable (Loop) throws -> Void)? = nil
    ) {
        let asleep = self.asleep, ready = self.ready, go = self.go, loopBox = self.loopBox
        runsItself = run != nil
        thread = LoopThread(name: name, registry: registry, isMain: isMain) {
            let loop = Loop.current
            let watcher = Loop.Observer(name: "scenario", activities: .beforeWaiting) { _ in asleep.signal() }
            do {
                try setUp(loop)
                try loop.add(watcher, forMode: .default)
            } catch {
                loop.note(Text(en: "set-up failed: \(error)", zh: "准备工作失败：\(error)"), in: language)
            }
            loopBox.withLock { $0 = loop }
            ready.signal()
            guard let run else {
                _ = try? loop.run(mode: .default, timeout: .infinity)
                return
            }
            go.wait()
            do { try run(loop) } catch { loop.note(Text(en: "the scenario failed: \(error)", zh: "场景运行失败：\(error)"), in: language) }
        }
    }

    /// The thread's loop, once it has started.
    var loop: Loop? { loopBox.withLock { $0 } }

    /// Starts the thread and starts tracing its loop: once it sleeps, or, with `run`, before it runs.
    func start() throws -> LoopTrace {
        try thread.start()
        ready.wait()
        guard runsItself else {
            waitUntilAsleep()
            return loop!.startTracing()
        }
        let trace = loop!.startTracing()
        go.signal()
        return trace
    }

    func waitUntilAsleep() { _ = asleep.wait(timeout: .now() + 5) }

    /// Stops the loop, waits for the thread, returns the trace.
    func stop(_ trace: LoopTrace) -> LoopTrace {
        loop?.stop()
        return join(trace)
    }

    /// Waits for the thread to end, returns the trace.
    func join(_ trace: LoopTrace) -> LoopTrace {
        thread.join(timeout: 5)
        return trace
    }
}

/// The events of a touch, waiting for the event source.
final class EventQueue: @unchecked Sendable {
    private let events = Lock<[String]>([])
    weak var source: Loop.Source?   // set once, before the source can run

    func append(_ more: [String]) { events.withLock { $0.append(contentsOf: more) } }
    func next() -> String? { events.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
    var hasMore: Bool { events.withLock { !$0.isEmpty } }
}

final class TickCounter: Sendable {
    private let count = Atomic(0)
    func next() -> Int { count.wrappingAdd(1, ordering: .relaxed).newValue }
}

final class Flag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
}

/// A source that signals itself again from its own perform, without holding itself alive.
final class WeakSource: @unchecked Sendable {
    weak var source: Loop.Source?   // set once, before the source can run
}
