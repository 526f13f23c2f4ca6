import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// Drives the real `kata` binary on a small package of its own (one build of it, then a second
/// or two per mutant).
extension EndToEndTests {
    @Suite("kata verify --mutants, end to end")
    struct MutantRunTests {
        @Test("Every mutant is judged: caught, survived (named, with its line), or a catalog error; a hang costs its limit once")
        func run() throws {
            let fixture = try FixturePackage.make()
            defer { fixture.remove() }
            let folder = "Mutants/06-timer-skip-on-overrun/"
            let top = "// Mutant: "
            try fixture.write(folder + "a-loops-forever.swift", top + "never returns\npublic func answer(_ x: Int) -> Int? { while true {} }\n")
            try fixture.write(folder + "b-plus-one.swift", top + "adds one\npublic func answer(_ x: Int) -> Int? { x + 1 }\n")
            try fixture.write(folder + "c-wrong-when-large.swift", top + "wrong past 1000\npublic func answer(_ x: Int) -> Int? { x > 1000 ? 0 : x * x }\n")
            try fixture.write(folder + "d-no-header.swift", "public func answer(_ x: Int) -> Int? { x - 1 }\n")
            try fixture.write(folder + "e-does-not-compile.swift", top + "a typo\npublic func answer(_ x: Int) -> Int? { x * }\n")
            try fixture.write(folder + "f-still-a-stub.swift", top + "left the stub\npublic func answer(_ x: Int) -> Int? { nil }\n")
            for k in 1...MutantCatalog.fewestPerLesson {
                try fixture.write("Mutants/02-mode-isolation/off-by-\(k).swift", top + "off by \(k)\npublic func twice(_ x: Int) -> Int? { x + x + \(k) }\n")
            }
            try fixture.write("Mutants/99-nothing/x.swift", top + "x\n")
            // The working tree's own exercise does not even compile: the mutants use git HEAD's.
            try fixture.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { x x }\n")

            let run = try fixture.kata(["verify", "--mutants", "6", "2"], timeout: 600, environment: ["KATA_STALL_SECONDS": "3"])
            let output = run.output.replacingOccurrences(of: "\n    ", with: " ")   // long lines unwrapped
            #expect(run.code == 1, "survivors and catalog errors fail the check:\n\(output)")
            #expect(output.contains("06  " + "Timer skip on overrun".padded(34) + " 2/6 red, 1 survived, 3 catalog errors, fewer than \(MutantCatalog.fewestPerLesson) mutants"), "\(output)")
            #expect(output.contains("02  " + "Mode isolation".padded(34) + " \(MutantCatalog.fewestPerLesson)/\(MutantCatalog.fewestPerLesson) red"), "\(output)")
            #expect(output.contains("survived: \(folder)c-wrong-when-large.swift — wrong past 1000"), "\(output)")
            #expect(output.contains("catalog error: \(folder)d-no-header.swift its first line must say what it gets wrong"), "\(output)")
            #expect(output.contains("catalog error: \(folder)e-does-not-compile.swift does not compile: \(folder)e-does-not-compile.swift:2:"), "\(output)")
            #expect(output.contains("catalog error: \(folder)f-still-a-stub.swift fails with the stub's line"), "\(output)")
            #expect(output.contains("lesson 06 has 6 mutants"), "\(output)")
            #expect(output.contains("catalog error: Mutants/99-nothing is not a mutant"), "\(output)")
            #expect(!output.contains("a-loops-forever.swift") && !output.contains("b-plus-one.swift"), "caught mutants are not problems:\n\(output)")
            #expect(try String(contentsOfFile: fixture.root + "/" + Lesson.lesson06.exerciseFile, encoding: .utf8).contains("x x"),
                    "the student's own file is never touched")
        }
    }

    @Suite("kata verify judges git HEAD's Exercises, never the working tree's")
    struct VerifyPristineTests {
        @Test("Without git, verify fails at once in one line")
        func noGit() throws {
            let fixture = try FixturePackage.make(git: false)
            defer { fixture.remove() }
            for arguments in [["verify"], ["verify", "--mutants", "6"]] {
                let run = try fixture.kata(arguments, timeout: 60)
                #expect(run.code == Kata.ExitCode.buildOrTool, "\(arguments): \(run.output)")
                #expect(run.output.contains("kata: not a git checkout"), "\(arguments): \(run.output)")
                #expect(!run.output.contains("pass on the stub") && !run.output.contains("Every lesson against"), "\(arguments) goes no further: \(run.output)")
            }
        }

        @Test("A student's exercise that does not compile leaves verify's verdict on the committed stubs intact")
        func studentsEdit() throws {
            let fixture = try FixturePackage.make()
            defer { fixture.remove() }
            try fixture.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { x x }\n")
            try fixture.write(Lesson.lesson02.exerciseFile, FixturePackage.solved02)
            let run = try fixture.kata(["verify"], timeout: 600)
            #expect(!run.output.contains("do not build"), "\(run.output)")
            // The fixture has lessons 06 and 02 only: the other twelve are reported missing, so the check fails.
            #expect(run.code == Kata.ExitCode.checkFailed)
            #expect(run.output.contains("06  " + "Timer skip on overrun".padded(34) + " ✔ " + "4/4 green".padded(12) + "✔ 4/4 red"), "\(run.output)")
            #expect(run.output.contains("02  " + "Mode isolation".padded(34) + " ✔ " + "4/4 green".padded(12) + "✔ 4/4 red"), "the solved working copy is not used: \(run.output)")
        }
    }
}
