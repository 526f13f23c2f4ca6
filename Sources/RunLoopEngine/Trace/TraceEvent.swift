/// One thing a loop did, as a trace records it.
public struct TraceEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The run reached an activity (observers were told). CF: `__CFRunLoopDoObservers`.
        case activity(Loop.Activity)
        /// A callout ran: `name` says which item.
        case callout(Callout, String)
        /// The loop woke from sleep, and why.
        case woke(Loop.WakeReason)
        /// A run ended with this result.
        case runEnded(Loop.RunResult)
        /// A run was asked for an empty mode and returned finished at once (no entry, no exit).
        case finishedEmpty
        /// A line written by a callout with ``Loop/note(_:)`` (the articles' `NSLog`).
        case note(String)
    }

    /// The kinds of callout. CF names each one's function `__CFRUNLOOP_IS_CALLING_OUT_TO_…__`.
    public enum Callout: String, Sendable, Equatable {
        /// `__CFRUNLOOP_IS_CALLING_OUT_TO_A_TIMER_CALLBACK_FUNCTION__`
        case timer
        /// `__CFRUNLOOP_IS_CALLING_OUT_TO_A_SOURCE0_PERFORM_FUNCTION__`
        case source
        /// `__CFRUNLOOP_IS_CALLING_OUT_TO_A_SOURCE1_PERFORM_FUNCTION__`
        case port
        /// `__CFRUNLOOP_IS_CALLING_OUT_TO_A_BLOCK__`
        case block
        /// `__CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__`
        case mainQueue = "main queue"
    }

    /// When, on the loop's clock.
    public var time: Instant
    /// The mode of the run it happened in.
    public var mode: Loop.Mode
    /// How many runs were in progress (1 for an outer run, 2 inside a nested run…).
    public var depth: Int
    public var kind: Kind
    /// For a note: what it means beyond the line it reads as, given by its writer (the course's
    /// text in two languages, say) for a reader of the trace to render its own way; nil for any
    /// other event and for a note written as a plain string.
    public var content: (any TraceNoteContent)?

    public init(time: Instant, mode: Loop.Mode, depth: Int, kind: Kind, content: (any TraceNoteContent)? = nil) {
        self.time = time
        self.mode = mode
        self.depth = depth
        self.kind = kind
        self.content = content
    }

    public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool {
        guard lhs.time == rhs.time, lhs.mode == rhs.mode, lhs.depth == rhs.depth, lhs.kind == rhs.kind else { return false }
        switch (lhs.content, rhs.content) {
        case (nil, nil): return true
        case (let left?, let right?): return left.isSame(as: right)
        default: return false
        }
    }

    /// How many steps a listing indents the event: its run's depth less one, from 0 to the
    /// deepest a run can nest (an event made by hand may carry any depth).
    public var indentation: Int {
        min(max(depth, 1) - 1, Loop.nestedRunLimit)
    }

    /// `before timers`, `timer "tick"`, `woke: port "net"`, `→ finished`, `· touchesBegan`.
    public var summary: String {
        switch kind {
        case .activity(let activity): activity.description
        case .callout(let callout, let name): "\(callout.rawValue) \"\(name)\""
        case .woke(let reason): "woke: \(reason)"
        case .runEnded(let result): "→ \(result)"
        case .finishedEmpty: "→ finished (empty mode: no entry, no exit)"
        case .note(let text): "· \(text)"
        }
    }
}
