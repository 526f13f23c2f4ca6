import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata dev verify --mutants reads its catalog and judges each mutant", .inEnglish)
struct MutantCatalogTests {
    let stub = HarnessRecord.stub(.lesson06, function: "nextFireDate(after:interval:now:)")
    var stubLine: String { stub.message.en }

    func result(_ failures: [String?], breakage: Breakage? = nil) -> LessonResult {
        let cases = failures.enumerated().map { failure in
            // The stub's line is the harness's: it records it as such.
            failure.element == stubLine
                ? TestCaseResult.explained(by: stub, suite: "Lesson06Tests", name: "t\(failure.offset)")
                : TestCaseResult(suite: "Lesson06Tests", name: "t\(failure.offset)", failure: failure.element)
        }
        return LessonResult(lesson: .lesson06, cases: cases, breakage: breakage, discovered: failures.count)
    }

    @Test("A mutant is caught by a failing test or a breakage; all green is a survivor; the stub's line or no test is the catalog's fault")
    func verdicts() {
        #expect(MutantVerdict.judge(result([nil, "Expectation failed: 3 == 4"])) == .killed(by: "t1 — Expectation failed: 3 == 4"))
        #expect(MutantVerdict.judge(result([nil], breakage: .hung(test: "t0"))) == .killed(by: Breakage.hung(test: "t0").explanation))
        #expect(MutantVerdict.judge(result([nil, nil])) == .survived)
        if case .catalogError(let why) = MutantVerdict.judge(result([nil, stubLine])) {
            #expect(why.contains("stub's line"))
        } else {
            Issue.record("a mutant that still fails with the stub's line must be a catalog error")
        }
        if case .catalogError = MutantVerdict.judge(result([])) {} else { Issue.record("no test ran must be a catalog error") }
    }

    @Test("The first line names the mistake; without it there is no description")
    func header() {
        #expect(MutantCatalog.description(of: "// Mutant: counts from now\nimport X\n") == "counts from now")
        #expect(MutantCatalog.description(of: "import X\n// Mutant: late\n") == nil)
        #expect(MutantCatalog.description(of: "// Mutant:   \n") == nil)
    }

    @Test("Catalog rules: survivors, catalog errors and lessons under the minimum are problems; all caught is none")
    func problems() {
        func mutant(_ name: String) -> MutantCatalog.Mutant {
            MutantCatalog.Mutant(lesson: 6, path: "Mutants/06-timer-skip-on-overrun/\(name).patch", name: name, description: "does \(name)", text: "")
        }
        let caught = (0..<MutantCatalog.fewestPerLesson).map { MutantReport.Outcome(mutant: mutant("m\($0)"), verdict: .killed(by: "x")) }
        var report = MutantReport(lessons: [.init(lesson: .lesson06, outcomes: caught)])
        #expect(report.problems.isEmpty)

        report.lessons[0].outcomes[2].verdict = .survived
        report.lessons[0].outcomes[3].verdict = .catalogError("does not compile: x")
        #expect(
            report.problems == [
                "survived: Mutants/06-timer-skip-on-overrun/m2.patch — does m2: every test of lesson 06 passes with this mistake in place",
                "catalog error: Mutants/06-timer-skip-on-overrun/m3.patch does not compile: x",
            ])
        report.lessons[0].outcomes.removeLast(MutantCatalog.fewestPerLesson - 2)
        #expect(report.problems.last == "lesson 06 has 2 mutants in Mutants/06-timer-skip-on-overrun/ — at least \(MutantCatalog.fewestPerLesson) expected")
    }

    @Test("The catalog is read from Mutants/NN-slug/*.patch; a whole .swift file is one to convert; anything else is misplaced")
    func load() throws {
        let fixture = FixturePackage.empty("catalog")
        defer { fixture.remove() }
        try fixture.write("Mutants/06-timer-skip-on-overrun/b.patch", "// Mutant: bee\n")
        try fixture.write("Mutants/06-timer-skip-on-overrun/a.patch", "no header\n")
        try fixture.write("Mutants/06-timer-skip-on-overrun/c.swift", "// Mutant: sea\n")
        try fixture.write("Mutants/06-timer-skip-on-overrun/notes.txt", "x")
        try fixture.write("Mutants/99-nothing/x.patch", "// Mutant: x\n")
        let catalog = MutantCatalog.load(root: fixture.root)
        #expect(catalog.mutants(of: .lesson06).map(\.name) == ["a", "b"])
        #expect(catalog.mutants(of: .lesson06).map(\.description) == [nil, "bee"])
        #expect(catalog.wholeFiles == ["Mutants/06-timer-skip-on-overrun/c.swift"])
        #expect(catalog.misplaced == ["Mutants/06-timer-skip-on-overrun/notes.txt", "Mutants/99-nothing"])
    }

    @Test("Every mutant of the kata is a patch that applies to its lesson's Solution and changes it")
    func everyPatchApplies() throws {
        let root = PackageRoot.path
        let catalog = MutantCatalog.load(root: root)
        #expect(catalog.wholeFiles.isEmpty, "run swift run kata dev patch-mutants")
        #expect(catalog.misplaced.isEmpty)
        var count = 0
        for lesson in Catalog.lessons {
            let solution = try String(contentsOfFile: root + "/" + lesson.solutionFile, encoding: .utf8)
            for mutant in catalog.mutants(of: lesson) {
                count += 1
                #expect(mutant.description != nil, "\(mutant.path)")
                do {
                    let wrong = try mutant.applied(to: solution)
                    #expect(wrong != solution, "\(mutant.path) changes nothing")
                } catch {
                    Issue.record("\(mutant.path): \(error)")
                }
            }
        }
        #expect(count >= Catalog.lessons.count * MutantCatalog.fewestPerLesson)
    }
}
