import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata reads any results file without a trap", .inEnglish)
struct ResultsFileFuzzTests {
    /// A small deterministic generator, so that a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let eventLines = [
        StreamFixture.suite("Lesson06Tests"), StreamFixture.test("Lesson06Tests", "a()"),
        StreamFixture.event("testStarted", "Lesson06Tests", "a()"), StreamFixture.event("issueRecorded", "Lesson06Tests", "a()"),
        StreamFixture.event("testEnded", "Lesson06Tests", "a()"), #"{"kind":"event","payload":{"kind":"runEnded"},"version":0}"#,
    ]

    /// Cuts, repeats, splices and corrupts the pieces of a valid file.
    static func mangled(_ pieces: [String], seed: UInt64, count: Int = 300) -> [String] {
        var generator = Generator(state: seed)
        let junk = ["", "{", "}", "[]", "null", "\u{0}", "\u{FFFD}", "{\"kind\":7}", "{\"payload\":[]}", "<", "</testcase>", "&#xD800;", "\"", "\\"]
        return (0..<count).map { _ in
            (0..<generator.next(8)).map { _ -> String in
                let piece = generator.next(4) == 0 ? junk[generator.next(junk.count)] : pieces[generator.next(pieces.count)]
                let scalars = Array(piece.unicodeScalars)
                let cut = scalars.isEmpty ? 0 : generator.next(scalars.count + 1)
                return generator.next(3) == 0 ? String(String.UnicodeScalarView(scalars.prefix(cut))) : piece
            }.joined(separator: generator.next(2) == 0 ? "\n" : "")
        }
    }

    @Test("Event streams: cut, spliced, corrupted")
    func eventStreams() {
        for text in Self.mangled(Self.eventLines, seed: 6) {
            // What is read comes from the text: every test found is named in it.
            let stream = EventStream.parse(text)
            #expect(stream.tests.allSatisfy { text.contains($0.suite) }, "\(text)")
        }
    }

    @Test("xUnit reports: cut, spliced, corrupted")
    func xUnitReports() {
        let pieces = XUnitReportTests.sample.split(separator: "\n").map(String.init)
        for text in Self.mangled(pieces, seed: 13) {
            #expect(XUnitReport.parse(text).allSatisfy { $0.suite.isEmpty || text.contains($0.suite) }, "\(text)")
        }
    }
}
