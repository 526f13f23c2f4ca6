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
        let numbers = lessons.map(\.paddedNumber).joined(separator: ", "), every = lessons.count == Catalog.lessons.count
        let which = every ? Text(en: "every lesson", zh: "所有课程")
            : Text(en: "lesson" + (lessons.count == 1 ? " " : "s ") + numbers, zh: "第 \(lessons.map(\.paddedNumber).joined(separator: "、")) 课")
        print(style.bold(Text(en: "Mutants: ", zh: "变异体：").localized)
              + Text(en: "\(count) wrong answers for \(which.en)", zh: "\(which.zh)共 \(count) 个错误答案").localized
              + style.dim(Text(en: "  (git HEAD's Exercises, copied to .build/kata-verify/package)",
                               zh: "  （git HEAD 的 Exercises，复制到 .build/kata-verify/package）").localized))

        let package = try PristinePackage.prepare(context)
        var runner = TestRunner(packagePath: package.path, scratch: context.path(PristinePackage.stubsBuild), target: .exercises)
        runner.echoBuild = false
        runner.stallLimit = ProcessInfo.processInfo.environment["KATA_STALL_SECONDS"].flatMap(Double.init) ?? 20
        if runner.isFirstBuild {
            print(style.dim(Text(en: "  building the copy once — the first time takes a minute or two…",
                                 zh: "  先把副本编译一次，第一次需要一两分钟…").localized))
        }
        do {
            try runner.build(fresh: lessons.map(\.exerciseFile))
        } catch let failure as BuildFailure {
            let first = failure.errors.first
            throw KataError(Text(en: "the package with git HEAD's Exercises does not build, so no mutant can be tried: " + (first ?? "see swift build"),
                                 zh: "用 git HEAD 的 Exercises 时包编译不通过，所以一个变异体也没法试：" + (first ?? "详见 `swift build`")))
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
            return .catalogError(Text(en: "its first line must say what it gets wrong: \(MutantCatalog.header)…",
                                      zh: "它的第一行必须说明它错在哪里：\(MutantCatalog.header)…").localized)
        }
        try Data(mutant.text.utf8).write(to: URL(fileURLWithPath: file))
        do {
            try runner.build(fresh: [lesson.exerciseFile])
        } catch let failure as BuildFailure {
            let first = failure.errors.first.map { $0.replacingOccurrences(of: lesson.exerciseFile, with: mutant.path) }
            return .catalogError(Text(en: "does not compile: " + (first ?? "see swift build"), zh: "编译不通过：" + (first ?? "详见 `swift build`")).localized)
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
            var line = "  " + (good ? style.green("✔ ") : style.red("✘ ")) + "\(lesson.paddedNumber)  \(lesson.titleText.localized.padded(34)) "
                + Text(en: "\(killed)/\(outcomes.count) red", zh: "\(killed)/\(outcomes.count) 变红").localized
            if !survivors.isEmpty { line += style.red(Text(en: ", \(survivors.count) survived", zh: "，\(survivors.count) 个没被抓住").localized) }
            if !errors.isEmpty {
                line += style.red(Text(en: ", \(errors.count) catalog error\(errors.count == 1 ? "" : "s")", zh: "，\(errors.count) 个目录错误").localized)
            }
            if tooFew {
                line += style.red(Text(en: ", fewer than \(MutantCatalog.fewestPerLesson) mutants",
                                       zh: "，变异体少于 \(MutantCatalog.fewestPerLesson) 个").localized)
            }
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
                    let path = outcome.mutant.path, what = outcome.mutant.description ?? "?", number = lesson.lesson.paddedNumber
                    lines.append(Text(en: "survived: \(path) — \(what): every test of lesson \(number) passes with this mistake in place",
                                      zh: "没被抓住：\(path) — \(what)：带着这个错误，第 \(number) 课的测试全部通过").localized)
                case let .catalogError(why):
                    lines.append(Text(en: "catalog error: \(outcome.mutant.path) \(why)", zh: "目录错误：\(outcome.mutant.path) \(why)").localized)
                case .killed: break
                }
            }
            if lesson.tooFew {
                let number = lesson.lesson.paddedNumber, count = lesson.outcomes.count, folder = "\(MutantCatalog.folder)/\(lesson.lesson.folder)/"
                lines.append(Text(en: "lesson \(number) has \(count) mutant\(count == 1 ? "" : "s") in \(folder) — at least \(MutantCatalog.fewestPerLesson) expected",
                                  zh: "第 \(number) 课在 \(folder) 里只有 \(count) 个变异体，应该至少有 \(MutantCatalog.fewestPerLesson) 个").localized)
            }
        }
        for path in misplaced {
            lines.append(Text(en: "catalog error: \(path) is not a mutant (Mutants/NN-slug/<mistake>.swift, NN-slug a lesson's folder)",
                              zh: "目录错误：\(path) 不是变异体（应为 Mutants/NN-slug/<mistake>.swift，NN-slug 是某一课的文件夹）").localized)
        }
        return lines
    }

    func summary(style: Style) -> String {
        let total = lessons.map(\.outcomes.count).reduce(0, +), killed = lessons.map(\.killed).reduce(0, +)
        let problems = self.problems
        if problems.isEmpty {
            return style.green(Text(en: "✔ Every mutant is caught:", zh: "✔ 每个变异体都被抓住了：").localized)
                + Text(en: " \(killed)/\(total) red.", zh: "\(killed)/\(total) 变红。").localized
        }
        var out = [style.red(Text(en: "✘ \(killed)/\(total) mutants red; \(problems.count) problem\(problems.count == 1 ? "" : "s"):",
                                  zh: "✘ \(killed)/\(total) 个变异体变红；\(problems.count) 个问题：").localized)]
        for problem in problems { out += Style.wrap(problem, width: 110, indent: "    ", first: "  - ") }
        return out.joined(separator: "\n")
    }
}
