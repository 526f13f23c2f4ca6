import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// Small event streams, written the way Swift Testing 6.3 writes them (one JSON object a line,
/// `--event-stream-version 0`), with only the fields kata reads.
enum StreamFixture {
    static func id(_ suite: String, _ test: String) -> String { "LessonTests.\(suite)/\(test)/File.swift:1:1" }

    static func test(_ suite: String, _ name: String, display: String? = nil) -> String {
        #"{"kind":"test","payload":{"displayName":"\#(display ?? name)","id":"\#(id(suite, name))","kind":"function","name":"\#(name)"},"version":0}"#
    }

    static func suite(_ suite: String) -> String {
        #"{"kind":"test","payload":{"displayName":"\#(suite)","id":"LessonTests.\#(suite)","kind":"suite","name":"\#(suite)"},"version":0}"#
    }

    static func event(_ kind: String, _ suite: String, _ name: String) -> String {
        #"{"kind":"event","payload":{"kind":"\#(kind)","messages":[],"testID":"\#(id(suite, name))"},"version":0}"#
    }

    static func thrown(_ suite: String, _ name: String, _ description: String, known: Bool = false) -> String {
        #"{"kind":"event","payload":{"issue":{"_error":{"code":1,"description":"\#(description)","domain":"Kata.Failure"},"isKnown":\#(known)},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Caught error: \#(description)"}],"testID":"\#(id(suite, name))"},"version":0}"#
    }

    static func expectation(_ suite: String, _ name: String, _ text: String, severity: String? = nil, comment: String? = nil) -> String {
        let extra = severity.map { #","severity":"\#($0)""# } ?? ""
        // 6.3 writes `_comments` for every issue, and each comment again as a `details` message.
        let comments = comment.map { #""_comments":["\#($0)"],"# } ?? #""_comments":[],"#
        let details = comment.map { #",{"symbol":"details","text":"\#($0)"}"# } ?? ""
        return
            #"{"kind":"event","payload":{\#(comments)"issue":{"isKnown":false\#(extra)},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"\#(text)"}\#(details)],"testID":"\#(id(suite, name))"},"version":0}"#
    }

    static let runStarted = #"{"kind":"event","payload":{"kind":"runStarted","messages":[]},"version":0}"#
    static let runEnded = #"{"kind":"event","payload":{"kind":"runEnded","messages":[]},"version":0}"#

    static let stub = #"Lesson 06 is not solved yet: write nextFireDate(after:interval:now:) in Exercises\/06-timer-skip-on-overrun\/NextFireDate.swift"#

    /// Lesson 06 has two tests, both on the stub; lesson 02 one passing test. The run ends.
    static let finished =
        [
            suite("Lesson06Tests"), test("Lesson06Tests", "onTime()", display: "On time"), test("Lesson06Tests", "phase()"),
            test("Lesson02Tests", "once()"), runStarted,
            event("testStarted", "Lesson06Tests", "onTime()"), thrown("Lesson06Tests", "onTime()", stub), event("testEnded", "Lesson06Tests", "onTime()"),
            event("testStarted", "Lesson02Tests", "once()"), event("testEnded", "Lesson02Tests", "once()"),
            event("testStarted", "Lesson06Tests", "phase()"), thrown("Lesson06Tests", "phase()", stub), event("testEnded", "Lesson06Tests", "phase()"),
            runEnded,
        ].joined(separator: "\n") + "\n"

    /// What the lesson harness recorded in that run: lesson 06's stub, in each of its tests.
    static let finishedRecords = ["onTime()", "phase()"].map {
        HarnessRecord.stub(.lesson06, function: "nextFireDate(after:interval:now:)", test: id("Lesson06Tests", $0))
    }

    /// Lesson 02 finishes; lesson 03's test starts and the process dies mid-line; lesson 04 never starts.
    static let crashed = [
        test("Lesson02Tests", "once()"), test("Lesson03Tests", "marks()", display: "Marking a mode common"), test("Lesson04Tests", "stop()"), runStarted,
        event("testStarted", "Lesson02Tests", "once()"), event("testEnded", "Lesson02Tests", "once()"),
        event("testStarted", "Lesson03Tests", "marks()"),
        #"{"kind":"event","payload":{"kind":"testEn"#,
    ].joined(separator: "\n")
}

@Suite("kata reads Swift Testing's event stream", .inEnglish)
struct EventStreamTests {
    @Test("A finished run: every test with its suite, display name and first issue")
    func finishedRun() {
        let stream = EventStream.parse(StreamFixture.finished)
        #expect(stream.runEnded)
        #expect(stream.tests.map(\.suite) == ["Lesson06Tests", "Lesson06Tests", "Lesson02Tests"])
        #expect(stream.tests[0].displayName == "On time")
        #expect(
            stream.tests[0].issues == [
                .init(
                    line: "Lesson 06 is not solved yet: write nextFireDate(after:interval:now:) in Exercises/06-timer-skip-on-overrun/NextFireDate.swift",
                    source: .thrown)
            ])
        #expect(stream.tests[2].issues.isEmpty && stream.tests[2].ended)
        #expect(stream.running.isEmpty)
    }

    @Test("Results per lesson: the stub's lesson is not started, the green one solved")
    func results() {
        let report = RunReport(stream: EventStream.parse(StreamFixture.finished), records: StreamFixture.finishedRecords)
        let six = report.result(for: .lesson06), two = report.result(for: .lesson02)
        #expect(six.status == .notStarted && six.passed == 0 && six.total == 2)
        #expect(six.failureLines.count == 1)
        #expect(two.status == .solved && two.total == 1)
        #expect(report.result(for: .lesson07).status == .noTests)
    }

    @Test("A crash: finished tests are kept, the running test is named, a torn last line is ignored")
    func crash() {
        let stream = EventStream.parse(StreamFixture.crashed)
        #expect(!stream.runEnded)
        #expect(stream.running.map(\.displayName) == ["Marking a mode common"])
        let report = RunReport(stream: stream)
        #expect(report.result(for: .lesson02).status == .solved)
        #expect(report.result(for: .lesson03).total == 1 && report.result(for: .lesson03).cases.isEmpty)
    }

    @Test("Expectation failures give their first line; known issues and warnings do not count")
    func issueKinds() {
        let text = [
            StreamFixture.test("Lesson05Tests", "a()"), StreamFixture.test("Lesson05Tests", "b()"),
            StreamFixture.event("testStarted", "Lesson05Tests", "a()"),
            StreamFixture.expectation("Lesson05Tests", "a()", #"Expectation failed: (order → [\"b\"]) == [\"a\"]"#),
            StreamFixture.event("testEnded", "Lesson05Tests", "a()"),
            StreamFixture.event("testStarted", "Lesson05Tests", "b()"),
            StreamFixture.thrown("Lesson05Tests", "b()", "flaky", known: true),
            StreamFixture.expectation("Lesson05Tests", "b()", "just a warning", severity: "warning"),
            StreamFixture.event("testEnded", "Lesson05Tests", "b()"),
            StreamFixture.runEnded,
        ].joined(separator: "\n")
        let result = RunReport(stream: EventStream.parse(text)).result(for: .lesson05)
        #expect(result.cases.map(\.failure) == [#"Expectation failed: (order → ["b"]) == ["a"]"#, nil])
        #expect(result.status == .failing && result.passed == 1)
    }

    @Test("A recorded issue is summed up by its comment's first line; the comment is kept in full for the card")
    func recordedIssue() {
        let comment = #"The loop did something else than expected:\n  expected │ actual\n✗ 3  4000 ms │ 4500 ms\nHint: the next tick is on the schedule."#
        let text = [
            StreamFixture.test("Lesson06Tests", "skips()", display: "Missed ticks are skipped"),
            StreamFixture.event("testStarted", "Lesson06Tests", "skips()"),
            StreamFixture.expectation("Lesson06Tests", "skips()", "Issue recorded", comment: comment),
            StreamFixture.event("testEnded", "Lesson06Tests", "skips()"), StreamFixture.runEnded,
        ].joined(separator: "\n")
        let result = RunReport(stream: EventStream.parse(text)).result(for: .lesson06)
        #expect(result.failureLines == ["Missed ticks are skipped"])
        #expect(result.firstDetail?.test == "Missed ticks are skipped")
        #expect(result.firstDetail?.lines.last?.text == "Hint: the next tick is on the schedule.")
        let card = Commands.describe(result, hintsSeen: 0, style: Style(colours: false))
        #expect(card.contains("      ✗ 3  4000 ms │ 4500 ms"))
    }

    @Test("A skipped test counts as finished; an unknown line is ignored")
    func skippedAndNoise() {
        let text = [
            "not json", StreamFixture.test("Lesson09Tests", "x()"),
            StreamFixture.event("testSkipped", "Lesson09Tests", "x()"), StreamFixture.runEnded,
        ].joined(separator: "\n")
        let stream = EventStream.parse(text)
        #expect(stream.tests.count == 1 && stream.tests[0].skipped && stream.running.isEmpty)
    }

    @Test("Test ids name their suite type and function")
    func ids() {
        #expect(EventStream.suiteType(of: "LessonTests.Lesson06Tests/onTime()/F.swift:15:6") == "Lesson06Tests")
        #expect(EventStream.name(of: "LessonTests.Lesson06Tests/onTime()/F.swift:15:6") == "onTime()")
        #expect(EventStream.suiteType(of: "LessonTests.Lesson06Tests") == nil)
    }
}
