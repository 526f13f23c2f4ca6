import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata reads Swift Testing's xUnit report")
struct XUnitReportTests {
    static let sample = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite name="TestResults" errors="0" tests="3" failures="2" skipped="0" time="0.01">
            <testcase classname="LessonTests.Lesson06Tests" name="onTime()" time="0.001" >
              <failure message="Caught error: Lesson 06 is not solved yet: write nextFireDate(after:interval:now:) in Exercises/06-timer-skip-on-overrun/NextFireDate.swift (error)" />
            </testcase>
            <testcase classname="LessonTests.Lesson06Tests" name="phaseIsKept()" time="0.001" />
            <testcase classname="LessonTests.Lesson02Tests" name="removal()" time="0.001" >
              <failure message="Expectation failed: &quot;a&quot; == &quot;b&quot;&#10;second line &#8212; &#x2014; &amp;lt;" />
            </testcase>
          </testsuite>
        </testsuites>
        """

    @Test("Each test case is read with its suite, name and first failure")
    func parsesCases() {
        let cases = XUnitReport.parse(Self.sample)
        #expect(cases.count == 3)
        #expect(cases[0] == TestCaseResult(suite: "Lesson06Tests", name: "onTime()", failure: "Caught error: Lesson 06 is not solved yet: write nextFireDate(after:interval:now:) in Exercises/06-timer-skip-on-overrun/NextFireDate.swift (error)"))
        #expect(cases[1].passed && cases[1].name == "phaseIsKept()")
        #expect(cases[2].failure == "Expectation failed: \"a\" == \"b\"\nsecond line — — &lt;")
    }

    @Test("A lesson whose every test hits the stub is not started; some passing is failing; all passing is solved")
    func statuses() {
        let cases = XUnitReport.parse(Self.sample)
        let six = RunReport(cases: cases, broken: [:]).result(for: .lesson06)
        #expect(six.status == .failing && six.passed == 1 && six.total == 2)
        let stubbed = RunReport(cases: [cases[0]], broken: [:]).result(for: .lesson06)
        #expect(stubbed.status == .notStarted)
        #expect(stubbed.failureLines == ["Lesson 06 is not solved yet: write nextFireDate(after:interval:now:) in Exercises/06-timer-skip-on-overrun/NextFireDate.swift"])
        let green = RunReport(cases: [cases[1]], broken: [:]).result(for: .lesson06)
        #expect(green.status == .solved)
    }

    @Test("A lesson with no test results is reported as such, and a crash as a crash")
    func missingAndCrashed() {
        let report = RunReport(cases: [], broken: [4: .crashed])
        #expect(report.result(for: .lesson03).status == .noTests)
        #expect(report.result(for: .lesson04).status == .crashed)
    }
}

@Suite("kata remembers progress")
struct ProgressTests {
    @Test("Hints are handed out one more at a time, up to all of them")
    func hints() {
        var progress = Progress()
        #expect(progress.nextHint(of: 6, available: 3) == 1)
        #expect(progress.nextHint(of: 6, available: 3) == 2)
        #expect(progress.nextHint(of: 6, available: 3) == 3)
        #expect(progress.nextHint(of: 6, available: 3) == 3)
        #expect(progress.nextHint(of: 2, available: 0) == nil)
    }

    @Test("A lesson that turns green is solved; one that breaks again is not")
    func recording() {
        var progress = Progress()
        let passing = TestCaseResult(suite: "Lesson06Tests", name: "a()", failure: nil)
        let failing = TestCaseResult(suite: "Lesson06Tests", name: "a()", failure: "no")
        #expect(progress.record([RunReport(cases: [passing], broken: [:]).result(for: .lesson06)]) == [6])
        #expect(progress.solved == [6] && progress.lastResults[6] == [1, 1])
        #expect(progress.record([RunReport(cases: [failing], broken: [:]).result(for: .lesson06)]) == [])
        #expect(progress.solved.isEmpty)
    }

    @Test("Progress survives a round trip through its file")
    func roundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kata-progress-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var progress = Progress()
        progress.current = 7
        progress.solved = [2, 3]
        progress.hintsShown = [7: 2]
        try progress.save(to: directory)
        #expect(Progress.load(from: directory) == progress)
    }
}

import Foundation
