import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata show points at the engine's own code only once the lesson is green", .inEnglish)
struct EngineNotesTests {
    let page =
        "# Lesson 06 — Timer skip on overrun\n\n## Hints\n\nh\n\n<!-- kata: in the engine -->\n## After you solve it: in the engine\n\n_Read this after your solution passes (`kata show 6` lists them once the lesson is green)._\n\n- `Sources/RunLoopEngine/Timers/TimerRescheduling.swift` — the rule.\n\n## Interview questions\n\nq\n"

    func result(passing: Bool) -> LessonResult {
        RunReport(cases: [TestCaseResult(suite: "Lesson06Tests", name: "a", failure: passing ? nil : "no")]).result(for: .lesson06)
    }

    @Test("Green: the page's section, without its word to the page's reader; not green: no file of the engine is named")
    func notes() {
        let style = Style(colours: false)
        let solved = Commands.engineNotes(result(passing: true), page: page, style: style)
        #expect(solved.contains("    - `Sources/RunLoopEngine/Timers/TimerRescheduling.swift` — the rule."))
        #expect(!solved.joined().contains("Interview"), "the section ends at the next heading")
        #expect(!solved.joined().contains("Read this after"), "the page's word to its reader is not repeated by kata show")
        let failing = Commands.engineNotes(result(passing: false), page: page, style: style).joined(separator: "\n")
        #expect(!failing.contains("Sources/RunLoopEngine"), "\(failing)")
        #expect(failing.contains("once the lesson is green"))
        #expect(Commands.engineNotes(result(passing: true), page: nil, style: style).isEmpty)
    }

    @Test("The section is found by its mark: a heading reworded in either language still finds it; a page without the mark is refused by sync")
    func byMarkNotHeading() throws {
        let style = Style(colours: false)
        for language in Language.allCases {
            let lesson = try #require(Catalog.lesson(6))
            let path = language == .en ? lesson.pagePath : lesson.pagePathZh
            let real = try #require(CourseSync.read(path, root: CatalogConsistencyTests.root))
            let shown = Commands.engineNotes(result(passing: true), page: real, style: style)
            #expect(shown.contains { $0.contains("Sources/RunLoopEngine/") }, "\(path): \(shown)")
            let heading = try #require(real.split(separator: "\n").first { $0.hasPrefix("## ") && real.contains(PageMarks.engine + "\n" + $0) })
            let reworded = real.replacingOccurrences(of: String(heading), with: "## " + (language == .en ? "Afterwards: the reference" : "之后：参考实现"))
            #expect(reworded != real)
            #expect(Commands.engineNotes(result(passing: true), page: reworded, style: style) == shown, "\(path): the heading's words do not matter")
            let unmarked = real.replacingOccurrences(of: PageMarks.engine + "\n", with: "")
            #expect(Commands.engineNotes(result(passing: true), page: unmarked, style: style).isEmpty)
            #expect(throws: CourseSync.MissingPlace.self, "\(path): sync refuses a page that lost its mark") {
                try CourseSync.lessonPage(unmarked, lesson, language, path: path)
            }
        }
    }
}
