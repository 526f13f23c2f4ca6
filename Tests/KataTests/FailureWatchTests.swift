import Foundation
import Testing
@testable import KataCLI

/// `kata dev verify --mutants` ends a test process at the first failure it records: the watch that
/// tells it reads the event stream, and only failures count.
@Suite("The first failure of a run is seen in its event stream", .inEnglish)
struct FailureWatchTests {
    @Test("Seen once a test records an issue; not for a start, a pass, a known issue or a warning")
    func seesOnlyFailures() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kata-failure-watch-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let watch = FailureWatch(file: file)
        #expect(!watch.seen(), "no stream yet")
        var lines = [
            StreamFixture.test("Lesson06Tests", "a()"), StreamFixture.event("testStarted", "Lesson06Tests", "a()"),
            StreamFixture.event("testEnded", "Lesson06Tests", "a()"),
            StreamFixture.thrown("Lesson06Tests", "a()", "known", known: true),
            StreamFixture.expectation("Lesson06Tests", "a()", "only a warning", severity: "warning"),
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: false, encoding: .utf8)
        #expect(!watch.seen(), "started, passed, a known issue and a warning are no failure")
        lines.append(StreamFixture.expectation("Lesson06Tests", "a()", "Expectation failed: 1 == 2"))
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: false, encoding: .utf8)
        #expect(watch.seen())
    }
}
