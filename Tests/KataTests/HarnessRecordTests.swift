import Foundation
import Testing
@testable import KataCLI
import KataCore
import RunLoopEngine

/// A run of lessons 06 and 02 as the lesson harness and Swift Testing write it: the records
/// (`KATA_RESULTS`) and the event stream, whose messages are in the language the test process
/// happened to run in.
enum RecordFixture {
    static let name = Text(en: "Missed ticks are skipped", zh: "错过的滴答被跳过")

    /// Lesson 06: a side-by-side mismatch (`expectSameLines`), a failed `#expect` with a comment,
    /// an error, a time limit; one test passes. Lesson 02: its stub.
    static let records: [HarnessRecord] = [
        HarnessRecord(
            test: StreamFixture.id("Lesson06Tests", "skips()"), lesson: 6, kind: .wrong, name: name, message: HarnessText.mismatch,
            comparison: HarnessRecord.Comparison(
                expected: ["1000 ms", "2000 ms", "4000 ms"].map(Text.verbatim), actual: ["1000 ms", "2000 ms", "4500 ms"].map(Text.verbatim),
                expectedTitle: HarnessText.expectedTitle, actualTitle: HarnessText.actualTitle),
            hint: Text(en: "the next tick is on the schedule, not a full interval after the late one.", zh: "下一次触发在原来的时间表上，而不是迟到那次之后再过一个完整间隔。"),
            clauses: ["§2"]),
        HarnessRecord(
            test: StreamFixture.id("Lesson06Tests", "phase()"), lesson: 6, kind: .wrong, name: Text(en: "The timer keeps its phase", zh: "定时器保持相位"),
            message: Text(en: "the second tick is late", zh: "第二次触发晚了")),
        HarnessRecord(
            test: StreamFixture.id("Lesson06Tests", "threw()"), lesson: 6, kind: .threw, name: Text(en: "Throws", zh: "抛出错误"),
            message: HarnessText.threw(lesson: "06", error: "boom")),
        HarnessRecord(
            test: StreamFixture.id("Lesson06Tests", "stuck()"), lesson: 6, kind: .gaveUp, name: Text(en: "Returns", zh: "会返回"),
            message: HarnessText.timedOut(lesson: "06", seconds: 5, advice: "look")),
        HarnessRecord(
            test: StreamFixture.id("Lesson02Tests", "once()"), lesson: 2, kind: .notSolved, name: Text(en: "Once", zh: "一次"),
            message: HarnessText.notSolved(lesson: "02", function: "twice(_:)", file: "Exercises/02-mode-isolation/Twice.swift"),
            function: "twice(_:)", file: "Exercises/02-mode-isolation/Twice.swift"),
    ]

    /// The event stream of that run, its messages printed in `language`.
    static func stream(printedIn language: Language) -> String {
        func line(_ object: [String: Any]) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        func test(_ suite: String, _ name: String, _ display: String) -> String {
            line(["kind": "test", "version": 0, "payload": ["kind": "function", "id": StreamFixture.id(suite, name), "name": name, "displayName": display]])
        }
        func event(_ kind: String, _ suite: String, _ name: String) -> String {
            line(["kind": "event", "version": 0, "payload": ["kind": kind, "messages": [], "testID": StreamFixture.id(suite, name)]])
        }
        func issue(_ suite: String, _ name: String, fail: String, comment: String? = nil, error: String? = nil) -> String {
            var issue: [String: Any] = ["isKnown": false]
            if let error { issue["_error"] = ["description": error] }
            return line([
                "kind": "event", "version": 0,
                "payload": [
                    "kind": "issueRecorded", "testID": StreamFixture.id(suite, name), "issue": issue, "_comments": comment.map { [$0] } ?? [],
                    "messages": [["symbol": "fail", "text": fail]] + (comment.map { [["symbol": "details", "text": $0]] } ?? []),
                ],
            ])
        }
        let printed = records.map { $0.printed(in: language) }
        return [
            test("Lesson06Tests", "skips()", name.en), test("Lesson06Tests", "phase()", "The timer keeps its phase"),
            test("Lesson06Tests", "threw()", "Throws"), test("Lesson06Tests", "stuck()", "Returns"), test("Lesson06Tests", "fine()", "Fine"),
            test("Lesson02Tests", "once()", "Once"),
            event("testStarted", "Lesson06Tests", "skips()"), issue("Lesson06Tests", "skips()", fail: "Issue recorded", comment: printed[0]),
            event("testEnded", "Lesson06Tests", "skips()"),
            event("testStarted", "Lesson06Tests", "phase()"),
            issue("Lesson06Tests", "phase()", fail: "Expectation failed: (ticks → 2) == 3", comment: printed[1]),
            event("testEnded", "Lesson06Tests", "phase()"),
            event("testStarted", "Lesson06Tests", "threw()"), issue("Lesson06Tests", "threw()", fail: "Caught error: " + printed[2], error: printed[2]),
            event("testEnded", "Lesson06Tests", "threw()"),
            event("testStarted", "Lesson06Tests", "stuck()"), issue("Lesson06Tests", "stuck()", fail: "Caught error: " + printed[3], error: printed[3]),
            event("testEnded", "Lesson06Tests", "stuck()"),
            event("testStarted", "Lesson06Tests", "fine()"), event("testEnded", "Lesson06Tests", "fine()"),
            event("testStarted", "Lesson02Tests", "once()"), issue("Lesson02Tests", "once()", fail: "Caught error: " + printed[4], error: printed[4]),
            event("testEnded", "Lesson02Tests", "once()"),
            line(["kind": "event", "version": 0, "payload": ["kind": "runEnded", "messages": []]]),
        ].joined(separator: "\n") + "\n"
    }

    /// What `kata show 6`, `kata show 2` and `kata list` print for that run, in `language`.
    static func screens(testsPrintedIn printed: Language, shownIn language: Language) -> String {
        let report = RunReport(stream: EventStream.parse(stream(printedIn: printed)), records: records)
        return Language.$scoped.withValue(language) {
            let style = Style(colours: false)
            let results = [report.result(for: .lesson06), report.result(for: .lesson02)]
            return results.map { Commands.describe($0, hintsSeen: 0, style: style) }.joined(separator: "\n\n")
                + "\n\n" + Table.render(results, next: .lesson02, style: style)
        }
    }
}

@Suite("Results travel from the lesson harness to kata as data (HarnessRecord)", .inEnglish)
struct HarnessRecordTests {
    @Test("The same failing run gives the same screens in English and in Chinese, whatever language its tests printed in")
    func sameScreens() throws {
        for language in Language.allCases {
            let fromEnglish = RecordFixture.screens(testsPrintedIn: .en, shownIn: language)
            let fromChinese = RecordFixture.screens(testsPrintedIn: .zhHans, shownIn: language)
            #expect(fromEnglish == fromChinese, "\(language):\n\(fromEnglish)\n---\n\(fromChinese)")
        }
        let english = RecordFixture.screens(testsPrintedIn: .zhHans, shownIn: .en)
        for piece in [
            "✘ Missed ticks are skipped", "✘ The timer keeps its phase — Expectation failed: (ticks → 2) == 3", "✘ Throws — Lesson 06: boom",
            "✘ Returns — Lesson 06: your code did not return within 5 s — look", "“Missed ticks are skipped” says:",
            "      Hint: the next tick is on the schedule", "      The promise this test holds: §2 in the doc comments of your exercise.",
            "✘ Lesson 02 is not solved yet: write twice(_:) in",
        ] {
            #expect(english.contains(piece), "\(piece)\n\(english)")
        }
        let chinese = RecordFixture.screens(testsPrintedIn: .en, shownIn: .zhHans)
        for piece in [
            "✘ 错过的滴答被跳过", "✘ 定时器保持相位 — Expectation failed: (ticks → 2) == 3", "✘ 抛出错误 — 第 06 课：boom", "“错过的滴答被跳过” 说：",
            "      RunLoop 的行为和期望的不一样：", "      提示：下一次触发在原来的时间表上", "      这个测试守的约定：你的练习文件文档注释里的 §2。",
            "✘ 第 02 课还没有完成：请在",
        ] {
            #expect(chinese.contains(piece), "\(piece)\n\(chinese)")
        }
    }

    @Test("Each kind maps to a status: the stub is not started, a wrong answer or an error is failing, a time limit is failing and reruns")
    func kindsToStatuses() throws {
        let report = RunReport(stream: EventStream.parse(RecordFixture.stream(printedIn: .en)), records: RecordFixture.records)
        #expect(report.result(for: .lesson02).status == .notStarted)
        let six = report.result(for: .lesson06)
        #expect(six.status == .failing && six.passed == 1 && six.total == 5)
        #expect(six.cases.map { $0.record?.kind } == [.wrong, .wrong, .threw, .gaveUp, nil])
        #expect(TestRunner.leftCodeRunning(six) && !ResultCache.isDeterministic(six), "the code that never returned may still run")
        #expect(!TestRunner.leftCodeRunning(report.result(for: .lesson02)) && ResultCache.isDeterministic(report.result(for: .lesson02)))

        // Without records, the same printed lines are only failures: kata reads no prose.
        let unexplained = RunReport(stream: EventStream.parse(RecordFixture.stream(printedIn: .en)))
        #expect(unexplained.result(for: .lesson02).status == .failing)
        #expect(!TestRunner.leftCodeRunning(unexplained.result(for: .lesson06)))
        for kind in [HarnessRecord.Kind.wrong, .threw] {
            let one = RunReport(
                cases: [
                    TestCaseResult(
                        suite: "Lesson02Tests", name: "once()", failure: "x",
                        record: HarnessRecord(test: "", lesson: 2, kind: kind, message: Text(en: "x", zh: "x")))
                ])
            #expect(one.result(for: .lesson02).status == .failing, "\(kind)")
        }
    }

    @Test("A record joins its own test: by the event stream's id, else (xUnit) by suite and function; another test's is left alone")
    func joins() {
        var report = RunReport(cases: [
            TestCaseResult(suite: "Lesson02Tests", name: "once()", failure: "x"), TestCaseResult(suite: "Lesson02Tests", name: "twice()", failure: "y"),
            TestCaseResult(suite: "Lesson02Tests", name: "passes()", failure: nil),
        ])
        report.join([RecordFixture.records[4]])
        #expect(report.cases.map { $0.record?.kind } == [.notSolved, nil, nil])
        #expect(report.result(for: .lesson02).status == .failing, "one test of three is on the stub, one failed otherwise")
    }

    @Test("The reader keeps every whole record and skips a torn, garbled or other-version line")
    func tornLines() throws {
        let encoder = JSONEncoder()
        let lines = try RecordFixture.records.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        var other = RecordFixture.records[0]
        other.version = HarnessRecord.currentVersion + 1
        let text = [
            lines[0], String(lines[1].prefix(40)), "not json", "", "{}", lines[2], String(decoding: try encoder.encode(other), as: UTF8.self), lines[3],
            lines[4].prefix(lines[4].count / 2) + lines[1], lines[4], String(lines[0].dropLast()),
        ].joined(separator: "\n")
        #expect(HarnessRecord.read(text) == [RecordFixture.records[0], RecordFixture.records[2], RecordFixture.records[3], RecordFixture.records[4]])
        #expect(HarnessRecord.read("") == [] && HarnessRecord.read("\n\n") == [])
    }

    @Test("Records appended from many threads at once all arrive, each whole, on a line of its own")
    func concurrentAppends() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kata-records-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<50 {
                var record = RecordFixture.records[index % RecordFixture.records.count]
                record.test = "t\(thread)-\(index)"
                #expect(record.append(to: file))
            }
        }
        let read = HarnessRecord.read(try String(contentsOfFile: file, encoding: .utf8))
        #expect(read.count == 400 && Set(read.map(\.test)).count == 400)
        // Without the variable (a plain `swift test`) nothing is written.
        let nowhere = file + ".none"
        RecordFixture.records[0].send(environment: [:])
        RecordFixture.records[0].send(environment: [HarnessRecord.variable: ""])
        #expect(!FileManager.default.fileExists(atPath: nowhere))
        RecordFixture.records[0].send(environment: [HarnessRecord.variable: nowhere])
        #expect(HarnessRecord.read(try String(contentsOfFile: nowhere, encoding: .utf8)) == [RecordFixture.records[0]])
        try? FileManager.default.removeItem(atPath: nowhere)
    }

    @Test("The results cache's keys do not depend on the language: a cached run answers in either")
    func cacheKeys() throws {
        let fixture = try KataFixture(files: ["Exercises/06-timer-skip-on-overrun/NextFireDate.swift": "x", "Tests/LessonTests/A.swift": "y"])
        defer { fixture.remove() }
        let english = Language.$scoped.withValue(.en) { ResultCache.keys(root: fixture.root) }
        let chinese = Language.$scoped.withValue(.zhHans) { ResultCache.keys(root: fixture.root) }
        #expect(english == chinese && !english.isEmpty)
    }
}

@Suite("A comparison travels as data: each line in both languages, each row marked by whether it differs", .inEnglish)
struct ComparisonRecordTests {
    /// A trace whose notes are written in English: two notes with the same English and different
    /// Chinese, and a line put together from two texts and a number.
    static func notesWrittenInEnglish() -> [Text] {
        let loop = Loop(clock: VirtualClock())
        let trace = loop.startTracing()
        loop.note(Text(en: "done", zh: "完成了"), in: .en)
        loop.note(Text(en: "done", zh: "做完了"), in: .en)
        loop.note(Text(en: "fired", zh: "触发了") + " 3 " + Text(en: "times", zh: "次"), in: .en)
        return trace.texts(.notes, times: false)
    }

    @Test("Notes written in one language are listed in the other: texts sharing their English, and a line put together from texts")
    func notesInBothLanguages() {
        let lines = Self.notesWrittenInEnglish()
        #expect(lines.map(\.en) == ["default   · done", "default   · done", "default   · fired 3 times"])
        #expect(lines.map(\.zh) == ["default   · 完成了", "default   · 做完了", "default   · 触发了 3 次"])
    }

    @Test("The record's rows reach kata in the student's language, with the rows that differ marked by data, not by a glyph")
    func rowsAsData() throws {
        let expected = Self.notesWrittenInEnglish()
        var actual = expected
        actual[1] = .verbatim("default   · ✗ looks marked, is the same on both sides")
        actual.append(.verbatim("default   · one more"))
        let comparison = HarnessRecord.Comparison(
            expected: expected, actual: actual, expectedTitle: HarnessText.expectedTitle, actualTitle: HarnessText.actualTitle)
        #expect(comparison.rows.map(\.differs) == [false, true, false, true])
        #expect(comparison.firstDifference == 1)
        let record = HarnessRecord(test: "t", lesson: 6, kind: .wrong, message: HarnessText.mismatch, comparison: comparison)
        let decoded = try #require(HarnessRecord.read(String(decoding: try JSONEncoder().encode(record), as: UTF8.self)).first)
        #expect(decoded == record, "a record survives its JSON line")
        let chinese = decoded.explanation(in: .zhHans)
        #expect(chinese.filter { $0.role == .tableTitle }.count == 2)
        #expect(chinese.filter { $0.role == .tableTitle }.first?.text.contains(HarnessText.expectedTitle.zh) == true)
        let rows = chinese.filter { if case .row = $0.role { true } else { false } }
        #expect(rows.map(\.role) == [.row(differs: false), .row(differs: true), .row(differs: false), .row(differs: true)])
        #expect(rows[1].text.contains("做完了") && rows[2].text.contains("触发了 3 次"), "\(rows.map(\.text))")
        #expect(decoded.explanation(in: .en).contains { $0.text.contains("fired 3 times") })
        // kata colours the rows that differ, whatever they read as.
        let red = Commands.detailLines(chinese, style: Style(colours: true)).filter { $0.contains("\u{1B}[31m") }
        #expect(red.count == 2 && red[0].contains("✗") && red[1].contains("one more"), "\(red)")
    }
}
