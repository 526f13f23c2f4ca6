import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// Drives the real `kata` binary on the small fixture package: one build of its copy, then a
/// second or two per wrong answer.
extension EndToEndTests {
    @Suite("kata dev red-team, end to end")
    struct RedTeamRunTests {
        @Test("Each wrong answer of a fresh folder is killed, escaped, did not build, or named with why it was not tried; nothing of the package is touched")
        func run() async throws {
            let fixture = try await FixturePackage.make(git: false)
            defer { fixture.remove() }
            let folder = "fresh/06-timer-skip-on-overrun/"
            let top = "// Mutant: "
            let solution = Lesson.lesson06.solutionFile
            try fixture.write(
                folder + "a-plus-one.patch",
                top + "adds one\n--- \(solution)\n+++ \(solution)\n@@ -1,1 +1,1 @@\n"
                    + "-public func answer(_ x: Int) -> Int? { x * x }\n+public func answer(_ x: Int) -> Int? { x + 1 }\n")
            try fixture.write(folder + "b-wrong-when-large.swift", top + "wrong past 1000\npublic func answer(_ x: Int) -> Int? { x > 1000 ? 0 : x * x }\n")
            try fixture.write(folder + "c-a-typo.swift", top + "a typo\npublic func answer(_ x: Int) -> Int? { x * }\n")
            try fixture.write(
                folder + "d-stale.patch",
                top
                    + "written against an older Solution\n--- a\n+++ b\n@@ -1,1 +1,1 @@\n-public func answer(_ x: Int) -> Int { x }\n+public func answer(_ x: Int) -> Int { 0 }\n"
            )
            try fixture.write(folder + "e-no-header.swift", "public func answer(_ x: Int) -> Int? { x - 1 }\n")
            try fixture.write("fresh/02-mode-isolation/off-by-one.swift", top + "off by one\npublic func twice(_ x: Int) -> Int? { x + x + 1 }\n")
            try fixture.write("fresh/99-nothing/x.patch", top + "x\n")
            // What an interrupted run leaves behind in the copy: a wrong answer over an exercise.
            try fixture.write(".build/kata-verify/package/" + Lesson.lesson02.exerciseFile, "public func twice(_ x: Int) -> Int? { 7 }\n")
            let solutions = try [solution, Lesson.lesson02.solutionFile].map { try String(contentsOfFile: fixture.root + "/" + $0, encoding: .utf8) }

            let run = try await fixture.kata(["dev", "red-team", "fresh"], timeout: 600, environment: ["KATA_STALL_SECONDS": "3"])
            let output = run.output
            #expect(run.code == Kata.ExitCode.checkFailed, "an escape fails the run:\n\(output)")
            #expect(output.contains("Red team: 6 wrong answers from fresh for lessons 02, 06"), "\(output)")
            #expect(output.contains("skipped fresh/99-nothing: not a wrong answer"), "\(output)")
            #expect(output.contains("  killed        \(folder)a-plus-one.patch — adds one  ("), "\(output)")
            #expect(output.contains("  killed        fresh/02-mode-isolation/off-by-one.swift — off by one  ("), "\(output)")
            #expect(output.contains("  escaped       \(folder)b-wrong-when-large.swift — wrong past 1000\n"), "\(output)")
            #expect(output.contains("  did not build \(folder)c-a-typo.swift — a typo  (c-a-typo.swift:1:"), "\(output)")
            #expect(
                output.contains("  error         \(folder)d-stale.patch — written against an older Solution: does not apply to \(solution): hunk 1 of 1"),
                "\(output)")
            #expect(output.contains("  error         \(folder)e-no-header.swift: its first line must say what it gets wrong"), "\(output)")
            #expect(output.contains("✘ 6 wrong answers: 2 killed, 1 escaped, 1 did not build, 2 not tried (error)"), "\(output)")

            let after = try [solution, Lesson.lesson02.solutionFile].map { try String(contentsOfFile: fixture.root + "/" + $0, encoding: .utf8) }
            #expect(after == solutions, "the Solutions are only read")
            #expect(try String(contentsOfFile: fixture.root + "/" + Lesson.lesson06.exerciseFile, encoding: .utf8) == FixturePackage.stub06)
            for (lesson, stub) in [(Lesson.lesson06, FixturePackage.stub06), (.lesson02, FixturePackage.stub02)] {
                let copy = try String(contentsOfFile: fixture.root + "/.build/kata-verify/package/" + lesson.exerciseFile, encoding: .utf8)
                #expect(copy == stub, "the copy's exercise of lesson \(lesson.paddedNumber) is its stub again, also after the leftover: \(copy)")
            }
        }

        @Test("A folder that is not there, or holds no wrong answer, is one line and exit 2, before anything is built")
        func badFolder() async throws {
            let fixture = FixturePackage.empty("red-team")
            defer { fixture.remove() }
            try fixture.write("Package.swift", FixturePackage.manifest)
            try fixture.write("fresh/notes.md", "ideas\n")
            let missing = try await fixture.kata(["dev", "red-team", "nowhere"], timeout: 60)
            #expect(missing.code == Kata.ExitCode.usage, "\(missing.output)")
            #expect(missing.output.contains("kata: no folder nowhere: give a folder of wrong answers"), "\(missing.output)")
            let empty = try await fixture.kata(["dev", "red-team", "fresh"], timeout: 60)
            #expect(empty.code == Kata.ExitCode.usage, "\(empty.output)")
            #expect(empty.output.contains("kata: skipped fresh/notes.md: not a wrong answer"), "\(empty.output)")
            #expect(empty.output.contains("kata: no wrong answer in fresh"), "\(empty.output)")
            #expect(!FileManager.default.fileExists(atPath: fixture.root + "/.build"), "nothing was built")
        }
    }
}
