import Foundation
import Testing

/// Differential practice: scenarios generated from seeds, each run once with the student's
/// mechanism and once with the reference engine, their traces compared. The first scenario
/// whose traces differ is shrunk (steps are dropped while the difference stays) and shown as
/// the usual side-by-side timeline, with its steps and its seed.
///
///     @Test("Generated timer scenarios", .timeLimit(.minutes(1)))
///     func generated() async throws {
///         try await Practice(lesson: 6, hint: …) { random in
///             (0..<random.int(1...4)).map { _ in TimerStep.random(&random) }
///         } run: { steps, side in
///             try Kata.trace(side == .student ? student : .reference, .all) { loop, clock in … }
///         }.check()
///     }
///
/// A scenario's steps must make sense with any of them left out (shrinking drops steps): a step
/// that needs an earlier one does nothing without it. A scenario the reference engine refuses
/// (it throws) is not used.
struct Practice<Step: Sendable & CustomStringConvertible>: Sendable {
    /// Whose mechanism a run uses.
    enum Side: Sendable { case student, reference }

    let lesson: Int
    /// What to tell the student when a generated scenario goes wrong.
    let hint: Text
    /// How many scenarios the lesson test runs when no count is asked for.
    let count: Int
    /// Makes one scenario.
    let generate: @Sendable (inout SeededGenerator) -> [Step]
    /// Runs one scenario on one side; returns the lines to compare (a trace, usually).
    let run: @Sendable (_ steps: [Step], _ side: Side) throws -> [String]

    init(lesson: Int, count: Int = 100, hint: Text,
         generate: @escaping @Sendable (inout SeededGenerator) -> [Step],
         run: @escaping @Sendable (_ steps: [Step], _ side: Side) throws -> [String]) {
        self.lesson = lesson
        self.count = count
        self.hint = hint
        self.generate = generate
        self.run = run
    }

    /// The scenario of `seed`.
    func scenario(seed: UInt64) -> [Step] {
        var random = SeededGenerator(seed: seed)
        return generate(&random)
    }

    /// Runs the scenarios of `seeds` (by default the fixed ones, or those `kata practice` asks
    /// for) and records one issue for the first that differs, shrunk.
    func check(seeds: [UInt64]? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let seeds = seeds ?? PracticeSeeds.chosen(defaultCount: count)
        let practice = self
        // One thread for the whole search, shrinking included: the student's code runs off the
        // test pool, under one time limit.
        guard let found = try await Kata.attempt(lesson: lesson, timeout: 10, { practice.firstDifference(seeds) }) else { return }
        let table = LoopTrace.sideBySide(expected: found.expected, actual: found.actual,
                                         expectedTitle: HarnessText.expectedTitle.localized,
                                         actualTitle: HarnessText.actualTitle.localized)
        let stepLines = found.steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        let header = PracticeText.differs(seed: found.seed, steps: found.steps.count, generated: found.generated).localized
        let again = PracticeText.runAgain(lesson: Lesson.paddedNumber(lesson), seed: found.seed).localized
        Issue.record(Comment(rawValue: """
            \(Kata.testName)\(header)
            \(stepLines)
            \(table)
            \(HarnessText.hint.localized)\(hint.localized)
            \(again)
            """), sourceLocation: sourceLocation)
    }

    /// A scenario whose traces differ, shrunk, with both traces.
    struct Difference: Sendable {
        let seed: UInt64
        let generated: Int
        let steps: [Step]
        let expected: [String]
        let actual: [String]
    }

    /// The first seed whose scenario the student's code runs differently, shrunk; nil if none.
    func firstDifference(_ seeds: [UInt64]) -> Difference? {
        for seed in seeds {
            let steps = scenario(seed: seed)
            guard differs(steps) else { continue }
            let small = shrink(steps)
            let actual: [String]
            do { actual = try run(small, .student) } catch { actual = ["(\(HarnessText.describe(error)))"] }
            return Difference(seed: seed, generated: steps.count, steps: small,
                              expected: (try? run(small, .reference)) ?? [], actual: actual)
        }
        return nil
    }

    /// The smallest scenario found, by dropping runs of steps (halves, then quarters, … then
    /// single steps) while the student's trace still differs from the reference's.
    func shrink(_ steps: [Step]) -> [Step] {
        var current = steps
        var chunk = max(current.count / 2, 1)
        while chunk >= 1 {
            var start = 0
            var droppedAny = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if differs(candidate) { current = candidate; droppedAny = true } else { start += chunk }
            }
            if !droppedAny || chunk == 1 { chunk /= 2 }
        }
        return current
    }

    /// True if the student's run of `steps` differs from the reference's (a scenario the
    /// reference refuses does not count; a student's run that throws differs).
    func differs(_ steps: [Step]) -> Bool {
        guard let expected = try? run(steps, .reference) else { return false }
        return (try? run(steps, .student)) != expected
    }
}

/// The seeds a practice runs: fixed, so a lesson test is deterministic, unless `kata practice`
/// asks for others through `KATA_PRACTICE_SEED` (the first seed) and `KATA_PRACTICE_COUNT`.
enum PracticeSeeds {
    static func chosen(defaultCount: Int, environment: [String: String] = ProcessInfo.processInfo.environment) -> [UInt64] {
        let first = environment["KATA_PRACTICE_SEED"].flatMap { UInt64($0) } ?? 1
        let count = environment["KATA_PRACTICE_COUNT"].flatMap { Int($0) }.map { max($0, 1) } ?? defaultCount
        return (0..<UInt64(count)).map { first &+ $0 }
    }
}

/// What a practice prints, in both languages.
enum PracticeText {
    static func differs(seed: UInt64, steps: Int, generated: Int) -> Text {
        Text(en: "A generated scenario (seed \(seed), shrunk from \(generated) steps to \(steps)) runs differently with your code:",
             zh: "一个自动生成的场景（种子 \(seed)，从 \(generated) 步缩减到 \(steps) 步）用你的代码运行，结果不一样：")
    }

    static func runAgain(lesson: String, seed: UInt64) -> Text {
        Text(en: "Run this scenario again: swift run kata practice \(lesson) --seed \(seed) --count 1",
             zh: "再运行这个场景：swift run kata practice \(lesson) --seed \(seed) --count 1")
    }
}
