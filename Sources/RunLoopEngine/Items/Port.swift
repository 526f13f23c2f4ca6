import Synchronization

extension Loop {
    /// A version-1 source: a port that any thread can send a message to. A message wakes the
    /// loop (if the port is in the mode it runs) and reaches the port's handler on the loop's
    /// thread. CF: `CFRunLoopSourceRef` with a version-1 context (`source1`, a mach port);
    /// Foundation: `NSPort` / `NSMachPort` added with `add(_:forMode:)`.
    ///
    /// A port with no handler still keeps its modes from being empty: that is how a thread is
    /// kept alive by a port nobody ever sends to (AFNetworking 2's network thread).
    ///
    /// One message is handled per pass of the loop. A port may be added to several loops.
    public final class Port: @unchecked Sendable {
        // @unchecked: mutable state lives in `box` (a Lock).
        public let name: String
        /// Among ports with messages waiting, lower orders are handled first.
        public let order: Int
        let handler: (@Sendable (String) -> Void)?
        let box = Lock(Box())

        struct Box {
            var messages: [(sequence: UInt64, text: String)] = []
            var head = 0
            var valid = true
            var loops: [Weak<Loop>] = []
            var pending: Int { messages.count - head }
        }

        /// - Parameters:
        ///   - name: a label for traces.
        ///   - order: among ports with messages waiting, lower orders are handled first.
        ///   - onMessage: the handler, run on the loop's thread with each message.
        public init(name: String = "port", order: Int = 0, onMessage: (@Sendable (String) -> Void)? = nil) {
            self.name = name
            self.order = order
            self.handler = onMessage
        }

        /// Sends `message` to the port, from any thread, and wakes the loops it is in.
        /// - Throws: ``LoopError/portInvalidated(port:)`` after ``invalidate()``; nothing is sent.
        public func send(_ message: String) throws(LoopError) {
            let sequence = Loop.sequence.next()
            let loops = box.withLock { box -> [Loop]? in
                guard box.valid else { return nil }
                box.messages.append((sequence, message))
                return box.loops.compactMap(\.object)
            }
            guard let loops else { throw .portInvalidated(port: name) }
            for loop in loops { loop.waiter.notify() }
        }

        /// Messages sent and not handled yet.
        public var pendingMessages: Int { box.withLock { $0.pending } }

        /// Whether the port can still receive.
        public var isValid: Bool { box.withLock { $0.valid } }

        /// Closes the port: it leaves every loop, waiting messages are dropped, and
        /// ``send(_:)`` throws from now on.
        public func invalidate() {
            let loops = box.withLock { box -> [Loop] in
                guard box.valid else { return [] }
                box.valid = false
                box.messages = []
                box.head = 0
                defer { box.loops = [] }
                return box.loops.compactMap(\.object)
            }
            for loop in loops { loop.removeEverywhere(.port(self)) }
        }

        /// The sequence of the oldest waiting message, if any.
        var oldestMessage: UInt64? {
            box.withLock { $0.valid && $0.pending > 0 ? $0.messages[$0.head].sequence : nil }
        }

        /// Takes the oldest message.
        func takeMessage() -> String? {
            box.withLock { box in
                guard box.valid, box.pending > 0 else { return nil }
                let text = box.messages[box.head].text
                box.head += 1
                if box.head > 64 && box.head * 2 > box.messages.count {
                    box.messages.removeFirst(box.head)
                    box.head = 0
                }
                return text
            }
        }

        func attach(to loop: Loop) {
            box.withLock { box in
                box.loops.removeAll { $0.object == nil }
                if !box.loops.contains(where: { $0.object === loop }) { box.loops.append(Weak(loop)) }
            }
        }
    }
}
