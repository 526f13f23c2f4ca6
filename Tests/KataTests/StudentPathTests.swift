import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// `KATA_STUDENT_PATH`, when set and not empty.
private let studentPathSetting = ProcessInfo.processInfo.environment["KATA_STUDENT_PATH"].flatMap { $0.isEmpty ? nil : $0 }

/// The student's path through the real course, in a copy of the package, as the README tells it:
/// `swift run kata` lists every lesson, `kata show 1` names the function to write and its file, a
/// Solution copied in turns its lesson green, and a wrong answer is shown against the reference
/// side by side.
///
/// It builds the whole course from nothing (minutes), so it runs only when asked:
/// `KATA_STUDENT_PATH=1` takes `swift` from PATH as it is; a folder in it is put first on PATH for
/// every `swift` the path starts (`scripts/swiftbuild-by-default.sh` makes one that turns every
/// build into a Swift Build one, SwiftPM 6.4's default). `KATA_BUILD_SYSTEM` reaches `kata` too.
@Suite(
    "The student's path through the real course", .serialized, .inEnglish,
    .enabled(if: studentPathSetting != nil, "set KATA_STUDENT_PATH to run it (a whole first build)"))
struct StudentPathTests {
    static var setting: String? { studentPathSetting }

    /// The package's own folder: two above this file's.
    static let root = PackageRoot.path

    /// A copy of what a ZIP of the course holds (no .git, no build folder) in a folder of its own.
    static func copy() throws -> FixturePackage {
        let copy = FixturePackage.empty("student-path")
        var files: [String: String] = [:]
        for item in ["Package.swift", "Sources", "Tests", "Exercises", "Solutions", "Stubs", "Mutants", "Lessons", "docs", "README.md"] {
            PristinePackage.collect(root, item, into: &files)
        }
        try PristinePackage.sync(files, into: copy.root)
        return copy
    }

    /// The environment of every command: the chosen folder first on PATH.
    static var environment: [String: String] {
        guard let setting, setting != "1" else { return [:] }
        return ["PATH": setting + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    @Test("swift run kata lists every lesson; show names the function; a Solution turns its lesson green; a wrong answer is shown side by side")
    func path() throws {
        let copy = try Self.copy()
        defer { copy.remove() }
        func swiftRunKata(_ arguments: [String]) throws -> (code: Int32?, output: String) {
            var command = ["env", "NO_COLOR=1", "KATA_LANG=en"] + Self.environment.map { "\($0.key)=\($0.value)" }
            command += ["sh", "-c", "cd \"$0\" && exec swift run kata \"$@\"", copy.root] + arguments
            let outcome = try Subprocess.run(command, timeout: 1800)
            let code: Int32? = if case let .exited(code) = outcome.ending { code } else { nil }
            return (code, outcome.output)
        }

        let first = try swiftRunKata([])
        #expect(first.code == 0 && first.output.contains("0/\(Catalog.lessons.count) lessons solved"), "\(first.output)")
        for lesson in Catalog.lessons { #expect(first.output.contains(lesson.title), "lesson \(lesson.number) listed") }

        let lesson01 = Lesson.lesson01
        let show = try swiftRunKata(["show", "1"])
        #expect(show.code == 0 && show.output.contains("Lesson 01 is not solved yet: write"), "\(show.output)")
        #expect(show.output.contains(lesson01.exerciseFile), "\(show.output)")

        try FileManager.default.removeItem(atPath: copy.root + "/" + lesson01.exerciseFile)
        try FileManager.default.copyItem(atPath: copy.root + "/" + lesson01.solutionFile, toPath: copy.root + "/" + lesson01.exerciseFile)
        let solved = try swiftRunKata(["show", "1"])
        #expect(solved.code == 0 && solved.output.contains("✔ solved"), "\(solved.output)")

        let lesson06 = Lesson.lesson06
        let patch = try String(contentsOfFile: Self.root + "/Mutants/06-timer-skip-on-overrun/restart-from-now.patch", encoding: .utf8)
        let solution = try String(contentsOfFile: copy.root + "/" + lesson06.solutionFile, encoding: .utf8)
        try UnifiedDiff.parse(patch).apply(to: solution).write(toFile: copy.root + "/" + lesson06.exerciseFile, atomically: true, encoding: .utf8)
        let wrong = try swiftRunKata(["show", "6"])
        #expect(wrong.code == 0 && !wrong.output.contains("✔ solved"), "\(wrong.output)")
        #expect(wrong.output.contains(HarnessText.expected.en) && wrong.output.contains("│") && wrong.output.contains("✗ "), "side by side:\n\(wrong.output)")
    }
}
