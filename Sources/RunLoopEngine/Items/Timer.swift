import Synchronization

extension Loop {
    /// A timer: a callout at a fire date, repeated every ``interval`` seconds if that is
    /// more than 0. CF: `CFRunLoopTimerRef`; Foundation: `Timer` / `NSTimer`.
    ///
    /// - A timer fires only while its loop runs one of the timer's modes; it is not a thread.
    /// - A repeating timer whose callout (or anything else) made it miss ticks does not replay
    ///   them: its next fire date is the first tick of its original schedule after now
    ///   (the rule is a ``TimerRescheduling``; lesson 06 writes it).
    /// - A one-shot timer (interval 0) is invalidated after its callout.
    /// - ``tolerance`` lets the loop fire it up to that much late, so that timers close
    ///   together fire in one wake-up.
    /// - A timer belongs to one loop: adding it to a second loop throws
    ///   ``LoopError/timerOwnedByAnotherLoop(timer:)``.
    /// - Setting ``fireDate`` (even from the callout) reschedules it.
    /// - Invalidating it lets go of its callout, and of everything the callout holds (a target):
    ///   CF's `CFRunLoopTimerInvalidate` releases the timer's context info; Foundation: "the
    ///   receiver removes its strong references to those objects as well".
    public final class Timer: @unchecked Sendable {
        // @unchecked: mutable state lives in `core`, touched only through `withCore`.
        public let name: String
        /// Seconds between fire dates; 0 for a one-shot timer.
        public let interval: Double
        /// How late the loop may fire it, in seconds; for a repeating timer at most half its
        /// interval. The engine fires a timer with tolerance when its latest allowed time comes
        /// (fire date + tolerance), or earlier if the loop wakes for another timer after its
        /// fire date (docs/DIFFERENCES.md#tolerance).
        public let tolerance: Double
        /// Guarded by the timer's stripe of ``LockStripes``: see ``withCore(_:)``.
        @exclusivity(unchecked) private var core: Core
        /// A number no other timer has: how the timer heaps name it.
        let serial = Loop.sequence.next()

        struct Core {
            var fireDate: Instant
            var valid = true
            var firing = false
            /// Bumped whenever the fire date or the modes change: older heap entries are stale.
            var generation: UInt64 = 0
            weak var owner: Loop?
            /// Whether it was ever added to `.common` (only then can it be a common item).
            var wasCommon = false
            /// The modes of `owner` that hold the timer.
            /// (A timer is in one mode or two: an array, not a set, spares hashing the names.)
            var modes: [Mode] = []
            /// What the timer runs; nil once it is invalid (see ``invalidate()``).
            var callout: (@Sendable (Timer) -> Void)?
        }

        /// Makes a timer. Add it to a loop to schedule it.
        ///
        /// - Parameters:
        ///   - name: a label for traces.
        ///   - fireDate: when it first fires, on its loop's clock. A date in the past becomes "now"
        ///     when the timer joins a loop (CF: `CFRunLoopTimerCreate` clamps it to now at creation).
        ///   - interval: seconds between fire dates; 0 (the default) for a one-shot timer.
        ///   - tolerance: how late the loop may fire it, in seconds; a repeating timer's is cut to
        ///     half its interval (CF: `CFRunLoopTimerSetTolerance`).
        ///   - callout: run on the loop's thread each time the timer fires.
        /// - Throws: ``LoopError/invalidInterval(_:)`` if `interval` or `tolerance` is NaN,
        ///   infinite or negative (CF quietly turns a negative interval into 0; here it is reported).
        public init(
            name: String = "timer", fireDate: Instant, interval: Double = 0, tolerance: Double = 0,
            callout: @escaping @Sendable (Timer) -> Void
        ) throws(LoopError) {
            try Timer.validate(interval)
            try Timer.validate(tolerance)
            self.name = name
            self.interval = interval
            // CF: `CFRunLoopTimerSetTolerance` keeps a repeating timer's tolerance within half
            // its interval, so a late tick can never reach the next one.
            self.tolerance = interval > 0 ? min(tolerance, interval / 2) : tolerance
            self.core = Core(fireDate: fireDate, callout: callout)
        }

        /// Runs `body` with the timer's state, its lock held. CF: `__CFRunLoopTimerLock`.
        /// Never call out, or lock another timer, from `body`.
        func withCore<Result, E: Error>(_ body: (inout Core) throws(E) -> Result) throws(E) -> Result {
            try LockStripes.withLock(serial) { () throws(E) -> Result in try body(&core) }
        }

        /// Throws unless `seconds` is a finite number, 0 or more.
        static func validate(_ seconds: Double) throws(LoopError) {
            guard seconds.isFinite, seconds >= 0 else { throw .invalidInterval(seconds) }
        }

        /// Whether the timer repeats.
        public var repeats: Bool { interval > 0 }

        /// When the timer fires next. Setting it reschedules the timer in its loop; a date in
        /// the past becomes now on the loop's clock, so timers set overdue fire in the order
        /// they were set, and a repeating one counts its ticks from now.
        /// CF: `CFRunLoopTimerSetNextFireDate`, which clamps the fire time (`_fireTSR`) to now.
        /// (A timer not in a loop yet is clamped when it joins one: see ``Loop/add(_:forMode:)-(Timer,_)``.)
        public var fireDate: Instant {
            get { withCore { $0.fireDate } }
            set {
                let now = loop?.now
                let bumped = bumpGeneration { core in
                    core.fireDate = now.map { max(newValue, $0) } ?? newValue
                }
                bumped.owner?.timerDidMove(self, bumped)
            }
        }

        /// Whether the timer can still fire.
        public var isValid: Bool { withCore { $0.valid } }

        /// The loop the timer belongs to, if it has been added to one.
        public var loop: Loop? { withCore { $0.owner } }

        /// Stops the timer for good, removes it from its loop and lets go of its callout (so of
        /// whatever the callout captured); safe from its own callout and from any thread.
        /// CF: `CFRunLoopTimerInvalidate`, which also releases the timer's context info.
        public func invalidate() {
            invalidate(endingCallout: false)
        }

        /// ``invalidate()``; with `endingCallout`, also marks the callout finished, in the same
        /// lock (how a one-shot timer ends after its callout).
        func invalidate(endingCallout: Bool) {
            // One lock of the timer: it is invalid, in no mode, of no loop; its heap entries are stale.
            // The callout is taken out under the lock and released after it: releasing it may free a
            // target whose deinit invalidates another timer (or this one).
            let (owner, modes, wasCommon, callout) = withCore { core -> (Loop?, [Mode], Bool, (@Sendable (Timer) -> Void)?) in
                if endingCallout { core.firing = false }
                guard core.valid else { return (nil, [], false, nil) }
                core.valid = false
                core.generation &+= 1
                defer {
                    core.modes = []
                    core.owner = nil
                    core.callout = nil
                }
                return (core.owner, core.modes, core.wasCommon, core.callout)
            }
            owner?.removeInvalidated(self, from: modes, wasCommon: wasCommon)
            withExtendedLifetime(callout) {}
        }
    }
}
