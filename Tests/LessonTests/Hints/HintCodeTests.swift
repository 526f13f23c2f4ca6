import Foundation
import Testing

/// Every piece of code a hint shows must compile as written: a student who copies it and gets
/// an error learns to distrust the hints. `HintCodeNN.swift` (next to this file, one for each
/// lesson whose hints show code) holds that code, compiled with the tests; this suite checks that
/// each code span of each hint — a `…` span that is more than a name — stands there, character for
/// character.
@Suite("Hints: the code they show compiles")
struct HintCodeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// `Tests/LessonTests/Hints/HintCode06.swift`
    static func codePath(of lesson: Lesson) -> String { "Tests/LessonTests/Hints/HintCode\(lesson.paddedNumber).swift" }

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

    /// The code of the lesson's `HintCodeNN.swift`, without its comments (a span that stands only
    /// in a comment is not compiled); nil when there is no such file.
    static func code(of lesson: Lesson) -> String? {
        let url = folder.appendingPathComponent("HintCode\(lesson.paddedNumber).swift")
        return (try? String(contentsOf: url, encoding: .utf8)).map(withoutLineComments)
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
        let spans = lesson.hints.enumerated().flatMap { index, hint in Self.spans(in: hint).filter { !Self.isName($0) }.map { (index, $0) } }
        guard !spans.isEmpty else { return }
        let block = try #require(Self.code(of: lesson), "lesson \(lesson.paddedNumber)'s hints show code: put it in \(Self.codePath(of: lesson))")
        for (index, span) in spans {
            #expect(
                block.contains(span),
                """
                Lesson \(lesson.paddedNumber), hint \(index + 1) shows `\(span)`, which is not in \
                \(Self.codePath(of: lesson)). Put it there, character for character, in code that compiles \
                without warnings — or, if it cannot compile as written, change the hint (in \
                Sources/KataCore/Lessons/Lesson\(lesson.paddedNumber).swift, then `swift run kata dev sync`): \
                a student who copies a hint must not get an error.
                """)
        }
    }

    @Test("A span that stands only in a comment is not compiled code")
    func commentsAreNotCode() {
        let block = Self.withoutLineComments("let step = 1 // let late = 2\n// loop.now + delay\n")
        #expect(block.contains("let step = 1"))
        #expect(!block.contains("let late = 2") && !block.contains("loop.now + delay"))
    }
}
