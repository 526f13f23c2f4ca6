import Foundation
import KataCore

extension Commands {
    /// `kata verify --mutants [N…]`: every wrong answer of the catalog must turn its lesson red.
    ///
    /// One copy of the package serves every mutant: `kata verify`'s own (`.build/kata-verify/package`,
    /// git HEAD's Exercises, with the build folder of its stub step), so after a verify nothing but
    /// the mutants themselves is compiled. Each mutant is written over its lesson's exercise file,
    /// built incrementally (one file of the Exercises module changed), and only its lesson's suite
    /// runs, in a process group of its own with a stall limit, so a mutant that loops forever costs that
    /// limit once and leaves nothing running behind it.
    static func verifyMutants(_ context: Context, lessons numbers: [Int]) throws -> Int32 {
        let style = context.style
        let lessons = numbers.isEmpty ? Catalog.lessons : numbers.compactMap(Catalog.lesson)
        let catalog = MutantCatalog.load(root: context.root)
        let count = lessons.map { catalog.mutants(of: $0).count }.reduce(0, +)
        print(style.bold("Mutants: ") + "\(count) wrong answers for \(lessons.count == Catalog.lessons.count ? "every lesson" : "lesson" + (lessons.count == 1 ? " " : "s ") + lessons.map(\.paddedNumber).joined(separator: ", "))"
              + style.dim("  (git HEAD's Exercises, copied to .build/kata-verify/package)"))

        let package = try PristinePackage.prepare(context)
        var runner = TestRunner(packagePath: package.path, scratch: context.path(PristinePackage.stubsBuild), target: .exercises)
        runner.echoBuild = false
        runner.stallLimit = ProcessInfo.processInfo.environment["KATA_STALL_SECONDS"].flatMap(Double.init) ?? 20
        if runner.isFirstBuild { print(style.dim("  building the copy once — the first time takes a minute or two…")) }
        do {
            try runner.build(fresh: lessons.map(\.exerciseFile))
        } catch let failure as BuildFailure {
            throw KataError("the package with git HEAD's Exercises does not build, so no mutant can be tried: " + (failure.errors.first ?? "see swift build"))
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
        print("")
        print(report.summary(style: style))
        return report.problems.isEmpty ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
    }

    /// Puts one mutant in place, builds, runs its lesson, judges.
    private static func trial(_ mutant: MutantCatalog.Mutant, of lesson: Lesson, in runner: TestRunner, file: String) throws -> MutantVerdict {
        guard mutant.description != nil else {
            return .catalogError("its first line must say what it gets wrong: \(MutantCatalog.header)…")
        }
        try Data(mutant.text.utf8).write(to: URL(fileURLWithPath: file))
        do {
            try runner.build(fresh: [lesson.exerciseFile])
        } catch let failure as BuildFailure {
            let first = failure.errors.first.map { $0.replacingOccurrences(of: lesson.exerciseFile, with: mutant.path) } ?? "see swift build"
            return .catalogError("does not compile: \(first)")
        }
        return MutantVerdict.judge(try runner.run([lesson]).result(for: lesson))
    }
}

/// What `kata verify --mutants` found, and how it says it.
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
            var line = "  " + (good ? style.green("✔ ") : style.red("✘ ")) + "\(lesson.paddedNumber)  \(lesson.title.padded(34)) "
                + "\(killed)/\(outcomes.count) red"
            if !survivors.isEmpty { line += style.red(", \(survivors.count) survived") }
            if !errors.isEmpty { line += style.red(", \(errors.count) catalog error\(errors.count == 1 ? "" : "s")") }
            if tooFew { line += style.red(", fewer than \(MutantCatalog.fewestPerLesson) mutants") }
            return line
        }
    }

    var lessons: [LessonOutcome] = []
    var misplaced: [String] = []

    /// One line per problem: each survivor with what it gets wrong, each catalog error, each
    /// lesson with too few mutants, each file that is not where a mutant belongs.
    var problems: [String] {
        var lines: [String] = []
        for lesson in lessons {
            for outcome in lesson.outcomes {
                switch outcome.verdict {
                case .survived:
                    lines.append("survived: \(outcome.mutant.path) — \(outcome.mutant.description ?? "?"): every test of lesson \(lesson.lesson.paddedNumber) passes with this mistake in place")
                case let .catalogError(why):
                    lines.append("catalog error: \(outcome.mutant.path) \(why)")
                case .killed: break
                }
            }
            if lesson.tooFew {
                lines.append("lesson \(lesson.lesson.paddedNumber) has \(lesson.outcomes.count) mutant\(lesson.outcomes.count == 1 ? "" : "s") in \(MutantCatalog.folder)/\(lesson.lesson.folder)/ — at least \(MutantCatalog.fewestPerLesson) expected")
            }
        }
        for path in misplaced { lines.append("catalog error: \(path) is not a mutant (Mutants/NN-slug/<mistake>.swift, NN-slug a lesson's folder)") }
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
