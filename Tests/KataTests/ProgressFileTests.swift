import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata's progress file: anything in it, any state of it", .inEnglish)
struct ProgressFileTests {
    /// Runs `kata hint 6` with `.kata/progress.json` holding `text`.
    func hint(with text: String) async throws -> (KataFixture, KataFixture.Running) {
        let fixture = try KataFixture(files: [".kata/progress.json": text])
        return (fixture, try await fixture.run(["hint", "6"]))
    }

    @Test("Hint counts out of range are clamped: no trap", arguments: ["-5", "-9223372036854775808", "9223372036854775807", "4", "3"])
    func clampedHints(count: String) async throws {
        let (fixture, kata) = try await hint(with: #"{"hintsShown":{"6":\#(count)}}"#)
        defer { fixture.remove() }
        #expect(kata.status == 0, "exit \(kata.status): \(kata.errors)")
        let expected = count.hasPrefix("-") ? "Hint 1/3" : "That was the last hint"
        #expect(kata.output.contains(expected), "\(kata.output)")
    }

    @Test(
        "Garbage, empty, or another shape: one line on stderr, the file kept aside, a fresh start",
        arguments: ["garbage", "", "[1, 2]", #"{"current": "x"}"#, #"{"hintsShown": {"six": 1}}"#, #"{"current": 1e400}"#, "\u{FEFF}{"])
    func unreadable(text: String) async throws {
        let (fixture, kata) = try await hint(with: text)
        defer { fixture.remove() }
        #expect(kata.status == 0)
        #expect(kata.output.contains("Hint 1/3"), "the command's work is done")
        let lines = kata.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("kata: .kata/progress.json"), "one line: \(kata.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.path(".kata"))
        let aside = try #require(names.first { $0.hasPrefix("progress.json.unreadable-") }, "kept aside: \(names)")
        #expect(fixture.read(".kata/" + aside) == Data(text.utf8))
        #expect(Progress.load(from: fixture.root, warn: { Issue.record("a second warning: \($0)") }).hintsShown == [6: 1])
    }

    @Test(
        "A progress file that cannot be written: the hint is shown, and one line on stderr says what and where",
        arguments: [
            ("folder", "cannot write .kata/progress.json: it is a folder"),
            ("kata-is-a-file", "cannot write .kata/progress.json: .kata is a file, not a folder"),
        ])
    func unwritable(kind: String, message: String) async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        if kind == "folder" { try fixture.write(".kata/progress.json/x", "") } else { try fixture.write(".kata", "") }
        let kata = try await fixture.run(["hint", "6"])
        #expect(kata.status == 0)
        #expect(kata.output.contains("Hint 1/3"), "the hint is not lost: \(kata.output)")
        #expect(kata.errors.contains(message), "\(kata.errors)")
        #expect(!kata.errors.contains("NSCocoaErrorDomain") && !kata.output.contains("NSCocoaErrorDomain"))
        #expect(kata.errors.split(separator: "\n").count <= 2, "a line or two, not a dump: \(kata.errors)")
    }

    @Test("A pipe or a device in place of the file is not read: one line on stderr, the hint is shown")
    func notARegularFile() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.path(".kata"), withIntermediateDirectories: true)
        try #require(KataFixture.tool(["mkfifo", fixture.path(".kata/progress.json")]) != nil)
        let kata = try await fixture.run(["hint", "6"], limit: 15)
        #expect(kata.status == 0 && kata.output.contains("Hint 1/3"), "\(kata.output)")
        #expect(kata.errors.contains("kata: .kata/progress.json is not a regular file"), "\(kata.errors)")
    }

    @Test("Loaded values are brought into range")
    func clamping() {
        var progress = Progress()
        progress.current = 99
        progress.solved = [0, 3, (Catalog.lessons.map(\.number).max() ?? 0) + 1, -1]
        progress.hintsShown = [6: -5, 7: Int.max, 99: 1]
        progress.lastResults = [2: [5, 5], 3: [6, 5], 4: [-1, 2], 5: [1], 99: [1, 1]]
        let clamped = progress.clamped(to: Catalog.lessons)
        #expect(clamped.current == Catalog.lessons.map(\.number).max())
        #expect(clamped.solved == [3])
        #expect(clamped.hintsShown == [6: 0, 7: Lesson.lesson07.hints.count])
        #expect(clamped.lastResults == [2: [5, 5]])
        progress.current = Int.min
        #expect(progress.clamped(to: Catalog.lessons).current == 1)
    }

    @Test("The next hint never traps, whatever count was stored")
    func nextHint() {
        for stored in [Int.min, -5, 0, 2, 3, 4, Int.max] {
            var progress = Progress()
            progress.hintsShown = [6: stored]
            let shown = progress.nextHint(of: 6, available: 3)
            #expect(shown.map { (1...3).contains($0) } == true, "stored \(stored) → \(String(describing: shown))")
        }
    }
}
