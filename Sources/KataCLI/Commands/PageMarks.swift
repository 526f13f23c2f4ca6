/// The places of a lesson page that `kata` finds: marks, not headings, so that a heading can be
/// reworded in either language without a program losing its place. A mark is an HTML comment on
/// a line of its own (Markdown shows nothing of it); the scaffold writes it and `kata dev sync`
/// refuses a page without it.
enum PageMarks {
    /// The line right before the heading of the section on where the engine does what the lesson
    /// asks ("After you solve it: in the engine"), which `kata show` shows once the lesson is green.
    static let engine = "<!-- kata: in the engine -->"

    /// The lines of the section after `mark` (its heading left out), up to the next heading;
    /// nil when the page has no such mark.
    static func section(after mark: String, in page: String) -> [Substring]? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let at = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == mark }) else { return nil }
        var rest = lines[(at + 1)...].drop { !$0.hasPrefix("## ") }.dropFirst()
        if let end = rest.firstIndex(where: { $0.hasPrefix("## ") }) { rest = rest[..<end] }
        return Array(rest)
    }
}
