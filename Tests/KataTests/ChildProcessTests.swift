import Foundation
import Testing
@testable import KataCLI

/// `kata` starts `swift build` and `swift test` through `ChildProcess` (posix_spawn, in a
/// process group of its own): the child gets kata's environment, its exit status comes back,
/// and a child that overstays its limit is ended.
@Suite(.inEnglish) struct ChildProcessTests {
    @Test func theChildGetsThisProcesssEnvironmentAndItsExitStatusComesBack() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let outcome = try Subprocess.run(["sh", "-c", "printf '%s' \"$PATH\"; exit 3"], timeout: 20)
        #expect(outcome.ending == .exited(3))
        #expect(outcome.output == path, "the child's PATH differs from kata's")
    }

    @Test func aChildKilledByASignalSaysWhich() throws {
        let outcome = try Subprocess.run(["sh", "-c", "kill -KILL $$"], timeout: 20)
        #expect(outcome.ending == .signalled(9))
    }

    @Test func aChildThatOverstaysItsLimitIsEnded() throws {
        let outcome = try Subprocess.run(["sh", "-c", "sleep 30"], timeout: 0.3)
        // Ended at its limit: a child waited for to its own end would have exited 0.
        #expect(outcome.ending == .timedOut, "\(outcome.ending)")
    }

    @Test func aProgramThatIsNotThereIsAnError() {
        #expect(throws: KataError.self) { try Subprocess.run(["kata-no-such-program-here"], timeout: 5) }
    }
}
