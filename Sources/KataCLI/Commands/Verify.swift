import Foundation
import KataCore

extension Commands {
    /// `kata dev verify`, the maintainers' check: Solutions all green, the untouched stubs all red,
    /// nothing crashed. In English: maintainers read the code.
    ///
    /// `solutionsInPlace`: the Solutions step runs in the maintainers' build folder
    /// (``TestRunner/maintainersBuild``), which their command has built, when every exercise is its
    /// untouched stub (the package is then what the copy would be); else the copy is built.
    static func verify(_ context: Context, solutionsInPlace: Bool = false) throws -> Int32 {
        let style = context.style
        var problems: [String] = []

        // Both steps build a copy of the package whose Exercises are the stubs of Stubs/: the
        // working tree's may be a student's, half written, and must not decide whether the kata is
        // well formed.
        let package = try PristinePackage.prepare(context)

        var solutionsRunner: TestRunner
        if solutionsInPlace {
            let files = FileManager.default
            let edited = Catalog.lessons.filter { files.contents(atPath: context.path($0.exerciseFile)) != files.contents(atPath: context.path($0.stubFile)) }
            if !edited.isEmpty {
                let names = edited.prefix(3).map(\.exerciseFile).joined(separator: ", ") + (edited.count > 3 ? ", …" : "")
                print(style.red("✘ ") + "--solutions-in-place needs every exercise to be its untouched stub; \(edited.count) differ: \(names)")
                print("  Without --solutions-in-place, verify builds a copy with the stubs and leaves your exercises as they are.")
                return Kata.ExitCode.checkFailed
            }
            let place = "(in \(TestRunner.maintainersBuild), as the maintainers' command built it)"
            print(style.bold("1/2 ") + "Every lesson against Solutions/ " + style.dim(place))
            solutionsRunner = TestRunner(packagePath: context.root, scratch: context.path(TestRunner.maintainersBuild), target: .solutions)
            solutionsRunner.lessonsOnly = false
        } else {
            print(style.bold("1/2 ") + "Every lesson against Solutions/ " + style.dim("(the stubs beside them, in .build/kata-verify…)"))
            solutionsRunner = TestRunner(packagePath: package.path, scratch: context.path(".build/kata-verify/build-solutions"), target: .solutions)
        }
        solutionsRunner.echoBuild = false
        let solutions = runForVerify(solutionsRunner, problems: &problems, what: "Solutions")

        print(style.bold("2/2 ") + "Every lesson against the untouched stubs " + style.dim("(Stubs/, as Exercises/ of .build/kata-verify/package…)"))
        var stubsRunner = TestRunner(packagePath: package.path, scratch: context.path(PristinePackage.stubsBuild), target: .exercises)
        stubsRunner.echoBuild = false
        let stubs = runForVerify(stubsRunner, problems: &problems, what: "The untouched stubs")

        print("")
        print(style.dim("      lesson                              Solutions     untouched stubs"))
        for lesson in Catalog.lessons {
            var line = "  \(lesson.paddedNumber)  \(lesson.title.padded(34)) "
            if let solutions {
                let result = solutions.result(for: lesson)
                let problem = Verdict.solutionProblem(result)
                line += (problem == nil ? style.green("✔ ") : style.red("✘ ")) + "\(result.passed)/\(result.total) green".padded(12)
                if let problem { problems.append("Lesson \(lesson.paddedNumber) against its solution: \(problem)") }
            } else {
                line += style.dim("–".padded(14))
            }
            if let stubs {
                let result = stubs.result(for: lesson)
                let problem = Verdict.stubProblem(result)
                line += (problem == nil ? style.green("✔ ") : style.red("✘ ")) + "\(result.total - result.passed)/\(result.total) red"
                if let problem { problems.append("Lesson \(lesson.paddedNumber) on its untouched stub: \(problem)") }
            } else {
                line += style.dim("–")
            }
            print(line)
        }

        print("")
        if problems.isEmpty {
            let count = Catalog.lessons.count
            print(style.green("✔ The kata is well formed:") + " \(count) lessons green against Solutions, red against the untouched stubs, no crash.")
            return Kata.ExitCode.ok
        }
        print(style.red("✘ \(problems.count) problem\(problems.count == 1 ? "" : "s"):"))
        for problem in problems { print(Style.wrap(problem, width: 96, indent: "    ", first: "  - ").joined(separator: "\n")) }
        return Kata.ExitCode.checkFailed
    }

    /// Builds and runs every lesson; a package that does not build is a problem, not an error.
    private static func runForVerify(_ runner: TestRunner, problems: inout [String], what: String) -> RunReport? {
        do {
            try runner.build()
            return try runner.run()
        } catch let failure as BuildFailure {
            problems.append("\(what) do not build: \(failure.errors.first ?? "see swift build")")
        } catch {
            problems.append("\(what) could not be tested: \(error)")
        }
        return nil
    }

    /// What `kata dev verify` holds each lesson to. The design asks for four tests or more per lesson.
    enum Verdict {
        static let fewestTests = 4

        /// Nil when the lesson is green against its solution; else why not.
        static func solutionProblem(_ result: LessonResult) -> String? {
            if let breakage = result.breakage { return breakage.explanation }
            if let problem = countProblem(result) { return problem }
            if result.passed < result.total {
                let failing = result.total - result.passed, first = result.failureLines.first
                return "\(failing) of \(result.total) tests fail" + (first.map { ", first: \($0)" } ?? "")
            }
            return nil
        }

        /// Nil when every test of the lesson fails cleanly on its untouched stub, with the stub's line.
        static func stubProblem(_ result: LessonResult) -> String? {
            if let breakage = result.breakage { return breakage.explanation }
            if let problem = countProblem(result) { return problem }
            let passing = result.cases.filter(\.passed).map(\.name)
            if !passing.isEmpty {
                let names = passing.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
                return passing.count == 1 ? "1 test passes on the stub: \(names)" : "\(passing.count) tests pass on the stub: \(names)"
            }
            if let other = result.cases.first(where: { $0.record?.kind != .notSolved }), let line = LessonResult.line(of: other) {
                return "a test fails without the stub's \"not solved yet\" line: \(line)"
            }
            return nil
        }

        /// No test ran, or too few did.
        private static func countProblem(_ result: LessonResult) -> String? {
            if result.cases.isEmpty {
                let suite = result.lesson.suiteType
                return "no test ran (is \(suite) in Tests/LessonTests?)"
            }
            if result.total < fewestTests {
                return "only \(result.total) tests (\(fewestTests) or more expected)"
            }
            return nil
        }
    }
}

/// A copy of the package whose Exercises/ are the untouched stubs of `Stubs/`, in a fixed place
/// (`.build/kata-verify/package`) so that its build folder (`.build/kata-verify/build`) is reused
/// from one verify to the next: only files whose contents changed are written again.
/// The student's (or maintainer's) own files are only read.
struct PristinePackage {
    var path: String

    /// Where the copy is built against its Exercises: verify's stub step and the mutant runner
    /// share it, so the mutants start from a warm build.
    static let stubsBuild = ".build/kata-verify/build"

    static func prepare(_ context: Context, at folder: String = ".build/kata-verify") throws -> PristinePackage {
        let path = context.path(folder + "/package")
        var files: [String: String] = [:]   // relative path → where to read it
        for item in ["Package.swift", "Sources", "Tests", "Solutions", "Exercises/Exercises.swift"] { collect(context.root, item, into: &files) }
        // A lesson without its stub has no exercise in the copy: its tests then do not build, and
        // verify says so.
        for lesson in Catalog.lessons where FileManager.default.fileExists(atPath: context.path(lesson.stubFile)) {
            files[lesson.exerciseFile] = context.path(lesson.stubFile)
        }
        try sync(files, into: path)
        return PristinePackage(path: path)
    }

    /// Adds every file under `root/item` (or the file itself) to `files`.
    static func collect(_ root: String, _ item: String, into files: inout [String: String]) {
        let full = (root as NSString).appendingPathComponent(item)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { files[item] = full; return }
        guard let enumerator = FileManager.default.enumerator(atPath: full) else { return }
        for case let relative as String in enumerator {
            let source = (full as NSString).appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), !isFolder.boolValue {
                files[(item as NSString).appendingPathComponent(relative)] = source
            }
        }
    }

    /// Makes `destination` hold exactly `files`, writing only those whose contents differ
    /// (so the build system sees unchanged files as unchanged).
    static func sync(_ files: [String: String], into destination: String) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for (relative, source) in files {
            let target = (destination as NSString).appendingPathComponent(relative)
            guard let data = fileManager.contents(atPath: source) else { continue }
            if fileManager.contents(atPath: target) == data { continue }
            try fileManager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: target))
        }
        var present: [String: String] = [:]
        for item in (try? fileManager.contentsOfDirectory(atPath: destination)) ?? [] { collect(destination, item, into: &present) }
        for relative in present.keys where files[relative] == nil {
            try? fileManager.removeItem(atPath: (destination as NSString).appendingPathComponent(relative))
        }
    }
}
