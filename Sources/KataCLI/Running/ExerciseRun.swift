import Foundation
import KataCore

/// How `kata` gets the student's lesson results: from `.kata/results.json` for each lesson whose
/// code and tests are unchanged since it last ran; for the others, a build and a run — and when
/// an exercise does not compile, a run of every other lesson in a copy of the package where each
/// lesson that does not compile has its committed stub instead. An unsolved lesson never breaks
/// another, even when it does not compile.
enum ExerciseRun {
    /// The results of `lessons`, in their order.
    static func results(_ context: Context, lessons: [Lesson]) throws -> [LessonResult] {
        var cache = ResultCache.load(from: context.root)
        let keys = ResultCache.keys(root: context.root)
        var results: [Int: LessonResult] = [:]
        for lesson in lessons {
            results[lesson.number] = cache.result(for: lesson, key: keys[lesson.number])
        }
        let stale = lessons.filter { results[$0.number] == nil }
        if !stale.isEmpty {
            for result in try run(context, stale, all: lessons.count == Catalog.lessons.count) {
                results[result.lesson.number] = result
                cache.store(result, key: keys[result.lesson.number])
            }
            try? cache.save(to: context.root)   // a cache that cannot be written only costs time
        }
        return lessons.map { results[$0.number]! }
    }

    /// Builds (showing the compiler if it has work to do) and runs `lessons` against the Exercises.
    static func run(_ context: Context, _ lessons: [Lesson], all: Bool) throws -> [LessonResult] {
        let runner = context.runner(.exercises)
        if runner.isFirstBuild {
            print(
                context.style.dim(
                    Text(
                        en: "Building the lessons in .build/kata-exercises — the first time takes a few minutes…",
                        zh: "正在 `.build/kata-exercises` 里编译课程，第一次需要几分钟…"
                    ).localized))
        }
        let report: RunReport
        var broken: [Int: [String]] = [:]
        do {
            try runner.build(fresh: Catalog.lessons.map(\.exerciseFile))
            announce(context, lessons, all: all)
            report = try runner.run(lessons)
        } catch let failure as BuildFailure {
            broken = brokenLessons(in: failure.errors)
            guard !broken.isEmpty else { throw failure }
            if lessons.allSatisfy({ broken[$0.number] != nil }) {
                report = RunReport()   // no other lesson to run: no copy of the package to build
            } else {
                print(context.style.dim(notCompiling(broken.keys.sorted()).localized))
                let shadow = try shadowRunner(context, broken: &broken)
                let others = lessons.filter { broken[$0.number] == nil }
                announce(context, others, all: false)
                report = try shadow.run(others)
            }
        }
        return lessons.map { lesson in
            broken[lesson.number].map { LessonResult(lesson: lesson, cases: [], breakage: .doesNotCompile(errors: $0)) }
                ?? report.result(for: lesson)
        }
    }

    private static func announce(_ context: Context, _ lessons: [Lesson], all: Bool) {
        guard !lessons.isEmpty else { return }
        print(context.style.dim(running(lessons, all: all).localized))
    }

    /// `Running lesson 06's tests…`, or of several lessons, or of every lesson.
    static func running(_ lessons: [Lesson], all: Bool) -> Text {
        let numbers = lessons.map(\.paddedNumber).joined(separator: ", "), numbersZh = lessons.map(\.paddedNumber).joined(separator: "、")
        if all && lessons.count == Catalog.lessons.count { return Text(en: "Running every lesson's tests…", zh: "正在运行所有课程的测试…") }
        if lessons.count == 1 { return Text(en: "Running lesson \(numbers)'s tests…", zh: "正在运行第 \(numbers) 课的测试…") }
        return Text(en: "Running the tests of lessons \(numbers)…", zh: "正在运行第 \(numbersZh) 课的测试…")
    }

    /// `Lesson 03 does not compile: running the others with its stub in its place (.build/kata-shadow)…`
    static func notCompiling(_ numbers: [Int]) -> Text {
        let padded = numbers.map(Lesson.paddedNumber), list = padded.joined(separator: ", ")
        let zh = "第 \(padded.joined(separator: "、")) 课编译不通过：先用占位代码顶替，运行其他课程（`.build/kata-shadow`）…"
        if numbers.count == 1 {
            return Text(en: "Lesson \(list) does not compile: running the others with its stub in its place (.build/kata-shadow)…", zh: zh)
        }
        return Text(en: "Lessons \(list) do not compile: running the others with their stubs in its place (.build/kata-shadow)…", zh: zh)
    }

    /// The compiler's errors, grouped by the lesson they belong to: those in its exercise file, and
    /// those in its test suite (a changed signature breaks the tests that call it).
    static func brokenLessons(in errors: [String]) -> [Int: [String]] {
        var broken: [Int: [String]] = [:]
        for line in errors {
            guard
                let lesson = Catalog.lessons.first(where: {
                    line.hasPrefix($0.exerciseFile + ":") || line.hasPrefix("Tests/LessonTests/Lesson\($0.paddedNumber)")
                })
            else { continue }
            broken[lesson.number, default: []].append(line)
        }
        return broken
    }

    /// A copy of the student's package (`.build/kata-shadow/package`) in which each lesson of
    /// `broken` has its original stub (`Stubs/`), built. A lesson found not to compile on the way (its errors
    /// were hidden behind the first ones) joins `broken`.
    static func shadowRunner(_ context: Context, broken: inout [Int: [String]]) throws -> TestRunner {
        let folder = context.path(".build/kata-shadow")
        var runner = TestRunner(packagePath: folder + "/package", scratch: folder + "/build", target: .exercises)
        runner.echoBuild = false
        while true {
            var files: [String: String] = [:]
            for item in ["Package.swift", "Sources", "Tests", "Exercises", "Solutions"] { PristinePackage.collect(context.root, item, into: &files) }
            for number in broken.keys {
                let lesson = Catalog.lesson(number)!
                _ = try Stubs.original(of: lesson, root: context.root)   // missing: say so, not a build error
                files[lesson.exerciseFile] = context.path(lesson.stubFile)
            }
            try PristinePackage.sync(files, into: runner.packagePath)
            do {
                try runner.build(fresh: Catalog.lessons.map(\.exerciseFile))
                return runner
            } catch let failure as BuildFailure {
                let more = brokenLessons(in: failure.errors).filter { broken[$0.key] == nil }
                guard !more.isEmpty else { throw failure }
                broken.merge(more) { old, _ in old }
            }
        }
    }
}
