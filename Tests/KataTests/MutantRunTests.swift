import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// Drives the real `kata` binary on a small package of its own (one build of it, then a second
/// or two per mutant).
extension EndToEndTests {
    @Suite("kata dev verify --mutants, end to end")
    struct MutantRunTests {
        @Test("Every mutant is judged: caught, survived (named, with its line), or a catalog error; a hang costs its limit once")
        func run() async throws {
            let fixture = try await FixturePackage.make()
            defer { fixture.remove() }
            let folder = "Mutants/06-timer-skip-on-overrun/"
            let top = "// Mutant: "
            // Whole files first, as mutants are written: patch-mutants turns them into patches.
            try fixture.write(folder + "a-loops-forever.swift", top + "never returns\npublic func answer(_ x: Int) -> Int? { while true {} }\n")
            try fixture.write(folder + "b-plus-one.swift", top + "adds one\npublic func answer(_ x: Int) -> Int? { x + 1 }\n")
            try fixture.write(folder + "c-wrong-when-large.swift", top + "wrong past 1000\npublic func answer(_ x: Int) -> Int? { x > 1000 ? 0 : x * x }\n")
            try fixture.write(folder + "d-no-header.swift", "public func answer(_ x: Int) -> Int? { x - 1 }\n")
            try fixture.write(folder + "e-does-not-compile.swift", top + "a typo\npublic func answer(_ x: Int) -> Int? { x * }\n")
            try fixture.write(folder + "f-still-a-stub.swift", top + "left the stub\npublic func answer(_ x: Int) -> Int? { nil }\n")
            try fixture.write(
                folder + "g-stale.patch",
                top
                    + "written against an older Solution\n--- a\n+++ b\n@@ -1,1 +1,1 @@\n-public func answer(_ x: Int) -> Int { x * x }\n+public func answer(_ x: Int) -> Int { x }\n"
            )
            for k in 1...MutantCatalog.fewestPerLesson {
                try fixture.write("Mutants/02-mode-isolation/off-by-\(k).swift", top + "off by \(k)\npublic func twice(_ x: Int) -> Int? { x + x + \(k) }\n")
            }
            try fixture.write("Mutants/99-nothing/x.patch", top + "x\n")
            // The working tree's own exercise does not even compile: the mutants use the stubs.
            try fixture.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { x x }\n")

            let patched = try await fixture.kata(["dev", "patch-mutants"], timeout: 60)
            #expect(patched.code == 1, "a whole file without its header stays, and says why:\n\(patched.output)")
            #expect(patched.output.contains("13 whole-file mutants turned into patches, 1 left as they were."), "\(patched.output)")
            #expect(patched.output.contains("\(folder)d-no-header.swift: its first line must say what it gets wrong"), "\(patched.output)")
            let again = try await fixture.kata(["dev", "patch-mutants"], timeout: 60)
            #expect(again.output.contains("0 whole-file mutants turned into patches, 1 left as they were."), "idempotent:\n\(again.output)")
            let patch = try String(contentsOfFile: fixture.root + "/" + folder + "b-plus-one.patch", encoding: .utf8)
            #expect(
                patch == top + "adds one\n--- \(Lesson.lesson06.solutionFile)\n+++ \(Lesson.lesson06.solutionFile)\n@@ -1,1 +1,1 @@\n"
                    + "-public func answer(_ x: Int) -> Int? { x * x }\n+public func answer(_ x: Int) -> Int? { x + 1 }\n")
            #expect(!FileManager.default.fileExists(atPath: fixture.root + "/" + folder + "b-plus-one.swift"), "the whole file is gone")

            let run = try await fixture.kata(["dev", "verify", "--mutants", "6", "2"], timeout: 600, environment: ["KATA_STALL_SECONDS": "3"])
            let output = run.output.replacingOccurrences(of: "\n    ", with: " ")   // long lines unwrapped
            #expect(run.code == 1, "survivors and catalog errors fail the check:\n\(output)")
            #expect(
                output.contains(
                    "06  " + "Timer skip on overrun".padded(34) + " 2/6 red, 1 survived, 3 catalog errors, fewer than \(MutantCatalog.fewestPerLesson) mutants"),
                "\(output)")
            #expect(
                output.contains("02  " + "Mode isolation".padded(34) + " \(MutantCatalog.fewestPerLesson)/\(MutantCatalog.fewestPerLesson) red"), "\(output)")
            #expect(output.contains("survived: \(folder)c-wrong-when-large.patch — wrong past 1000"), "\(output)")
            #expect(output.contains("catalog error: \(folder)d-no-header.swift is a whole file, not a patch"), "\(output)")
            #expect(
                output.contains(
                    "catalog error: \(folder)e-does-not-compile.patch does not compile: \(Lesson.lesson06.solutionFile) + e-does-not-compile.patch:1:"),
                "\(output)")
            #expect(output.contains("catalog error: \(folder)f-still-a-stub.patch fails with the stub's line"), "\(output)")
            #expect(output.contains("catalog error: \(folder)g-stale.patch does not apply to \(Lesson.lesson06.solutionFile): hunk 1 of 1"), "\(output)")
            #expect(output.contains("lesson 06 has 6 mutants"), "\(output)")
            #expect(output.contains("catalog error: Mutants/99-nothing is not a mutant"), "\(output)")
            // A round's mutants share one build: lesson 02's eight mutants make eight rounds, and
            // the round with the mutant that does not compile then builds each of its two mutants
            // alone (the one that does not compile counts too).
            #expect(output.contains("10 builds (one a round"), "\(output)")
            #expect(!output.contains("a-loops-forever.patch") && !output.contains("b-plus-one.patch"), "caught mutants are not problems:\n\(output)")
            #expect(
                try String(contentsOfFile: fixture.root + "/" + Lesson.lesson06.exerciseFile, encoding: .utf8).contains("x x"),
                "the student's own file is never touched")
        }
    }

    @Suite("A mutant's run ends at its first failure")
    struct FirstFailureTests {
        /// Lesson 06's suite: one test fails at once, the other waits up to two minutes (a hang
        /// guard) for a file nothing writes, then notes that it ended.
        static let tests = """
            import Foundation
            import Testing

            @Suite struct Lesson06Tests {
                @Test func fails() { #expect(1 == 2) }

                @Test func waits() throws {
                    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    for _ in 0..<1200 where !FileManager.default.fileExists(atPath: root.appendingPathComponent("release").path) {
                        Thread.sleep(forTimeInterval: 0.1)
                    }
                    FileManager.default.createFile(atPath: root.appendingPathComponent("waits-ended").path, contents: nil)
                }
            }

            """

        @Test("Told to stop at the first failure, the runner ends the test process there: the lesson is red, the waiting test never ends")
        func endsAtTheFirstFailure() async throws {
            let fixture = try await FixturePackage.make(git: false)
            defer { fixture.remove() }
            try fixture.write("Tests/LessonTests/Lesson06.swift", Self.tests)
            var runner = TestRunner(packagePath: fixture.root, scratch: fixture.root + "/build", target: .exercises)
            runner.echoBuild = false
            runner.stopAtFirstFailure = true
            try runner.build()
            let result = try runner.run([.lesson06]).result(for: .lesson06)
            #expect(result.breakage == nil, "ended on purpose, not a hang or a crash: \(String(describing: result.breakage))")
            #expect(result.cases.map(\.name) == ["fails()"], "only the failed test is over: \(result.cases.map(\.name))")
            #expect(MutantVerdict.judge(result) != .survived)
            #expect(!FileManager.default.fileExists(atPath: fixture.root + "/waits-ended"), "the waiting test was ended with its process")
        }
    }

    @Suite("kata dev verify judges the stubs of Stubs/, never the working tree's Exercises")
    struct VerifyPristineTests {
        @Test("A student's exercise that does not compile leaves verify's verdict on the stubs intact, without git")
        func studentsEdit() async throws {
            let fixture = try await FixturePackage.make(git: false)
            defer { fixture.remove() }
            try fixture.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { x x }\n")
            try fixture.write(Lesson.lesson02.exerciseFile, FixturePackage.solved02)
            let run = try await fixture.kata(["dev", "verify"], timeout: 600)
            #expect(!run.output.contains("do not build"), "\(run.output)")
            // The fixture has lessons 06 and 02 only: the other twelve are reported missing, so the check fails.
            #expect(run.code == Kata.ExitCode.checkFailed)
            #expect(run.output.contains("06  " + "Timer skip on overrun".padded(34) + " ✔ " + "4/4 green".padded(12) + "✔ 4/4 red"), "\(run.output)")
            #expect(
                run.output.contains("02  " + "Mode isolation".padded(34) + " ✔ " + "4/4 green".padded(12) + "✔ 4/4 red"),
                "the solved working copy is not used: \(run.output)")
        }
    }
}
