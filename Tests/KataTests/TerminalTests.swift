import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata's terminal output", .inEnglish)
struct TerminalTests {
    @Test("No colour codes without colours; the progress bar fills in proportion")
    func plain() {
        let plain = Style(colours: false)
        #expect(plain.red("x") == "x")
        #expect(plain.bar(7, of: 14, width: 10) == "[█████░░░░░] 7/14")
        #expect(plain.bar(0, of: 14, width: 4) == "[░░░░] 0/14")
        #expect(Style(colours: true).red("x") == "\u{1B}[31mx\u{1B}[0m")
    }

    @Test("Long lines wrap at spaces, under the indent; colour codes take no room")
    func wrap() {
        let lines = Style.wrap("one two three four five", width: 12, indent: "  ")
        #expect(lines == ["  one two", "  three four", "  five"])
        #expect(Style.visibleWidth("\u{1B}[31m✘ \u{1B}[0m") == 2)
        #expect(Style.wrap("a b", width: 80, indent: "    ", first: "  - ") == ["  - a b"])
    }

    @Test("A lesson card's fields: each label in its column, its value after a space, in both languages")
    func cardFields() {
        let result = RunReport(cases: []).result(for: .lesson19)
        for language in Language.allCases {
            let card = Language.$scoped.withValue(language) { Commands.describe(result, hintsSeen: 0, style: Style(colours: false)) }
            // The heading, a blank line, the summary, a blank line, then the fields up to the next blank line.
            let blocks = card.split(separator: "\n", omittingEmptySubsequences: false).split(separator: "")
            let fields = blocks.count > 2 ? Array(blocks[2]) : []
            #expect(fields.count >= 5, "\(card)")
            for line in fields {
                let label = line.dropFirst(2).prefix { $0 != " " }
                #expect(label.isEmpty || Style.visibleWidth(String(label)) < 7, "a label wider than its column: \(line)")
            }
            #expect(card.contains(language == .en ? "  Needs  11 " : "  前置   11 "), "\(card)")
        }
    }

    @Test("The table: one aligned line per lesson, the next one marked, the bar and the next step")
    func table() {
        let results = Catalog.lessons.map { lesson in
            RunReport(cases: [
                lesson.number == 1
                    ? TestCaseResult(suite: lesson.suiteType, name: "a", failure: nil)
                    : .explained(by: .stub(lesson, function: "x", file: "y"), suite: lesson.suiteType, name: "a")
            ])
            .result(for: lesson)
        }
        let text = Table.render(results, next: .lesson02, style: Style(colours: false))
        let rows = text.split(separator: "\n").filter { $0.contains("/1 ") }
        #expect(rows.count == Catalog.lessons.count)
        #expect(Set(rows.map { $0.firstRange(of: "/1 ")!.lowerBound.utf16Offset(in: $0) }).count == 1, "the tests column is aligned")
        #expect(rows[0].contains("01  One loop per thread") && rows[0].contains("✔ solved"))
        #expect(rows[1].hasPrefix("  ▶  02") && rows[1].contains("· not started"))
        #expect(text.contains("1/\(Catalog.lessons.count)") && text.contains("Next: Lesson 02 — Mode isolation"))
    }

    @Test("A lesson card names the file, the task, the command, the hints seen and the failures")
    func card() {
        let result = RunReport(cases: [
            .explained(by: .stub(.lesson06, function: "x"), suite: "Lesson06Tests", name: "a")
        ])
        .result(for: .lesson06)
        let card = Commands.describe(result, hintsSeen: 1, style: Style(colours: false))
        #expect(card.contains("Edit   Exercises/06-timer-skip-on-overrun/NextFireDate.swift"))
        #expect(card.contains("Run    swift test --filter Lesson06Tests"))
        #expect(card.contains("Hints  1 of \(Lesson.lesson06.hints.count) seen"))
        #expect(
            card.contains("    ✘ Lesson 06 is not solved yet: write x in\n      Exercises/06-timer-skip-on-overrun/NextFireDate.swift"),
            "wrapped under the mark")
        #expect(!card.contains("--solution"), "no solution before the lesson is green")
    }
}
