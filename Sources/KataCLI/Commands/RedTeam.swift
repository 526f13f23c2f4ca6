import Foundation
import KataCore

extension Commands {
    /// `kata dev red-team DIR`: a folder of wrong answers that are not in the catalog, laid out as
    /// `Mutants/` (`DIR/NN-slug/<mistake>.patch`, or `<mistake>.swift`, a whole replacement of the
    /// lesson's Solution file; first line `// Mutant: …`), each tried as `verify --mutants` tries
    /// the catalog's (``tryMutants(_:_:done:)``: the same copy, rounds and limits), and reported
    /// as killed, escaped (every test of its lesson passes) or did not build; one that cannot be
    /// tried (no first line, a patch that does not apply, still the stub) is an error of its own
    /// line, and the others are tried all the same. In English: maintainers read the code.
    static func redTeam(_ context: Context, folder given: String) throws -> Int32 {
        let style = context.style
        let base = given.hasPrefix("/") ? given : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(given)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base, isDirectory: &isFolder), isFolder.boolValue else {
            Kata.complain("kata: no folder \(given): give a folder of wrong answers laid out as Mutants/ (\(given)/NN-slug/<mistake>.patch)")
            return Kata.ExitCode.usage
        }
        let named = given.hasSuffix("/") ? String(given.dropLast()) : given
        let answers = MutantCatalog.load(folder: base, named: named, wholeFilesAreMutants: true)
        for path in answers.misplaced {
            Kata.complain("kata: skipped \(path): not a wrong answer (\(named)/NN-slug/<mistake>.patch or .swift, NN-slug a lesson's folder)")
        }
        let lessons = Catalog.lessons.filter { !answers.mutants(of: $0).isEmpty }
        let count = lessons.map { answers.mutants(of: $0).count }.reduce(0, +)
        guard count > 0 else {
            Kata.complain("kata: no wrong answer in \(given) (\(named)/NN-slug/<mistake>.patch or .swift, NN-slug a lesson's folder)")
            return Kata.ExitCode.usage
        }
        let numbers = lessons.map(\.paddedNumber).joined(separator: ", ")
        print(
            style.bold("Red team: ") + "\(count) wrong answer\(count == 1 ? "" : "s") from \(named) for lesson\(lessons.count == 1 ? "" : "s") \(numbers)"
                + style.dim("  (the stubs as Exercises, in .build/kata-verify/package)"))
        var tally = RedTeamTally()
        _ = try tryMutants(context, lessons.map { ($0, answers.mutants(of: $0)) }) { trials, lesson in
            for outcome in trials.outcome(of: lesson).outcomes {
                tally.count(outcome.verdict)
                print(RedTeamTally.line(outcome, style: style))
            }
        }
        print("")
        print(tally.summary(style: style))
        return tally.escaped == 0 && tally.errors == 0 && tally.didNotBuild == 0 ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
    }
}

/// What `kata dev red-team` found: how many answers were killed, escaped, did not build, or could
/// not be tried.
struct RedTeamTally: Equatable {
    var killed = 0
    var escaped = 0
    var didNotBuild = 0
    var errors = 0

    var total: Int { killed + escaped + didNotBuild + errors }

    mutating func count(_ verdict: MutantVerdict) {
        switch verdict {
        case .killed: killed += 1
        case .survived: escaped += 1
        case .doesNotCompile: didNotBuild += 1
        case .catalogError: errors += 1
        }
    }

    /// One answer's line: its verdict, its path, what it gets wrong, and why it got that verdict.
    static func line(_ outcome: MutantReport.Outcome, style: Style) -> String {
        let mutant = outcome.mutant
        let what = mutant.path + (mutant.description.map { " — " + $0 } ?? "")
        switch outcome.verdict {
        case .killed(let first): return "  " + style.green("killed        ") + what + style.dim("  (" + first.prefix { $0 != "\n" } + ")")
        case .survived: return "  " + style.red("escaped       ") + what
        case .doesNotCompile(let error): return "  " + style.yellow("did not build ") + what + style.dim("  (" + error + ")")
        case .catalogError(let why): return "  " + style.red("error         ") + what + ": " + why
        }
    }

    func summary(style: Style) -> String {
        let line =
            "\(total) wrong answer\(total == 1 ? "" : "s"): \(killed) killed, \(escaped) escaped, \(didNotBuild) did not build"
            + (errors > 0 ? ", \(errors) not tried (error)" : "")
        return escaped == 0 && errors == 0 && didNotBuild == 0 ? style.green("✔ ") + line : style.red("✘ ") + line
    }
}
