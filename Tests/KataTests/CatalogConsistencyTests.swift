import Foundation
import Testing
@testable import KataCore

/// The catalog is the single source of truth: the lesson pages, the exercise and solution files
/// and the lesson test suites must agree with it.
@Suite("The catalog, the pages, the files and the tests agree", .inEnglish, .tags(.consistency))
struct CatalogConsistencyTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }()

    static func read(_ relative: String) -> String? {
        try? String(contentsOfFile: (root as NSString).appendingPathComponent(relative), encoding: .utf8)
    }

    @Test("The lessons are numbered 1 to N in order, without a gap, with unique slugs", arguments: [0])
    func numbering(_: Int) {
        #expect(Catalog.lessons.map(\.number) == Array(1...Catalog.lessons.count))
        #expect(Set(Catalog.lessons.map(\.slug)).count == Catalog.lessons.count)
    }

    @Test("Each lesson has its page, with the catalog's title and hints", arguments: Catalog.lessons)
    func page(_ lesson: Lesson) throws {
        let page = try #require(Self.read(lesson.pagePath), "missing page \(lesson.pagePath)")
        #expect(page.hasPrefix("# Lesson \(lesson.paddedNumber) — \(lesson.title)\n"), "\(lesson.pagePath) must start with its title")
        #expect(lesson.hints.count >= 2, "lesson \(lesson.number) needs 2 or more hints in its catalog entry")
        for (index, hint) in lesson.hints.enumerated() {
            #expect(
                page.contains("<details><summary>Hint \(index + 1)</summary>\n\n\(hint)\n\n</details>"),
                "hint \(index + 1) of \(lesson.pagePath) differs from the catalog")
        }
        #expect(!page.contains("<summary>Hint \(lesson.hints.count + 1)</summary>"), "\(lesson.pagePath) has more hints than the catalog")
        for heading in [
            "## The behaviour", "## Where it bites on iOS", "## What the loop does", "## Your task", "## Run just this lesson", "## Hints",
            "## Interview questions", "## After you solve it: in the engine",
        ] {
            #expect(page.contains("\n\(heading)\n"), "\(lesson.pagePath) lacks its \"\(heading)\" section")
        }
    }

    @Test("Each lesson's Chinese title and hints are the Chinese page's, word for word", arguments: Catalog.lessons)
    func chinesePage(_ lesson: Lesson) throws {
        let page = try #require(Self.read(lesson.pagePathZh), "missing page \(lesson.pagePathZh)")
        #expect(page.hasPrefix("# 第 \(lesson.paddedNumber) 课 — \(lesson.titleZh)\n"), "\(lesson.pagePathZh) must start with the catalog's Chinese title")
        #expect(lesson.hintsZh.count == lesson.hints.count, "lesson \(lesson.number) has \(lesson.hints.count) hints and \(lesson.hintsZh.count) Chinese ones")
        for (index, hint) in lesson.hintsZh.enumerated() {
            #expect(
                page.contains("<details><summary>提示 \(index + 1)</summary>\n\n\(hint)\n\n</details>"),
                "提示 \(index + 1) of \(lesson.pagePathZh) differs from the catalog's hintsZh")
        }
        #expect(!page.contains("<summary>提示 \(lesson.hintsZh.count + 1)</summary>"), "\(lesson.pagePathZh) has more hints than the catalog")
    }

    @Test("Each page's header leads to the next lesson, in both languages; the last page says it is the last", arguments: Catalog.lessons)
    func next(_ lesson: Lesson) throws {
        let page = try #require(Self.read(lesson.pagePath)), pageZh = try #require(Self.read(lesson.pagePathZh))
        let header = page.split(separator: "\n").first { $0.hasPrefix("**Builds on:**") } ?? ""
        let headerZh = pageZh.split(separator: "\n").first { $0.hasPrefix("**前置：**") } ?? ""
        guard let next = Catalog.lesson(lesson.number + 1) else {
            #expect(header.hasSuffix(" · **Next:** that was the last lesson — try `swift run kata trace`"), "\(lesson.pagePath): \(header)")
            #expect(headerZh.hasSuffix(" · **下一课：** 这是最后一课了——试试 `swift run kata trace`"), "\(lesson.pagePathZh): \(headerZh)")
            return
        }
        #expect(
            header.hasSuffix(" · **Next:** [Lesson \(next.paddedNumber) — \(next.title)](\(next.folder).md)"),
            "\(lesson.pagePath) must lead to lesson \(next.paddedNumber): \(header)")
        #expect(
            headerZh.hasSuffix(" · **下一课：** [第 \(next.paddedNumber) 课 — \(next.titleZh)](\(next.folder).md)"),
            "\(lesson.pagePathZh) must lead to lesson \(next.paddedNumber): \(headerZh)")
    }

    @Test("Each lesson has its exercise, its solution and its test suite", arguments: Catalog.lessons)
    func files(_ lesson: Lesson) throws {
        let exercise = try #require(Self.read(lesson.exerciseFile), "missing \(lesson.exerciseFile)")
        let solution = try #require(Self.read(lesson.solutionFile), "missing \(lesson.solutionFile)")
        #expect(exercise.contains("unsolved(lesson: \(lesson.number),"), "the stub must report itself with unsolved(lesson: \(lesson.number), …)")
        #expect(!solution.contains("unsolved("), "the solution must not call unsolved(…)")
        let file = "Tests/LessonTests/\(lesson.suiteType).swift"   // named after the suite it holds
        let suite = try #require(Self.read(file), "missing \(file)")
        #expect(suite.contains("@Suite(\"\(lesson.suiteName)\""), "the suite must be named \"\(lesson.suiteName)\"")
        #expect(suite.contains("struct \(lesson.suiteType)"), "the suite type must be \(lesson.suiteType)")
    }
}

extension Tag {
    /// The catalog consistency check: `swift test --filter KataTests --skip …` or run it alone with
    /// `swift test --filter CatalogConsistencyTests`.
    @Tag static var consistency: Self
}

extension Lesson: CustomTestStringConvertible {
    public var testDescription: String { "Lesson \(paddedNumber) — \(title)" }
}
