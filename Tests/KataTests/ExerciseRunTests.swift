import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata keeps each lesson's last result, keyed by the code it ran", .inEnglish)
struct ResultCacheTests {
    @Test("A lesson's key changes with its own exercise and with the shared sources, not with another lesson's exercise")
    func keys() throws {
        let fixture = FixturePackage.empty("keys")
        defer { fixture.remove() }
        try fixture.write("Package.swift", "// a\n")
        try fixture.write(Lesson.lesson06.exerciseFile, "a")
        try fixture.write(Lesson.lesson02.exerciseFile, "a")
        try fixture.write("Tests/LessonTests/Lesson06.swift", "a")
        let before = ResultCache.keys(root: fixture.root)
        #expect(before[6] != before[2], "each lesson's own file is in its key")
        try fixture.write(Lesson.lesson02.exerciseFile, "b")
        let after02 = ResultCache.keys(root: fixture.root)
        #expect(after02[6] == before[6] && after02[2] != before[2])
        try fixture.write("Tests/LessonTests/Lesson06.swift", "b")
        let afterTests = ResultCache.keys(root: fixture.root)
        #expect(afterTests[6] != after02[6] && afterTests[2] != after02[2], "the tests are in every key")
        try fixture.write("notes.swift", "b")
        #expect(ResultCache.keys(root: fixture.root) == afterTests, "files outside the package's sources are not")
    }

    @Test("A stored result comes back only for the key it was stored with, through the file")
    func roundTrip() throws {
        let folder = FixturePackage.empty("cache"), root = folder.root
        defer { folder.remove() }
        let result = LessonResult(
            lesson: .lesson06, cases: [TestCaseResult(suite: "Lesson06Tests", name: "a", failure: "x", detail: "d")],
            breakage: .doesNotCompile(errors: ["Exercises/06-timer-skip-on-overrun/NextFireDate.swift:3:5: error: x"]), discovered: 3)
        var cache = ResultCache()
        cache.store(result, key: "k1")
        try cache.save(to: root)
        let loaded = ResultCache.load(from: root)
        #expect(loaded.result(for: .lesson06, key: "k1") == result)
        #expect(loaded.result(for: .lesson06, key: "k2") == nil)
        #expect(loaded.result(for: .lesson02, key: "k1") == nil)
    }

    @Test("A crash, a hang or a test that gave up waiting is not kept: it may be the machine's doing")
    func notKept() {
        func result(_ failure: String?, _ breakage: Breakage? = nil, record: HarnessRecord? = nil) -> LessonResult {
            let test = record.map { TestCaseResult.explained(by: $0, suite: "Lesson06Tests", name: "a") }
            return LessonResult(
                lesson: .lesson06, cases: [test ?? TestCaseResult(suite: "Lesson06Tests", name: "a", failure: failure)], breakage: breakage, discovered: 1)
        }
        var cache = ResultCache()
        cache.store(result("Expectation failed"), key: "k")
        #expect(cache.result(for: .lesson06, key: "k") != nil)
        for flaky in [
            result(nil, .hung(test: "a")), result(nil, .crashed(test: "a", reason: nil)),
            result(nil, record: .gaveUp(.lesson06)),
        ] {
            cache.store(result("Expectation failed"), key: "k")
            cache.store(flaky, key: "k")
            #expect(cache.result(for: .lesson06, key: "k") == nil, "\(flaky)")
        }
        cache.store(result(nil, .doesNotCompile(errors: ["x"])), key: "k")
        #expect(cache.result(for: .lesson06, key: "k") != nil)
    }

    @Test("Compiler errors are pinned on the lesson whose exercise or test suite they are in")
    func brokenLessons() {
        let errors = [
            "Exercises/06-timer-skip-on-overrun/NextFireDate.swift:1:44: error: expected expression",
            "Tests/LessonTests/Lesson02ModeIsolationTests.swift:9:1: error: missing argument",
            "error: emit-module command failed with exit code 1",
        ]
        #expect(ExerciseRun.brokenLessons(in: errors) == [6: [errors[0]], 2: [errors[1]]])
    }
}

/// Drives the real `kata` binary on a small package of its own (lessons 06 and 02 only).
extension EndToEndTests {
    @Suite("kata list: one lesson's trouble leaves the others' results intact")
    struct ExerciseRunEndToEndTests {
        // One fixture for the whole story: each step's build is the one before's, changed a little
        // (a fresh fixture would cost a fresh build of its own).
        @Test(
            "A lesson whose code never returns: the others run again in a process without it; an unchanged lesson is not run again; a lesson that does not compile is reported so, the others run with its stub in its place"
        )
        func troubleAndCache() async throws {
            let fixture = try await FixturePackage.make()
            defer { fixture.remove() }
            try fixture.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { while true {} }\n")
            try fixture.write(Lesson.lesson02.exerciseFile, FixturePackage.solved02)
            let first = try await fixture.kata(["list"])
            #expect(first.output.contains("1/\(Catalog.lessons.count) lessons solved"), "\(first.output)")
            let runs06 = fixture.runs(of: "06"), runs02 = fixture.runs(of: "02")
            #expect(!runs02.subtracting(runs06).isEmpty, "lesson 02 ran again in a process without lesson 06's endless loop: 06 in \(runs06), 02 in \(runs02)")

            // Nothing changed: lesson 02's result is kept, so it is not run again; lesson 06's test gave
            // up waiting (a busy machine can do that to a right answer), so lesson 06 runs again.
            let again = try await fixture.kata(["list"])
            #expect(fixture.runs(of: "02") == runs02, "\(again.output)")
            #expect(fixture.runs(of: "06").count > runs06.count, "\(again.output)")
            #expect(again.output.contains("1/\(Catalog.lessons.count) lessons solved"), "\(again.output)")
            let show = try await fixture.kata(["show", "6"])
            #expect(show.output.contains("did not return within"), "\(show.output)")

            // Lesson 06 fixed: it runs; lesson 02, unchanged, does not; and then nothing runs at all.
            try fixture.write(Lesson.lesson06.exerciseFile, FixturePackage.solved06)
            let fixed = try await fixture.kata(["list"])
            #expect(fixture.runs(of: "02") == runs02, "\(fixed.output)")
            #expect(fixed.output.contains("2/\(Catalog.lessons.count) lessons solved"), "\(fixed.output)")
            let solvedRuns = fixture.runs(of: "06")
            let unchanged = try await fixture.kata(["list"])
            #expect(fixture.runs(of: "06") == solvedRuns && fixture.runs(of: "02") == runs02, "\(unchanged.output)")

            // Lesson 06 no longer compiles, and lesson 02 changed: 06 is reported so, and 02 runs in a
            // copy of the package with lesson 06's stub in its place (.build/kata-shadow, the one
            // build of its own here).
            try fixture.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { x * }\n")
            try fixture.write(Lesson.lesson02.exerciseFile, "public func twice(_ x: Int) -> Int? { 2 * x }\n")
            let broken = try await fixture.kata(["list"])
            #expect(broken.code == Kata.ExitCode.ok, "\(broken.output)")
            #expect(broken.output.contains("06  Timer skip on overrun") && broken.output.contains("✘ does not compile"), "\(broken.output)")
            #expect(broken.output.contains("1/\(Catalog.lessons.count) lessons solved"), "lesson 02 still runs and is green: \(broken.output)")
            let brokenShow = try await fixture.kata(["show", "6"])
            #expect(
                brokenShow.output.contains("does not compile: Exercises/06-timer-skip-on-overrun/NextFireDate.swift:1:"), "\(brokenShow.output)")
            // Broken otherwise, with no other lesson to run: no copy of the package is built for it.
            try fixture.write(Lesson.lesson06.exerciseFile, "public func answer(_ x: Int) -> Int? { x + }\n")
            let alone = try await fixture.kata(["show", "6"])
            #expect(alone.output.contains("does not compile: Exercises/06-timer-skip-on-overrun/NextFireDate.swift:1:"), "\(alone.output)")
            #expect(!alone.output.contains("kata-shadow"), "nothing else to run, nothing to build in .build/kata-shadow: \(alone.output)")

            // Lesson 06 put back to its stub, while progress.json still calls it solved and current:
            // kata watch works on it (by the results), not on lesson 07 (by the stale progress).
            try fixture.write(Lesson.lesson06.exerciseFile, FixturePackage.stub06)
            try fixture.write(".kata/progress.json", #"{"current": 6, "solved": [2, 6]}"#)
            let watch = try await fixture.kata(["watch"], timeout: 300, until: "Watching Exercises/")
            #expect(watch.output.contains("kata watch  ·  Lesson 06"), "\(watch.output)")
        }
    }
}
