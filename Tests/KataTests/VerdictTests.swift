import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata dev verify holds each lesson to the rules", .inEnglish)
struct VerdictTests {
    typealias Verdict = Commands.Verdict
    let stub = HarnessRecord.stub(.lesson02, function: "StudentModeItems.add(_:)")
    var stubLine: String { stub.message.en }

    func result(_ failures: [String?], breakage: Breakage? = nil) -> LessonResult {
        let cases = failures.enumerated().map { failure in
            // The stub's line is the harness's: it records it as such.
            failure.element == stubLine
                ? TestCaseResult.explained(by: stub, suite: "Lesson02Tests", name: "t\(failure.offset)")
                : TestCaseResult(suite: "Lesson02Tests", name: "t\(failure.offset)", failure: failure.element)
        }
        return LessonResult(lesson: .lesson02, cases: cases, breakage: breakage, discovered: failures.count)
    }

    @Test("Solutions: every test passes, four or more of them, nothing broke")
    func solutions() {
        #expect(Verdict.solutionProblem(result([nil, nil, nil, nil])) == nil)
        #expect(
            Verdict.solutionProblem(result([nil, nil, "Expectation failed: 1 == 2", nil]))?.contains(
                "1 of 4 tests fail, first: t2 — Expectation failed: 1 == 2") == true)
        #expect(Verdict.solutionProblem(result([nil, nil]))?.contains("only 2 tests") == true)
        #expect(Verdict.solutionProblem(result([]))?.contains("no test ran") == true)
        #expect(
            Verdict.solutionProblem(result([nil, nil, nil, nil], breakage: .crashed(test: "t1", reason: "Fatal error: boom")))?.contains(
                "crashed in \"t1\": Fatal error: boom") == true)
    }

    @Test("Untouched stubs: every test fails, each with the stub's line; a passing test is reported by name")
    func stubs() {
        #expect(Verdict.stubProblem(result(Array(repeating: stubLine, count: 4))) == nil)
        #expect(Verdict.stubProblem(result([stubLine, nil, stubLine, stubLine])) == "1 test passes on the stub: \"t1\"")
        #expect(Verdict.stubProblem(result([stubLine, nil, nil, stubLine])) == "2 tests pass on the stub: \"t1\", \"t2\"")
        #expect(Verdict.stubProblem(result([stubLine, stubLine, "Expectation failed: x", stubLine]))?.contains("without the stub's") == true)
        #expect(Verdict.stubProblem(result(Array(repeating: stubLine, count: 4), breakage: .hung(test: "t0")))?.contains("never returned") == true)
    }
}
