import Foundation
import KataCore

/// Builds and runs the lesson tests — against the Exercises or the Solutions — in build
/// folders of its own, so it never waits for (or breaks) a `swift build` you run yourself:
/// `.build/kata-exercises` and `.build/kata-solutions`.
struct TestRunner {
    enum Target: String {
        case exercises, solutions
        var scratch: String { ".build/kata-\(rawValue)" }
        var traitArguments: [String] { self == .solutions ? ["--traits", "Solutions"] : [] }
    }

    /// The package to test (normally the student's; `kata verify` uses a pristine copy).
    var packagePath: String
    /// Where the build folders live (always under the student's package).
    var scratchRoot: String
    var target: Target
    /// How long one `swift test` may run before its whole process group is ended.
    var timeout: Double = 300
    /// Show the compiler's output while building.
    var echoBuild = true

    /// Builds the package and its tests. Throws with the compiler's errors if it does not build.
    func build() throws {
        let outcome = try Subprocess.run(["swift", "build", "--package-path", packagePath, "--build-tests", "--scratch-path", scratch]
                                            + target.traitArguments, timeout: nil, echo: echoBuild)
        guard outcome.ending == .exited(0) else {
            let errors = outcome.output.split(separator: "\n").filter { $0.contains("error:") }.prefix(8)
            throw KataError("the package does not build:\n" + errors.joined(separator: "\n"))
        }
    }

    var scratch: String { (scratchRoot as NSString).appendingPathComponent(target.scratch) }

    /// Runs the tests of `lessons` (all lessons if nil) and reads their results.
    /// If the test process crashes, each lesson is run on its own to find the one that crashes.
    func run(_ lessons: [Lesson]? = nil) throws -> RunReport {
        let chosen = lessons ?? Catalog.lessons
        let report = try runOnce(chosen)
        guard report.broke, chosen.count > 1 else { return report }
        var combined = RunReport(cases: [], broken: [:])
        for lesson in chosen {
            let single = try runOnce([lesson])
            combined.cases += single.cases
            combined.broken.merge(single.broken) { a, _ in a }
        }
        return combined
    }

    private func runOnce(_ lessons: [Lesson]) throws -> RunReport {
        let xml = FileManager.default.temporaryDirectory.appendingPathComponent("kata-\(UUID().uuidString).xml").path
        let written = xml.replacingOccurrences(of: ".xml", with: "-swift-testing.xml")
        defer {
            try? FileManager.default.removeItem(atPath: xml)
            try? FileManager.default.removeItem(atPath: written)
        }
        let filter = lessons.map(\.suiteType).joined(separator: "|")
        let outcome = try Subprocess.run(
            ["swift", "test", "--package-path", packagePath, "--skip-build", "--scratch-path", scratch] + target.traitArguments
                + ["--filter", "(\(filter))/", "--xunit-output", xml],
            timeout: timeout)
        let file = FileManager.default.fileExists(atPath: written) ? written : xml
        let cases = (try? String(contentsOfFile: file, encoding: .utf8)).map(XUnitReport.parse) ?? []
        var broken: [Int: RunReport.Breakage] = [:]
        switch outcome.ending {
        case .timedOut:
            for lesson in lessons where !cases.contains(where: { $0.suite == lesson.suiteType }) { broken[lesson.number] = .hung }
        case .signalled:
            for lesson in lessons { broken[lesson.number] = .crashed }
        case .exited where cases.isEmpty:
            for lesson in lessons { broken[lesson.number] = .crashed }
        default:
            break
        }
        return RunReport(cases: cases, broken: broken)
    }
}

/// What one test run found.
struct RunReport {
    enum Breakage: String { case crashed, hung }
    var cases: [TestCaseResult]
    /// Lessons whose tests crashed the test process or never finished.
    var broken: [Int: Breakage]

    /// Whether the test process broke down (crash or time limit).
    var broke: Bool { !broken.isEmpty }

    func result(for lesson: Lesson) -> LessonResult {
        LessonResult(lesson: lesson, cases: cases.filter { $0.suite == lesson.suiteType }, breakage: broken[lesson.number])
    }
}

/// One lesson's tests, read.
struct LessonResult {
    enum Status: String {
        case solved, failing, notStarted = "not started", crashed, hung, noTests = "no tests ran"
    }

    var lesson: Lesson
    var cases: [TestCaseResult]
    var breakage: RunReport.Breakage?

    var passed: Int { cases.filter(\.passed).count }
    var total: Int { cases.count }

    var status: Status {
        if let breakage { return breakage == .crashed ? .crashed : .hung }
        if cases.isEmpty { return .noTests }
        if passed == total { return .solved }
        if passed == 0 && cases.allSatisfy({ $0.failure?.contains("is not solved yet") == true }) { return .notStarted }
        return .failing
    }

    /// The failures worth showing: one line each, the "not solved yet" line once.
    var failureLines: [String] {
        var lines: [String] = []
        for failure in cases.compactMap(\.failure) {
            let line = failure.replacingOccurrences(of: "Caught error: ", with: "")
                .replacingOccurrences(of: "Issue recorded: ", with: "")
                .replacingOccurrences(of: " (error)", with: "")
                .split(separator: "\n").first.map(String.init) ?? failure
            if !lines.contains(line) { lines.append(line) }
        }
        return lines
    }
}
