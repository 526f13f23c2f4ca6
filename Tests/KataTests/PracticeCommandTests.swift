import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// `kata practice N [--seed S] [--count K]`: how it is read, what it hands the test process, and
/// what it shows for each way a practice run ends.
@Suite("kata practice", .inEnglish)
struct PracticeCommandTests {
    func parse(_ line: String) throws(UsageError) -> Invocation { try InvocationTests().parse(line) }

    @Test("A lesson, and a seed and a count in any order")
    func parsing() throws {
        #expect(try parse("practice 6") == .practice(lesson: 6, seed: nil, count: nil))
        #expect(try parse("practice 6 --seed 42") == .practice(lesson: 6, seed: 42, count: nil))
        #expect(try parse("practice --count 3 06") == .practice(lesson: 6, seed: nil, count: 3))
        #expect(try parse("practice 1 --count 5000 --seed 0") == .practice(lesson: 1, seed: 0, count: 5000))
        #expect(try parse("practice 6 --seed 18446744073709551615") == .practice(lesson: 6, seed: .max, count: nil))
    }

    @Test(
        "Mistakes are usage errors, in both languages, that say what is wrong",
        arguments: [
            ("practice", "give a lesson number"), ("practice 15", "there is no lesson 15"),
            ("practice 6 --seed", "--seed needs a value"), ("practice 6 --seed x", "--seed takes a whole number"),
            ("practice 6 --seed 1.5", "not '1.5'"), ("practice 6 --count 0", "--count takes a number of scenarios from 1 to 5000, not '0'"),
            ("practice 6 --count 5001", "not '5001'"), ("practice 6 --count", "--count needs a value"),
            ("practice 6 7", "unexpected '7'"), ("practice 6 --seeds 4", "unknown option '--seeds'"),
        ])
    func mistakes(line: String, message: String) {
        do {
            _ = try parse(line)
            Issue.record("\(line) is not a usage error")
        } catch {
            #expect(error.message.en.contains(message), "\(line): \(error.message.en)")
            #expect(error.command == "practice")
            #expect(error.message.en != error.message.zh)
            #expect(StrayEnglish.words(in: error.message.zh).isEmpty, "\(line): \(error.report(in: .zhHans))")
        }
    }

    @Test("The test process gets the seed and the count, and runs only the lesson's generated scenarios")
    func handedOver() {
        var runner = TestRunner(packagePath: "/p", scratch: "/p/.build/kata-exercises", target: .exercises)
        #expect(runner.environmentPrefix == [])
        runner.environment = PracticeRun.environment(seed: 42, count: 7)
        #expect(runner.environmentPrefix == ["env", "KATA_PRACTICE_COUNT=7", "KATA_PRACTICE_SEED=42"])
        #expect(PracticeRun.testPrefix == "generated")
        // The lesson tests' practice reads the same names (`PracticeSeeds` in Tests/LessonTests).
        let practice = CatalogConsistencyTests.read("Tests/LessonTests/Support/Practice.swift") ?? ""
        for name in PracticeRun.environment(seed: 1, count: 1).keys {
            #expect(practice.contains("environment[\"\(name)\"]"), "\(name) is read by PracticeSeeds")
        }
        // Each lesson's practice test is named so that the filter finds it.
        let files = (try? FileManager.default.contentsOfDirectory(atPath: CatalogConsistencyTests.root + "/Tests/LessonTests/Practice")) ?? []
        #expect(files.contains("Lesson06Practice.swift"))
        for file in files where file.hasPrefix("Lesson") && file.hasSuffix("Practice.swift") {
            let source = CatalogConsistencyTests.read("Tests/LessonTests/Practice/\(file)") ?? ""
            #expect(source.contains("func \(PracticeRun.testPrefix)"), "\(file) has a test named \(PracticeRun.testPrefix)…")
        }
        #expect(PracticeRun.secondsAllowed(count: PracticeRun.largestCount) > PracticeRun.secondsAllowed(count: 1))
    }

    static func result(_ failure: String?, detail: String? = nil, cases: Int = 1) -> LessonResult {
        LessonResult(
            lesson: .lesson06,
            cases: (0..<cases).map { _ in
                TestCaseResult(suite: "Lesson06Tests", name: "Generated timer scenarios run as on the reference engine", failure: failure, detail: detail)
            }, breakage: nil, discovered: cases)
    }

    @Test("Passed: how many scenarios from which seed, and the command for the next ones", arguments: Language.allCases)
    func passed(language: Language) {
        let lines = Language.$scoped.withValue(language) {
            PracticeRun.describe(Self.result(nil), seed: 42, count: 500, style: Style(colours: false))
        }
        let screen = lines.joined(separator: "\n")
        #expect(screen.contains("500") && screen.contains("42"), "\(screen)")
        #expect(screen.contains("swift run kata practice 6 --seed 542 --count 500"), "\(screen)")
        if language == .zhHans {
            let english = Language.$scoped.withValue(.en) { PracticeRun.describe(Self.result(nil), seed: 42, count: 500, style: Style(colours: false)) }
            let left = ScreenLanguage.untranslated(chinese: screen, english: english.joined(separator: "\n"))
            #expect(left.isEmpty, "lines as in English:\n\(left.joined(separator: "\n"))\n---\n\(screen)")
        }
    }

    @Test("A difference: the failure and the whole explanation, table and hint included; no test: said so")
    func failed() {
        let detail = """
            A generated scenario (seed 7, shrunk from 3 steps to 1) runs differently with your code:
              1. timer "t1": first at 0.5 s, every 0.016666667 s
            ✗  1 1500 ms  default   timer "t1"   │ 1516 ms  default   timer "t1"
            Hint: your rule and the engine's disagree
            Run this scenario again: swift run kata practice 06 --seed 7 --count 1
            """
        let screen = PracticeRun.describe(
            Self.result("A generated scenario (seed 7…", detail: detail), seed: 1, count: 500,
            style: Style(colours: false)
        ).joined(separator: "\n")
        for line in detail.split(separator: "\n") { #expect(screen.contains(line), "\(line) in \(screen)") }
        let none = PracticeRun.describe(
            LessonResult(lesson: .lesson06, cases: [], breakage: nil), seed: 1, count: 5,
            style: Style(colours: false)
        ).joined(separator: "\n")
        #expect(none.contains("no generated scenarios"), "\(none)")
    }
}
