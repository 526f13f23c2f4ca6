import RunLoopEngine

extension LoopTrace {
    /// The timeline as text: a time column (written once per instant), the mode, nested runs
    /// indented under a bar, then the event. Its column titles are English; the course puts its
    /// own over the same columns.
    ///
    ///           time  mode      event
    ///       --------  --------  -----------------------------
    ///        1000 ms  default   timer "tick"
    public func timeline(_ filter: Filter = .all) -> String {
        LoopTrace.timeline(events, filter)
    }

    /// The timeline of `events`.
    public static func timeline(_ events: [TraceEvent], _ filter: Filter = .all) -> String {
        var out: [String] = ["      time  mode      event", "  --------  --------  -----------------------------"]
        var lastTime: Instant?
        for event in events where filter.shows(event.kind) {
            let sameTime = lastTime == event.time
            let time = sameTime ? "" : event.time.description
            lastTime = event.time
            let indent = String(repeating: "│ ", count: event.indentation)
            out.append("\(time.leftPadding(toLength: 10))  \(event.mode.name.padding(toLength: 8))  \(indent)\(event.summary)")
        }
        return out.joined(separator: "\n")
    }
}
