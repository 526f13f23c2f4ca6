import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// The catalog is the single source of truth: the lesson pages, the exercise and solution files
/// and the lesson test suites must be there. (What the pages copy from it, `kata dev sync` writes.)
@Suite("The catalog, the pages, the files and the tests agree", .inEnglish, .tags(.consistency))
struct CatalogConsistencyTests {
    static let root = PackageRoot.path

    static func read(_ relative: String) -> String? {
        try? String(contentsOfFile: (root as NSString).appendingPathComponent(relative), encoding: .utf8)
    }

    @Test("The lessons are numbered 1 to N in order, without a gap, with unique slugs", arguments: [0])
    func numbering(_: Int) {
        #expect(Catalog.lessons.map(\.number) == Array(1...Catalog.lessons.count))
        #expect(Set(Catalog.lessons.map(\.slug)).count == Catalog.lessons.count)
    }

    @Test("Each lesson has its page, with every section, and two hints at least", arguments: Catalog.lessons)
    func page(_ lesson: Lesson) throws {
        let page = try #require(Self.read(lesson.pagePath), "missing page \(lesson.pagePath)")
        #expect(lesson.hints.count >= 2, "lesson \(lesson.number) needs 2 or more hints in its catalog entry")
        for heading in [
            "## The behaviour", "## Where it bites on iOS", "## What the loop does", "## Your task", "## Run just this lesson", "## Hints",
            "## Interview questions", "## After you solve it: in the engine",
        ] {
            #expect(page.contains("\n\(heading)\n"), "\(lesson.pagePath) lacks its \"\(heading)\" section")
        }
    }

    @Test("No lesson keeps a gap of its scaffold (`kata dev new-lesson` writes TO WRITE in each)", arguments: Catalog.lessons)
    func noGapLeft(_ lesson: Lesson) {
        let files = [
            lesson.pagePath, lesson.pagePathZh, lesson.exerciseFile, lesson.solutionFile, lesson.stubFile, "Tests/LessonTests/\(lesson.suiteType).swift",
            "Sources/KataCore/Lessons/Lesson\(lesson.paddedNumber).swift", "Sources/KataCore/Quiz/Bank/QuizLesson\(lesson.paddedNumber).swift",
        ]
        for file in files where Self.read(file)?.contains(Lesson.scaffoldGap) == true {
            Issue.record("\(file) still has a gap to write: \(Lesson.scaffoldGap)")
        }
    }

    @Test("Each lesson has its exercise, its solution, its test suite and its practice", arguments: Catalog.lessons)
    func files(_ lesson: Lesson) throws {
        let exercise = try #require(Self.read(lesson.exerciseFile), "missing \(lesson.exerciseFile)")
        let solution = try #require(Self.read(lesson.solutionFile), "missing \(lesson.solutionFile)")
        #expect(exercise.contains("unsolved(lesson: \(lesson.number),"), "the stub must report itself with unsolved(lesson: \(lesson.number), …)")
        #expect(!solution.contains("unsolved("), "the solution must not call unsolved(…)")
        let file = "Tests/LessonTests/\(lesson.suiteType).swift"   // named after the suite it holds
        let suite = try #require(Self.read(file), "missing \(file)")
        #expect(suite.contains("struct \(lesson.suiteType)"), "the suite type must be \(lesson.suiteType)")
        // Graded on generated inputs too: a practice of its own, which `kata practice N` runs.
        let practice = try #require(
            Self.read("Tests/LessonTests/Practice/Lesson\(lesson.paddedNumber)Practice.swift"),
            "lesson \(lesson.paddedNumber) has no practice: Tests/LessonTests/Practice/Lesson\(lesson.paddedNumber)Practice.swift")
        #expect(practice.contains("func \(PracticeRun.testPrefix)"), "its practice test is named \(PracticeRun.testPrefix)…, as kata practice looks for it")
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
