import Foundation
import TestSupport
import Testing
@testable import KataCLI

/// `kata` builds with SwiftPM's default build system unless `KATA_BUILD_SYSTEM` names one, and
/// passes the one it is told on every `swift` it starts.
@Suite("kata's build system", .inEnglish)
struct BuildSystemTests {
    @Test("KATA_BUILD_SYSTEM: unset or empty is SwiftPM's default, native and swiftbuild choose one, anything else is refused")
    func choice() throws {
        #expect(try BuildSystem.chosen(nil) == .swiftPMDefault)
        #expect(try BuildSystem.chosen(" ") == .swiftPMDefault)
        #expect(try BuildSystem.chosen("native") == .native)
        #expect(try BuildSystem.chosen("SwiftBuild") == .swiftBuild)
        #expect(BuildSystem.swiftPMDefault.arguments.isEmpty)
        #expect(BuildSystem.native.arguments == ["--build-system", "native"])
        #expect(BuildSystem.swiftBuild.arguments == ["--build-system", "swiftbuild"])
        #expect(throws: KataError.self) { try BuildSystem.chosen("xcode") }
    }

    @Test("A build system kata cannot name is a usage error, before anything is built")
    func refused() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        let kata = try await fixture.run(["list"], environment: ["KATA_BUILD_SYSTEM": "xcode"])
        #expect(kata.status == Kata.ExitCode.usage)
        #expect(kata.errors.contains("KATA_BUILD_SYSTEM=xcode is not a build system: use native or swiftbuild"), "\(kata.errors)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path(".build")), "nothing was built")
    }

    /// What only one build system's private layout has: an object file, Swift Build's
    /// intermediates, the native build folder, a target triple's folder.
    static let privateLayout = [".swift.o", ".o\"", "Intermediates.noindex", "Objects-normal", ".build/debug", "-unknown-linux-gnu", "-apple-macosx"]

    @Test("No source of kata names a build system's private layout: where things are comes from SwiftPM, what was built from kata's record")
    func noPrivateLayout() throws {
        let root = PackageRoot.path
        var findings: [String] = []
        let folder = root + "/Sources"
        for case let relative as String in FileManager.default.enumerator(atPath: folder)! where relative.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + relative, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for name in Self.privateLayout where line.contains(name) { findings.append("Sources/\(relative):\(number + 1): \(name)") }
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    /// A stand-in for `swift` whose builds fail without naming an error, as a build system that
    /// crashed does: the first `KATA_FIXTURE_FAILURES` of them (each noted in `builds.log`).
    static let crashingSwift = """
        #!/bin/bash
        [ "$1" = build ] || exit 0
        for argument in "$@"; do [ "$argument" = --show-bin-path ] && exit 1; done
        echo build >> builds.log
        if [ "$(wc -l < builds.log)" -le "$KATA_FIXTURE_FAILURES" ]; then echo "*** Program crashed: Bus error"; exit 139; fi
        exit 0

        """

    @Test("A build that stops without naming an error is run once more; a second such stop is reported with what it printed", arguments: [1, 2])
    func buildSystemCrash(failures: Int) async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        try fixture.writeProgram("bin/swift", Self.crashingSwift)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let kata = try await fixture.run(["list"], environment: ["PATH": fixture.path("bin") + ":" + path, "KATA_FIXTURE_FAILURES": "\(failures)"], limit: 120)
        let builds = String(decoding: fixture.read("builds.log") ?? Data(), as: UTF8.self).split(separator: "\n").count
        #expect(builds == 2, "\(kata.output) \(kata.errors)")
        #expect(kata.output.contains("the build stopped without naming an error"), "\(kata.output)")
        if failures == 2 {
            #expect(kata.status == Kata.ExitCode.buildOrTool)
            #expect(kata.errors.contains("the package does not build") && kata.errors.contains("Program crashed"), "\(kata.errors)")
        } else {
            #expect(!kata.errors.contains("does not build"), "\(kata.errors)")
        }
    }

    /// A stand-in for `swift` that writes each command line it is given to `commands.log`, on a line
    /// of its own, and does nothing else.
    static let fakeSwift = """
        #!/bin/bash
        echo "$*" >> commands.log
        exit 0

        """

    @Test(
        "Every swift kata starts carries the chosen build system, and none when SwiftPM's default is used",
        arguments: [("swiftbuild", " --build-system swiftbuild"), ("native", " --build-system native"), ("", "")])
    func passedOn(value: String, expected: String) async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        try fixture.writeProgram("bin/swift", Self.fakeSwift)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        _ = try await fixture.run(["list"], environment: ["PATH": fixture.path("bin") + ":" + path, "KATA_BUILD_SYSTEM": value], limit: 120)
        let commands = String(decoding: fixture.read("commands.log") ?? Data(), as: UTF8.self).split(separator: "\n")
        let build = try #require(commands.first { $0.hasPrefix("build ") && $0.contains("--build-tests") }, "\(commands)")
        let test = try #require(commands.first { $0.hasPrefix("test ") }, "\(commands)")
        for command in [build, test] {
            #expect(command.contains("--build-system") == !expected.isEmpty, "\(command)")
            if !expected.isEmpty { #expect(command.contains(expected), "\(command)") }
        }
    }
}
