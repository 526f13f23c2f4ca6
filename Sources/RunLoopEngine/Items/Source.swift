import Synchronization

extension Loop {
    /// A version-0 source: work that someone marks as ready by hand.
    /// CF: `CFRunLoopSourceRef` with a version-0 context (`source0`).
    ///
    /// ``signal()`` only marks the source ready; it does not wake a sleeping loop. Whoever
    /// signals must also call ``Loop/wakeUp()``, or the source waits until something else wakes
    /// the loop. That is how touches, `performSelector:onThread:` and custom sources work on iOS.
    ///
    /// Signalled sources run in ascending ``order``; equal orders in the order they were signalled.
    /// A source may be added to several loops and modes.
    public final class Source: @unchecked Sendable {
        // @unchecked: mutable state lives in `flags` (a Lock).
        public let name: String
        /// Lower orders run first. CF: `CFRunLoopSourceGetOrder`.
        public let order: Int
        let perform: @Sendable () -> Void
        let flags = Lock(Flags())

        struct Flags {
            var signalled = false
            var signalSequence: UInt64 = 0
            var valid = true
            var loops: [Weak<Loop>] = []
        }

        /// - Parameters:
        ///   - name: a label for traces.
        ///   - order: lower orders run first.
        ///   - perform: the callout, run on the loop's thread. CF: `version0.perform`.
        public init(name: String = "source", order: Int = 0, perform: @escaping @Sendable () -> Void) {
            self.name = name
            self.order = order
            self.perform = perform
        }

        /// Marks the source ready to run. Does not wake the loop. CF: `CFRunLoopSourceSignal`.
        public func signal() {
            let sequence = Loop.sequence.next()
            flags.withLock { flags in
                guard flags.valid, !flags.signalled else { return }
                flags.signalled = true
                flags.signalSequence = sequence
            }
        }

        /// Whether the source is signalled and waiting to run. CF: `CFRunLoopSourceIsSignalled`.
        public var isSignalled: Bool { flags.withLock { $0.signalled } }

        /// Whether the source can still run.
        public var isValid: Bool { flags.withLock { $0.valid } }

        /// Stops the source for good and removes it from every loop. CF: `CFRunLoopSourceInvalidate`.
        public func invalidate() {
            let loops = flags.withLock { flags -> [Loop] in
                guard flags.valid else { return [] }
                flags.valid = false
                flags.signalled = false
                defer { flags.loops = [] }
                return flags.loops.compactMap(\.object)
            }
            for loop in loops { loop.removeEverywhere(.source(self)) }
        }

        /// Takes the signal if the source is signalled and valid; returns the signal's sequence.
        func takeSignal() -> UInt64? {
            flags.withLock { flags in
                guard flags.signalled, flags.valid else { return nil }
                flags.signalled = false
                return flags.signalSequence
            }
        }

        func attach(to loop: Loop) {
            flags.withLock { flags in
                flags.loops.removeAll { $0.object == nil }
                if !flags.loops.contains(where: { $0.object === loop }) { flags.loops.append(Weak(loop)) }
            }
        }
    }
}

extension Loop {
    /// Process-wide increasing numbers: signal order, message order, timer insertion order.
    static let sequence = SequenceCounter()
}

/// An atomic counter.
final class SequenceCounter: Sendable {
    private let value = Atomic<UInt64>(0)
    func next() -> UInt64 { value.wrappingAdd(1, ordering: .relaxed).newValue }
}
