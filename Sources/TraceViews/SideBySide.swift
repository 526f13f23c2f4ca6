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
