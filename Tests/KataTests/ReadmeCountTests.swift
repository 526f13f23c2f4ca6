import Foundation
import Testing
@testable import KataCore

/// The counts the README (the student's page) and docs/MAINTAINERS.md state, kept true, and the
/// README's own length: two screens.
@Suite("The README's and docs/MAINTAINERS.md's counts match the code; the README fits on two screens", .inEnglish)
struct ReadmeCountTests {
    /// Tests in Tests/ConformanceTests that compare nothing: the suite's note.
    static let notScenarios: Set<String> = ["coreFoundationReachesFoundationsLoop"]

    static let root = PackageRoot.url
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

    /// Two screens of a terminal 100 columns wide, less the lesson table's rows (one a lesson,
    /// 25 when the budget was set): the table, which `kata dev sync` writes, grows with the
    /// course; the rest of the page may not.
    static let screenLines = 65

    @Test(
        "The README and its Chinese twin fit on two screens: at most 65 lines at 100 columns besides the lesson table",
        arguments: ["README.md", "README.zh-Hans.md"])
    func readmeFitsOnTwoScreens(_ name: String) throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
        let rows = Catalog.lessons.map { "| \($0.paddedNumber) | [" }
        let prose = page.split(separator: "\n", omittingEmptySubsequences: false).filter { line in !rows.contains { line.hasPrefix($0) } }
        let lines = Self.screenLinesAt100Columns(prose.joined(separator: "\n"))
        #expect(
            lines <= Self.screenLines,
            """
            \(name) takes \(lines) lines at 100 columns besides its lesson table; the student's page fits on two \
            screens (\(Self.screenLines) lines and the table). Hint: what only maintainers need goes to \
            docs/MAINTAINERS.md; a command's details to its --help.
            """)
    }

    /// How many lines `page` takes in a terminal 100 columns wide, each line wrapped, a wide
    /// (CJK, full-width) character taking two columns.
    static func screenLinesAt100Columns(_ page: String) -> Int {
        page.split(separator: "\n", omittingEmptySubsequences: false).dropLast(page.hasSuffix("\n") ? 1 : 0).reduce(0) { total, line in
            let columns = line.unicodeScalars.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
            return total + max(1, (columns + 99) / 100)
        }
    }

    /// East Asian Wide and Fullwidth: Hangul Jamo, the CJK blocks, Hangul syllables, CJK
    /// compatibility, the full-width forms and the supplementary ideographic planes.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default: return false
        }
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
