import Foundation
import KataCore

extension Commands {
    /// `kata dev verify --mutants [N…]`: every wrong answer of the catalog must turn its lesson red.
    /// In English: maintainers read the code.
    ///
    /// One copy of the package serves every mutant: `kata dev verify`'s own
    /// (`.build/kata-verify/package`, the stubs as Exercises, with the build folder of its stub
    /// step), so after a verify nothing but the mutants themselves is compiled. Each mutant (the
    /// lesson's Solution with its patch applied) is written over its lesson's exercise file,
    /// built incrementally (one file of the Exercises module changed), and only its lesson's suite
    /// runs, in a process group of its own with a stall limit, so a mutant that loops forever costs that
    /// limit once and leaves nothing running behind it. The run ends at the first failure a test
    /// records: the mutant is caught, and the lesson's other tests need not wait out their limits.
    static func verifyMutants(_ context: Context, lessons numbers: [Int]) throws -> Int32 {
        let style = context.style
        let lessons = numbers.isEmpty ? Catalog.lessons : numbers.compactMap(Catalog.lesson)
        let catalog = MutantCatalog.load(root: context.root)
        let count = lessons.map { catalog.mutants(of: $0).count }.reduce(0, +)
        let numbers = lessons.map(\.paddedNumber).joined(separator: ", "), every = lessons.count == Catalog.lessons.count
        let which = every ? "every lesson" : "lesson" + (lessons.count == 1 ? " " : "s ") + numbers
        print(style.bold("Mutants: ") + "\(count) wrong answers for \(which)" + style.dim("  (the stubs as Exercises, in .build/kata-verify/package)"))

        let package = try PristinePackage.prepare(context)
        var runner = TestRunner(packagePath: package.path, scratch: context.path(PristinePackage.stubsBuild), target: .exercises)
        runner.echoBuild = false
        runner.stopAtFirstFailure = true
        runner.stallLimit = ProcessInfo.processInfo.environment["KATA_STALL_SECONDS"].flatMap(Double.init) ?? 20
        if runner.isFirstBuild {
            print(style.dim("  building the copy once — the first time takes a minute or two…"))
        }
        do {
            try runner.build(fresh: lessons.map(\.exerciseFile))
        } catch let failure as BuildFailure {
            let first = failure.errors.first
            throw KataError("the package with the stubs as Exercises does not build, so no mutant can be tried: " + (first ?? "see swift build"))
        }

        var report = MutantReport()
        for lesson in lessons {
            let mutants = catalog.mutants(of: lesson)
            let exercise = (package.path as NSString).appendingPathComponent(lesson.exerciseFile)
            let stub = try Data(contentsOf: URL(fileURLWithPath: exercise))
            defer { try? stub.write(to: URL(fileURLWithPath: exercise)) }
            let started = Date()
            var outcomes: [MutantReport.Outcome] = []
            for mutant in mutants {
                outcomes.append(MutantReport.Outcome(mutant: mutant, verdict: try trial(mutant, of: lesson, in: runner, file: exercise)))
            }
            report.lessons.append(MutantReport.LessonOutcome(lesson: lesson, outcomes: outcomes))
            print(report.lessons.last!.line(style: style) + style.dim(String(format: "  %.0f s", Date().timeIntervalSince(started))))
        }
        report.misplaced = catalog.misplaced
        report.wholeFiles = catalog.wholeFiles
        print("")
        print(report.summary(style: style))
        return report.problems.isEmpty ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
    }

    /// Puts one mutant in place, builds, runs its lesson, judges.
    private static func trial(_ mutant: MutantCatalog.Mutant, of lesson: Lesson, in runner: TestRunner, file: String) throws -> MutantVerdict {
        guard mutant.description != nil else {
            return .catalogError("its first line must say what it gets wrong: \(MutantCatalog.header)…")
        }
        let solution = try String(contentsOfFile: (runner.packagePath as NSString).appendingPathComponent(lesson.solutionFile), encoding: .utf8)
        let wrong: String
        do {
            wrong = try mutant.applied(to: solution)
        } catch {
            return .catalogError("does not apply to \(lesson.solutionFile): \(error)")
        }
        try Data(wrong.utf8).write(to: URL(fileURLWithPath: file))
        do {
            try runner.build(fresh: [lesson.exerciseFile])
        } catch let failure as BuildFailure {
            let first = failure.errors.first.map { $0.replacingOccurrences(of: lesson.exerciseFile, with: "\(lesson.solutionFile) + \(mutant.name).patch") }
            return .catalogError("does not compile: " + (first ?? "see swift build"))
        }
        return MutantVerdict.judge(try runner.run([lesson]).result(for: lesson))
    }
}

/// What `kata dev verify --mutants` found, and how it says it.
struct MutantReport: Equatable {
    struct Outcome: Equatable {
        var mutant: MutantCatalog.Mutant
        var verdict: MutantVerdict
    }

    struct LessonOutcome: Equatable {
        var lesson: Lesson
        var outcomes: [Outcome]

        var killed: Int { outcomes.filter { if case .killed = $0.verdict { true } else { false } }.count }
        var survivors: [Outcome] { outcomes.filter { $0.verdict == .survived } }
        var errors: [Outcome] { outcomes.filter { if case .catalogError = $0.verdict { true } else { false } } }
        var tooFew: Bool { outcomes.count < MutantCatalog.fewestPerLesson }

        func line(style: Style) -> String {
            let good = survivors.isEmpty && errors.isEmpty && !tooFew
            var line =
                "  " + (good ? style.green("✔ ") : style.red("✘ ")) + "\(lesson.paddedNumber)  \(lesson.title.padded(34)) "
                + "\(killed)/\(outcomes.count) red"
            if !survivors.isEmpty { line += style.red(", \(survivors.count) survived") }
            if !errors.isEmpty { line += style.red(", \(errors.count) catalog error\(errors.count == 1 ? "" : "s")") }
            if tooFew { line += style.red(", fewer than \(MutantCatalog.fewestPerLesson) mutants") }
            return line
        }
    }

    var lessons: [LessonOutcome] = []
    var misplaced: [String] = []
    var wholeFiles: [String] = []

    /// One line per problem: each survivor with what it gets wrong, each catalog error, each
    /// lesson with too few mutants, each file that is not where a mutant belongs.
    var problems: [String] {
        var lines: [String] = []
        for lesson in lessons {
            for outcome in lesson.outcomes {
                switch outcome.verdict {
                case .survived:
                    let path = outcome.mutant.path, what = outcome.mutant.description ?? "?", number = lesson.lesson.paddedNumber
                    lines.append("survived: \(path) — \(what): every test of lesson \(number) passes with this mistake in place")
                case let .catalogError(why):
                    lines.append("catalog error: \(outcome.mutant.path) \(why)")
                case .killed: break
                }
            }
            if lesson.tooFew {
                let number = lesson.lesson.paddedNumber, count = lesson.outcomes.count, folder = "\(MutantCatalog.folder)/\(lesson.lesson.folder)/"
                lines.append("lesson \(number) has \(count) mutant\(count == 1 ? "" : "s") in \(folder) — at least \(MutantCatalog.fewestPerLesson) expected")
            }
        }
        for path in misplaced {
            lines.append("catalog error: \(path) is not a mutant (Mutants/NN-slug/<mistake>.patch, NN-slug a lesson's folder)")
        }
        for path in wholeFiles {
            lines.append("catalog error: \(path) is a whole file, not a patch: `swift run kata dev patch-mutants` turns it into one")
        }
        return lines
    }

    func summary(style: Style) -> String {
        let total = lessons.map(\.outcomes.count).reduce(0, +), killed = lessons.map(\.killed).reduce(0, +)
        let problems = self.problems
        if problems.isEmpty {
            return style.green("✔ Every mutant is caught:") + " \(killed)/\(total) red."
        }
        var out = [style.red("✘ \(killed)/\(total) mutants red; \(problems.count) problem\(problems.count == 1 ? "" : "s"):")]
        for problem in problems { out += Style.wrap(problem, width: 110, indent: "    ", first: "  - ") }
        return out.joined(separator: "\n")
    }
}
