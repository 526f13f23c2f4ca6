import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// `kata dev sync` writes every copy of a catalog fact; `--check` (in CI) fails when one would change.
@Suite("kata dev sync: the copies of the catalog are written, never compared by hand", .inEnglish)
struct SyncTests {
    @Test("The package as committed is in sync: sync --check would change nothing")
    func committedTreeIsInSync() throws {
        let changes = try CourseSync.changes(root: CatalogConsistencyTests.root)
        #expect(changes.isEmpty, "out of date: \(changes.map(\.path).joined(separator: ", ")): run `swift run kata dev sync`")
    }

    @Test("A page whose header, level or hint was changed by hand is written back from the catalog")
    func pageIsWrittenBack() throws {
        let lesson = try #require(Catalog.lesson(3))
        let page = try #require(CourseSync.read(lesson.pagePath, root: CatalogConsistencyTests.root))
        let tampered = page.replacingOccurrences(of: "**Level:** ★ · **Kind:** build", with: "**Level:** ★★ · **Kind:** use")
            .replacingOccurrences(of: "<summary>Hint 2</summary>\n\n", with: "<summary>Hint 2</summary>\n\nA hint the catalog does not have. ")
        #expect(tampered != page)
        #expect(try CourseSync.lessonPage(tampered, lesson, .en, path: lesson.pagePath) == page)
    }

    @Test("The last page says it is the last; the one before leads to it, in both languages")
    func nextChain() throws {
        let last = try #require(Catalog.lessons.last), before = try #require(Catalog.lesson(last.number - 1))
        #expect(CourseSync.header(last, .en).hasSuffix("**Next:** that was the last lesson — try `swift run kata trace`"))
        #expect(CourseSync.header(before, .zhHans).hasSuffix("**下一课：** [第 \(last.paddedNumber) 课 — \(last.titleZh)](\(last.folder).md)"))
    }

    @Test("A page without the place its copy goes is an error naming the file, not a loss")
    func missingPlace() throws {
        let lesson = try #require(Catalog.lesson(3))
        #expect(throws: CourseSync.MissingPlace.self) { try CourseSync.lessonPage("# no header here\n", lesson, .en, path: lesson.pagePath) }
        #expect(throws: CourseSync.MissingPlace.self) { try CourseSync.readme("no table\n", .en, path: "README.md") }
    }

    @Test("Counts are spelled as the prose spells them")
    func spelledCounts() {
        #expect([19, 20, 21, 25].map { CourseSync.spelled($0, .en) } == ["nineteen", "twenty", "twenty-one", "twenty-five"])
        #expect([9, 10, 19, 20, 25].map { CourseSync.spelled($0, .zhHans) } == ["九", "十", "十九", "二十", "二十五"])
    }

    @Test("The lists of lessons follow from the lesson files there are")
    func listsFollowTheFiles() throws {
        let numbers = try CourseSync.lessonFiles(root: CatalogConsistencyTests.root)
        #expect(numbers == Catalog.lessons.map(\.number))
        #expect(CourseSync.allLessons([1, 20]).contains("        .lesson20,\n"))
        #expect(CourseSync.lessonTags([1, 20]).contains("    @Tag static var lesson20: Self\n"))
    }
}
