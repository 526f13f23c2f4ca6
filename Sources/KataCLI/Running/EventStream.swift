import Foundation
import KataCore

/// Reads the JSON event stream Swift Testing writes with
/// `swift test --event-stream-output-path FILE --event-stream-version 0`: one JSON object a line,
/// `{"kind":"test",…}` for each test found before the run, `{"kind":"event",…}` as the run goes
/// (`runStarted`, `testStarted`, `issueRecorded`, `testEnded`, `testSkipped`, `runEnded`, …).
///
/// The stream is written while the tests run, so when the test process crashes or is ended for
/// hanging, what was read up to then still says which tests finished, how, and which were running.
struct EventStream: Equatable {
    /// One test function (a `@Test`, parameterized or not).
    struct Test: Equatable {
        /// `LessonTests.Lesson06Tests/onTime()/Lesson06Tests.swift:15:6`
        var id: String
        /// `Lesson06Tests`
        var suite: String
        /// `A timer that is on time fires once per interval`
        var displayName: String
        var started = false
        var ended = false
        var skipped = false
        /// The issues recorded in it (known issues and warnings left out).
        var issues: [Issue] = []
    }

    /// One issue: a line that says what failed, and the lesson's full explanation if it gave one
    /// (the comment of `Issue.record` / `#expect`: expected vs actual side by side, and a hint).
    struct Issue: Equatable {
        var line: String
        var detail: String?
        /// How the issue came about: a thrown error, an `Issue.record` (its line is the opening
        /// of its comment), or a failed check (`#expect`, `#require`; its line is Swift
        /// Testing's, `Expectation failed: (x → 3) == 4`).
        var source: Source = .check

        enum Source: String, Codable { case thrown, recorded, check }
    }

    /// The tests in the order the stream first named them.
    var tests: [Test] = []
    /// The run reached its end (`runEnded`): the test process did not die on the way.
    var runEnded = false

    /// Tests of one suite (`Lesson06Tests`).
    func tests(ofSuite suite: String) -> [Test] { tests.filter { $0.suite == suite } }

    /// Tests that started and neither ended nor were skipped: the ones running when the stream stopped.
    var running: [Test] { tests.filter { $0.started && !$0.ended && !$0.skipped } }

    /// Parses a whole stream or the part written before the process died (a torn last line is ignored).
    static func parse(_ text: String) -> EventStream {
        var stream = EventStream()
        var index: [String: Int] = [:]
        /// The test a record is about: its own id, or the function that owns a test case's id.
        func position(of id: String, create: Bool) -> Int? {
            if let found = index[id] { return found }
            if let owner = index.keys.filter({ id.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count }) { return index[owner] }
            guard create, let suite = suiteType(of: id) else { return nil }
            stream.tests.append(Test(id: id, suite: suite, displayName: name(of: id)))
            index[id] = stream.tests.count - 1
            return stream.tests.count - 1
        }

        for line in text.split(separator: "\n") {
            guard let data = line.data(using: .utf8),
                let record = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let payload = record["payload"] as? [String: Any]
            else { continue }
            switch record["kind"] as? String {
            case "test":
                // Suites are named too; only functions are tests.
                guard payload["kind"] as? String == "function", let id = payload["id"] as? String,
                    let at = position(of: id, create: true)
                else { continue }
                if let display = payload["displayName"] as? String { stream.tests[at].displayName = display }
            case "event":
                let kind = payload["kind"] as? String
                if kind == "runEnded" { stream.runEnded = true; continue }
                guard let id = payload["testID"] as? String else { continue }
                // A suite's own events (its id has no "/") say nothing about one test.
                guard id.contains("/") || index[id] != nil, let at = position(of: id, create: true) else { continue }
                switch kind {
                case "testStarted", "testCaseStarted": stream.tests[at].started = true
                case "testEnded": stream.tests[at].ended = true
                case "testSkipped": stream.tests[at].skipped = true
                case "issueRecorded":
                    guard let issue = payload["issue"] as? [String: Any], issue["isKnown"] as? Bool != true,
                        !isWarning(issue)
                    else { continue }
                    stream.tests[at].started = true
                    stream.tests[at].issues.append(message(of: payload, issue: issue))
                default: break
                }
            default: continue
            }
        }
        return stream
    }

    /// `LessonTests.Lesson06Tests/onTime()/File.swift:15:6` → `Lesson06Tests`.
    static func suiteType(of id: String) -> String? {
        guard let slash = id.firstIndex(of: "/") else { return nil }
        let owner = id[..<slash]
        return owner.split(separator: ".").last.map(String.init)
    }

    /// `LessonTests.Lesson06Tests/onTime()/File.swift:15:6` → `onTime()`.
    static func name(of id: String) -> String {
        let parts = id.split(separator: "/")
        return parts.count > 1 ? String(parts[1]) : id
    }

    private static func isWarning(_ issue: [String: Any]) -> Bool {
        for key in ["severity", "_severity"] where (issue[key] as? String) == "warning" { return true }
        return false
    }

    /// The issue: the thrown error's description, or the "fail" message — where that only says
    /// "Issue recorded", the first line of its comment — and the comments in full.
    private static func message(of payload: [String: Any], issue: [String: Any]) -> Issue {
        let messages = payload["messages"] as? [[String: Any]] ?? []
        let comments = comments(of: payload, messages: messages).filter { !$0.isEmpty }
        let detail = comments.isEmpty ? nil : comments.joined(separator: "\n")
        if let error = issue["_error"] as? [String: Any], let description = error["description"] as? String {
            return Issue(line: firstLine(description), detail: detail, source: .thrown)
        }
        var text =
            messages.first { $0["symbol"] as? String == "fail" }?["text"] as? String
            ?? messages.first?["text"] as? String ?? Text(en: "failed", zh: "失败").localized
        var source = Issue.Source.check
        if text == "Issue recorded", let comment = comments.first {
            text = firstLine(comment)
            if text.hasSuffix(":") { text.removeLast() }
            source = .recorded
        }
        return Issue(line: firstLine(text.replacingOccurrences(of: "Caught error: ", with: "")), detail: detail, source: source)
    }

    /// The comments of an issue (`Issue.record(comment)`, `#expect(…, comment)`).
    ///
    /// Swift Testing 6.3 and later write them as they are, in `_comments`. Swift Testing 6.1 and
    /// 6.2 have no such field: there the comments come only among the event's human-readable
    /// messages, each comment one message with the symbol `details`, after the `fail` message
    /// (and the `difference`, if any). At the default verbosity the issue's messages hold
    /// nothing else with that symbol.
    private static func comments(of payload: [String: Any], messages: [[String: Any]]) -> [String] {
        if let comments = payload["_comments"] as? [String] { return comments }
        return messages.filter { $0["symbol"] as? String == "details" }.compactMap { $0["text"] as? String }
    }

    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? text
    }
}
