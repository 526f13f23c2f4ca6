import Foundation
import KataCore

extension Commands {
    /// The maintainers' check: Solutions all green, untouched Exercises all red, nothing crashed.
    static func verify(_ context: Context) throws -> Int32 {
        let style = context.style
        var problems: [String] = []

        // Both steps build a copy of the package with git HEAD's Exercises: the working tree's may
        // be a student's, half written, and must not decide whether the kata is well formed.
        let package = try PristinePackage.prepare(context)

        print(style.bold("1/2 ") + Text(en: "Every lesson against Solutions/ ", zh: "每一课对照 Solutions/ ").localized
              + style.dim(Text(en: "(git HEAD's Exercises beside them, in .build/kata-verify…)",
                               zh: "（旁边放的是 git HEAD 的 Exercises，在 .build/kata-verify 里…）").localized))
        var solutionsRunner = TestRunner(packagePath: package.path, scratch: context.path(".build/kata-verify/build-solutions"), target: .solutions)
        solutionsRunner.echoBuild = false
        let solutions = runForVerify(solutionsRunner, problems: &problems, what: Text(en: "Solutions", zh: "Solutions"))

        print(style.bold("2/2 ") + Text(en: "Every lesson against the untouched Exercises/ ", zh: "每一课对照未改动的 Exercises/ ").localized
              + style.dim(Text(en: "(git HEAD's, copied to .build/kata-verify/package…)",
                               zh: "（git HEAD 的版本，复制到 .build/kata-verify/package…）").localized))
        var stubsRunner = TestRunner(packagePath: package.path, scratch: context.path(PristinePackage.stubsBuild), target: .exercises)
        stubsRunner.echoBuild = false
        let stubs = runForVerify(stubsRunner, problems: &problems, what: Text(en: "the untouched Exercises", zh: "未改动的 Exercises"))

        print("")
        print(style.dim(Text(en: "      lesson                              Solutions     untouched Exercises",
                             zh: "      课程                                Solutions     未改动的 Exercises").localized))
        for lesson in Catalog.lessons {
            var line = "  \(lesson.paddedNumber)  \(lesson.titleText.localized.padded(34)) "
            if let solutions {
                let result = solutions.result(for: lesson)
                let problem = Verdict.solutionProblem(result)
                line += (problem == nil ? style.green("✔ ") : style.red("✘ ")) + Text(en: "\(result.passed)/\(result.total) green", zh: "\(result.passed)/\(result.total) 通过").localized.padded(12)
                if let problem {
                    problems.append(Text(en: "Lesson \(lesson.paddedNumber) against its solution: \(problem)",
                                         zh: "第 \(lesson.paddedNumber) 课对照参考答案：\(problem)").localized)
                }
            } else {
                line += style.dim("–".padded(14))
            }
            if let stubs {
                let result = stubs.result(for: lesson)
                let problem = Verdict.stubProblem(result)
                line += (problem == nil ? style.green("✔ ") : style.red("✘ ")) + Text(en: "\(result.total - result.passed)/\(result.total) red", zh: "\(result.total - result.passed)/\(result.total) 失败").localized
                if let problem {
                    problems.append(Text(en: "Lesson \(lesson.paddedNumber) on its untouched stub: \(problem)",
                                         zh: "第 \(lesson.paddedNumber) 课对照未改动的占位代码：\(problem)").localized)
                }
            } else {
                line += style.dim("–")
            }
            print(line)
        }

        print("")
        if problems.isEmpty {
            let count = Catalog.lessons.count
            print(style.green(Text(en: "✔ The kata is well formed:", zh: "✔ 这套 kata 完好无缺：").localized)
                  + Text(en: " \(count) lessons green against Solutions, red against the untouched Exercises, no crash.",
                         zh: "\(count) 节课对照 Solutions 全部通过，对照未改动的 Exercises 全部失败，没有崩溃。").localized)
            return Kata.ExitCode.ok
        }
        print(style.red(Text(en: "✘ \(problems.count) problem\(problems.count == 1 ? "" : "s"):", zh: "✘ \(problems.count) 个问题：").localized))
        for problem in problems { print(Style.wrap(problem, width: 96, indent: "    ", first: "  - ").joined(separator: "\n")) }
        return Kata.ExitCode.checkFailed
    }

    /// Builds and runs every lesson; a package that does not build is a problem, not an error.
    private static func runForVerify(_ runner: TestRunner, problems: inout [String], what: Text) -> RunReport? {
        do {
            try runner.build()
            return try runner.run()
        } catch let failure as BuildFailure {
            let first = failure.errors.first.map { Text(en: $0, zh: $0) } ?? Text(en: "see swift build", zh: "详见 `swift build`")
            problems.append(Text(en: "\(what.en) do not build: \(first.en)", zh: "\(what.zh) 编译不通过：\(first.zh)").localized)
        } catch {
            problems.append(Text(en: "\(what.en) could not be tested: \(error)", zh: "\(what.zh) 无法测试：\(error)").localized)
        }
        return nil
    }

    /// What `verify` holds each lesson to. The design asks for four tests or more per lesson.
    enum Verdict {
        static let fewestTests = 4

        /// Nil when the lesson is green against its solution; else why not.
        static func solutionProblem(_ result: LessonResult) -> String? {
            if let breakage = result.breakage { return breakage.explanation }
            if let problem = countProblem(result) { return problem }
            if result.passed < result.total {
                let failing = result.total - result.passed, first = result.failureLines.first
                return Text(en: "\(failing) of \(result.total) tests fail" + (first.map { ", first: \($0)" } ?? ""),
                            zh: "\(result.total) 个测试中有 \(failing) 个失败" + (first.map { "，第一个：\($0)" } ?? "")).localized
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
                return Text(en: "\(passing.count) test\(passing.count == 1 ? "" : "s") pass on the stub: \(names)",
                            zh: "有 \(passing.count) 个测试在占位代码上通过了：\(names)").localized
            }
            if let other = result.cases.compactMap(\.failure).first(where: { !LessonResult.isStubLine($0) }) {
                let line = LessonResult.tidy(other)
                return Text(en: "a test fails without the stub's \"not solved yet\" line: \(line)",
                            zh: "有测试失败了，但不是因为占位代码那句“还没有完成”：\(line)").localized
            }
            return nil
        }

        /// No test ran, or too few did.
        private static func countProblem(_ result: LessonResult) -> String? {
            if result.cases.isEmpty {
                let suite = result.lesson.suiteType
                return Text(en: "no test ran (is \(suite) in Tests/LessonTests?)", zh: "一个测试都没有运行（Tests/LessonTests 里有 \(suite) 吗？）").localized
            }
            if result.total < fewestTests {
                return Text(en: "only \(result.total) tests (\(fewestTests) or more expected)",
                            zh: "只有 \(result.total) 个测试（应该至少有 \(fewestTests) 个）").localized
            }
            return nil
        }
    }
}

/// A copy of the package whose Exercises/ are as committed at git HEAD, in a fixed place
/// (`.build/kata-verify/package`) so that its build folder (`.build/kata-verify/build`) is reused
/// from one verify to the next: only files whose contents changed are written again.
/// The student's (or maintainer's) own files are only read.
struct PristinePackage {
    var path: String

    /// Where the copy is built against its Exercises: verify's stub step and the mutant runner
    /// share it, so the mutants start from a warm build.
    static let stubsBuild = ".build/kata-verify/build"

    static func prepare(_ context: Context, at folder: String = ".build/kata-verify") throws -> PristinePackage {
        let fileManager = FileManager.default
        let path = context.path(folder + "/package")
        var files: [String: String] = [:]   // relative path → where to read it
        for item in ["Package.swift", "Sources", "Tests", "Solutions"] { collect(context.root, item, into: &files) }

        // Exercises/ from git HEAD, unpacked in a scratch folder.
        let unpacked = context.path(folder + "/head")
        try? fileManager.removeItem(atPath: unpacked)
        try fileManager.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(atPath: unpacked) }
        let archive = try Subprocess.run(["git", "-C", context.root, "archive", "--format=tar", "-o", "\(unpacked)/exercises.tar", "HEAD", "Exercises"], timeout: 60)
        guard archive.ending == .exited(0) else {
            // Without git there is no untouched stub to test: the working tree's Exercises may be anyone's work.
            let why = archive.output.split(separator: "\n").first.map(String.init)
            throw KataError(Text(en: "not a git checkout, or Exercises/ is not committed: verify tests git HEAD's Exercises/, never the working tree's ("
                                     + (why ?? "git archive failed") + ")",
                                 zh: "这里不是 `git` 仓库，或者 Exercises/ 没有提交：`kata verify` 测试的是 git HEAD 里的 Exercises/，从不使用工作区里的（"
                                     + (why ?? "`git archive` 失败") + "）"))
        }
        let unpack = try Subprocess.run(["tar", "-xf", "\(unpacked)/exercises.tar", "-C", unpacked, "Exercises"], timeout: 60)
        guard unpack.ending == .exited(0) else {
            throw KataError(Text(en: "could not unpack the committed Exercises: \(unpack.output)", zh: "无法解开已提交的 Exercises：\(unpack.output)"))
        }
        collect(unpacked, "Exercises", into: &files)
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
