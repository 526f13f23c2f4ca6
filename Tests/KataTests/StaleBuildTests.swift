import Foundation
import TestSupport
import Testing
@testable import KataCLI
@testable import KataCore

/// `kata` never reports on code a build did not compile, whichever build system builds: its own
/// record (`BuildRecord`) of what each build saw, not the build system's object files, tells it.
@Suite("kata sees a build that missed a change", .inEnglish)
struct StaleBuildTests {
    static let file = Lesson.lesson06.exerciseFile

    @Test("A file is hidden from the build system only when it was modified within the second of the version the last build saw, with other contents")
    func hiding() throws {
        let fixture = FixturePackage.empty("stale")
        defer { fixture.remove() }
        try fixture.write(Self.file, "let a = 1\n")
        let built = BuildRecord.Source(fingerprint: "a", modified: 1_700_000_000.2)
        let record = BuildRecord(sources: [Self.file: built])
        #expect(!record.hides(Self.file, built), "unchanged")
        #expect(record.hides(Self.file, .init(fingerprint: "b", modified: 1_700_000_000.9)), "new contents in the same second")
        #expect(record.hides(Self.file, .init(fingerprint: "b", modified: 1_700_000_000.2)), "new contents, the very same time")
        #expect(!record.hides(Self.file, .init(fingerprint: "b", modified: 1_700_000_001.0)), "new contents, the next second")
        #expect(!record.hides(Self.file, .init(fingerprint: "a", modified: 1_700_000_000.5)), "the same contents written again")
        #expect(!BuildRecord().hides(Self.file, built), "never built: nothing to hide from")
        #expect(BuildRecord.Source(reading: fixture.root + "/missing.swift") == nil)
        let read = try #require(BuildRecord.Source(reading: fixture.root + "/" + Self.file))
        var hash = ContentHash()
        hash.add(Data("let a = 1\n".utf8))
        #expect(read.fingerprint == hash.hex)
    }

    @Test("The record is kept in the build folder and read back; a folder with none has never been built")
    func recordRoundTrip() throws {
        let fixture = FixturePackage.empty("stale-record")
        defer { fixture.remove() }
        let runner = TestRunner(packagePath: fixture.root, scratch: fixture.root + "/build", target: .exercises)
        #expect(runner.isFirstBuild)
        let record = BuildRecord(sources: [Self.file: .init(fingerprint: "ab", modified: 12.5)])
        try record.save(scratch: runner.scratch)
        #expect(BuildRecord.load(scratch: runner.scratch) == record)
        #expect(!runner.isFirstBuild)
        try fixture.write("build/" + BuildRecord.fileName, "{ not json")
        #expect(BuildRecord.load(scratch: runner.scratch) == nil)
    }

    /// A stand-in for `swift`: each `swift build` that builds writes the time and size of the
    /// exercise as it found them to `builds.log`, and with `KATA_FIXTURE_REWRITE=always` (or
    /// `once`: only on the first build) then writes the file again, as a student saving during the
    /// build would. `swift test` runs nothing.
    static let fakeSwift = """
        #!/bin/bash
        [ "$1" = build ] || exit 0
        for argument in "$@"; do [ "$argument" = --show-bin-path ] && exit 1; done
        file="Exercises/06-timer-skip-on-overrun/NextFireDate.swift"
        stat -c '%.9Y %s' "$file" >> builds.log
        if [ "$KATA_FIXTURE_REWRITE" = always ] || { [ "$KATA_FIXTURE_REWRITE" = once ] && [ "$(wc -l < builds.log)" -eq 1 ]; }; then
            echo "// saved during build $(wc -l < builds.log)" >> "$file"
        fi
        exit 0

        """

    func fixture(rewrite: String) throws -> (KataFixture, [String: String]) {
        let fixture = try KataFixture(files: [Self.file: "let a = 1\n"])
        try fixture.writeProgram("bin/swift", Self.fakeSwift)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (fixture, ["PATH": fixture.path("bin") + ":" + path, "KATA_FIXTURE_REWRITE": rewrite])
    }

    func builds(_ fixture: KataFixture) -> [String] {
        String(decoding: fixture.read("builds.log") ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("A file saved during the build is given a new time and built again, until a build sees it unchanged")
    func savedDuringTheBuild() async throws {
        let (fixture, environment) = try fixture(rewrite: "once")
        defer { fixture.remove() }
        let kata = try await fixture.run(["list"], environment: environment, limit: 120)
        let builds = builds(fixture)
        #expect(builds.count == 2, "built \(builds.count) times: \(builds); kata said: \(kata.output) \(kata.errors)")
        #expect(Set(builds).count == builds.count, "each build saw a new stamp: \(builds)")
        let record = try #require(BuildRecord.load(scratch: fixture.path(".build/kata-exercises")))
        #expect(record.sources[Self.file] == BuildRecord.Source(reading: fixture.path(Self.file)), "the record holds what the last build saw")
    }

    @Test("A file that changes during every build ends in an error that names it, after four builds")
    func changingDuringEveryBuild() async throws {
        let (fixture, environment) = try fixture(rewrite: "always")
        defer { fixture.remove() }
        let kata = try await fixture.run(["list"], environment: environment, limit: 120)
        #expect(kata.status == Kata.ExitCode.buildOrTool)
        #expect(kata.errors.contains("the build kept missing a change to \(Self.file): \(Self.file) changed while it was being built"), "\(kata.errors)")
        #expect(builds(fixture).count == 4)
    }

    @Test("Contents written again within the second of the version the last build saw are given a new time before the build")
    func sameSecondNewContents() async throws {
        let (fixture, environment) = try fixture(rewrite: "never")
        defer { fixture.remove() }
        let path = fixture.path(Self.file)
        let written = try #require(BuildRecord.Source(reading: path))
        // The last build saw other contents, written earlier in the same second.
        let old = BuildRecord.Source(fingerprint: "1", modified: written.modified.rounded(.down))
        try BuildRecord(sources: [Self.file: old]).save(scratch: fixture.path(".build/kata-exercises"))
        _ = try await fixture.run(["list"], environment: environment, limit: 120)
        let builds = builds(fixture)
        try #require(builds.count == 1, "\(builds)")
        let seen = try #require(Double(builds[0].split(separator: " ")[0]))
        #expect(seen.rounded(.down) > written.modified.rounded(.down), "the build saw a later second (\(seen), was \(written.modified))")
    }
}
