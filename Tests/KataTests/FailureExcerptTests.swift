import Testing
@testable import KataCLI
@testable import KataCore

/// `kata show` prints one failing test's explanation in a few lines; in a long trace the first
/// difference may sit far below the top, and the excerpt must still show it and the hint.
@Suite("kata show's excerpt of a long failure keeps the first difference and the hint", .inEnglish)
struct FailureExcerptTests {
    /// A message, a side-by-side table of `rows` rows whose first difference is row `differing`
    /// (1-based), a hint and a closing line, as the harness records them.
    static func explanation(rows: Int, differing: Int) -> [HarnessRecord.Line] {
        var lines = [HarnessRecord.Line(text: "The trace differs from the engine's.", role: .message)]
        lines.append(.init(text: "     expected │ actual", role: .tableTitle))
        lines.append(.init(text: "     ──────── ┼ ──────", role: .tableTitle))
        for row in 1...rows {
            let marker = row == differing ? "✗ " : "  "
            lines.append(.init(text: "\(marker)\(row) line \(row) │ \(row == differing ? "other" : "line \(row)")", role: .row(differs: row == differing)))
        }
        lines.append(.init(text: "Hint: the gesture acts after the view's touches are cancelled.", role: .hint))
        lines.append(.init(text: "The promise this test holds: §3", role: .closing))
        return lines
    }

    @Test("A difference far down: the titles, the rows around it, the hint and the closing line, with … for the rest")
    func farDown() {
        let detail = Self.explanation(rows: 60, differing: 47)
        let excerpt = Commands.excerpt(detail, limit: 18)
        let shown = excerpt.compactMap { $0?.text }
        #expect(excerpt.count <= 20, "\(excerpt.count) lines")
        #expect(shown.contains { $0.hasPrefix("✗ 47 ") }, "the first difference: \(shown)")
        #expect(shown.contains { $0.hasPrefix("Hint:") } && shown.contains { $0.hasPrefix("The promise") })
        #expect(shown.contains("     expected │ actual"), "the column titles")
        #expect(shown.contains { $0.hasPrefix("  44 ") }, "rows before the difference, for context")
        #expect(excerpt.filter { $0 == nil }.count == 2, "… before and after the rows shown")
        #expect(shown.first == detail.first?.text && shown.last == detail.last?.text, "the order is kept")
    }

    @Test("A difference near the top: the table from its first row, … only after it")
    func nearTheTop() {
        let excerpt = Commands.excerpt(Self.explanation(rows: 60, differing: 2), limit: 18)
        let shown = excerpt.compactMap { $0?.text }
        #expect(shown.contains { $0.hasPrefix("  1 line 1") } && shown.contains { $0.hasPrefix("✗ 2 ") })
        #expect(excerpt.filter { $0 == nil }.count == 1)
        #expect(shown.contains { $0.hasPrefix("Hint:") })
    }

    @Test("A short explanation is shown whole")
    func short() {
        let detail = Self.explanation(rows: 5, differing: 4)
        #expect(Commands.excerpt(detail, limit: 18).map { $0?.text } == detail.map(\.text))
    }
}
