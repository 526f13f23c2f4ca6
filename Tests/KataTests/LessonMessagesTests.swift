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
        // The lesson's generated scenarios, an extension of its suite, if it has them: their
        // messages and names too (the names in the suite file's table).
        let practice = "Tests/LessonTests/Practice/Lesson\(lesson.paddedNumber)Practice.swift"
        let suite = try #require(CatalogConsistencyTests.read(file), "missing \(file)")
        let source = suite + "\n" + (CatalogConsistencyTests.read(practice) ?? "")
        let suiteLines = suite.split(separator: "\n", omittingEmptySubsequences: false).count
        /// `file:line` of a finding in the joined text.
        func place(_ line: Int) -> String { line > suiteLines ? "\(practice):\(line - suiteLines)" : "\(file):\(line)" }
        let findings = LessonMessages.findings(in: source)
        if !findings.isEmpty {
            Issue.record(
                """
                \(findings.count) message(s) of \(file) a Chinese reader would get in English \
                (write them as Text(en:zh:), with `.comment` in #expect/#require/Issue.record):
                \(findings.map { "\(place($0.line)): \($0.problem)" }.joined(separator: "\n"))
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
        #expect(
            problems(bad) == [
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
        #expect(
            problems(notes) == [
                #"6: note "slow work takes 2.5 s" is a plain string with English prose"#,
                #"7: note "event \(n) of \(total)" is a plain string with English prose"#,
                #"8: note "run(\(mode.name)) returned \(result)" is a plain string with English prose"#,
                ##"9: note #"the "later" mode"# is a plain string with English prose"##,
            ])
        #expect(
            problems("/// About the suite\n@Suite(\"S\") struct S {}")
                == ["2: the comment above @Suite is printed by Swift Testing, in English: leave a blank line between them"])
        #expect(problems("/// About the suite\n\n@Suite(\"S\") struct S {}").isEmpty)
        #expect(
            problems("@Test(\"a\") func a() {}\nextension ChineseTestNames {\n  static let lesson01: [String: String] = [\"a\": \"a\"]\n}")
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
                    let prose = scan.proseLiteral(in: first.start..<scan.endOfExpression(from: first.start))
                {
                    report("note \(prose) is a plain string with English prose")
                }
            } else if let label = ["hint", "expectedTitle"].first(where: { scan.startsLabel(at: index, $0) }) {
                let start = scan.skipSpaces(from: scan.index(of: ":", from: index) + 1)
                let value = scan.text(start..<scan.endOfExpression(from: start))
                if scan.isStringLiteral(start) {
                    report("\(label): is a plain string")
                } else if value.hasSuffix(".localized") {
                    report("\(label): is a String (`.localized`), not a Text")
                }
            } else if scan.startsWord(at: index, "@Test") {
                let after = scan.skipSpaces(from: index + 5)
                if after < scan.count, scan.characters[after] == "(",
                    let first = scan.arguments(at: after).first, first.label == nil, scan.isStringLiteral(first.start)
                {
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
                findings.append(
                    Finding(
                        line: number + 1, problem: "the comment above \(attribute) is printed by Swift Testing, in English: leave a blank line between them"))
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
