import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata judges how a test process ended", .inEnglish)
struct JudgeTests {
    let lessons: [Lesson] = [.lesson02, .lesson03, .lesson04]

    func judge(_ ending: Subprocess.Outcome.Ending, _ text: String, output: String = "") -> (Bool, RunReport) {
        let stream = EventStream.parse(text)
        var report = RunReport(stream: stream)
        let completed = TestRunner.judge(Subprocess.Outcome(ending: ending, output: output), stream: stream, lessons: lessons, report: &report)
        return (completed, report)
    }

    @Test("A failing run that ended is complete, whatever the exit status")
    func failingRunIsComplete() {
        let (completed, report) = judge(.exited(1), StreamFixture.finished)
        #expect(completed && report.broken.isEmpty)
    }

    @Test("A crash blames the lesson whose test was running, with the fatal error line")
    func crashBlamesTheRunningLesson() {
        let output =
            "◇ Suite started.\nExercises/CommonModes.swift:35: Fatal error: Unexpectedly found nil while unwrapping an Optional value\n*** Program crashed: Illegal instruction ***"
        let (completed, report) = judge(.exited(1), StreamFixture.crashed, output: output)
        #expect(!completed)
        #expect(
            report.broken == [
                3: .crashed(
                    test: "Marking a mode common",
                    reason: "Exercises/03-common-modes/CommonModes.swift:35: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
            ])
        #expect(report.result(for: .lesson03).status == .crashed)
        #expect(report.result(for: .lesson02).status == .solved)
    }

    @Test("A hang blames the running lesson and names its test")
    func hangBlamesTheRunningLesson() {
        let (completed, report) = judge(.timedOut, StreamFixture.crashed)
        #expect(!completed)
        #expect(report.broken == [3: .hung(test: "Marking a mode common")])
        #expect(report.result(for: .lesson03).status == .hung)
    }

    @Test("A filter that matched nothing exits 0: complete, and the lessons show that no test ran")
    func nothingMatched() {
        let (completed, report) = judge(.exited(0), "")
        #expect(completed && report.broken.isEmpty)
        #expect(report.result(for: .lesson02).status == .noTests)
    }

    @Test("A process that died before any test blames every unfinished lesson")
    func diedEarly() {
        let (completed, report) = judge(.signalled(9), "", output: "error: something went wrong")
        #expect(!completed)
        #expect(Set(report.broken.keys) == [2, 3, 4])
        #expect(report.broken[2] == .crashed(test: nil, reason: "error: something went wrong"))
    }

    @Test("Adopting a rerun replaces what a report had about those lessons only")
    func adopt() {
        var report = RunReport(
            cases: [
                TestCaseResult(suite: "Lesson03Tests", name: "a", failure: nil),
                TestCaseResult(suite: "Lesson04Tests", name: "b", failure: nil),
            ],
            broken: [3: .hung(test: nil)])
        report.adopt(RunReport(cases: [TestCaseResult(suite: "Lesson03Tests", name: "a", failure: "no")], discovered: ["Lesson03Tests": 1]), for: [.lesson03])
        #expect(report.broken.isEmpty)
        #expect(report.result(for: .lesson03).status == .failing)
        #expect(report.result(for: .lesson04).status == .solved)
    }
}
