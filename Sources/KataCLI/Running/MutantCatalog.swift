import Foundation
import KataCore

/// The catalog of wrong answers: `Mutants/NN-slug/<mistake-name>.patch`, each a unified diff
/// against lesson NN's Solution file (see `UnifiedDiff`) whose first line says what it gets wrong:
///
///     // Mutant: the next tick counted from now, not from the timer's own fire date
///     --- Solutions/06-timer-skip-on-overrun/NextFireDate.swift
///     +++ Solutions/06-timer-skip-on-overrun/NextFireDate.swift
///     @@ …
///
/// The patch is the mistake. A lesson is only as good as the mistakes it catches:
/// `kata dev verify --mutants` puts the Solution with each patch applied in place of the exercise
/// and requires the lesson to turn red.
struct MutantCatalog: Equatable {
    /// A lesson needs this many mutants at least: fewer leaves too many plausible mistakes untried.
    static let fewestPerLesson = 8
    static let folder = "Mutants"
    static let header = "// Mutant: "
    static let fileExtension = ".patch"

    struct Mutant: Equatable {
        var lesson: Int
        /// `Mutants/06-timer-skip-on-overrun/next-tick-from-now.patch`
        var path: String
        /// `next-tick-from-now`
        var name: String
        /// What it gets wrong (its `// Mutant:` line); nil when the line is missing.
        var description: String?
        /// The patch, or for a whole file the file itself.
        var text: String
        /// A whole replacement of the Solution file rather than a patch (`kata dev red-team`
        /// takes both; the catalog holds patches only).
        var wholeFile = false

        /// The lesson's Solution with this mistake in it: the patch applied, or the whole file
        /// after its leading `// Word: …` lines.
        func applied(to solution: String) throws(UnifiedDiff.Failure) -> String {
            guard wholeFile else { return try UnifiedDiff.parse(text).apply(to: solution) }
            var lines = UnifiedDiff.lines(of: text)
            while let first = lines.first, MutantPatcher.isHeaderLine(first) { lines.removeFirst() }
            return lines.joined()
        }
    }

    /// The mutants of each lesson, sorted by name.
    var mutants: [Int: [Mutant]] = [:]
    /// Files and folders that are not where a mutant can be (a folder named for no lesson).
    var misplaced: [String] = []
    /// Whole-file mutants (`Mutants/NN-slug/*.swift`) not yet turned into patches
    /// (`kata dev patch-mutants` does it).
    var wholeFiles: [String] = []

    func mutants(of lesson: Lesson) -> [Mutant] { mutants[lesson.number] ?? [] }

    /// Reads `root/Mutants`; a missing folder is an empty catalog.
    static func load(root: String) -> MutantCatalog {
        load(folder: (root as NSString).appendingPathComponent(folder), named: folder, wholeFilesAreMutants: false)
    }

    /// Reads a folder laid out as `Mutants/` (`base/NN-slug/<mistake>.patch`), naming its files
    /// `named/NN-slug/…`. With `wholeFilesAreMutants`, a `<mistake>.swift` is a mutant too (a
    /// whole replacement of the Solution file) instead of a file waiting for `patch-mutants`.
    static func load(folder base: String, named folder: String, wholeFilesAreMutants: Bool) -> MutantCatalog {
        var catalog = MutantCatalog()
        let fileManager = FileManager.default
        let folders = ((try? fileManager.contentsOfDirectory(atPath: base)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for name in folders {
            guard let lesson = Catalog.lessons.first(where: { $0.folder == name }) else {
                catalog.misplaced.append("\(folder)/\(name)")
                continue
            }
            let directory = (base as NSString).appendingPathComponent(name)
            for file in ((try? fileManager.contentsOfDirectory(atPath: directory)) ?? []).filter({ !$0.hasPrefix(".") }).sorted() {
                let path = "\(folder)/\(name)/\(file)"
                let whole = file.hasSuffix(".swift")
                if whole && !wholeFilesAreMutants {
                    catalog.wholeFiles.append(path)
                    continue
                }
                guard whole || file.hasSuffix(fileExtension),
                    let text = try? String(contentsOfFile: (directory as NSString).appendingPathComponent(file), encoding: .utf8)
                else {
                    catalog.misplaced.append(path)
                    continue
                }
                let stem = String(file.dropLast(whole ? ".swift".count : fileExtension.count))
                catalog.mutants[lesson.number, default: []].append(
                    Mutant(lesson: lesson.number, path: path, name: stem, description: description(of: text), text: text, wholeFile: whole))
            }
        }
        return catalog
    }

    /// The text after `// Mutant: ` on the first line, if that is what the first line is.
    static func description(of text: String) -> String? {
        let first = text.prefix { $0 != "\n" }
        guard first.hasPrefix(header) else { return nil }
        let words = first.dropFirst(header.count).trimmingCharacters(in: .whitespaces)
        return words.isEmpty ? nil : words
    }
}

/// What became of one mutant.
enum MutantVerdict: Equatable {
    /// The lesson turned red: the mistake is caught (with the first failure, or the breakage).
    case killed(by: String)
    /// Every test of the lesson passed with the mistake in place.
    case survived
    /// The mutant itself is wrong: it lacks its `// Mutant:` line, does not apply to the Solution,
    /// still calls the stub's `unsolved(…)`, or no test ran.
    case catalogError(String)
    /// The Solution with the mistake in it does not compile (the compiler's first error).
    case doesNotCompile(String)

    /// Judges a lesson's result with the mutant in place.
    static func judge(_ result: LessonResult) -> MutantVerdict {
        if let stub = result.cases.first(where: { $0.record?.kind == .notSolved }), let line = LessonResult.line(of: stub) {
            return .catalogError(
                Text(
                    en: "fails with the stub's line, so it tests nothing: \(line)",
                    zh: "失败时给出的是占位代码那句话，所以它什么也没测到：\(line)"
                ).localized)
        }
        if let breakage = result.breakage { return .killed(by: breakage.explanation) }
        if result.cases.isEmpty { return .catalogError(Text(en: "no test of the lesson ran", zh: "这一课一个测试都没有运行").localized) }
        if result.passed == result.total { return .survived }
        return .killed(by: result.failureLines.first ?? Text(en: "a test failed", zh: "有测试失败").localized)
    }
}
