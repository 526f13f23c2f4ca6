import Foundation
import KataCore

extension Commands {
    /// `kata dev patch-mutants`: turns every whole-file mutant (`Mutants/NN-slug/<mistake>.swift`,
    /// a copy of the lesson's Solution with the mistake in it) into its patch
    /// (`Mutants/NN-slug/<mistake>.patch`) and deletes the whole file. A patch of the same name
    /// is replaced: the whole file is the newer word. Idempotent: with no whole file left it
    /// changes nothing.
    ///
    /// The whole file's leading `// Word: …` lines (`// Mutant: …`, and any other such line before
    /// the Solution's text starts) become the patch's header. A whole file is deleted only once
    /// its patch, applied to the Solution, gives back exactly the text it had after that header.
    static func patchMutants(_ context: Context) throws -> Int32 {
        let outcome = try MutantPatcher.convert(root: context.root)
        for path in outcome.converted { print("patched: \(path)") }
        for problem in outcome.problems { Kata.warn(problem) }
        print(
            "\(outcome.converted.count) whole-file mutant\(outcome.converted.count == 1 ? "" : "s") turned into patches, \(outcome.problems.count) left as they were."
        )
        return outcome.problems.isEmpty ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
    }
}

extension Commands {
    /// `kata dev unpatch-mutants`: the inverse, each patch back into its whole file (the header,
    /// then the Solution with the patch applied). For a change to the Solutions that would leave
    /// the patches' context behind, such as reformatting them: unpatch, change the Solutions and
    /// the whole files alike, patch again.
    static func unpatchMutants(_ context: Context) throws -> Int32 {
        let outcome = try MutantPatcher.unpatch(root: context.root)
        for problem in outcome.problems { Kata.warn(problem) }
        print(
            "\(outcome.converted.count) patch\(outcome.converted.count == 1 ? "" : "es") turned into whole files, \(outcome.problems.count) left as they were.")
        return outcome.problems.isEmpty ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
    }
}

/// Turns whole-file mutants into patches against their lesson's Solution, and back.
enum MutantPatcher {
    struct Outcome: Equatable {
        /// The patches written (`Mutants/NN-slug/<mistake>.patch`).
        var converted: [String] = []
        /// One line per whole file left in place, and why.
        var problems: [String] = []
    }

    static func convert(root: String) throws -> Outcome {
        let catalog = MutantCatalog.load(root: root)
        var outcome = Outcome()
        for path in catalog.wholeFiles {
            let folder = path.split(separator: "/")[1]
            guard let lesson = Catalog.lessons.first(where: { $0.folder == folder }) else { continue }
            let full = (root as NSString).appendingPathComponent(path)
            let whole = try String(contentsOfFile: full, encoding: .utf8)
            guard let solution = try? String(contentsOfFile: (root as NSString).appendingPathComponent(lesson.solutionFile), encoding: .utf8) else {
                outcome.problems.append("\(path): \(lesson.solutionFile) cannot be read")
                continue
            }
            switch patch(whole, solution: solution, solutionPath: lesson.solutionFile) {
            case .failure(let failure):
                outcome.problems.append("\(path): \(failure.description)")
            case .success(let text):
                let target = String(full.dropLast(".swift".count)) + MutantCatalog.fileExtension
                try Data(text.utf8).write(to: URL(fileURLWithPath: target))
                try FileManager.default.removeItem(atPath: full)
                outcome.converted.append(String(path.dropLast(".swift".count)) + MutantCatalog.fileExtension)
            }
        }
        return outcome
    }

    static func unpatch(root: String) throws -> Outcome {
        let catalog = MutantCatalog.load(root: root)
        var outcome = Outcome()
        for lesson in Catalog.lessons {
            let solution = try? String(contentsOfFile: (root as NSString).appendingPathComponent(lesson.solutionFile), encoding: .utf8)
            for mutant in catalog.mutants(of: lesson) {
                do {
                    guard let solution else { throw UnifiedDiff.Failure(description: "\(lesson.solutionFile) cannot be read") }
                    let header = try UnifiedDiff.parse(mutant.text).header.map { $0 + "\n" }.joined()
                    let whole = try mutant.applied(to: solution)
                    let full = (root as NSString).appendingPathComponent(mutant.path)
                    let target = String(full.dropLast(MutantCatalog.fileExtension.count)) + ".swift"
                    try Data((header + whole).utf8).write(to: URL(fileURLWithPath: target))
                    try FileManager.default.removeItem(atPath: full)
                    outcome.converted.append(String(mutant.path.dropLast(MutantCatalog.fileExtension.count)) + ".swift")
                } catch {
                    outcome.problems.append("\(mutant.path): \(error)")
                }
            }
        }
        return outcome
    }

    /// The patch for one whole-file mutant, checked by applying it.
    static func patch(_ whole: String, solution: String, solutionPath: String) -> Result<String, UnifiedDiff.Failure> {
        var lines = UnifiedDiff.lines(of: whole)
        var header: [String] = []
        while let first = lines.first, isHeaderLine(first) {
            header.append(String(first.dropLast()))
            lines.removeFirst()
        }
        guard header.first.map({ $0.hasPrefix(MutantCatalog.header) }) == true else {
            return .failure(.init(description: "its first line must say what it gets wrong: \(MutantCatalog.header)…"))
        }
        let body = lines.joined()
        guard body != solution else { return .failure(.init(description: "it is the Solution itself, no mistake in it")) }
        let diff = UnifiedDiff.make(from: solution, to: body, header: header, oldPath: solutionPath, newPath: solutionPath)
        let text = diff.text
        do {
            guard try UnifiedDiff.parse(text).apply(to: solution) == body else {
                return .failure(.init(description: "its patch does not give the file back"))
            }
        } catch {
            return .failure(error)
        }
        return .success(text)
    }

    /// `// Mutant: …`, `// Breaks: …`: a comment line that is one capitalised word and a colon.
    static func isHeaderLine(_ line: String) -> Bool {
        guard line.hasPrefix("// "), line.hasSuffix("\n") else { return false }
        let rest = line.dropFirst(3)
        guard let colon = rest.firstIndex(of: ":"), rest[rest.index(after: colon)...].hasPrefix(" ") else { return false }
        let word = rest[..<colon]
        return word.first?.isUppercase == true && word.allSatisfy { $0.isLetter || $0 == "-" }
    }
}
