import RunLoopEngine

extension Loop {
    /// Writes `text` into the loop's trace in `language` (the student's, unless given): a note
    /// is written in both languages where it is written, and the trace keeps the one read.
    /// The lesson tests write their notes in the student's language, so that the reference
    /// engine's run and the student's write the same line; a scenario writes in the language
    /// it was run in. Notes that are code or trace words (an item's name, a call) stay strings:
    /// ``Loop/note(_:)``.
    public func note(_ text: Text, in language: Language = .current) {
        note(text.in(language), content: text)
    }
}

extension LoopTrace {
    /// ``lines(_:times:)`` in both languages: a note written as a ``Text`` in its own words in
    /// each, every other line the same in both.
    public func texts(_ filter: Filter = .all, times: Bool = true) -> [Text] {
        LoopTrace.texts(events, filter, times: times)
    }

    /// The lines of `events` in both languages.
    public static func texts(_ events: [TraceEvent], _ filter: Filter = .all, times: Bool = true) -> [Text] {
        events.filter { filter.shows($0.kind) }.map { event in
            guard case .note = event.kind, let text = event.content as? Text else { return .verbatim(line(event, times: times)) }
            var en = event, zh = event
            en.kind = .note(text.en)
            zh.kind = .note(text.zh)
            return Text(en: line(en, times: times), zh: line(zh, times: times))
        }
    }

    private static func line(_ event: TraceEvent, times: Bool) -> String { lines([event], .all, times: times)[0] }
}
