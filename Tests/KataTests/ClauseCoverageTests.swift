import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// A use lesson grades client code against what its stub promises, sentence by sentence. Each
/// promise (a clause) is written once, in the stub's doc comments, with its id — `Returns at
/// once. (§6)` — and its Chinese twin carries the same id. Each clause is named by a test of the
/// lesson (`@Test("…", .holds("§6"))`) and by a wrong answer in `Mutants/` that breaks it (the line
/// `// Breaks: §6` after its `// Mutant:` line); `kata dev verify --mutants` shows that wrong answer red.
/// This check fails when a clause has no test or no mutant, or when an id names no clause.
@Suite("Every clause of a use lesson's stub is held by a test and broken by a mutant", .inEnglish, .tags(.consistency))
struct ClauseCoverageTests {
    @Test(
        "Each use lesson's clauses each have a test that holds them and a mutant that breaks them",
        arguments: Catalog.lessons.filter { $0.kind == .use })
    func lesson(_ lesson: Lesson) throws {
        let stub = try #require(CatalogConsistencyTests.read(lesson.exerciseFile), "missing \(lesson.exerciseFile)")
        let solution = try #require(CatalogConsistencyTests.read(lesson.solutionFile), "missing \(lesson.solutionFile)")
        let testsFile = "Tests/LessonTests/\(lesson.suiteType).swift"
        let tests = try #require(CatalogConsistencyTests.read(testsFile), "missing \(testsFile)")
        // A mutant as a whole file: its header lines, then the Solution with its patch applied
        // (a patch that does not apply is the catalog's error, reported by MutantCatalogTests).
        let mutants = MutantCatalog.load(root: CatalogConsistencyTests.root).mutants(of: lesson).map { mutant in
            let header = mutant.text.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("// ") }
            return (mutant.path, header.joined(separator: "\n") + "\n" + ((try? mutant.applied(to: solution)) ?? ""))
        }
        let problems = ClauseCoverage.problems(stub: stub, solution: solution, tests: tests, mutants: mutants)
        #expect(
            problems.isEmpty,
            """
            lesson \(lesson.paddedNumber): \(problems.count) problem(s) with the clauses of \(lesson.exerciseFile):
            \(problems.joined(separator: "\n"))
            """)
    }

    @Test("The check finds a clause with no test or no mutant, ids that name no clause, and a twin that differs")
    func checker() {
        let stub = """
            /// Rings the bell. (§1) Returns at once. (§2)
            ///
            /// 按铃。（§1）立即返回。（§2）
            public func ring() {}
            /// Takes the bell away. (§3)
            ///
            /// 拿走门铃。
            public func remove() {}
            """
        let tests = """
            @Test("Rings", .holds("§1")) func rings() {}
            @Test("Returns", .holds("§2", "§9")) func returns() {}
            @Test("Unrelated") func other() {}
            """
        let mutants = [
            ("Mutants/05/a.swift", "// Mutant: no ring\n// Breaks: §1\n" + stub),
            ("Mutants/05/b.swift", "// Mutant: no header\n" + stub),
            (
                "Mutants/05/c.swift",
                "// Mutant: another copy\n// Breaks: §8\n" + stub.replacingOccurrences(of: "(§2)", with: "").replacingOccurrences(of: "（§2）", with: "")
            ),
        ]
        #expect(
            ClauseCoverage.problems(stub: stub, solution: stub.replacingOccurrences(of: " (§3)", with: ""), tests: tests, mutants: mutants) == [
                "§3 is not in the Chinese twin of its doc comment",
                "the solution's doc comments do not mark §3",
                "§3 is held by no test (add .holds(\"§3\") to the @Test that fails when it is broken)",
                "§2 is broken by no mutant (add `// Breaks: §2` to a wrong answer in Mutants/ that breaks it)",
                "§3 is broken by no mutant (add `// Breaks: §3` to a wrong answer in Mutants/ that breaks it)",
                "@Test(\"Returns\") holds §9, which the stub does not mark",
                "Mutants/05/b.swift has no `// Breaks: §…` line after its `// Mutant:` line",
                "Mutants/05/c.swift breaks §8, which the stub does not mark",
                "Mutants/05/c.swift's doc comments do not mark §2",
            ])
        let fixed = stub.replacingOccurrences(of: "拿走门铃。", with: "拿走门铃。（§3）")
        #expect(
            ClauseCoverage.problems(
                stub: fixed, solution: fixed, tests: tests.replacingOccurrences(of: "\"§9\"", with: "\"§3\""),
                mutants: [("m.swift", "// Mutant: x\n// Breaks: §1 §2, §3\n" + fixed)]) == [])
    }
}

/// Reads clauses, the tests that hold them and the mutants that break them, from source text.
enum ClauseCoverage {
    /// `§3`, `§3a` (a new Regex each time: a Regex is not Sendable, so it cannot be a static).
    static var idPattern: Regex<Substring> { /§[0-9]+[a-z]?/ }

    /// The ids marked in the `///` lines of `source`, in order, once each; and, separately, those
    /// of lines with Chinese in them (the twin) and of lines without.
    static func clauses(in source: String) -> (all: [String], english: Set<String>, chinese: Set<String>) {
        var all: [String] = [], english: Set<String> = [], chinese: Set<String> = []
        for line in source.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
            let ids = line.matches(of: idPattern).map { String($0.output) }
            for id in ids where !all.contains(id) { all.append(id) }
            if StrayEnglish.hasChinese(line) { chinese.formUnion(ids) } else { english.formUnion(ids) }
        }
        return (all, english, chinese)
    }

    /// Each `@Test`'s display name and the clauses its `.holds(…)` names.
    static func heldClauses(in tests: String) -> [(test: String, clauses: [String])] {
        let scan = SwiftScan(tests)
        var found: [(String, [String])] = []
        var index = 0
        while index < scan.count {
            if let end = scan.skipNonCode(at: index) { index = end; continue }
            if scan.startsWord(at: index, "@Test") {
                let open = scan.skipSpaces(from: index + 5)
                if open < scan.count, scan.characters[open] == "(" {
                    let arguments = scan.arguments(at: open)
                    let name = arguments.first.map { scan.isStringLiteral($0.start) ? scan.literalValue(at: $0.start) : "?" } ?? "?"
                    let holds = arguments.compactMap { argument -> [String]? in
                        let text = scan.text(argument.start..<scan.endOfExpression(from: argument.start))
                        guard text.hasPrefix(".holds(") else { return nil }
                        return text.matches(of: idPattern).map { String($0.output) }
                    }
                    found.append((name, holds.flatMap { $0 }))
                    index = scan.endOfBlock(at: open)
                    continue
                }
            }
            index += 1
        }
        return found
    }

    /// The ids on a mutant's `// Breaks:` line (the second line); nil without one.
    static func brokenClauses(byMutant text: String) -> [String]? {
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count > 1, lines[1].hasPrefix("// Breaks: ") else { return nil }
        return lines[1].matches(of: idPattern).map { String($0.output) }
    }

    /// Everything wrong, one line each; empty when every clause is held and broken.
    static func problems(stub: String, solution: String, tests: String, mutants: [(path: String, text: String)]) -> [String] {
        var problems: [String] = []
        let (clauses, english, chinese) = Self.clauses(in: stub)
        for id in clauses where !english.contains(id) { problems.append("\(id) is marked only in the Chinese twin of its doc comment") }
        for id in clauses where !chinese.contains(id) { problems.append("\(id) is not in the Chinese twin of its doc comment") }
        let inSolution = Self.clauses(in: solution).all
        for id in clauses where !inSolution.contains(id) { problems.append("the solution's doc comments do not mark \(id)") }
        for id in inSolution where !clauses.contains(id) { problems.append("the solution's doc comments mark \(id), which the stub does not") }
        let held = heldClauses(in: tests)
        let heldIDs = Set(held.flatMap(\.clauses))
        for id in clauses where !heldIDs.contains(id) {
            problems.append("\(id) is held by no test (add .holds(\"\(id)\") to the @Test that fails when it is broken)")
        }
        let broken = mutants.map { (path: $0.path, ids: brokenClauses(byMutant: $0.text)) }
        let brokenIDs = Set(broken.flatMap { $0.ids ?? [] })
        for id in clauses where !brokenIDs.contains(id) {
            problems.append("\(id) is broken by no mutant (add `// Breaks: \(id)` to a wrong answer in Mutants/ that breaks it)")
        }
        for (test, ids) in held {
            for id in ids where !clauses.contains(id) { problems.append("@Test(\"\(test)\") holds \(id), which the stub does not mark") }
        }
        for (path, ids) in broken {
            guard let ids else {
                problems.append("\(path) has no `// Breaks: §…` line after its `// Mutant:` line")
                continue
            }
            for id in ids where !clauses.contains(id) { problems.append("\(path) breaks \(id), which the stub does not mark") }
        }
        // A mutant differs from its solution only in code: its doc comments are the solution's.
        for (path, text) in mutants {
            let marked = Self.clauses(in: text).all
            for id in inSolution where !marked.contains(id) { problems.append("\(path)'s doc comments do not mark \(id)") }
        }
        return problems
    }
}
