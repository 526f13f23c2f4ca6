/// What a note in a trace means beyond the line it reads as: a value of the note's writer that a
/// reader of the trace renders its own way (the course's text, in either of its languages). The
/// engine keeps it beside the note's line, compares it, and never reads it: it holds no text of
/// its own. CF has no counterpart: the articles' `NSLog` in a callout writes one string.
public protocol TraceNoteContent: Sendable {
    /// Whether `other` means the same.
    func isSame(as other: any TraceNoteContent) -> Bool
}

extension TraceNoteContent where Self: Equatable {
    public func isSame(as other: any TraceNoteContent) -> Bool { (other as? Self) == self }
}
