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

    /// Cut, spliced and corrupted files: reading them must not trap (a trap ends the test run).
    @Test("Event streams and xUnit reports: cut, spliced, corrupted, read without a trap")
    func mangledFiles() {
        var tests = 0
        for text in Self.mangled(Self.eventLines, seed: 6) { tests += EventStream.parse(text).tests.count }
        let pieces = XUnitReportTests.sample.split(separator: "\n").map(String.init)
        for text in Self.mangled(pieces, seed: 13) { tests += XUnitReport.parse(text).count }
        #expect(tests > 0, "the mangled files still hold whole lines that name tests")
    }

    /// A stream cut anywhere (a test process that died while writing): a test is ended only if
    /// its whole `testEnded` line was written, and started only if its `testStarted` line was.
    @Test("An event stream cut at any character: nothing read that was not whole")
    func cutStreams() {
        let full = Self.eventLines.joined(separator: "\n") + "\n"
        let started = StreamFixture.event("testStarted", "Lesson06Tests", "a()") + "\n"
        let ended = StreamFixture.event("testEnded", "Lesson06Tests", "a()") + "\n"
        let scalars = Array(full.unicodeScalars)
        for cut in 0...scalars.count {
            let text = String(String.UnicodeScalarView(scalars.prefix(cut)))
            let stream = EventStream.parse(text)
            for test in stream.tests {
                #expect(!test.ended || text.contains(ended) || text.hasSuffix(String(ended.dropLast())), "cut at \(cut): ended too soon")
                #expect(!test.started || text.contains(started) || text.hasSuffix(String(started.dropLast())), "cut at \(cut): started too soon")
            }
            #expect(!stream.runEnded || text.contains(Self.eventLines.last!), "cut at \(cut): the run ended too soon")
        }
        #expect(EventStream.parse(full).tests.first?.ended == true, "the whole stream ends the test")
    }
}
