import Foundation
import KataCore

extension Commands {
    /// `kata dev verify --mutants [N…]`: every wrong answer of the catalog must turn its lesson red.
    /// In English: maintainers read the code.
    ///
    /// One copy of the package serves every mutant: `kata dev verify`'s own
    /// (`.build/kata-verify/package`, the stubs as Exercises, with the build folder of its stub
    /// step), so after a verify nothing but the mutants themselves is compiled. The mutants are tried
    /// in rounds (``MutantTrials``): a round writes one mutant of each lesson (the lesson's Solution
    /// with its patch applied) over that lesson's exercise file, builds once (a mutant's build, not its
    /// tests, is most of its trial: one build and one link serve the whole round), then
    /// runs each of those lessons' suites on its own, in a process group of its own with a stall
    /// limit, so a mutant that loops forever costs that limit once and leaves nothing running behind
    /// it. A run ends at the first failure a test records: the mutant is caught, and the lesson's
    /// other tests need not wait out their limits.
    static func verifyMutants(_ context: Context, lessons numbers: [Int]) throws -> Int32 {
        let style = context.style
        let lessons = numbers.isEmpty ? Catalog.lessons : numbers.compactMap(Catalog.lesson)
        let catalog = MutantCatalog.load(root: context.root)
        let count = lessons.map { catalog.mutants(of: $0).count }.reduce(0, +)
        let numbers = lessons.map(\.paddedNumber).joined(separator: ", "), every = lessons.count == Catalog.lessons.count
        let which = every ? "every lesson" : "lesson" + (lessons.count == 1 ? " " : "s ") + numbers
        print(style.bold("Mutants: ") + "\(count) wrong answers for \(which)" + style.dim("  (the stubs as Exercises, in .build/kata-verify/package)"))

        var report = MutantReport()
        let trials = try tryMutants(context, lessons.map { ($0, catalog.mutants(of: $0)) }) { trials, lesson in
            report.lessons.append(trials.outcome(of: lesson))
            print(report.lessons.last!.line(style: style) + style.dim(String(format: "  tests %.0f s", trials.testSeconds[lesson.number] ?? 0)))
        }
        for lesson in lessons where catalog.mutants(of: lesson).isEmpty {
            report.lessons.append(trials.outcome(of: lesson))
            print(report.lessons.last!.line(style: style))
        }
        report.lessons.sort { $0.lesson.number < $1.lesson.number }
        print(style.dim("  \(trials.builds) builds (one a round: a mutant of each lesson in place at once), \(String(format: "%.0f", trials.buildSeconds)) s"))
        report.misplaced = catalog.misplaced
        report.wholeFiles = catalog.wholeFiles
        print("")
        print(report.summary(style: style))
        return report.problems.isEmpty ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
    }

    /// Tries `mutants` in rounds in verify's copy of the package (``PristinePackage``), the
    /// stubs as the other Exercises; `done` is told of each lesson whose last mutant was just
    /// judged. The working tree is only read: a wrong answer is only ever written over an
    /// exercise of the copy, which is the stub again after every round and at the end, and which
    /// the next `prepare` makes the stub again after a run that was interrupted.
    static func tryMutants(
        _ context: Context, _ mutants: [(Lesson, [MutantCatalog.Mutant])], done: (MutantTrials, Lesson) -> Void
    ) throws -> MutantTrials {
        let style = context.style, lessons = mutants.map(\.0)
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

        var trials = MutantTrials(lessons: mutants)
        let stubs = try Dictionary(
            uniqueKeysWithValues: lessons.map { ($0.number, try Data(contentsOf: URL(fileURLWithPath: runner.absolute($0.exerciseFile)))) })
        defer { for lesson in lessons { try? stubs[lesson.number]?.write(to: URL(fileURLWithPath: runner.absolute(lesson.exerciseFile))) } }
        for round in trials.rounds {
            try trialRound(round, in: runner, stubs: stubs, trials: &trials)
            for lesson in trials.lessonsDone(after: round) { done(trials, lesson) }
        }
        return trials
    }

    /// One round: the round's mutant of each lesson written over that lesson's exercise (the
    /// other lessons' exercises are their stubs), one build, then each lesson's suite on its own.
    /// Lessons do not share code, so a mutant of one lesson cannot turn another red. When the
    /// round does not build, each of its mutants is built and run alone, so that the one that does
    /// not compile is named.
    private static func trialRound(_ round: [MutantTrials.Trial], in runner: TestRunner, stubs: [Int: Data], trials: inout MutantTrials) throws {
        var placed: [(trial: MutantTrials.Trial, wrong: String)] = []
        for trial in round {
            switch wrongAnswer(trial.mutant, of: trial.lesson, in: runner) {
            case let .success(wrong): placed.append((trial, wrong))
            case let .failure(error): trials.record(.catalogError(error.why), for: trial, seconds: 0)
            }
        }
        let inRound = Set(placed.map(\.trial.lesson.number))
        var written: [String] = []
        for (lesson, stub) in trials.lessons.map({ ($0.lesson, stubs[$0.lesson.number]!) }) where !inRound.contains(lesson.number) {
            if (try? Data(contentsOf: URL(fileURLWithPath: runner.absolute(lesson.exerciseFile)))) != stub {
                try stub.write(to: URL(fileURLWithPath: runner.absolute(lesson.exerciseFile)))
                written.append(lesson.exerciseFile)
            }
        }
        for (trial, wrong) in placed {
            try Data(wrong.utf8).write(to: URL(fileURLWithPath: runner.absolute(trial.lesson.exerciseFile)))
            written.append(trial.lesson.exerciseFile)
        }
        guard !placed.isEmpty else { return }
        do {
            try trials.timedBuild { try runner.build(fresh: written) }
        } catch is BuildFailure {
            for (trial, _) in placed { try stubs[trial.lesson.number]!.write(to: URL(fileURLWithPath: runner.absolute(trial.lesson.exerciseFile))) }
            for (trial, wrong) in placed {
                let file = runner.absolute(trial.lesson.exerciseFile)
                try Data(wrong.utf8).write(to: URL(fileURLWithPath: file))
                defer { try? stubs[trial.lesson.number]!.write(to: URL(fileURLWithPath: file)) }
                do {
                    try trials.timedBuild { try runner.build(fresh: [trial.lesson.exerciseFile], restamped: true) }
                } catch let failure as BuildFailure {
                    let lesson = trial.lesson
                    let named =
                        trial.mutant.wholeFile ? (trial.mutant.path as NSString).lastPathComponent : "\(lesson.solutionFile) + \(trial.mutant.name).patch"
                    let first = failure.errors.first.map { $0.replacingOccurrences(of: lesson.exerciseFile, with: named) }
                    trials.record(.doesNotCompile(first ?? "see swift build"), for: trial, seconds: 0)
                    continue
                }
                try judge([trial], in: runner, trials: &trials)
            }
            return
        }
        try judge(placed.map(\.trial), in: runner, trials: &trials)
    }

    /// A round's lessons judged one after another, each in a test process of its own.
    private static func judge(_ round: [MutantTrials.Trial], in runner: TestRunner, trials: inout MutantTrials) throws {
        for trial in round {
            let started = Date()
            let verdict = MutantVerdict.judge(try runner.run([trial.lesson]).result(for: trial.lesson))
            trials.record(verdict, for: trial, seconds: Date().timeIntervalSince(started))
        }
    }

    /// The lesson's Solution with the mutant applied, or why the mutant is a catalog error.
    private static func wrongAnswer(_ mutant: MutantCatalog.Mutant, of lesson: Lesson, in runner: TestRunner) -> Result<String, CatalogProblem> {
        guard mutant.description != nil else {
            return .failure(CatalogProblem(why: "its first line must say what it gets wrong: \(MutantCatalog.header)…"))
        }
        guard let solution = try? String(contentsOfFile: runner.absolute(lesson.solutionFile), encoding: .utf8) else {
            return .failure(CatalogProblem(why: "\(lesson.solutionFile) cannot be read"))
        }
        do {
            return .success(try mutant.applied(to: solution))
        } catch {
            return .failure(CatalogProblem(why: "does not apply to \(lesson.solutionFile): \(error)"))
        }
    }

    private struct CatalogProblem: Error {
        var why: String
    }
}

/// The trials of `kata dev verify --mutants`, in rounds: round k holds the k-th mutant of each
/// lesson that has one, so a lesson's mutants are tried in catalog order and one build serves a
/// whole round.
struct MutantTrials {
    struct Trial: Equatable {
        var lesson: Lesson
        var mutant: MutantCatalog.Mutant
        var index: Int
    }

    var lessons: [(lesson: Lesson, mutants: [MutantCatalog.Mutant])]
    private(set) var verdicts: [Int: [Int: MutantVerdict]] = [:]
    private(set) var testSeconds: [Int: Double] = [:]
    var builds = 0
    var buildSeconds = 0.0

    /// Runs `build`, counting it and its time, whether it builds or not.
    mutating func timedBuild(_ build: () throws -> Void) throws {
        let started = Date()
        defer {
            builds += 1
            buildSeconds += Date().timeIntervalSince(started)
        }
        try build()
    }

    init(lessons: [(Lesson, [MutantCatalog.Mutant])]) {
        self.lessons = lessons.map { (lesson: $0.0, mutants: $0.1) }
    }

    var rounds: [[Trial]] {
        let count = lessons.map(\.mutants.count).max() ?? 0
        return (0..<count).map { index in
            lessons.filter { index < $0.mutants.count }.map { Trial(lesson: $0.lesson, mutant: $0.mutants[index], index: index) }
        }
    }

    mutating func record(_ verdict: MutantVerdict, for trial: Trial, seconds: Double) {
        verdicts[trial.lesson.number, default: [:]][trial.index] = verdict
        testSeconds[trial.lesson.number, default: 0] += seconds
    }

    /// The lessons whose last mutant was in `round`, in catalog order.
    func lessonsDone(after round: [Trial]) -> [Lesson] {
        guard let index = round.first?.index else { return [] }
        return lessons.filter { $0.mutants.count - 1 == index }.map(\.lesson)
    }

    func outcome(of lesson: Lesson) -> MutantReport.LessonOutcome {
        let mutants = lessons.first { $0.lesson == lesson }?.mutants ?? []
        let outcomes = mutants.indices.map { MutantReport.Outcome(mutant: mutants[$0], verdict: verdicts[lesson.number]?[$0] ?? .catalogError("not tried")) }
        return MutantReport.LessonOutcome(lesson: lesson, outcomes: outcomes)
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
        var errors: [Outcome] {
            outcomes.filter {
                switch $0.verdict {
                case .catalogError, .doesNotCompile: true
                case .killed, .survived: false
                }
            }
        }
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
                case let .doesNotCompile(error):
                    lines.append("catalog error: \(outcome.mutant.path) does not compile: \(error)")
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
