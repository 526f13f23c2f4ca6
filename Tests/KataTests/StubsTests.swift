import Foundation
import Testing
@testable import KataCore

/// `Stubs/` keeps each exercise's original stub once; `kata reset`, `kata dev verify` and the
/// shadow build read it. The Exercises/ a clone starts from must be those stubs.
@Suite("Stubs/ holds every exercise's original stub")
struct StubsTests {
    static let root = PackageRoot.path

    @Test("Each lesson's stub is in Stubs/ and still calls unsolved(lesson: N, …)", arguments: Catalog.lessons)
    func present(lesson: Lesson) throws {
        let stub = try String(contentsOfFile: Self.root + "/" + lesson.stubFile, encoding: .utf8)
        #expect(stub.contains("unsolved(lesson: \(lesson.number),"), "\(lesson.stubFile)")
    }

    #if Solutions
    /// The maintainers' run only: a student's `swift test` runs with their own Exercises/.
    @Test("As committed, each exercise is its stub (after changing one, copy it: cp Exercises/NN-slug/F.swift Stubs/NN-slug/)", arguments: Catalog.lessons)
    func exerciseIsItsStub(lesson: Lesson) {
        let exercise = FileManager.default.contents(atPath: Self.root + "/" + lesson.exerciseFile)
        #expect(
            exercise != nil && exercise == FileManager.default.contents(atPath: Self.root + "/" + lesson.stubFile),
            "\(lesson.exerciseFile) differs from \(lesson.stubFile)")
    }
    #endif
}
