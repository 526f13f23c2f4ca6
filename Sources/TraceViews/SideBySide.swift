import Foundation
import RunLoopEngine

extension LoopTrace {
    /// Expected and actual lines in two columns, the first difference marked, for a failure message;
    /// with `numbered: false`, two blocks side by side, line for line, unmarked (`kata quiz N --engine`).
    /// The one side-by-side of the package: the lessons' harness, the engine's and the conformance
    /// tests' failures and the quiz all print with it.
    public static func sideBySide(
        expected: [String], actual: [String], expectedTitle: String = "expected",
        actualTitle: String = "actual", numbered: Bool = true
    ) -> String {
        let count = max(expected.count, actual.count)
        let rows = (0..<count).map { index in
            let left = index < expected.count ? expected[index] : nil
            let right = index < actual.count ? actual[index] : nil
            return SideBySideRow(expected: left, actual: right, differs: (left ?? "") != (right ?? ""))
        }
        guard numbered else {
            let width = max(([expectedTitle] + expected).map(\.columns).max() ?? 0, 20)
            let lines = [
                "  \(expectedTitle.padding(toLength: width)) │ \(actualTitle)",
                "  \(String(repeating: "─", count: width)) ┼ \(String(repeating: "─", count: 30))",
            ]
            return (lines + rows.map { "  \(($0.expected ?? "").padding(toLength: width)) │ \($0.actual ?? "")" }).joined(separator: "\n")
        }
        let drawn = sideBySide(rows: rows, expectedTitle: expectedTitle, actualTitle: actualTitle)
        return (drawn.titles + drawn.rows).joined(separator: "\n")
    }

    /// `rows` numbered in two columns, the first that differs marked `✗`: the two title lines,
    /// and one line a row.
    public static func sideBySide(rows: [SideBySideRow], expectedTitle: String = "expected", actualTitle: String = "actual") -> (
        titles: [String], rows: [String]
    ) {
        // Columns, not characters: a title in Chinese takes two columns a character. The header
        // starts where the rows' text does, after the marker and the line number ("✗  2 ").
        let width = max(([expectedTitle] + rows.map { $0.expected ?? "" }).map(\.columns).max() ?? 0, 20)
        let titles = [
            "     \(expectedTitle.padding(toLength: width)) │ \(actualTitle)",
            "     \(String(repeating: "─", count: width)) ┼ \(String(repeating: "─", count: 20))",
        ]
        let first = rows.firstIndex(where: \.differs)
        let lines = rows.enumerated().map { index, row in
            let marker = index == first ? "✗ " : "  "
            return "\(marker)\(String(format: "%2d", index + 1 > 99 ? 99 : index + 1)) \((row.expected ?? "").padding(toLength: width)) │ \(row.actual ?? "")"
        }
        return (titles, lines)
    }
}

/// One row of a side-by-side table: each side's line at that place (nil past that side's end),
/// and whether they differ.
public struct SideBySideRow: Sendable, Equatable {
    public var expected: String?
    public var actual: String?
    public var differs: Bool

    public init(expected: String?, actual: String?, differs: Bool) {
        self.expected = expected
        self.actual = actual
        self.differs = differs
    }
}
