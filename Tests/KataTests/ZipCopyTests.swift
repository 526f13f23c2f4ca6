import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// A workshop hands out the kata as a ZIP: a copy of the repository without `.git`. Every
/// student command works there; only the maintainers' CI may use git (and none of `kata dev`
/// needs it either).
extension EndToEndTests {
    @Suite("The course works from a copy without .git")
    struct ZipCopyTests {
        @Test("kata, next, show, hint, watch, reset, quiz and trace work in a copy of the fixture without .git, with git out of reach")
        func withoutGit() async throws {
            let clone = try await FixturePackage.make()
            defer { clone.remove() }
            #expect(FileManager.default.fileExists(atPath: clone.root + "/.git"))
            let copy = FixturePackage.empty("zip")
            defer { copy.remove() }
            try FileManager.default.copyItem(atPath: clone.root, toPath: copy.root)
            try FileManager.default.removeItem(atPath: copy.root + "/.git")
            // Should anything still ask git, it fails: no repository can be found from here.
            let noGit = ["GIT_DIR": copy.root + "/no-such-repository", "GIT_CEILING_DIRECTORIES": copy.root]
            func kata(_ arguments: [String], until: String? = nil) async throws -> (code: Int32?, output: String, seconds: Double) {
                try await copy.kata(arguments, timeout: 300, environment: noGit, until: until)
            }
            try copy.write(Lesson.lesson02.exerciseFile, FixturePackage.solved02)
            try copy.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { x * }\n")   // does not compile

            let list = try await kata([])
            #expect(list.code == 0 && list.output.contains("1/\(Catalog.lessons.count) lessons solved"), "\(list.output)")
            #expect(list.output.contains("✘ does not compile"), "the shadow build takes lesson 06's stub from Stubs/:\n\(list.output)")
            let next = try await kata(["next"])
            #expect(next.code == 0 && next.output.contains("Lesson 01"), "\(next.output)")
            let show = try await kata(["show", "6"])
            #expect(show.code == 0 && show.output.contains(Lesson.lesson06.exerciseFile), "\(show.output)")
            let hint = try await kata(["hint", "6"])
            #expect(hint.code == 0 && hint.output.contains(Catalog.lesson(6)!.hints[0].prefix(12)), "\(hint.output)")
            let reset = try await kata(["reset", "6", "--yes"])
            #expect(reset.code == 0 && reset.output.contains("back to its stub"), "\(reset.output)")
            #expect(FileManager.default.contents(atPath: copy.root + "/" + Lesson.lesson06.exerciseFile) == Data(FixturePackage.stub06.utf8))
            let watch = try await kata(["watch", "6"], until: "Watching Exercises/")
            #expect(watch.output.contains("kata watch  ·  Lesson 06") && watch.output.contains("Watching Exercises/"), "\(watch.output)")
            let quiz = try await kata(["quiz", "--list"])
            #expect(quiz.code == 0 && quiz.output.contains("1"), "\(quiz.output)")
            let answer = try await kata(["quiz", "1", "--answer", "a"])
            #expect(
                (answer.code == 0 || answer.code == 1) && answer.output.contains("Lessons/01-one-loop-per-thread.md"),
                "graded, right or wrong: \(answer.output)")
            let trace = try await kata(["trace", "timer-overrun"])
            #expect(trace.code == 0 && trace.output.contains("timer-overrun"), "\(trace.output)")
            #expect(!FileManager.default.fileExists(atPath: copy.root + "/.git"))
        }
    }
}
