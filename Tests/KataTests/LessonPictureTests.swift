import Foundation
import Testing
@testable import KataCore

/// Each lesson page shows the timeline of its key scenario as a picture drawn by the engine,
/// and the committed picture is the one the engine draws now.
@Suite("Each lesson page shows its scenario's picture, up to date")
struct LessonPictureTests {
    static var root: String { CatalogConsistencyTests.root }

    @Test("Each lesson names a key scenario that exists", arguments: Catalog.lessons)
    func keyScenario(_ lesson: Lesson) {
        #expect(lesson.keyTraceScenario != nil,
                "lesson \(lesson.paddedNumber) names no scenario of `kata trace` ('\(lesson.keyScenario ?? "none")'): set keyScenario in Sources/KataCore/Lessons/Lesson\(lesson.paddedNumber).swift")
    }

    @Test("Each page embeds its picture under \"What the loop does\"", arguments: Catalog.lessons)
    func pageShowsThePicture(_ lesson: Lesson) throws {
        let page = try #require(CatalogConsistencyTests.read(lesson.pagePath), "missing page \(lesson.pagePath)")
        let link = "](images/\(lesson.folder).svg)"
        let section = page.components(separatedBy: "\n## What the loop does\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        #expect(section.contains("![") && section.contains(link),
                "\(lesson.pagePath) does not show its picture: add one line `![…](images/\(lesson.folder).svg)` under \"## What the loop does\"")
    }

    @Test("Each committed picture is the one the engine draws now", arguments: Catalog.lessons)
    func pictureIsFresh(_ lesson: Lesson) throws {
        let fresh = try #require(lesson.keyPicture(), "lesson \(lesson.paddedNumber) has no key scenario")
        let committed = CatalogConsistencyTests.read(lesson.imagePath)
        #expect(committed != nil, "\(lesson.imagePath) is missing. Draw it: \(Lesson.picturesCommand)")
        guard let committed, committed != fresh else { return }
        let old = committed.split(separator: "\n"), new = fresh.split(separator: "\n")
        let first = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        Issue.record("""
            \(lesson.imagePath) is out of date: the engine now draws \(lesson.keyScenario ?? "its scenario") differently \
            (first difference at line \(first + 1)). Draw it again: \(Lesson.picturesCommand)
            """)
    }
}
