import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// The event streams of the Swift Testing releases a student may have, read the same.
///
/// Fixtures in `Tests/Fixtures/EventStreams/`, one run of the same three tests (a recorded issue
/// with the side-by-side traces and a hint, a passing test, an `#expect` with a comment):
/// - `swift-6.3.1-recorded.jsonl`: written by Swift Testing 6.3.1 (`--event-stream-version 0`),
///   as it came. From 6.3 on, an issue's comments are in the event's `_comments`.
/// - `swift-6.2-shape.jsonl` and `swift-6.1-shape.jsonl`: the same run in the shape Swift Testing
///   6.2 and 6.1 write, made from the recording by the differences between the encoders at the
///   `swift-6.2.4-RELEASE`, `swift-6.1-RELEASE` and `swift-6.3.1-RELEASE` tags of
///   swiftlang/swift-testing (`ABI.EncodedEvent`, `ABI.EncodedIssue`; `ABIv0.*` in 6.1): no
///   `_comments` and no `_sourceLocation` in the event, and in 6.2 the issue's `_severity`. The
///   comments come only as the event's `details` messages, which 6.1 to 6.3 all write alike
///   (`Event.HumanReadableOutputRecorder`). Keys sorted and `/` escaped, as swift-testing's
///   `JSON.withEncoding` writes them. (No 6.1 or 6.2 toolchain ran here: these are not recordings.)
@Suite("kata reads the event streams of Swift Testing 6.1, 6.2 and 6.3", .inEnglish)
struct OlderEventStreamTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/EventStreams").path

    static let shapes = ["swift-6.3.1-recorded", "swift-6.2-shape", "swift-6.1-shape"]

    static func stream(_ shape: String) throws -> EventStream {
        EventStream.parse(try String(contentsOfFile: "\(folder)/\(shape).jsonl", encoding: .utf8))
    }

    @Test("Only the 6.3 recording has the comments in a field of their own", arguments: shapes)
    func commentsField(_ shape: String) throws {
        let text = try String(contentsOfFile: "\(Self.folder)/\(shape).jsonl", encoding: .utf8)
        #expect(text.contains(#""_comments""#) == shape.hasPrefix("swift-6.3"))
        #expect(text.contains(#""symbol":"details""#))
    }

    @Test("A recorded issue: its comment in full, summed up by the test's name; an #expect keeps its own line", arguments: shapes)
    func issues(_ shape: String) throws {
        let stream = try Self.stream(shape)
        #expect(stream.runEnded && stream.tests.count == 3)
        let skips = try #require(stream.tests.first { $0.id.contains("skipsMissedTicks()") })
        #expect(skips.issues.count == 1)
        #expect(skips.issues.first?.line == "The loop did something else than expected")
        #expect(
            skips.issues.first?.detail?.hasPrefix("The loop did something else than expected:\n   expected (the reference engine) │ actual (your code)") == true
        )
        #expect(skips.issues.first?.detail?.hasSuffix("not the late firing plus one interval.") == true)
        let interval = try #require(stream.tests.first { $0.id.contains("interval()") })
        #expect(interval.issues == [.init(line: "Expectation failed: (interval → 2) == 1", detail: "The interval is the one the timer was made with.")])
    }

    @Test("kata's lesson card shows the whole side-by-side failure and the hint", arguments: shapes)
    func card(_ shape: String) throws {
        let result = RunReport(stream: try Self.stream(shape)).result(for: .lesson06)
        #expect(result.status == .failing && result.passed == 1 && result.total == 3)
        let card = Commands.describe(result, hintsSeen: 0, style: Style(colours: false))
        for row in [
            "expected (the reference engine) │ actual (your code)",
            "✗  2 timer fired at 4000 ms         │ timer fired at 4500 ms",
            "   3 timer fired at 5000 ms         │ timer fired at 5500 ms",
            "Hint: the next fire date is on the schedule",
        ] {
            #expect(card.contains(row), "\(shape): the card lacks \"\(row)\":\n\(card)")
        }
    }
}
