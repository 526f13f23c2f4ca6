import Synchronization

/// A recorder of what a loop does: activities, callouts, wake-ups and run results, with
/// their (virtual) times and modes. Like the observer log the articles print, but complete.
///
///     let trace = loop.startTracing()
///     try loop.run(mode: .default, timeout: 1)
///     print(trace.timeline())
///
/// Tests compare ``lines(_:times:)`` and, on a mismatch, print ``sideBySide(expected:actual:)``.
public final class LoopTrace: Sendable {
    private let recorded = Lock<[TraceEvent]>([])

    public init() {}

    /// Everything recorded so far.
    public var events: [TraceEvent] { recorded.withLock { $0 } }

    func append(_ event: TraceEvent) { recorded.withLock { $0.append(event) } }

    /// Forgets everything recorded so far.
    public func clear() { recorded.withLock { $0.removeAll() } }

    /// A copy of the trace whose notes read `rewrite(text)`; every other event as it is. The
    /// engine writes its notes in one language and knows no other: a reader of another language
    /// gets them through this, from a table of the notes the reader's course keeps.
    public func rewritingNotes(_ rewrite: (String) -> String) -> LoopTrace {
        let copy = LoopTrace()
        let rewritten = events.map { event in
            guard case .note(let text) = event.kind else { return event }
            var changed = event
            changed.kind = .note(rewrite(text))
            return changed
        }
        copy.recorded.withLock { $0 = rewritten }
        return copy
    }

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

        func shows(_ kind: TraceEvent.Kind) -> Bool {
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
        let indent = String(repeating: "  ", count: indentation(event))
        let mode = event.mode.name.padding(toLength: 9)
        let body = "\(mode) \(indent)\(event.summary)"
        guard times else { return body }
        return "\(event.time.description.leftPadding(toLength: 10))  \(body)"
    }

    /// How many steps `event` is indented: its run's depth less one, from 0 to the deepest a run
    /// can nest (an event made by hand may carry any depth).
    static func indentation(_ event: TraceEvent) -> Int {
        min(max(event.depth, 1) - 1, Loop.nestedRunLimit)
    }

    /// The timeline as text: a time column, the mode, nested runs indented, passes separated.
    public func timeline(_ filter: Filter = .all) -> String {
        LoopTrace.timeline(events, filter)
    }

    static func timeline(_ events: [TraceEvent], _ filter: Filter) -> String {
        var out: [String] = ["      time  mode      event", "  --------  --------  -----------------------------"]
        var lastTime: Instant?
        for event in events where filter.shows(event.kind) {
            let sameTime = lastTime == event.time
            let time = sameTime ? "" : event.time.description
            lastTime = event.time
            let indent = String(repeating: "│ ", count: indentation(event))
            out.append("\(time.leftPadding(toLength: 10))  \(event.mode.name.padding(toLength: 8))  \(indent)\(event.summary)")
        }
        return out.joined(separator: "\n")
    }

    /// Expected and actual lines in two columns, the first difference marked, for a failure message;
    /// with `numbered: false`, two blocks side by side, line for line, unmarked (`kata quiz N --engine`).
    public static func sideBySide(
        expected: [String], actual: [String], expectedTitle: String = "expected",
        actualTitle: String = "actual", numbered: Bool = true
    ) -> String {
        // Columns, not characters: a title in Chinese takes two columns a character. The header
        // starts where the rows' text does, after the marker and the line number ("✗  2 ").
        let width = max(([expectedTitle] + expected).map(\.columns).max() ?? 0, 20)
        let margin = numbered ? "     " : "  "
        var out = [
            "\(margin)\(expectedTitle.padding(toLength: width)) │ \(actualTitle)",
            "\(margin)\(String(repeating: "─", count: width)) ┼ \(String(repeating: "─", count: numbered ? 20 : 30))",
        ]
        var marked = false
        for index in 0..<max(expected.count, actual.count) {
            let left = index < expected.count ? expected[index] : ""
            let right = index < actual.count ? actual[index] : ""
            guard numbered else {
                out.append("\(margin)\(left.padding(toLength: width)) │ \(right)")
                continue
            }
            let differs = left != right
            let marker = differs && !marked ? "✗ " : "  "
            if differs && !marked { marked = true }
            out.append("\(marker)\(String(format: "%2d", index + 1 > 99 ? 99 : index + 1)) \(left.padding(toLength: width)) │ \(right)")
        }
        return out.joined(separator: "\n")
    }
}

extension String {
    /// The columns a terminal gives the string: two for each East Asian wide character
    /// (CJK ideographs, kana, hangul, full-width forms), one for any other.
    public var columns: Int {
        unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0xA4CF, 0xAC00...0xD7A3,
                0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
                total + 2
            default: total + 1
            }
        }
    }

    /// The string followed by spaces up to `length` columns.
    public func padding(toLength length: Int) -> String {
        columns >= length ? self : self + String(repeating: " ", count: length - columns)
    }

    func leftPadding(toLength length: Int) -> String {
        count >= length ? self : String(repeating: " ", count: length - count) + self
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
    /// not tracing). The articles' `NSLog` in a callout.
    public func note(_ text: String) {
        record(.note(text), mode: currentMode ?? .default)
    }

    func record(_ kind: @autoclosure () -> TraceEvent.Kind, mode: Mode) {
        guard isTracing.load(ordering: .relaxed), let trace = traceSink.withLock({ $0 }) else { return }
        let depth = state.withLock { $0.runs.count }
        trace.append(TraceEvent(time: clock.now, mode: mode, depth: depth, kind: kind()))
    }
}
