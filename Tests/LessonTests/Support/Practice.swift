import Foundation
import Testing

/// Differential practice: scenarios generated from seeds, each run once with the student's
/// mechanism and once with the reference engine, their traces compared. The first scenario
/// whose traces differ is shrunk (steps dropped, then simplified, while the difference stays)
/// and shown as the usual side-by-side timeline, cut a few lines after the first line that
/// differs, with its steps, its seed and the `kata practice` line that runs it again. A lesson's
/// practice tests are named `generated…`: `kata practice N` runs those, with the seeds it asks
/// for (``PracticeSeeds``).
///
///     @Test("Generated timer scenarios", .timeLimit(.minutes(1)))
///     func generated() async throws {
///         try await Practice(lesson: 6, hint: …) { random in
///             (0..<random.int(1...4)).map { _ in TimerStep.random(&random) }
///         } run: { steps, side in
///             try Harness.trace(side == .student ? student : .reference, .all) { loop, clock in … }
///         }.check()
///     }
///
/// A scenario's steps must make sense with any of them left out (shrinking drops steps): a step
/// that needs an earlier one does nothing without it. A scenario the reference engine refuses
/// (it throws) is not used. A step that is a ``PracticeStep`` is shown in the student's language;
/// one that is a ``SimplifiableStep`` is also made simpler while shrinking.
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
    /// Where the search has got to: each scenario run restarts the time limit of ``check(seeds:sourceLocation:)``.
    let hangGuard = HangGuard()

    init(
        lesson: Int, count: Int = 100, hint: Text,
        generate: @escaping @Sendable (inout SeededGenerator) -> [Step],
        run: @escaping @Sendable (_ steps: [Step], _ side: Side) throws -> [String]
    ) {
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
        // test pool. Its time limit is a hang guard for each scenario run, not for the batch: a
        // slow machine takes longer over a hundred scenarios, never over one that returns.
        guard
            let found = try await Harness.attempt(lesson: lesson, timeout: 10, hangGuard: hangGuard, { practice.firstDifference(seeds) })
        else { return }
        let comparison = PracticeText.comparison(expected: found.expected.map(Text.verbatim), actual: found.actual.map(Text.verbatim))
        let steps = Text.rendered {
            found.steps.enumerated().map { "  \($0.offset + 1). \(PracticeText.describe($0.element))" }.joined(separator: "\n")
        }
        let header = PracticeText.differs(seed: found.seed, steps: found.steps.count, generated: found.generated)
        let again = PracticeText.runAgain(lesson: Lesson.paddedNumber(lesson), seed: found.seed)
        let record = Harness.report(
            .wrong, lesson: lesson, message: Text(en: header.en + "\n" + steps.en, zh: header.zh + "\n" + steps.zh), comparison: comparison, hint: hint,
            after: again, clauses: [])
        Issue.record(Comment(rawValue: record.printed(in: Language.current)), sourceLocation: sourceLocation)
    }

    /// A scenario whose traces differ, shrunk, with both traces.
    struct Difference: Sendable {
        let seed: UInt64
        let generated: Int
        let steps: [Step]
        let expected: [String]
        let actual: [String]
    }

    /// The two traces of a scenario that runs differently.
    struct Traces: Sendable, Equatable {
        let expected: [String]
        let actual: [String]
    }

    /// The first seed whose scenario the student's code runs differently, shrunk; nil if none.
    /// The traces shown are those of the last run that differed, so a difference that comes and
    /// goes (an order that depends on addresses) is still shown as it was seen.
    func firstDifference(_ seeds: [UInt64]) -> Difference? {
        for seed in seeds {
            let steps = scenario(seed: seed)
            hangGuard.starts(PracticeText.running(lesson: Lesson.paddedNumber(lesson), seed: seed, shrinking: false))
            guard let traces = difference(steps) else { continue }
            hangGuard.starts(PracticeText.running(lesson: Lesson.paddedNumber(lesson), seed: seed, shrinking: true))
            let (small, seen) = shrink(steps, traces)
            return Difference(seed: seed, generated: steps.count, steps: small, expected: seen.expected, actual: seen.actual)
        }
        return nil
    }

    /// The smallest scenario found: runs of steps dropped (halves, then quarters, … then single
    /// steps) while the student's trace still differs from the reference's, then one remaining
    /// step replaced by a simpler form of it (``SimplifiableStep``) where the difference stays;
    /// again until nothing more goes (a few rounds at most: shrinking must stay cheap).
    /// Returns it with its traces.
    func shrink(_ steps: [Step], _ traces: Traces) -> ([Step], Traces) {
        var current = (steps, traces)
        for _ in 0..<8 {
            current = dropSteps(current.0, current.1)
            guard let simpler = simplifyOneStep(current.0) else { break }
            current = simpler
        }
        return current
    }

    /// `steps` with as many steps dropped as can be while the difference stays, and its traces.
    func dropSteps(_ steps: [Step], _ traces: Traces) -> ([Step], Traces) {
        var current = steps, seen = traces
        var chunk = max(current.count / 2, 1)
        while chunk >= 1 {
            var start = 0
            var droppedAny = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if let found = difference(candidate) {
                    (current, seen, droppedAny) = (candidate, found, true)
                } else {
                    start += chunk
                }
            }
            if !droppedAny || chunk == 1 { chunk /= 2 }
        }
        return (current, seen)
    }

    /// `steps` with one step replaced by a simpler form of it that still differs, and its traces;
    /// nil if none does.
    func simplifyOneStep(_ steps: [Step]) -> ([Step], Traces)? {
        for index in steps.indices {
            guard let step = steps[index] as? any SimplifiableStep else { continue }
            for simpler in step.simpler.compactMap({ $0 as? Step }) {
                var candidate = steps
                candidate[index] = simpler
                if let found = difference(candidate) { return (candidate, found) }
            }
        }
        return nil
    }

    /// The traces of `steps` if the student's run differs from the reference's; nil if they
    /// agree. A scenario the reference refuses (it throws) does not count; a student's run that
    /// throws differs, its error as its trace.
    func difference(_ steps: [Step]) -> Traces? {
        hangGuard.runsAgain()
        guard let expected = try? run(steps, .reference) else { return nil }
        let actual: [String]
        do { actual = try run(steps, .student) } catch { actual = ["(\(HarnessText.describe(error)))"] }
        return actual == expected ? nil : Traces(expected: expected, actual: actual)
    }

    /// True if the student's run of `steps` differs from the reference's.
    func differs(_ steps: [Step]) -> Bool { difference(steps) != nil }
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

/// A step of a generated scenario that says itself in the student's language (a step that is not
/// one is shown by its `description`).
protocol PracticeStep {
    var text: Text { get }
}

/// A step with simpler forms of itself (a rounder number, a shorter list), tried while shrinking,
/// each simpler than the step by a measure that can only go down.
protocol SimplifiableStep {
    var simpler: [Self] { get }
}

/// What a practice prints, in both languages.
enum PracticeText {
    /// How many lines of the table to show after the first line that differs.
    static let linesAfterTheFirstDifference = 4

    /// The expected and actual lines side by side, as data, up to a few lines after the first that
    /// differs (a long timer trace is unreadable, and what follows the first difference follows
    /// from it), with how many lines are left out.
    static func comparison(expected: [Text], actual: [Text], after: Int = linesAfterTheFirstDifference) -> HarnessRecord.Comparison {
        let whole = HarnessRecord.Comparison(expected: expected, actual: actual, expectedTitle: HarnessText.expectedTitle, actualTitle: HarnessText.actualTitle)
        let first = whole.firstDifference ?? whole.rows.count
        return HarnessRecord.Comparison(
            expected: expected, actual: actual, expectedTitle: HarnessText.expectedTitle, actualTitle: HarnessText.actualTitle, shown: first + 1 + after)
    }

    /// A step as the student reads it.
    static func describe(_ step: some CustomStringConvertible) -> String {
        (step as? any PracticeStep)?.text.localized ?? step.description
    }

    /// A number of seconds as a person writes it: to the nanosecond the engine counts in, without
    /// the binary noise of a computed `Double` (0.00137, not 0.0013700000000000001; 1/60 is
    /// 0.016666667). Beyond what fits in nanoseconds, in scientific notation (1e+10).
    static func number(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "\(seconds)" }
        guard abs(seconds) < 9e9 else { return String(format: "%g", seconds) }
        var text = String(format: "%.9f", (seconds * 1e9).rounded() / 1e9)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// `number(seconds)` with its unit, in both languages.
    static func seconds(_ seconds: Double) -> Text {
        Text(en: "\(number(seconds)) s", zh: "\(number(seconds)) 秒")
    }

    static func differs(seed: UInt64, steps: Int, generated: Int) -> Text {
        Text(
            en: "A generated scenario (seed \(seed), shrunk from \(generated) steps to \(steps)) runs differently with your code:",
            zh: "一个自动生成的场景（种子 \(seed)，从 \(generated) 步缩减到 \(steps) 步）用你的代码运行，结果不一样：")
    }

    /// What a practice was running when its hang guard fired: the scenario of `seed`, or its
    /// shrinking, and the line that runs it alone.
    static func running(lesson: String, seed: UInt64, shrinking: Bool) -> Text {
        let again = runAgain(lesson: lesson, seed: seed)
        return shrinking
            ? Text(
                en: "It was shrinking the generated scenario of seed \(seed), which runs differently with your code. \(again.en)",
                zh: "当时正在缩减种子 \(seed) 的自动生成场景（它用你的代码运行，结果不一样）。\(again.zh)")
            : Text(
                en: "It was running the generated scenario of seed \(seed). \(again.en)",
                zh: "当时正在运行种子 \(seed) 的自动生成场景。\(again.zh)")
    }

    static func runAgain(lesson: String, seed: UInt64) -> Text {
        Text(
            en: "Run this scenario again: swift run kata practice \(lesson) --seed \(seed) --count 1",
            zh: "再运行这个场景：`swift run kata practice \(lesson) --seed \(seed) --count 1`")
    }
}
