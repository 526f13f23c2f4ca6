import Testing
@testable import KataCLI
@testable import KataCore

/// `kata list --track NAME` and `kata trace NAME --svg FILE` on the command line.
@Suite("kata reads --track and --svg", .inEnglish)
struct TraceAndTrackOptionTests {
    func parse(_ line: String) throws(UsageError) -> Invocation { try InvocationTests().parse(line) }

    @Test func theOptionsAndTheirValues() throws {
        #expect(try parse("list --track core") == .listTrack(.core))
        #expect(try parse("list --track half-day") == .listTrack(.halfDay))
        #expect(try parse("list --track full") == .listTrack(.full))
        #expect(try parse("trace timer-overrun") == .trace(scenario: "timer-overrun"))
        #expect(try parse("trace timer-overrun --svg t.svg") == .trace(scenario: "timer-overrun", svg: "t.svg"))
        #expect(try parse("trace --svg t.svg timer-overrun") == .trace(scenario: "timer-overrun", svg: "t.svg"))
        #expect(try parse("trace --write-lesson-images") == .trace(scenario: nil, lessonImages: true))
    }

    @Test("Mistakes are one-line usage errors", arguments: [
        ("list --track weekend", "there is no track 'weekend': the tracks are core, half-day, full"),
        ("list --track", "--track needs a value"),
        ("trace --svg t.svg", "--svg draws one scenario: name it"),
        ("trace timer-overrun --svg", "--svg needs a value"),
        ("trace one-touch --write-lesson-images", "--write-lesson-images draws every lesson's scenario"),
    ])
    func mistakes(line: String, message: String) {
        do {
            _ = try parse(line)
            Issue.record("\(line) was accepted")
        } catch {
            #expect(error.description.hasPrefix(message), "\(line): \(error.description)")
            #expect(!error.description.contains("\n"), "one line")
        }
    }

    /// A usage error, so `kata` exits 2 before anything runs (ErrorOutputTests drives the binary
    /// for that exit code). Not `Kata.main` in this process: it reads the package's remembered
    /// language, which would then be every later test's language.
    @Test func aBadTrackIsAUsageErrorBeforeAnythingRuns() {
        #expect(throws: UsageError.self) { try parse("list --track weekend") }
    }

    @Test func theHelpOfTraceAndListNamesTheirOptions() {
        #expect(Help.commands["trace"]?.en.contains("--svg FILE") == true)
        #expect(Help.commands["trace"]?.en.contains("--write-lesson-images") == true)
        #expect(Help.commands["list"]?.en.contains("--track core|half-day|full") == true)
    }
}
