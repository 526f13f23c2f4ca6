import Foundation
import Testing
@testable import KataCore

/// What a page says about Apple's run loop must name where it comes from, so that a student can
/// check it before repeating it in an interview; and the engine's own answer comes last, for
/// after the lesson is green.
@Suite("Each page names its sources and keeps the engine's answer for last", .inEnglish, .tags(.consistency))
struct PageSourcesTests {
    /// The heading of the page's last section, the links to the engine's own implementation.
    static let engineHeading = "## After you solve it: in the engine"
    /// How that section starts: one line saying when to read it.
    static let engineIntro = "_Read this after your solution passes"

    @Test("Every interview answer, and the \"Where it bites on iOS\" section, ends with its sources", arguments: Catalog.lessons)
    func sources(_ lesson: Lesson) throws {
        let page = try #require(CatalogConsistencyTests.read(lesson.pagePath), "missing page \(lesson.pagePath)")
        let ios = try #require(Page.section("## Where it bites on iOS", of: page), "\(lesson.pagePath) lacks its \"Where it bites on iOS\" section")
        Self.expectSources(at: ios, "the \"Where it bites on iOS\" section of \(lesson.pagePath)")

        let interview = try #require(Page.section("## Interview questions", of: page), "\(lesson.pagePath) lacks its \"Interview questions\" section")
        let answers = Page.answers(in: interview)
        #expect(!answers.isEmpty, "\(lesson.pagePath) has no interview answers in <details> blocks")
        for answer in answers {
            Self.expectSources(at: answer.text, "the answer to \"\(answer.question)\" in \(lesson.pagePath)")
        }
    }

    @Test("The engine's own implementation comes last, under a heading for after the lesson is green", arguments: Catalog.lessons)
    func engineLast(_ lesson: Lesson) throws {
        let page = try #require(CatalogConsistencyTests.read(lesson.pagePath), "missing page \(lesson.pagePath)")
        let headings = page.split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        #expect(
            headings.last == Self.engineHeading,
            "the last section of \(lesson.pagePath) must be \"\(Self.engineHeading)\" (the answer, one click away, comes after everything a student reads before solving); it is \"\(headings.last ?? "none")\""
        )
        let section = Page.section(Self.engineHeading, of: page) ?? ""
        let intro = section.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            intro.hasPrefix(Self.engineIntro),
            "\"\(Self.engineHeading)\" in \(lesson.pagePath) must open with one line saying to read it after solving (\"\(Self.engineIntro) …\"); it opens with \"\(intro)\""
        )
    }

    /// A sources line: `<sub>Sources: item; item.</sub>`, each item naming a function (in
    /// backticks) or a documentation page (in “quotes”).
    static func expectSources(at text: String, _ place: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let last = text.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard last.hasPrefix("<sub>Sources: "), last.hasSuffix("</sub>") else {
            Issue.record(
                "\(place) must end with a line \"<sub>Sources: …</sub>\" naming a CFRunLoop.c function, an Apple documentation page or a libdispatch function; its last line is \"\(last)\"",
                sourceLocation: sourceLocation)
            return
        }
        let items = last.dropFirst("<sub>Sources: ".count).dropLast("</sub>".count).split(separator: ";")
        for item in items where !(item.contains("`") || item.contains("“")) {
            Issue.record(
                "in \(place), the source \"\(item.trimmingCharacters(in: .whitespaces))\" names no function (`in backticks`) and no page (“in quotes”)",
                sourceLocation: sourceLocation)
        }
    }
}

/// Reading a lesson page's sections and its interview answers.
enum Page {
    /// The text of the section under `heading`, up to the next `## ` heading, trimmed.
    static func section(_ heading: String, of page: String) -> String? {
        guard let start = page.range(of: "\n\(heading)\n") else { return nil }
        let rest = page[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return rest[..<end].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Each `<details><summary>question</summary> answer </details>` block, answer trimmed.
    static func answers(in section: String) -> [(question: String, text: String)] {
        section.components(separatedBy: "<details><summary>").dropFirst().compactMap { block in
            guard let close = block.range(of: "</summary>"), let end = block.range(of: "</details>") else { return nil }
            let question = String(block[..<close.lowerBound])
            let text = block[close.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            return (question, text)
        }
    }
}
