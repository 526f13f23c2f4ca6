import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata verify --mutants reads its catalog and judges each mutant")
struct MutantCatalogTests {
    let stubLine = "Lesson 06 is not solved yet: write nextFireDate(after:interval:now:) in Exercises/06-timer-skip-on-overrun/NextFireDate.swift"

    func result(_ failures: [String?], breakage: Breakage? = nil) -> LessonResult {
        let cases = failures.enumerated().map { TestCaseResult(suite: "Lesson06Tests", name: "t\($0.offset)", failure: $0.element) }
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
            MutantCatalog.Mutant(lesson: 6, path: "Mutants/06-timer-skip-on-overrun/\(name).swift", name: name, description: "does \(name)", text: "")
        }
        let caught = (0..<MutantCatalog.fewestPerLesson).map { MutantReport.Outcome(mutant: mutant("m\($0)"), verdict: .killed(by: "x")) }
        var report = MutantReport(lessons: [.init(lesson: .lesson06, outcomes: caught)])
        #expect(report.problems.isEmpty)

        report.lessons[0].outcomes[2].verdict = .survived
        report.lessons[0].outcomes[3].verdict = .catalogError("does not compile: x")
        #expect(report.problems == [
            "survived: Mutants/06-timer-skip-on-overrun/m2.swift — does m2: every test of lesson 06 passes with this mistake in place",
            "catalog error: Mutants/06-timer-skip-on-overrun/m3.swift does not compile: x",
        ])
        report.lessons[0].outcomes.removeLast(MutantCatalog.fewestPerLesson - 2)
        #expect(report.problems.last == "lesson 06 has 2 mutants in Mutants/06-timer-skip-on-overrun/ — at least \(MutantCatalog.fewestPerLesson) expected")
    }

    @Test("The catalog is read from Mutants/NN-slug/*.swift; anything else there is misplaced")
    func load() throws {
        let fixture = FixturePackage.empty("catalog")
        defer { fixture.remove() }
        try fixture.write("Mutants/06-timer-skip-on-overrun/b.swift", "// Mutant: bee\n")
        try fixture.write("Mutants/06-timer-skip-on-overrun/a.swift", "no header\n")
        try fixture.write("Mutants/06-timer-skip-on-overrun/notes.txt", "x")
        try fixture.write("Mutants/99-nothing/x.swift", "// Mutant: x\n")
        let catalog = MutantCatalog.load(root: fixture.root)
        #expect(catalog.mutants(of: .lesson06).map(\.name) == ["a", "b"])
        #expect(catalog.mutants(of: .lesson06).map(\.description) == [nil, "bee"])
        #expect(catalog.misplaced == ["Mutants/06-timer-skip-on-overrun/notes.txt", "Mutants/99-nothing"])
    }
}

@Suite("kata sees a build that missed a change")
struct StaleBuildTests {
    @Test("A file newer than its last compilation (object, diagnostics, dependencies), or changed after the build began, is stale")
    func staleness() throws {
        let fixture = FixturePackage.empty("stale")
        defer { fixture.remove() }
        let file = Lesson.lesson06.exerciseFile
        let folder = "build/x86_64-unknown-linux-gnu/debug/Exercises.build/"
        let runner = TestRunner(packagePath: fixture.root, scratch: fixture.root + "/build", target: .exercises)
        func set(_ path: String, _ seconds: Double) throws {
            try FileManager.default.setAttributes([.modificationDate: date(seconds)], ofItemAtPath: fixture.root + "/" + path)
        }
        func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + seconds) }
        try fixture.write(file, "x")
        try set(file, 10)
        #expect(runner.staleness(of: file, builtSince: date(11)) == "\(file) was never compiled")
        for artifact in ["NextFireDate.swift.o", "NextFireDate.dia", "NextFireDate.d"] { try fixture.write(folder + artifact, "") }
        try set(folder + "NextFireDate.swift.o", 12)
        try set(folder + "NextFireDate.dia", 5)
        try set(folder + "NextFireDate.d", 5)
        #expect(runner.staleness(of: file, builtSince: date(11)) == nil)
        try set(folder + "NextFireDate.swift.o", 9)
        #expect(runner.staleness(of: file, builtSince: date(11)) == "\(file) is newer than its last compilation")
        try set(folder + "NextFireDate.dia", 12)   // compiled again, to the same object: the object is left as it was
        #expect(runner.staleness(of: file, builtSince: date(11)) == nil)
        #expect(runner.staleness(of: file, builtSince: date(9.5)) == "\(file) changed while it was being built")
    }
}

/// Drives the real `kata` binary on a small package of its own (one build of it, then a second
/// or two per mutant).
extension EndToEndTests {
    @Suite("kata verify --mutants, end to end")
    struct MutantRunTests {
        @Test("Every mutant is judged: caught, survived (named, with its line), or a catalog error; a hang costs its limit once")
        func run() throws {
            let fixture = try FixturePackage.make()
            defer { fixture.remove() }
            let folder = "Mutants/06-timer-skip-on-overrun/"
            let top = "// Mutant: "
            try fixture.write(folder + "a-loops-forever.swift", top + "never returns\npublic func answer(_ x: Int) -> Int? { while true {} }\n")
            try fixture.write(folder + "b-plus-one.swift", top + "adds one\npublic func answer(_ x: Int) -> Int? { x + 1 }\n")
            try fixture.write(folder + "c-wrong-when-large.swift", top + "wrong past 1000\npublic func answer(_ x: Int) -> Int? { x > 1000 ? 0 : x * x }\n")
            try fixture.write(folder + "d-no-header.swift", "public func answer(_ x: Int) -> Int? { x - 1 }\n")
            try fixture.write(folder + "e-does-not-compile.swift", top + "a typo\npublic func answer(_ x: Int) -> Int? { x * }\n")
            try fixture.write(folder + "f-still-a-stub.swift", top + "left the stub\npublic func answer(_ x: Int) -> Int? { nil }\n")
            for k in 1...MutantCatalog.fewestPerLesson {
                try fixture.write("Mutants/02-mode-isolation/off-by-\(k).swift", top + "off by \(k)\npublic func twice(_ x: Int) -> Int? { x + x + \(k) }\n")
            }
            try fixture.write("Mutants/99-nothing/x.swift", top + "x\n")
            // The working tree's own exercise does not even compile: the mutants use git HEAD's.
            try fixture.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { x x }\n")

            let run = try fixture.kata(["verify", "--mutants", "6", "2"], timeout: 600, environment: ["KATA_STALL_SECONDS": "3"])
            let output = run.output.replacingOccurrences(of: "\n    ", with: " ")   // long lines unwrapped
            #expect(run.code == 1, "survivors and catalog errors fail the check:\n\(output)")
            #expect(output.contains("06  " + "Timer skip on overrun".padded(34) + " 2/6 red, 1 survived, 3 catalog errors, fewer than \(MutantCatalog.fewestPerLesson) mutants"), "\(output)")
            #expect(output.contains("02  " + "Mode isolation".padded(34) + " \(MutantCatalog.fewestPerLesson)/\(MutantCatalog.fewestPerLesson) red"), "\(output)")
            #expect(output.contains("survived: \(folder)c-wrong-when-large.swift — wrong past 1000"), "\(output)")
            #expect(output.contains("catalog error: \(folder)d-no-header.swift its first line must say what it gets wrong"), "\(output)")
            #expect(output.contains("catalog error: \(folder)e-does-not-compile.swift does not compile: \(folder)e-does-not-compile.swift:2:"), "\(output)")
            #expect(output.contains("catalog error: \(folder)f-still-a-stub.swift fails with the stub's line"), "\(output)")
            #expect(output.contains("lesson 06 has 6 mutants"), "\(output)")
            #expect(output.contains("catalog error: Mutants/99-nothing is not a mutant"), "\(output)")
            #expect(!output.contains("a-loops-forever.swift") && !output.contains("b-plus-one.swift"), "caught mutants are not problems:\n\(output)")
            #expect(try String(contentsOfFile: fixture.root + "/" + Lesson.lesson06.exerciseFile, encoding: .utf8).contains("x x"),
                    "the student's own file is never touched")
        }
    }

    @Suite("kata verify judges git HEAD's Exercises, never the working tree's")
    struct VerifyPristineTests {
        @Test("Without git, verify fails at once in one line")
        func noGit() throws {
            let fixture = try FixturePackage.make(git: false)
            defer { fixture.remove() }
            for arguments in [["verify"], ["verify", "--mutants", "6"]] {
                let run = try fixture.kata(arguments, timeout: 60)
                #expect(run.code == Kata.ExitCode.buildOrTool, "\(arguments): \(run.output)")
                #expect(run.output.contains("kata: not a git checkout"), "\(arguments): \(run.output)")
                #expect(!run.output.contains("pass on the stub") && !run.output.contains("Every lesson against"), "\(arguments) goes no further: \(run.output)")
            }
        }

        @Test("A student's exercise that does not compile leaves verify's verdict on the committed stubs intact")
        func studentsEdit() throws {
            let fixture = try FixturePackage.make()
            defer { fixture.remove() }
            try fixture.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { x x }\n")
            try fixture.write(Lesson.lesson02.exerciseFile, FixturePackage.solved02)
            let run = try fixture.kata(["verify"], timeout: 600)
            #expect(!run.output.contains("do not build"), "\(run.output)")
            // The fixture has lessons 06 and 02 only: the other twelve are reported missing, so the check fails.
            #expect(run.code == Kata.ExitCode.checkFailed)
            #expect(run.output.contains("06  " + "Timer skip on overrun".padded(34) + " ✔ " + "4/4 green".padded(12) + "✔ 4/4 red"), "\(run.output)")
            #expect(run.output.contains("02  " + "Mode isolation".padded(34) + " ✔ " + "4/4 green".padded(12) + "✔ 4/4 red"), "the solved working copy is not used: \(run.output)")
        }
    }
}
