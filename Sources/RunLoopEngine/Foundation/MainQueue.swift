import Synchronization

/// The main queue: work sent from any thread to run on the main thread, serviced by the main
/// loop when it runs a common mode. Dispatch: `DispatchQueue.main` (CF services it through
/// `_dispatch_main_queue_callback_4CF`, `__CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__`).
///
/// Each ``LoopRegistry`` has one, for its main loop. Work queued here keeps the main loop's
/// common modes from ever being empty, runs first in first out, and never runs re-entrantly
/// (it is a serial queue): a loop run nested inside main-queue work does not service it.
public final class MainQueue: @unchecked Sendable {
    // @unchecked: mutable state lives in `box` (a Lock).

    /// One piece of work on the main queue.
    public struct WorkItem: Sendable {
        public let name: String
        let work: @Sendable () -> Void

        /// Runs the work (on the main loop's thread) and records it in the loop's trace.
        public func run() {
            if let loop = ThreadRecord.current.runningLoops.last {
                loop.record(.callout(.mainQueue, name), mode: loop.currentMode ?? .default)
            }
            work()
        }
    }

    private struct Box {
        var items: [WorkItem] = []
        var draining = false
    }

    private let box = Lock(Box())
    weak var registry: LoopRegistry?

    init() {}

    /// Queues `work` to run on the main loop's thread, and wakes the main loop.
    /// Dispatch: `DispatchQueue.main.async`.
    public func async(name: String = "main-queue work", _ work: @escaping @Sendable () -> Void) {
        box.withLock { $0.items.append(WorkItem(name: name, work: work)) }
        registry?.existingMainLoop?.waiter.notify()
    }

    /// Takes every item queued now (those queued later wait for the next service).
    public func takeAll() -> [WorkItem] {
        box.withLock { box in
            defer { box.items.removeAll() }
            return box.items
        }
    }

    /// Takes the oldest item, if any.
    public func takeFirst() -> WorkItem? {
        box.withLock { $0.items.isEmpty ? nil : $0.items.removeFirst() }
    }

    /// Whether there is work and no service is in progress.
    var isReady: Bool { box.withLock { !$0.items.isEmpty && !$0.draining } }
    var isDraining: Bool { box.withLock { $0.draining } }

    func setDraining(_ draining: Bool) { box.withLock { $0.draining = draining } }
}

/// How the main loop services the main queue. CF: the dispatch port of `__CFRunLoopRun`.
///
/// **Lesson 14 writes this.**
/// - ``servicesMainQueue(in:commonModes:)``: the main loop services the main queue only while it
///   runs a *common* mode (CF adds the dispatch port to the wait set only then). In a private
///   mode, main-queue work waits.
/// - ``service(_:)``: runs the work queued at that moment, first in first out; work queued while
///   it runs waits for the next service (CF drains a snapshot).
public protocol MainQueueServicing: Sendable {
    /// Whether the main loop, running `mode`, services the main queue.
    func servicesMainQueue(in mode: Loop.Mode, commonModes: Set<Loop.Mode>) -> Bool
    /// Runs the work queued now, in order.
    func service(_ queue: MainQueue)
}

/// The engine's own main-queue servicing.
public struct ReferenceMainQueueServicing: MainQueueServicing {
    public init() {}

    public func servicesMainQueue(in mode: Loop.Mode, commonModes: Set<Loop.Mode>) -> Bool {
        commonModes.contains(mode)
    }

    public func service(_ queue: MainQueue) {
        for item in queue.takeAll() { item.run() }
    }
}

extension Loop {
    /// Whether this loop, running `mode`, services its registry's main queue.
    func mainQueueServiced(in mode: Mode, state: LoopState) -> Bool {
        guard state.isMain, let queue = registry?.mainQueue, !queue.isDraining else { return false }
        return mechanisms.mainQueue.servicesMainQueue(in: mode, commonModes: state.commonRules.commonModes)
    }

    /// Whether there is main-queue work this loop should run now, in `mode`.
    func mainQueueHasWork(for mode: Mode, state: LoopState) -> Bool {
        guard mainQueueServiced(in: mode, state: state), let queue = registry?.mainQueue else { return false }
        return queue.isReady
    }

    /// Runs the main queue's waiting work. CF: `__CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__`.
    func serviceMainQueue(in mode: Mode) {
        guard let queue = registry?.mainQueue else { return }
        queue.setDraining(true)
        withCalloutPool(.always) { mechanisms.mainQueue.service(queue) }
        queue.setDraining(false)
    }
}
