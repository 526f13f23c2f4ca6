import Foundation
import KataCore

/// What went wrong with a test process, beyond failing tests.
enum Breakage: Equatable, Codable {
    /// The test process died (a trap, a signal) while `test` was running.
    case crashed(test: String?, reason: String?)
    /// A test made no progress within the time limit; the process group was ended.
    case hung(test: String?)
    /// The lesson's exercise does not compile (the compiler's first errors, `file:line: error: …`);
    /// the other lessons ran with its stub in its place.
    case doesNotCompile(errors: [String])

    var word: String {
        switch self {
        case .crashed: "crashed"
        case .hung: "did not finish"
        case .doesNotCompile: "does not compile"
        }
    }

    /// One line for the student: what broke, in which test, and why.
    var explanation: String { explanationText.localized }

    var explanationText: Text {
        switch self {
        case let .crashed(test, reason):
            Text(
                en: "the test process crashed" + (test.map { " in \"\($0)\"" } ?? "") + (reason.map { ": \($0)" } ?? ""),
                zh: "测试进程崩溃了" + (test.map { "，在“\($0)”里" } ?? "") + (reason.map { "：\($0)" } ?? ""))
        case let .hung(test):
            Text(
                en: "a test never returned" + (test.map { " (\"\($0)\")" } ?? "") + " — an endless loop, or a wait nothing ends?",
                zh: "有一个测试一直没有返回" + (test.map { "（“\($0)”）" } ?? "") + " —— 是死循环，还是一个没有东西去结束的等待？")
        case let .doesNotCompile(errors):
            Text(
                en: "does not compile: " + (errors.first ?? "see swift build --build-tests"),
                zh: "编译不通过：" + (errors.first ?? "请运行 `swift build --build-tests` 查看"))
        }
    }
}

/// What runs of the lesson tests found, lesson by lesson.
struct RunReport: Equatable {
    /// Finished tests.
    var cases: [TestCaseResult] = []
    /// Lessons whose tests crashed the test process or never finished.
    var broken: [Int: Breakage] = [:]
    /// How many tests each suite has (`Lesson06Tests` → 7), as the test process announced them.
    var discovered: [String: Int] = [:]

    func result(for lesson: Lesson) -> LessonResult {
        LessonResult(
            lesson: lesson, cases: cases.filter { $0.suite == lesson.suiteType },
            breakage: broken[lesson.number], discovered: discovered[lesson.suiteType] ?? 0)
    }

    /// Takes `other`'s findings about `lessons`, replacing what this report had about them.
    mutating func adopt(_ other: RunReport, for lessons: [Lesson]) {
        let suites = Set(lessons.map(\.suiteType))
        cases.removeAll { suites.contains($0.suite) }
        cases += other.cases.filter { suites.contains($0.suite) }
        for lesson in lessons {
            broken[lesson.number] = other.broken[lesson.number]
            discovered[lesson.suiteType] = other.discovered[lesson.suiteType]
        }
    }

    /// Reads an event stream, and what the lesson harness recorded in the same run (`records`):
    /// finished tests become cases, each with the record that explains its first failure;
    /// nothing is decided about breakage here.
    init(stream: EventStream, records: [HarnessRecord] = []) {
        for test in stream.tests {
            discovered[test.suite, default: 0] += 1
            if test.ended || test.skipped {
                let issue = test.issues.first
                cases.append(
                    TestCaseResult(
                        suite: test.suite, name: test.displayName, failure: issue?.line, detail: issue?.detail, source: issue?.source))
            }
        }
        join(records, ids: Dictionary(stream.tests.map { ($0.suite + "/" + $0.displayName, $0.id) }) { first, _ in first })
    }

    /// Gives each failed case the harness's record of its first failure, and marks the cases
    /// where the harness gave up waiting. A record names its test by Swift Testing's id
    /// (`LessonTests.Lesson06Tests/onTime()/Lesson06Tests.swift:15:6`): matched with the id the
    /// event stream gave the case (`ids`: suite/name → id), else with its suite and function
    /// (the xUnit report has no ids).
    mutating func join(_ records: [HarnessRecord], ids: [String: String] = [:]) {
        guard !records.isEmpty else { return }
        for index in cases.indices where cases[index].failure != nil {
            let test = cases[index]
            let id = ids[test.suite + "/" + test.name]
            let own = records.filter { record in
                if let id { return record.test == id || record.test.hasPrefix(id + "/") }
                return EventStream.suiteType(of: record.test) == test.suite && EventStream.name(of: record.test) == test.name
            }
            cases[index].gaveUp = own.contains { $0.kind == .gaveUp }
            // A thrown error is one of the harness's lines (the stub's, the time limit's, an
            // error); any other issue is a wrong answer explained.
            switch test.source {
            case .thrown: cases[index].record = own.first { $0.kind != .wrong }
            case .recorded, .check: cases[index].record = own.first { $0.kind == .wrong }
            case nil: cases[index].record = own.first
            }
        }
    }

    init(cases: [TestCaseResult] = [], broken: [Int: Breakage] = [:], discovered: [String: Int] = [:]) {
        self.cases = cases
        self.broken = broken
        self.discovered = discovered
    }
}

/// One lesson's tests, read.
struct LessonResult: Equatable {
    enum Status: String {
        case solved, failing, notStarted = "not started", crashed, hung = "did not finish", noTests = "no tests ran"
        case doesNotCompile = "does not compile"
    }

    var lesson: Lesson
    /// Its finished tests.
    var cases: [TestCaseResult]
    var breakage: Breakage?
    /// How many tests the lesson has (0 if unknown).
    var discovered: Int = 0

    var passed: Int { cases.filter(\.passed).count }
    var total: Int { max(cases.count, discovered) }

    var status: Status {
        switch breakage {
        case .crashed: return .crashed
        case .hung: return .hung
        case .doesNotCompile: return .doesNotCompile
        case nil: break
        }
        if cases.isEmpty { return .noTests }
        if passed == total { return .solved }
        if passed == 0 && cases.allSatisfy({ $0.record?.kind == .notSolved }) { return .notStarted }
        return .failing
    }

    /// The failures worth showing, in the student's language, one line each, each line once, a
    /// breakage first.
    var failureLines: [String] {
        var lines: [String] = breakage.map { [$0.explanation] } ?? []
        for test in cases {
            guard let line = Self.line(of: test), !lines.contains(line) else { continue }
            lines.append(line)
        }
        return lines
    }

    /// A failed test in one line: a stub's "not solved yet" line as it is; another failure after
    /// the test's name. Nil for a test that passed.
    static func line(of test: TestCaseResult) -> String? {
        guard let failure = test.failure else { return nil }
        let name = test.record?.name?.localized ?? test.name
        switch test.record?.kind {
        case .notSolved?: return test.record!.message.localized
        case .threw?, .gaveUp?: return "\(name) — \(test.record!.message.localized)"
        case .wrong?:
            // Explained at length below the lines: a failed check shows Swift Testing's line for it.
            return test.source == .check ? "\(name) — \(failure)" : name
        case nil:
            // A test outside the harness: its explanation (an `Issue.record` comment) starts with its line.
            let first = failure.split(separator: "\n").first.map(String.init) ?? failure
            if name.isEmpty { return first }
            return test.source == .recorded || (test.source == nil && test.detail != nil) ? name : "\(name) — \(first)"
        }
    }

    /// The first failing test that explained itself at length (expected vs actual, a hint), in
    /// the student's language: its name and the explanation, line by line.
    var firstDetail: (test: String, lines: [HarnessRecord.Line])? {
        cases.lazy.compactMap { test -> (String, [HarnessRecord.Line])? in
            guard test.failure != nil else { return nil }
            if let record = test.record {
                guard record.kind == .wrong else { return nil }
                return (record.name?.localized ?? test.name, record.explanation(in: Language.current))
            }
            return test.detail.map { detail in
                (test.name, detail.split(separator: "\n", omittingEmptySubsequences: false).map { HarnessRecord.Line(text: String($0), role: .message) })
            }
        }.first
    }
}
