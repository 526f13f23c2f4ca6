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
        #expect(try parse("trace timer-overrun --svg t.svg") == .trace(scenario: "timer-overrun", svg: "t.svg"))
        #expect(try parse("trace --svg t.svg timer-overrun") == .trace(scenario: "timer-overrun", svg: "t.svg"))
    }

    @Test(
        "Mistakes are one-line usage errors",
        arguments: [
            ("list --track weekend", "there is no track 'weekend': the tracks are core, half-day, full"),
            ("list --track", "--track needs a value"),
            ("trace --svg t.svg", "--svg draws one scenario: name it"),
            ("trace timer-overrun --svg", "--svg needs a value"),
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

    @Test func theHelpOfTraceAndListNamesTheirOptions() {
        #expect(Help.commands["trace"]?.en.contains("--svg FILE") == true)
        #expect(Help.commands["trace"]?.en.contains("--write-lesson-images") == false, "a maintainers' option: under kata dev")
        #expect(Help.dev.contains("kata dev lesson-images"))
        #expect(Help.commands["list"]?.en.contains("--track core|half-day|full") == true)
    }

    @Test("kata trace N draws the scenario lesson N's page shows; a number that is no lesson is an error")
    func lessonNumber() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        let name = try #require(Catalog.lesson(6)?.keyScenario)
        let byNumber = try await fixture.run(["trace", "6"]), byName = try await fixture.run(["trace", name])
        #expect(byNumber.status == 0, "\(byNumber.errors)")
        #expect(byNumber.output.hasPrefix(name + " — ") && byNumber.output == byName.output, "\(byNumber.output)")
        let none = try await fixture.run(["trace", "99"])
        #expect(none.status == Kata.ExitCode.usage && none.errors.contains("no scenario '99'"), "\(none.errors)")
    }
}
