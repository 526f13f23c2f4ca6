import Synchronization

/// A recorder of what a loop does: activities, callouts, wake-ups and run results, with
/// their (virtual) times and modes. Like the observer log the articles print, but complete.
///
///     let trace = loop.startTracing()
///     try loop.run(mode: .default, timeout: 1)
///     print(trace.lines().joined(separator: "\n"))
///
/// Tests compare ``lines(_:times:)``. The engine records and lists; drawing a trace for a reader
/// (a timeline with column titles, a picture, two traces side by side) is another target's work.
public final class LoopTrace: Sendable {
    private let recorded = Lock<[TraceEvent]>([])

    /// A trace holding `events`, as if recorded (none: an empty trace to record into).
    public init(_ events: [TraceEvent] = []) {
        recorded.withLock { $0 = events }
    }

    /// Everything recorded so far.
    public var events: [TraceEvent] { recorded.withLock { $0 } }

    func append(_ event: TraceEvent) { recorded.withLock { $0.append(event) } }

    /// Forgets everything recorded so far.
    public func clear() { recorded.withLock { $0.removeAll() } }

    /// Which events a rendering shows.
    public struct Filter: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Entry, before timers, …, exit: the observer log.
        public static let activities = Filter(rawValue: 1 << 0)
        public static let callouts = Filter(rawValue: 1 << 1)
        public static let wakeUps = Filter(rawValue: 1 << 2)
        public static let results = Filter(rawValue: 1 << 3)
        public static let notes = Filter(rawValue: 1 << 4)
        public static let all: Filter = [.activities, .callouts, .wakeUps, .results, .notes]

        /// Whether events of `kind` are shown.
        public func shows(_ kind: TraceEvent.Kind) -> Bool {
            switch kind {
            case .activity: contains(.activities)
            case .callout: contains(.callouts)
            case .woke: contains(.wakeUps)
            case .runEnded, .finishedEmpty: contains(.results)
            case .note: contains(.notes)
            }
        }
    }

    /// One line per event: `   2000 ms  default   timer "tick"` (nested runs indented).
    public func lines(_ filter: Filter = .all, times: Bool = true) -> [String] {
        LoopTrace.lines(events, filter, times: times)
    }

    /// The lines of `events`.
    public static func lines(_ events: [TraceEvent], _ filter: Filter = .all, times: Bool = true) -> [String] {
        events.filter { filter.shows($0.kind) }.map { line(for: $0, times: times) }
    }

    static func line(for event: TraceEvent, times: Bool) -> String {
        let indent = String(repeating: "  ", count: event.indentation)
        let mode = event.mode.name.padded(to: 9)
        let body = "\(mode) \(indent)\(event.summary)"
        guard times else { return body }
        let time = event.time.description
        return String(repeating: " ", count: max(0, 10 - time.count)) + "\(time)  \(body)"
    }
}

extension String {
    /// The string followed by spaces up to `length` characters: the trace's columns are its
    /// own names and times, one column a character.
    fileprivate func padded(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

extension Loop {
    /// Starts recording what the loop does, into a new trace (replacing any other).
    @discardableResult
    public func startTracing() -> LoopTrace {
        let trace = LoopTrace()
        traceSink.withLock { $0 = trace }
        isTracing.store(true, ordering: .relaxed)
        return trace
    }

    /// Stops recording.
    public func stopTracing() {
        isTracing.store(false, ordering: .relaxed)
        traceSink.withLock { $0 = nil }
    }

    /// The trace being recorded, if any.
    public var trace: LoopTrace? { traceSink.withLock { $0 } }

    /// Writes a line into the loop's trace, at the current time and mode (does nothing when
    /// not tracing). The articles' `NSLog` in a callout. The line is kept as the caller wrote it,
    /// in whatever language: the engine reads no notes and translates none. `content` is kept
    /// beside it, unread (``TraceEvent/content``).
    public func note(_ text: String, content: (any TraceNoteContent)? = nil) {
        record(.note(text), mode: currentMode ?? .default, content: content)
    }

    func record(_ kind: @autoclosure () -> TraceEvent.Kind, mode: Mode, content: (any TraceNoteContent)? = nil) {
        guard isTracing.load(ordering: .relaxed), let trace = traceSink.withLock({ $0 }) else { return }
        let depth = state.withLock { $0.runs.count }
        trace.append(TraceEvent(time: clock.now, mode: mode, depth: depth, kind: kind(), content: content))
    }
}
