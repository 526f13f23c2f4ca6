import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata show points at the engine's own code only once the lesson is green", .inEnglish)
struct EngineNotesTests {
    let page =
        "# Lesson 06 — Timer skip on overrun\n\n## Hints\n\nh\n\n## After you solve it: in the engine\n\n_Read this after your solution passes (`kata show 6` lists them once the lesson is green)._\n\n- `Sources/RunLoopEngine/Timers/TimerRescheduling.swift` — the rule.\n\n## Interview questions\n\nq\n"

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
}
