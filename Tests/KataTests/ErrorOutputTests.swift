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

    @Test("A build that fails without a compiler error (swift cannot run, say) shows what it printed last")
    func buildWithoutCompilerErrors() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        try fixture.writeProgram("bin/swift", "#!/bin/sh\necho 'warming up'\necho 'swift: the toolchain is broken' >&2\nexit 1\n")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let kata = try await fixture.run(["show", "6"], environment: ["PATH": fixture.path("bin") + ":" + path])
        #expect(kata.status == Kata.ExitCode.buildOrTool, "exit code: \(kata.status)")
        #expect(kata.errors.contains("the package does not build:\n  warming up\n  swift: the toolchain is broken"), "stderr: \(kata.errors)")
    }
}
