import Foundation
import TestSupport
import Testing
@testable import KataCLI

/// Nothing `kata` starts outlives it: not after a stall, not after Ctrl-C, SIGTERM or a hang-up,
/// not during a build. The real `kata` runs in a fixture whose `swift` (first on PATH) behaves
/// like the real one where it matters: `swift test` starts the test bundle in a process group of
/// its own, the build system starts each compiler job in one of its own, and those start more.
/// Here each of them just waits, writing its pid first.
@Suite("kata leaves no process behind", .inEnglish)
struct ProcessLifetimeTests {
    /// The stand-in for `swift`. `KATA_FIXTURE_HANG=build` makes `swift build` hang too; otherwise
    /// it succeeds at once and only `swift test` hangs (writing no event: a stall).
    static let fakeSwift = """
        #!/bin/bash
        echo $$ >> "$KATA_FIXTURE_PIDS"
        if [ "$1" = build ] && [ "$KATA_FIXTURE_HANG" != build ]; then exit 0; fi
        # Job control on: the next job gets a process group of its own, like the test bundle
        # under swift-test or a compiler job under the build system.
        set -m
        bash -c 'echo $$ >> "$KATA_FIXTURE_PIDS"; sleep 300 & echo $! >> "$KATA_FIXTURE_PIDS"; wait' &
        wait

        """

    struct Setup {
        let fixture: KataFixture
        let environment: [String: String]
        var pidFile: String { fixture.path("pids") }

        init(hang: String, stallSeconds: Int) throws {
            fixture = try KataFixture()
            try fixture.writeProgram("bin/swift", ProcessLifetimeTests.fakeSwift)
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            environment = [
                "PATH": fixture.path("bin") + ":" + path, "KATA_FIXTURE_PIDS": fixture.path("pids"),
                "KATA_FIXTURE_HANG": hang, "KATA_STALL_SECONDS": "\(stallSeconds)",
            ]
        }

        /// The pids the stand-ins wrote so far.
        var started: [Int32] { Self.pids(in: pidFile) }

        static func pids(in file: String) -> [Int32] {
            ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
        }

        /// Waits until the stand-in and the two processes under it have started, or `kata` has
        /// ended without starting them (the message then says what it printed). At most 60 s: CI
        /// runs this suite ten times over under ThreadSanitizer, on a loaded machine.
        func waitForTheTree(of kata: KataFixture.Running) async throws {
            let pidFile = pidFile
            _ = await until(60, every: 0.02) { Self.pids(in: pidFile).count >= 3 || kata.ending != nil }
            try #require(
                started.count >= 3,
                """
                the stand-in for swift did not start its processes (started: \(started)); kata \
                \(kata.ending == nil ? "still runs" : "ended with \(kata.status)"). Its output: \(kata.output) \
                Its errors: \(kata.errors)
                """)
        }

        /// Those of `pids` still running (a zombie is not), by the system's own `ps`.
        static func running(_ pids: [Int32]) throws -> [Int32] {
            let table = try #require(KataFixture.tool(["ps", "-A", "-o", "pid=,stat="]), "ps runs")
            let alive = Set(
                table.split(separator: "\n").compactMap { line -> Int32? in
                    let fields = line.split(separator: " ")
                    guard fields.count >= 2, !fields[1].hasPrefix("Z") else { return nil }
                    return Int32(fields[0])
                })
            return pids.filter(alive.contains)
        }

        /// Waits up to `limit` seconds for every process the stand-ins started to be gone;
        /// returns those still running, and ends them.
        func leftovers(after limit: Double = 10) async throws -> [Int32] {
            let pidFile = pidFile
            _ = await until(limit, every: 0.05) { (try? Self.running(Self.pids(in: pidFile)))?.isEmpty ?? false }
            let left = try Self.running(started)
            for pid in left { Signals.forceEnd(pid) }
            return left
        }
    }

    @Test("A stalled test run: the test process and everything under it end, and kata reports the lesson")
    func stall() async throws {
        let setup = try Setup(hang: "test", stallSeconds: 1)
        defer { setup.fixture.remove() }
        let kata = try setup.fixture.start(["show", "6"], environment: setup.environment)
        try await setup.waitForTheTree(of: kata)
        #expect(try await kata.wait(upTo: 60), "kata ends after the stall")
        let left = try await setup.leftovers()
        #expect(left.isEmpty, "still running after kata ended: \(left) of \(setup.started)")
        #expect(kata.status == 0)
        #expect(kata.output.contains("did not finish"), "the lesson is reported as hung: \(kata.output)")
    }

    @Test(
        "A signal while the tests run or while it builds: every process ends, and kata exits with the signal's code",
        arguments: [
            (TerminationSignal.interrupt, "test", "show"), (.terminate, "test", "show"), (.hangUp, "test", "show"),
            (.interrupt, "build", "show"), (.terminate, "build", "show"), (.interrupt, "test", "watch"), (.hangUp, "build", "watch"),
        ])
    func signalled(signal: TerminationSignal, hang: String, command: String) async throws {
        // The stall watch has no part here and must never end the hung step before the signal
        // comes, however long this test waits for a pool thread to send it on a loaded machine
        // (a 120 s limit was reached once, in a 21-minute suite run): a day.
        let setup = try Setup(hang: hang, stallSeconds: 86_400)
        defer { setup.fixture.remove() }
        let kata = try setup.fixture.start([command, "6"], environment: setup.environment)
        try await setup.waitForTheTree(of: kata)
        #expect(Signals.send(signal, to: kata.pid))
        #expect(try await kata.wait(upTo: 45), "kata ends when told to")
        let left = try await setup.leftovers()
        #expect(left.isEmpty, "still running after kata ended: \(left) of \(setup.started)")
        #expect(kata.status == signal.exitCode, "exit code: \(kata.status)")
        #expect(kata.errors.contains("Stopped."), "it says it stopped, on stderr: \(kata.errors)")
    }
}
