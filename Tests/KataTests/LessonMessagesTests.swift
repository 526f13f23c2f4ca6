import Foundation
import Testing
@testable import KataCore

/// Every message a lesson test can print reaches the student in their language: each comment of
/// an `#expect`, `#require` or `Issue.record`, each hint and each title passed to the harness, each
/// `Kata.Failure` is a `Text(en:zh:)`, and each test has its Chinese name in its file's
/// `ChineseTestNames` table. Swift Testing accepts a plain string literal as a comment without a
/// word, so nothing but this scan notices an English-only message. One case per lesson, so a lesson
/// not translated yet fails on its own.
@Suite("Every message of the lesson tests comes in both languages", .inEnglish, .tags(.consistency))
struct LessonMessagesTests {
    @Test("Each lesson's test messages are Text, and each of its tests has a Chinese name", arguments: Catalog.lessons)
    func lesson(_ lesson: Lesson) throws {
        let file = "Tests/LessonTests/\(lesson.suiteType).swift"
        let source = try #require(CatalogConsistencyTests.read(file), "missing \(file)")
        let findings = LessonMessages.findings(in: source)
        if !findings.isEmpty {
            Issue.record("""
                \(findings.count) message(s) of \(file) a Chinese reader would get in English \
                (write them as Text(en:zh:), with `.comment` in #expect/#require/Issue.record):
                \(findings.map { "\(file):\($0.line): \($0.problem)" }.joined(separator: "\n"))
                """)
        }
    }

    @Test("The scan catches English-only messages, hints, titles and names, and passes Text")
    func checker() {
        func problems(_ source: String) -> [String] { LessonMessages.findings(in: source).map { "\($0.line): \($0.problem)" } }
        let good = #"""
            @Test("Ticks are skipped")
            func skipped() {
                #expect(a == "x (y)", Text(en: "a tick \(n) is missed", zh: "错过了第 \(n) 个滴答").comment)
                #expect(b)   // no message: Swift Testing shows the expression
                let x = try #require(c, Text(en: "c", zh: "丙").comment)
                #expect(throws: LoopError.self) { try run() }
                Kata.expectSameLines(a, b, hint: Text(en: "h", zh: "提示"), expectedTitle: HarnessText.expected)
                Issue.record(Text(en: "e", zh: "错").comment)
                throw Kata.Failure(description: Text(en: "f", zh: "失败").localized)
                let s = "#expect(x, \"not a call\")"   // inside a string: not code
            }
            extension ChineseTestNames {
                static let lesson06: [String: String] = [
                    "Ticks are skipped": "错过的滴答被跳过",
                ]
            }
            """#
        #expect(problems(good) == [])
        let bad = #"""
            @Test("Ticks are skipped")
            func skipped() {
                #expect(a == b, "a is \(a)")
                let x = try #require(c,
                                     """
                                     many lines
                                     """)
                Issue.record("English")
                Kata.expectSameLines(a, b, hint: "do this", expectedTitle: HarnessText.expected.localized)
                Kata.expectSameLines(a, b, hint: #"raw"#)
                throw Kata.Failure(description: "gone")
            }
            @Test func unnamed() {}
            @Test("Not in the table", arguments: [1]) func notInTable(_: Int) {}
            extension ChineseTestNames {
                static let lesson06: [String: String] = [
                    "Ticks are skipped": "错过的滴答被跳过",
                    "A test that was renamed": "改名了",
                ]
            }
            """#
        #expect(problems(bad) == [
            "3: #expect message is a plain string",
            "4: #require message is a plain string",
            "8: Issue.record message is a plain string",
            "9: hint: is a plain string",
            "9: expectedTitle: is a String (`.localized`), not a Text",
            "10: hint: is a plain string",
            "11: Kata.Failure text is a plain string",
            "13: @Test has no display name (so no Chinese name either)",
            "14: @Test(\"Not in the table\") has no Chinese name in ChineseTestNames",
            "18: ChineseTestNames names \"A test that was renamed\", which is no @Test of this file",
        ])
        let notes = #"""
            loop.note(Text(en: "slow work takes \(s) s", zh: "耗时的工作要 \(s) 秒"))
            Loop.current.note("bell")
            Loop.current.note("countdown \(left)")
            loop.note(loop.stop() ? Produced.reached.en : Produced.lost.en)
            guard case .note(let text) = event.kind, text.hasPrefix("stop()") else { return nil }
            loop.note("slow work takes 2.5 s")
            Loop.current.note(n == 1 ? "touchesBegan" : "event \(n) of \(total)")
            ui.note("run(\(mode.name)) returned \(result)")
            loop.note(#"the "later" mode"#)
            loop.note(Note.returned("run(default)", result))
            """#
        #expect(problems(notes) == [
            #"6: note "slow work takes 2.5 s" is a plain string with English prose"#,
            #"7: note "event \(n) of \(total)" is a plain string with English prose"#,
            #"8: note "run(\(mode.name)) returned \(result)" is a plain string with English prose"#,
            ##"9: note #"the "later" mode"# is a plain string with English prose"##,
        ])
        #expect(problems("/// About the suite\n@Suite(\"S\") struct S {}")
                == ["2: the comment above @Suite is printed by Swift Testing, in English: leave a blank line between them"])
        #expect(problems("/// About the suite\n\n@Suite(\"S\") struct S {}").isEmpty)
        #expect(problems("@Test(\"a\") func a() {}\nextension ChineseTestNames {\n  static let lesson01: [String: String] = [\"a\": \"a\"]\n}")
                == ["3: the Chinese name of \"a\" has no Chinese in it"])
    }
}

/// The scan behind ``LessonMessagesTests``: reads a lesson test file as Swift (comments and the
/// insides of string literals are not code) and reports each message a Chinese reader would get
/// in English.
enum LessonMessages {
    struct Finding: Equatable {
        let line: Int
        let problem: String
    }

    static func findings(in source: String) -> [Finding] {
        let scan = SwiftScan(source)
        var findings: [Finding] = []
        var testNames: [(name: String, line: Int)] = []
        var table: [(key: String, value: String, line: Int)] = []
        var index = 0
        while index < scan.count {
            if let end = scan.skipNonCode(at: index) { index = end; continue }
            func report(_ problem: String) { findings.append(Finding(line: scan.line(at: index), problem: problem)) }
            if scan.startsCall(at: index, "#expect(") || scan.startsCall(at: index, "#require(") {
                let open = scan.index(of: "(", from: index)
                // The first argument is the condition (or `throws:`); a message is any later unlabelled one.
                if scan.arguments(at: open).dropFirst().contains(where: { $0.label == nil && scan.isStringLiteral($0.start) }) {
                    report("\(String(scan.characters[index..<open])) message is a plain string")
                }
            } else if scan.startsCall(at: index, "Issue.record(") {
                let open = scan.index(of: "(", from: index)
                if let first = scan.arguments(at: open).first, first.label == nil, scan.isStringLiteral(first.start) {
                    report("Issue.record message is a plain string")
                }
            } else if scan.startsCall(at: index, "Failure(") {
                let open = scan.index(of: "(", from: index)
                if let first = scan.arguments(at: open).first, scan.isStringLiteral(first.start) {
                    report("Kata.Failure text is a plain string")
                }
            } else if scan.startsCall(at: index, "note("), index > 0, scan.characters[index - 1] == "." {
                // `loop.note(…)`, `Loop.current.note(…)`: a line of the trace a failure prints.
                let open = scan.index(of: "(", from: index)
                if let first = scan.arguments(at: open).first, first.label == nil,
                   let prose = scan.proseLiteral(in: first.start..<scan.endOfExpression(from: first.start)) {
                    report("note \(prose) is a plain string with English prose")
                }
            } else if let label = ["hint", "expectedTitle"].first(where: { scan.startsLabel(at: index, $0) }) {
                let start = scan.skipSpaces(from: scan.index(of: ":", from: index) + 1)
                let value = scan.text(start..<scan.endOfExpression(from: start))
                if scan.isStringLiteral(start) { report("\(label): is a plain string") }
                else if value.hasSuffix(".localized") { report("\(label): is a String (`.localized`), not a Text") }
            } else if scan.startsWord(at: index, "@Test") {
                let after = scan.skipSpaces(from: index + 5)
                if after < scan.count, scan.characters[after] == "(",
                   let first = scan.arguments(at: after).first, first.label == nil, scan.isStringLiteral(first.start) {
                    testNames.append((scan.literalValue(at: first.start), scan.line(at: index)))
                } else {
                    report("@Test has no display name (so no Chinese name either)")
                }
            } else if scan.startsWord(at: index, "extension ChineseTestNames") {
                let open = scan.index(of: "{", from: index)
                table = scan.literalPairs(inBlockAt: open)
                index = scan.endOfBlock(at: open)
                continue
            }
            index += 1
        }
        // Swift Testing prints the comment right above a failing suite or test (after its last
        // blank line) as it is written, in English; a blank line keeps it for the maintainers only.
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        for (number, line) in lines.enumerated() where number > 0 && lines[number - 1].hasPrefix("//") {
            if let attribute = ["@Suite", "@Test"].first(where: { line.hasPrefix($0) }) {
                findings.append(Finding(line: number + 1, problem: "the comment above \(attribute) is printed by Swift Testing, in English: leave a blank line between them"))
            }
        }
        let keys = Set(table.map(\.key))
        for test in testNames where !keys.contains(test.name) {
            findings.append(Finding(line: test.line, problem: "@Test(\"\(test.name)\") has no Chinese name in ChineseTestNames"))
        }
        let names = Set(testNames.map(\.name))
        for entry in table {
            if !names.contains(entry.key) {
                findings.append(Finding(line: entry.line, problem: "ChineseTestNames names \"\(entry.key)\", which is no @Test of this file"))
            } else if !entry.value.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) {
                findings.append(Finding(line: entry.line, problem: "the Chinese name of \"\(entry.key)\" has no Chinese in it"))
            }
        }
        return findings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }
}

/// Just enough of Swift's lexical rules to tell code from comments and string literals (raw,
/// multi-line, with interpolations), and to split a call's arguments.
struct SwiftScan {
    let characters: [Character]
    private let lineStarts: [Int]

    init(_ source: String) {
        let characters = Array(source)
        self.characters = characters
        lineStarts = [0] + characters.indices.filter { characters[$0] == "\n" }.map { $0 + 1 }
    }

    var count: Int { characters.count }

    func line(at index: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    func text(_ range: Range<Int>) -> String { String(characters[range]).trimmingCharacters(in: .whitespacesAndNewlines) }

    private func at(_ index: Int) -> Character? { index < count ? characters[index] : nil }

    private func matches(_ word: String, at index: Int) -> Bool {
        let word = Array(word)
        return index + word.count <= count && Array(characters[index..<index + word.count]) == word
    }

    /// True where an identifier cannot go on from the character before.
    private func atWordStart(_ index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = characters[index - 1]
        return !(before.isLetter || before.isNumber || before == "_")
    }

    func startsWord(at index: Int, _ word: String) -> Bool {
        guard atWordStart(index), matches(word, at: index) else { return false }
        guard let next = at(index + word.count) else { return true }
        return !(next.isLetter || next.isNumber || next == "_")
    }

    /// `name(` (the name may end in `(`), at a word start: `Failure(` also matches `Kata.Failure(`.
    func startsCall(at index: Int, _ call: String) -> Bool {
        let name = String(call.dropLast())
        guard atWordStart(index), matches(name, at: index) else { return false }
        let open = skipSpaces(from: index + name.count)
        return at(open) == "("
    }

    /// `label:` as an argument label (not `label::`, not part of a longer name).
    func startsLabel(at index: Int, _ label: String) -> Bool {
        guard startsWord(at: index, label) else { return false }
        let colon = skipSpaces(from: index + label.count)
        return at(colon) == ":" && at(colon + 1) != ":"
    }

    func skipSpaces(from index: Int) -> Int {
        var index = index
        while let character = at(index), character.isWhitespace { index += 1 }
        return index
    }

    /// The first index of `character` in code from `index` on.
    func index(of character: Character, from index: Int) -> Int {
        var index = index
        while index < count {
            if let end = skipNonCode(at: index) { index = end; continue }
            if characters[index] == character { return index }
            index += 1
        }
        return count
    }

    func isStringLiteral(_ index: Int) -> Bool {
        var index = index
        while at(index) == "#" { index += 1 }
        return at(index) == "\""
    }

    /// If a comment or a string literal starts at `index`: the index just after it.
    func skipNonCode(at index: Int) -> Int? {
        if matches("//", at: index) {
            var end = index
            while let character = at(end), character != "\n" { end += 1 }
            return end
        }
        if matches("/*", at: index) {
            var end = index + 2
            while end < count, !matches("*/", at: end) { end += 1 }
            return min(end + 2, count)
        }
        if characters[index] == "\"" || characters[index] == "#" && isStringLiteral(index) { return endOfString(at: index) }
        return nil
    }

    /// The delimiters of the string literal starting at `index` (at its first `#` or `"`): where
    /// its text starts, what closes it (`"`, `"""`, `"#`…) and what starts an escape (`\`, `\#`…).
    private func delimiters(at index: Int) -> (textStart: Int, closing: String, escape: String) {
        var index = index, hashes = 0
        while at(index) == "#" { hashes += 1; index += 1 }
        let quotes = matches("\"\"\"", at: index) ? "\"\"\"" : "\""
        let hashMarks = String(repeating: "#", count: hashes)
        return (index + quotes.count, quotes + hashMarks, "\\" + hashMarks)
    }

    /// The index just after the string literal starting at `index` (at its first `#` or `"`).
    func endOfString(at index: Int) -> Int {
        var (index, closing, escape) = delimiters(at: index)
        while index < count {
            if matches(escape, at: index) {
                index += escape.count
                if at(index) == "(" { index = endOfBlock(at: index) } else { index += 1 }
                continue
            }
            if matches(closing, at: index) { return index + closing.count }
            index += 1
        }
        return count
    }

    /// The index just after the bracket that closes the one at `index` (`(`, `[` or `{`).
    func endOfBlock(at index: Int) -> Int {
        var depth = 0, index = index
        while index < count {
            if let end = skipNonCode(at: index) { index = end; continue }
            switch characters[index] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return count
    }

    /// Where the expression starting at `index` ends: at the first `,` or closing bracket outside brackets.
    func endOfExpression(from index: Int) -> Int {
        var index = index
        while index < count {
            if let end = skipNonCode(at: index) { index = end; continue }
            switch characters[index] {
            case "(", "[", "{": index = endOfBlock(at: index); continue
            case ",", ")", "]", "}": return index
            default: index += 1
            }
        }
        return count
    }

    struct Argument {
        let label: String?
        /// Where its value starts.
        let start: Int
    }

    /// The arguments of the call whose `(` is at `open`.
    func arguments(at open: Int) -> [Argument] {
        var arguments: [Argument] = []
        var index = open + 1
        while index < count {
            index = skipSpaces(from: index)
            if at(index) == ")" { break }
            var start = index, label: String?
            var end = index
            while let character = at(end), character.isLetter || character.isNumber || character == "_" { end += 1 }
            let colon = skipSpaces(from: end)
            if end > index, at(colon) == ":", at(colon + 1) != ":" {
                label = String(characters[index..<end])
                start = skipSpaces(from: colon + 1)
            }
            arguments.append(Argument(label: label, start: start))
            index = endOfExpression(from: start)
            if at(index) == "," { index += 1 } else { break }
        }
        return arguments
    }

    /// The value of the single-line, non-raw string literal at `index`, its simple escapes undone.
    func literalValue(at index: Int) -> String {
        let inner = characters[(index + 1)..<(endOfString(at: index) - 1)]
        var value = "", escaped = false
        for character in inner {
            if escaped { value.append(character == "n" ? "\n" : character == "t" ? "\t" : character); escaped = false }
            else if character == "\\" { escaped = true }
            else { value.append(character) }
        }
        return value
    }

    /// The first string literal of the expression in `range` whose words, interpolations left
    /// out, are prose: two words or more. One word is trace vocabulary (an item's name like
    /// `bell`, a call like `touchesBegan`, `countdown \(left)`), kept as it is in both languages.
    /// Only the expression's own literals count (`a ? "x" : "y"`): one inside brackets is an
    /// argument of a call that makes the note (`Text(en:zh:)`, `Note.returned("run(later)", result)`).
    func proseLiteral(in range: Range<Int>) -> String? {
        var index = range.lowerBound
        while index < range.upperBound {
            if "([{".contains(characters[index]) { index = endOfBlock(at: index); continue }
            if isStringLiteral(index) {
                let end = endOfString(at: index)
                let words = literalWithoutInterpolations(at: index)
                    .split(whereSeparator: { !($0.isASCII && $0.isLetter) })
                if words.count >= 2 { return text(index..<end) }
                index = end
                continue
            }
            if let end = skipNonCode(at: index) { index = end; continue }
            index += 1
        }
        return nil
    }

    /// The text of the string literal at `index` (its first `#` or `"`), interpolations left out.
    func literalWithoutInterpolations(at start: Int) -> String {
        var (index, closing, escape) = delimiters(at: start)
        let end = endOfString(at: start) - closing.count
        var text = ""
        while index < end {
            if matches(escape, at: index), at(index + escape.count) == "(" {
                index = endOfBlock(at: index + escape.count)
                text.append(" ")
                continue
            }
            text.append(characters[index])
            index += 1
        }
        return text
    }

    /// The `"key": "value"` pairs of the dictionary literals in the block whose `{` is at `open`.
    func literalPairs(inBlockAt open: Int) -> [(key: String, value: String, line: Int)] {
        var literals: [Int] = []
        var index = open + 1
        let end = endOfBlock(at: open)
        while index < end {
            if isStringLiteral(index) && characters[index] == "\"" {
                literals.append(index)
                index = endOfString(at: index)
                continue
            }
            if let after = skipNonCode(at: index) { index = after; continue }
            index += 1
        }
        return stride(from: 0, to: literals.count - 1, by: 2).map {
            (literalValue(at: literals[$0]), literalValue(at: literals[$0 + 1]), line(at: literals[$0]))
        }
    }
}
