import RunLoopEngine
import TraceViews

extension HarnessRecord {
    /// Expected and actual lines side by side, as data: row by row, each side's line in both
    /// languages and whether the two differ. `kata` draws it in the student's language and colours
    /// the rows that differ by this flag, never by what the drawing looks like.
    public struct Comparison: Codable, Sendable, Equatable {
        /// One row: each side's line at that place (nil past the end of that side), and whether
        /// they differ.
        public struct Row: Codable, Sendable, Equatable {
            public var expected: Text?
            public var actual: Text?
            public var differs: Bool
        }

        public var expectedTitle: Text
        public var actualTitle: Text
        public var rows: [Row]
        /// How many rows were left out after the last one (a long trace cut a few lines after
        /// its first difference).
        public var leftOut: Int

        /// The rows of `expected` and `actual`, line for line: a row differs when its two lines do
        /// (in either language). With `shown`, only the first `shown` rows are kept.
        public init(expected: [Text], actual: [Text], expectedTitle: Text, actualTitle: Text, shown: Int? = nil) {
            let count = max(expected.count, actual.count)
            let kept = min(count, shown ?? count)
            self.expectedTitle = expectedTitle
            self.actualTitle = actualTitle
            self.rows = (0..<kept).map { index in
                let left = index < expected.count ? expected[index] : nil
                let right = index < actual.count ? actual[index] : nil
                return Row(expected: left, actual: right, differs: left != right)
            }
            self.leftOut = count - kept
        }

        /// The index of the first row that differs, if any.
        public var firstDifference: Int? { rows.firstIndex(where: \.differs) }

        /// The comparison drawn in `language`: the column titles, then one line a row (the first
        /// that differs marked), then how many rows were left out.
        public func lines(in language: Language) -> [Line] {
            let drawn = LoopTrace.sideBySide(
                rows: rows.map { SideBySideRow(expected: $0.expected?.in(language), actual: $0.actual?.in(language), differs: $0.differs) },
                expectedTitle: expectedTitle.in(language), actualTitle: actualTitle.in(language))
            var out = drawn.titles.map { Line(text: $0, role: .tableTitle) }
            out += zip(drawn.rows, rows).map { Line(text: $0, role: .row(differs: $1.differs)) }
            if leftOut > 0 { out.append(Line(text: HarnessText.moreRows(leftOut).in(language), role: .message)) }
            return out
        }
    }
}

extension HarnessRecord.Line.Role {
    /// A line of the comparison: its titles or one of its rows.
    public var isTable: Bool {
        switch self {
        case .tableTitle, .row: true
        case .message, .hint, .closing: false
        }
    }
}
