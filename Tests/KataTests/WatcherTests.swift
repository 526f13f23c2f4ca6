import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata watch notices saved files", .inEnglish)
struct WatcherTests {
    @Test("Changed, added and removed files are named")
    func changes() {
        let before = ["a.swift": "1@1", "b.swift": "1@1"], after = ["a.swift": "2@2", "c.swift": "1@1"]
        #expect(FileWatcher.changes(from: before, to: after) == ["a.swift", "b.swift", "c.swift"])
        #expect(FileWatcher.changes(from: before, to: before).isEmpty)
    }

    @Test("The lesson to watch: the chosen one while unsolved, else the earliest unsolved by the results")
    func lessonToWatch() {
        #expect(Commands.lessonToWatch(chosen: 6, solved: [1, 2])?.number == 6)
        #expect(Commands.lessonToWatch(chosen: 6, solved: [1, 2, 4, 5, 6])?.number == 3)
        #expect(Commands.lessonToWatch(chosen: nil, solved: [1])?.number == 2)
        #expect(Commands.lessonToWatch(chosen: 6, solved: Set(Catalog.lessons.map(\.number))) == nil)
    }

    @Test("A write to a watched folder is seen; giving up returns nothing")
    func sees() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kata-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let watcher = FileWatcher(directory: directory, interval: 0.01)
        let before = watcher.snapshot()
        #expect(watcher.waitForChange(since: before, giveUpAfter: 0.05).isEmpty)
        try "let x = 1".write(toFile: directory + "/X.swift", atomically: true, encoding: .utf8)
        try "not swift".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(watcher.waitForChange(since: before, giveUpAfter: 5) == ["Exercises/X.swift"])
    }
}
