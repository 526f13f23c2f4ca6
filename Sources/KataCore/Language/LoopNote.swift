import RunLoopEngine

extension Loop {
    /// Writes `text` into the loop's trace in `language` (the student's, unless given): a note
    /// is written in both languages where it is written, and the trace keeps the one read.
    /// The lesson tests write their notes in the student's language, so that the reference
    /// engine's run and the student's write the same line; a scenario writes in the language
    /// it was run in. Notes that are code or trace words (an item's name, a call) stay strings:
    /// ``Loop/note(_:)``.
    public func note(_ text: Text, in language: Language = .current) {
        note(text.in(language))
    }
}
