import Foundation
import Testing

/// Every piece of code a hint shows must compile as written: a student who copies it and gets
/// an error learns to distrust the hints. `HintCode.swift` (next to this file) holds that code,
/// compiled with the tests; this suite checks that each code span of each hint — a `…` span that
/// is more than a name — stands there, character for character, under its lesson's MARK.
@Suite("Hints: the code they show compiles")
struct HintCodeTests {
    static let codeFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HintCode.swift")

    /// The `…` spans of a hint.
    static func spans(in hint: String) -> [String] {
        hint.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// A name, not code: `makeLoop()`, `loop(for:makeLoop:)`, `Loop.current.stop()`, `.common`,
    /// `performSelector:afterDelay:`. Anything else (`let step = …`, `[ThreadID: Loop]`) is code.
    static func isName(_ span: String) -> Bool {
        let identifier = "[A-Za-z_][A-Za-z0-9_]*"
        let swiftName = try! Regex("\\.?\(identifier)(\\.\(identifier))*(\\(((\(identifier)|_):)*\\))?")
        let selector = try! Regex("(\(identifier):)+")
        return span.wholeMatch(of: swiftName) != nil || span.wholeMatch(of: selector) != nil
    }

    /// The code of `HintCode.swift` between `// MARK: Lesson NN` and the next lesson's MARK,
    /// without its comments: a span that stands only in a comment is not compiled.
    static func block(of lesson: Lesson, in code: String) -> String? {
        let parts = code.components(separatedBy: "// MARK: Lesson ")
        return parts.first { $0.hasPrefix(lesson.paddedNumber + "\n") }.map(withoutLineComments)
    }

    /// Each line cut where a `//` comment starts (at the line's start or after a space; hint code
    /// has no `//` inside a string literal).
    static func withoutLineComments(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { return "" }
            guard let comment = line.range(of: " //") else { return String(line) }
            return String(line[..<comment.lowerBound])
        }.joined(separator: "\n")
    }

    @Test("The spans that are names are not taken for code, and code is not taken for a name")
    func namesAndCode() {
        for name in ["makeLoop()", "loop(for:makeLoop:)", "Loop.current.stop()", ".common", "performSelector:afterDelay:", "Loop.Item"] {
            #expect(Self.isName(name), "\(name) is a name")
        }
        for code in ["[ThreadID: Loop]", "let step = Int64(interval * 1e9)", "loop.now + delay", "Int(Int32.min)", "deinit { stop() }"] {
            #expect(!Self.isName(code), "\(code) is code")
        }
    }

    @Test("Every code span of every hint is compiled code", arguments: Catalog.lessons)
    func hintCodeCompiles(lesson: Lesson) throws {
        let code = try String(contentsOf: Self.codeFile, encoding: .utf8)
        let block = try #require(Self.block(of: lesson, in: code), "Tests/LessonTests/Hints/HintCode.swift has no `// MARK: Lesson \(lesson.paddedNumber)`")
        for (index, hint) in lesson.hints.enumerated() {
            for span in Self.spans(in: hint) where !Self.isName(span) {
                let compiled = block.contains(span)
                #expect(
                    compiled,
                    """
                    Lesson \(lesson.paddedNumber), hint \(index + 1) shows `\(span)`, which is not in \
                    Tests/LessonTests/Hints/HintCode.swift under `// MARK: Lesson \(lesson.paddedNumber)`. \
                    Put it there, character for character, in code that compiles without warnings — or, if \
                    it cannot compile as written, change the hint (in \(lesson.pagePath) too): a student \
                    who copies a hint must not get an error.
                    """)
            }
        }
    }

    @Test("A span that stands only in a comment is not compiled code")
    func commentsAreNotCode() {
        let code = "// MARK: Lesson 06\nlet step = 1 // let late = 2\n// loop.now + delay\n"
        let block = Self.block(of: .lesson06, in: code) ?? ""
        #expect(block.contains("let step = 1"))
        #expect(!block.contains("let late = 2") && !block.contains("loop.now + delay"))
    }
}
