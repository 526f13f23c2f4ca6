import Foundation
import Testing
@testable import KataCore

/// The counts the README (the student's page) and docs/MAINTAINERS.md state, kept true.
@Suite("The README's and docs/MAINTAINERS.md's counts match the code", .inEnglish)
struct ReadmeCountTests {
    /// Tests in Tests/ConformanceTests that compare nothing: the suite's note.
    static let notScenarios: Set<String> = ["coreFoundationReachesFoundationsLoop"]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func readme() throws -> String {
        try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }
    static func maintainers() throws -> String {
        try String(contentsOf: root.appendingPathComponent("docs/MAINTAINERS.md"), encoding: .utf8)
    }

    @Test("docs/MAINTAINERS.md's \"N scenarios\" is the number of scenario tests in Tests/ConformanceTests")
    func readmeCountsTheScenarios() throws {
        let folder = Self.root.appendingPathComponent("Tests/ConformanceTests")
        let stated = try #require(Self.statedCount(in: Self.maintainers()), "docs/MAINTAINERS.md's Conformance paragraph states no \"N scenarios\"")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let names = try files.flatMap { try Self.testFunctions(in: String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        let scenarios = names.filter { !Self.notScenarios.contains($0) }
        #expect(
            stated == scenarios.count,
            """
            docs/MAINTAINERS.md says \(stated) scenarios; Tests/ConformanceTests has \(scenarios.count) tests that run a \
            scenario on both loops. Hint: change the number in docs/MAINTAINERS.md's "Proof against the real thing" \
            section (and add a test that compares nothing to ReadmeCountTests.notScenarios).
            """)
    }

    @Test("the README's `kata quiz --list` row gives the number of questions in the bank")
    func readmeCountsTheQuestions() throws {
        let readme = try Self.readme()
        let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `kata quiz --list` |") }, "the README has no `kata quiz --list` row")
        let stated = try #require(
            row.range(of: "(").flatMap { open in Int(row[open.upperBound...].prefix { $0.isNumber }) },
            "the `kata quiz --list` row states no \"(N)\"")
        #expect(
            stated == QuizBank.all.count,
            "README.md says the quiz has \(stated) questions; QuizBank.all has \(QuizBank.all.count). Hint: change the number in the `kata quiz --list` row.")
    }

    /// The number in "**Conformance** … N scenarios".
    static func statedCount(in readme: String) -> Int? {
        guard let start = readme.range(of: "**Conformance**") else { return nil }
        let words = readme[start.upperBound...].split(whereSeparator: \.isWhitespace)
        guard let index = words.firstIndex(where: { $0.hasPrefix("scenarios") }), index > words.startIndex else { return nil }
        return Int(words[words.index(before: index)])
    }

    /// The names of the functions marked `@Test` in `source`.
    static func testFunctions(in source: String) -> [String] {
        var names: [String] = []
        var marked = false
        for line in source.split(separator: "\n") {
            let text = line.drop { $0 == " " }
            if text.hasPrefix("@Test") { marked = true }
            guard marked, let range = text.range(of: "func ") else { continue }
            names.append(String(text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            marked = false
        }
        return names
    }
}
