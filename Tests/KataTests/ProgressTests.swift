import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata remembers progress", .inEnglish)
struct ProgressTests {
    func result(_ lesson: Lesson, passing: Bool) -> LessonResult {
        RunReport(cases: [TestCaseResult(suite: lesson.suiteType, name: "a()", failure: passing ? nil : "no")]).result(for: lesson)
    }

    @Test("Hints are handed out one more at a time, up to all of them")
    func hints() {
        var progress = Progress()
        #expect(progress.nextHint(of: 6, available: 3) == 1)
        #expect(progress.nextHint(of: 6, available: 3) == 2)
        #expect(progress.nextHint(of: 6, available: 3) == 3)
        #expect(progress.nextHint(of: 6, available: 3) == 3)
        #expect(progress.hintsShown == [6: 3])
        #expect(progress.nextHint(of: 2, available: 0) == nil)
    }

    @Test("A lesson that turns green is solved; one that breaks again is not; a run without results changes nothing")
    func recording() {
        var progress = Progress()
        #expect(progress.record([result(.lesson06, passing: true)]) == [6])
        #expect(progress.solved == [6] && progress.lastResults[6] == [1, 1])
        #expect(progress.record([result(.lesson06, passing: true)]) == [])
        #expect(progress.record([RunReport().result(for: .lesson06)]) == [])
        #expect(progress.solved == [6])
        #expect(progress.record([result(.lesson06, passing: false)]) == [])
        #expect(progress.solved.isEmpty)
    }

    @Test("Next: the current lesson while unsolved, then the first unsolved after it, then from the start")
    func next() {
        var progress = Progress()
        #expect(progress.nextLesson(solved: [])?.number == 1)
        #expect(progress.nextLesson(solved: [1, 2])?.number == 3)
        progress.current = 7
        #expect(progress.nextLesson(solved: [1])?.number == 7)
        #expect(progress.nextLesson(solved: [7, 8])?.number == 9)
        #expect(progress.nextLesson(solved: Set(Catalog.lessons.map(\.number).filter { $0 >= 7 }))?.number == 1)
        #expect(progress.nextLesson(solved: Set(Catalog.lessons.map(\.number))) == nil)
    }

    @Test("Progress survives a round trip through its file; an older file with missing keys still loads")
    func roundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kata-progress-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(Progress.load(from: directory) == Progress())
        var progress = Progress()
        progress.current = 7
        progress.solved = [2, 3]
        progress.hintsShown = [7: 2]
        progress.lastResults = [2: [5, 5]]
        #expect(progress.save(to: directory))
        #expect(Progress.load(from: directory) == progress)

        try #"{"current": 4, "solved": [1]}"#.write(toFile: Progress.path(in: directory), atomically: true, encoding: .utf8)
        let old = Progress.load(from: directory)
        #expect(old.current == 4 && old.solved == [1] && old.hintsShown.isEmpty)
    }
}
