import Foundation
import KataCore

extension Commands {
    /// `kata practice N [--seed S] [--count K]`: lesson N's generated scenarios — each run with
    /// the student's code and with the reference engine, the first that differs shrunk and shown
    /// side by side — from other seeds, and as many as asked, than the lesson test's fixed ones.
    ///
    /// Runs only the lesson's practice tests (named `generated…`, see
    /// `Tests/LessonTests/Support/Practice.swift`) with `KATA_PRACTICE_SEED` and
    /// `KATA_PRACTICE_COUNT` set, in kata's own build of the Exercises. Its result is not the
    /// lesson's: `.kata/results.json` keeps the whole lesson's.
    static func practice(_ context: Context, lesson: Lesson, seed: UInt64?, count: Int?) throws -> Int32 {
        let style = context.style
        let seed = seed ?? UInt64.random(in: 1...999_999)
        let count = count ?? PracticeRun.defaultCount
        var runner = context.runner(.exercises)
        if runner.isFirstBuild {
            print(
                style.dim(
                    Text(
                        en: "Building the lessons in .build/kata-exercises — the first time takes a few minutes…",
                        zh: "正在 `.build/kata-exercises` 里编译课程，第一次需要几分钟…"
                    ).localized))
        }
        try runner.build(fresh: Catalog.lessons.map(\.exerciseFile))
        runner.tests = PracticeRun.testPrefix
        runner.environment = PracticeRun.environment(seed: seed, count: count)
        runner.stallLimit = max(runner.stallLimit, PracticeRun.secondsAllowed(count: count))
        print(style.dim(PracticeRun.running(lesson, seed: seed, count: count).localized))
        let result = try runner.run([lesson]).result(for: lesson)
        print("")
        for line in PracticeRun.describe(result, seed: seed, count: count, style: style) { print(line) }
        return result.status == .solved ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
    }
}

/// What `kata practice` runs and how it says what it found.
enum PracticeRun {
    /// Scenarios run when `--count` is not given: several times what a lesson test runs.
    static let defaultCount = 500
    /// The most `--count` takes: about a minute of scenarios.
    static let largestCount = 5000
    /// The names of a lesson's practice tests begin with this (`generatedScenarios()`).
    static let testPrefix = "generated"

    /// What the practice tests read (`PracticeSeeds` in the lesson tests).
    static func environment(seed: UInt64, count: Int) -> [String: String] {
        ["KATA_PRACTICE_SEED": String(seed), "KATA_PRACTICE_COUNT": String(count)]
    }

    /// How long a run of `count` scenarios may go without a word from the test process.
    static func secondsAllowed(count: Int) -> Double { 30 + Double(count) / 20 }

    static func running(_ lesson: Lesson, seed: UInt64, count: Int) -> Text {
        Text(
            en: "Running lesson \(lesson.paddedNumber)'s generated scenarios: \(count) from seed \(seed)…",
            zh: "正在运行第 \(lesson.paddedNumber) 课自动生成的场景：从种子 \(seed) 开始，共 \(count) 个…")
    }

    /// The screen: a line that says how it went, then, when a scenario differs, what the test
    /// said (its steps, the side-by-side table, the hint, the line that runs it again).
    static func describe(_ result: LessonResult, seed: UInt64, count: Int, style: Style) -> [String] {
        let lesson = result.lesson
        let heading = style.bold(Text(en: "Practice: ", zh: "练习：").localized) + lesson.headingText.localized
        switch result.status {
        case .solved:
            return [
                heading, "",
                "  "
                    + style.green(
                        Text(
                            en: "✔ All \(count) scenarios from seed \(seed) run as on the reference engine.",
                            zh: "✔ 从种子 \(seed) 开始的 \(count) 个场景，运行结果都和参考实现一致。"
                        ).localized),
                style.dim(
                    Text(
                        en: "  More: swift run kata practice \(lesson.number) --seed \(seed &+ UInt64(count)) --count \(count)",
                        zh: "  再多试一些：`swift run kata practice \(lesson.number) --seed \(seed &+ UInt64(count)) --count \(count)`"
                    ).localized),
            ]
        case .noTests:
            return [
                heading, "",
                "  "
                    + style.yellow(
                        Text(
                            en:
                                "Lesson \(lesson.paddedNumber) has no generated scenarios yet: its own tests are all it has (swift test --filter Lesson\(lesson.paddedNumber)Tests).",
                            zh: "第 \(lesson.paddedNumber) 课还没有自动生成的场景：它只有自己的测试（`swift test --filter Lesson\(lesson.paddedNumber)Tests`）。"
                        ).localized),
            ]
        default:
            var out = [heading, ""]
            for line in result.failureLines.prefix(3) { out += Style.wrap(line, width: 88, indent: "      ", first: "    " + style.red("✘ ")) }
            if let (_, detail) = result.firstDetail {
                out.append("")
                out += Commands.detailLines(detail, style: style)
            }
            return out
        }
    }
}
