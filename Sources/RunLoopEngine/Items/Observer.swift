import Synchronization

extension Loop {
    /// An observer: told when a run reaches the activities it watches.
    /// CF: `CFRunLoopObserverRef` (Foundation on Linux has no public observer API).
    ///
    /// Observers of a mode are called in ascending ``order``; equal orders in the order they
    /// were added. A non-repeating observer is invalidated after its first callout. Observers do
    /// not keep a mode alive: a mode with only observers is empty. An observer belongs to one
    /// loop: adding it to a second loop throws ``LoopError/observerOwnedByAnotherLoop(observer:)``.
    public final class Observer: @unchecked Sendable {
        // @unchecked: mutable state lives in `core` (a Lock).
        public let name: String
        /// The activities this observer is told about.
        public let activities: Activity
        /// Whether it stays after its first callout.
        public let repeats: Bool
        /// Lower orders are told first. UIKit's autorelease-pool observers sit at the extremes.
        public let order: Int
        let callout: @Sendable (Activity) -> Void
        let core = Lock(Core())

        struct Core {
            var valid = true
            var firing = false
            weak var owner: Loop?
            var modeCount = 0
        }

        /// - Parameters:
        ///   - name: a label for traces.
        ///   - activities: what to be told about.
        ///   - repeats: false to be told once, then invalidated.
        ///   - order: lower orders are told first.
        ///   - callout: run on the loop's thread with the activity.
        public init(
            name: String = "observer", activities: Activity, repeats: Bool = true, order: Int = 0,
            callout: @escaping @Sendable (Activity) -> Void
        ) {
            self.name = name
            self.activities = activities
            self.repeats = repeats
            self.order = order
            self.callout = callout
        }

        /// Whether the observer can still be told.
        public var isValid: Bool { core.withLock { $0.valid } }

        /// Stops the observer for good and removes it from its loop. CF: `CFRunLoopObserverInvalidate`.
        public func invalidate() {
            let owner = core.withLock { core -> Loop? in
                guard core.valid else { return nil }
                core.valid = false
                return core.owner
            }
            owner?.removeEverywhere(.observer(self))
        }
    }
}
