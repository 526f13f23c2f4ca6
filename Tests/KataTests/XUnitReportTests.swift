import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata reads Swift Testing's xUnit report", .inEnglish)
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
        #expect(
            cases[0]
                == TestCaseResult(
                    suite: "Lesson06Tests", name: "onTime()",
                    failure:
                        "Caught error: Lesson 06 is not solved yet: write nextFireDate(after:interval:now:) in Exercises/06-timer-skip-on-overrun/NextFireDate.swift (error)"
                ))
        #expect(cases[1].passed && cases[1].name == "phaseIsKept()")
        #expect(cases[2].failure == "Expectation failed: \"a\" == \"b\"\nsecond line — — &lt;")
    }

    @Test("A lesson whose every test hits the stub is not started; some passing is failing; all passing is solved")
    func statuses() {
        let cases = XUnitReport.parse(Self.sample)
        let six = RunReport(cases: cases).result(for: .lesson06)
        #expect(six.status == .failing && six.passed == 1 && six.total == 2)
        var stubbedReport = RunReport(cases: [cases[0]])
        stubbedReport.join([.stub(.lesson06, function: "nextFireDate(after:interval:now:)", test: StreamFixture.id("Lesson06Tests", "onTime()"))])
        let stubbed = stubbedReport.result(for: .lesson06)
        #expect(stubbed.status == .notStarted)
        #expect(
            stubbed.failureLines == [
                "Lesson 06 is not solved yet: write nextFireDate(after:interval:now:) in Exercises/06-timer-skip-on-overrun/NextFireDate.swift"
            ])
        let green = RunReport(cases: [cases[1]]).result(for: .lesson06)
        #expect(green.status == .solved)
    }

    @Test("A lesson with no test results is reported as such, and a crash as a crash")
    func missingAndCrashed() {
        let report = RunReport(cases: [], broken: [4: .crashed(test: "t", reason: nil)])
        #expect(report.result(for: .lesson03).status == .noTests)
        #expect(report.result(for: .lesson04).status == .crashed)
    }
}
