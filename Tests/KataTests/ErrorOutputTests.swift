import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata's errors go to stderr", .inEnglish)
struct ErrorOutputTests {
    @Test(
        "Every `kata:` error is on stderr, with nothing on stdout",
        arguments: [
            ["hint", "99"], ["trace", "no-such-scenario"], ["frobnicate"], ["show"], ["reset", "6", "--bogus"], ["help", "me"],
        ])
    func errors(arguments: [String]) async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        let kata = try await fixture.run(arguments)
        #expect(kata.status == Kata.ExitCode.usage)
        #expect(kata.output.isEmpty, "stdout: \(kata.output)")
        #expect(kata.errors.hasPrefix("kata: "), "stderr: \(kata.errors)")
    }

    @Test("Outside the package: the error on stderr; normal output stays on stdout")
    func outside() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        try FileManager.default.removeItem(atPath: fixture.path("Package.swift"))
        let outside = try await fixture.run(["hint", "6"])
        #expect(outside.status == Kata.ExitCode.usage)
        #expect(outside.output.isEmpty && outside.errors.contains("kata: run kata inside the RunLoop Kata package"), "\(outside.errors)")

        try fixture.write("Package.swift", "let package = Package(name: \"RunLoopKata\")\n")
        let inside = try await fixture.run(["hint", "6"])
        #expect(inside.output.contains("Hint 1/3") && inside.errors.isEmpty, "\(inside.errors)")
    }
}
