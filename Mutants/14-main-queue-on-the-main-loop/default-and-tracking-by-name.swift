// Mutant: services the main queue in the default and tracking modes by name, not in a mode marked common later
// Lesson 14 — Main queue on the main loop          Lessons/14-main-queue-on-the-main-loop.md
//
// Write `StudentMainQueue`: how the main run loop services the main queue
// (`DispatchQueue.main`) — in which modes, and how much work per service.
//
// Run just this lesson:   swift test --filter Lesson14Tests      (or: swift run kata watch)

import KataCore
import RunLoopEngine

/// The main loop's side of the main queue.
public struct StudentMainQueue: MainQueueServicing {
    public init() {}

    /// Whether the main loop, while it runs `mode`, services the main queue.
    /// (`commonModes` is the main loop's set of common modes.)
    public func servicesMainQueue(in mode: Loop.Mode, commonModes: Set<Loop.Mode>) -> Bool {
        // CF puts the main queue's port in the wait set only for common modes: default and
        // tracking on iOS. In a private mode (a modal run, say) main-queue work waits.
        mode == .default || mode == .tracking
    }

    /// Runs the main queue's work: what is queued now, in order (`queue.takeAll()`,
    /// `queue.takeFirst()`, `item.run()`).
    public func service(_ queue: MainQueue) {
        // Take a snapshot: work queued by these items waits for the next service, so a block that
        // re-queues itself cannot keep the loop from its other sources.
        for item in queue.takeAll() {
            item.run()
        }
    }
}
