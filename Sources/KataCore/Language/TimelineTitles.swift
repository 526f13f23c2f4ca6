import RunLoopEngine
import TraceViews

extension LoopTrace {
    /// The timeline (``LoopTrace/timeline(_:)``) as a student reads it: the column titles in
    /// `language`. The rows are the trace's own words and stay as they are; its notes are in the
    /// language their writer wrote them in.
    public func timeline(in language: Language) -> String {
        let text = timeline()
        guard language == .zhHans, let newline = text.firstIndex(of: "\n") else { return text }
        // The same columns: 时间 is as wide as "time" on a terminal.
        return "      时间  Mode      事件" + text[newline...]
    }
}
