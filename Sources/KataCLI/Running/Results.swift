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

    /// Reads an event stream: finished tests become cases; nothing is decided about breakage here.
    init(stream: EventStream) {
        for test in stream.tests {
            discovered[test.suite, default: 0] += 1
            if test.ended || test.skipped {
                cases.append(
                    TestCaseResult(
                        suite: test.suite, name: test.displayName, failure: test.issues.first?.line,
                        detail: test.issues.first?.detail))
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
        if passed == 0 && cases.allSatisfy({ $0.failure.map(Self.isStubLine) == true }) { return .notStarted }
        return .failing
    }

    /// `Lesson 06 is not solved yet: write … in Exercises/…` — the line every stub gives, in
    /// either language (`第 06 课还没有完成：请在 Exercises/… 中写出 …`).
    static func isStubLine(_ line: String) -> Bool { HarnessText.isNotSolvedLine(line) }

    /// The failures worth showing, one line each, each line once, a breakage first: a stub's
    /// "not solved yet" line as it is; another failure with the name of its test.
    var failureLines: [String] {
        var lines: [String] = breakage.map { [$0.explanation] } ?? []
        for test in cases {
            guard let failure = test.failure else { continue }
            let tidy = Self.tidy(failure)
            // When the line is only the opening of the test's own explanation, the name says more.
            let opening = test.detail.map { Self.tidy($0).hasPrefix(tidy) } ?? false
            let (name, message) = Self.chineseName(in: tidy).map { ($0.name, String($0.rest)) } ?? (test.name, tidy)
            let line = Self.isStubLine(tidy) || name.isEmpty ? tidy : opening ? name : "\(name) — \(message)"
            if !lines.contains(line) { lines.append(line) }
        }
        return lines
    }

    /// The first failing test that explained itself at length (expected vs actual, a hint): its
    /// name (the Chinese one, when the explanation starts with it) and the explanation.
    var firstDetail: (test: String, detail: String)? {
        cases.lazy.compactMap { test in
            test.detail.map { detail in Self.chineseName(in: detail).map { ($0.name, String($0.rest)) } ?? (test.name, detail) }
        }.first
    }

    /// In Chinese a lesson test starts its message with its own name in 「」, as Swift Testing
    /// knows only the English one (`@Test("…")`): that name, and the message after it.
    static func chineseName(in message: String) -> (name: String, rest: Substring)? {
        guard message.hasPrefix("「"), let close = message.firstIndex(of: "」") else { return nil }
        let name = message[message.index(after: message.startIndex)..<close]
        return name.isEmpty ? nil : (String(name), message[message.index(after: close)...])
    }

    /// Drops the wrapping Swift Testing adds around a message, keeps its first line.
    static func tidy(_ failure: String) -> String {
        let line =
            failure.replacingOccurrences(of: "Caught error: ", with: "")
            .replacingOccurrences(of: "Issue recorded: ", with: "")
            .replacingOccurrences(of: " (error)", with: "")
            .split(separator: "\n").first.map(String.init) ?? failure
        return line
    }
}
