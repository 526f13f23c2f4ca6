import Testing

/// The differential practice itself, on toy scenarios whose answer is known: it finds the first
/// seed that differs, shrinks it to the step that matters, simplifies that step, ignores what the
/// reference refuses, counts a student's error as a difference, and shows a long trace cut short.
@Suite("Practice: generated scenarios found, shrunk and shown")
struct PracticeTests {
    /// A toy step: a number, simpler when halved.
    struct Number: Sendable, CustomStringConvertible, SimplifiableStep {
        let value: Int
        var description: String { "\(value)" }
        var simpler: [Number] { value > 1 ? [Number(value: value / 2)] : [] }
    }

    /// A toy practice: the reference lists each step's value; the "student" gets every value
    /// of 40 or more wrong, and throws on 999; the reference refuses a 13.
    static func toy(count: Int = 20) -> Practice<Number> {
        Practice(lesson: 6, count: count, hint: Text(en: "toy", zh: "玩具")) { random in
            (0..<random.int(3...9)).map { _ in Number(value: random.int(1...60)) }
        } run: { steps, side in
            struct Refused: Error {}
            if side == .reference && steps.contains(where: { $0.value == 13 }) { throw Refused() }
            if side == .student && steps.contains(where: { $0.value == 999 }) { throw Refused() }
            return steps.map { side == .student && $0.value >= 40 ? "\($0.value + 1)" : "\($0.value)" }
        }
    }

    @Test("The first seed that differs is shrunk to one step, made as simple as it stays wrong")
    func shrinks() throws {
        let practice = Self.toy()
        let found = try #require(practice.firstDifference(Array(1...200)))
        let scenario = practice.scenario(seed: found.seed)
        #expect(scenario.contains { $0.value >= 40 } && !scenario.contains { $0.value == 13 })
        #expect(found.generated == scenario.count)
        // One step left, halved while it stays 40 or more: between 40 and 79, and its half below 40.
        #expect(found.steps.count == 1)
        #expect((40...79).contains(found.steps[0].value), "\(found.steps)")
        #expect(found.expected == ["\(found.steps[0].value)"] && found.actual == ["\(found.steps[0].value + 1)"])
        // No earlier seed differs (except where the reference refuses).
        for seed in 1..<found.seed {
            let steps = practice.scenario(seed: seed)
            #expect(!steps.contains { $0.value >= 40 } || steps.contains { $0.value == 13 }, "seed \(seed): \(steps)")
        }
    }

    @Test("Same runs, a scenario the reference refuses, and a student's error")
    func differences() {
        let practice = Self.toy()
        #expect(practice.difference([Number(value: 3), Number(value: 39)]) == nil)
        #expect(practice.difference([Number(value: 13), Number(value: 50)]) == nil, "the reference refuses it: not used")
        let thrown = practice.difference([Number(value: 999)])
        #expect(thrown?.expected == ["999"] && thrown?.actual.first?.hasPrefix("(") == true, "\(String(describing: thrown))")
        #expect(practice.firstDifference((1...200).filter { practice.scenario(seed: $0).allSatisfy { $0.value < 40 } }) == nil)
    }

    @Test("The seeds: fixed, or those kata practice asks for")
    func seeds() {
        #expect(PracticeSeeds.chosen(defaultCount: 3, environment: [:]) == [1, 2, 3])
        #expect(PracticeSeeds.chosen(defaultCount: 3, environment: ["KATA_PRACTICE_SEED": "42", "KATA_PRACTICE_COUNT": "2"]) == [42, 43])
        #expect(PracticeSeeds.chosen(defaultCount: 3, environment: ["KATA_PRACTICE_SEED": "\(UInt64.max)", "KATA_PRACTICE_COUNT": "2"]) == [.max, 0])
        #expect(PracticeSeeds.chosen(defaultCount: 3, environment: ["KATA_PRACTICE_COUNT": "0"]) == [1])
    }

    @Test("The table stops a few lines after the first that differs and says how many more, in both languages")
    func table() {
        let expected = (1...30).map { Text.verbatim("line \($0)") }
        var actual = expected
        actual[9] = .verbatim("line ten")
        func table(_ expected: [Text], _ actual: [Text], in language: Language) -> String {
            PracticeText.comparison(expected: expected, actual: actual).lines(in: language).map(\.text).joined(separator: "\n")
        }
        for language in Language.allCases {
            let table = table(expected, actual, in: language)
            let lines = table.split(separator: "\n")
            #expect(lines.count == 2 + 10 + PracticeText.linesAfterTheFirstDifference + 1, "\(table)")
            #expect(lines.contains { $0.hasPrefix("✗ 10") })
            #expect(lines.last?.contains("16") == true, "30 − 14 lines left out: \(table)")
            #expect(table.contains("line 14") && !table.contains("line 15"))
            #expect(lines.last?.contains(HarnessText.moreRows(16).in(language).trimmingCharacters(in: .whitespaces)) == true)
        }
        // Near the end nothing is cut; a longer actual trace counts its extra lines.
        actual[9] = .verbatim("line 10")
        actual[27] = .verbatim("wrong")
        #expect(!table(expected, actual, in: .en).contains("…"))
        let longer = table([.verbatim("a")], ["a", "b", "c", "d", "e", "f", "g", "h"].map(Text.verbatim), in: .en)
        #expect(longer.hasSuffix(HarnessText.moreRows(2).en), "\(longer)")
    }

    @Test("While it searches, the hang guard knows which seed runs, and counts every scenario run")
    func hangGuardFollowsTheSearch() throws {
        let practice = Self.toy()
        let found = try #require(practice.firstDifference(Array(1...200)))
        #expect(practice.hangGuard.step == PracticeText.running(lesson: "06", seed: found.seed, shrinking: true))
        #expect(practice.hangGuard.runs > Int(found.seed), "a run for each seed before it, then the shrinking's: \(practice.hangGuard.runs)")
    }

    @Test("A body that keeps starting runs outlasts the harness's time limit; one that stops is ended, its step named")
    func hangGuardStartsAgainWithEachRun() async throws {
        let hangGuard = HangGuard()
        // Runs of 10 ms for 3 s, under a limit of 1 s for each: the limit is never reached.
        let runs = try await Harness.attempt(lesson: 0, timeout: 1, hangGuard: hangGuard) { () -> Int in
            let start = monotonicSeconds(), pause = Latch()
            var runs = 0
            while monotonicSeconds() - start < 3 {
                hangGuard.runsAgain()
                runs += 1
                _ = pause.wait(timeout: 0.01)
            }
            return runs
        }
        #expect(runs > 1)

        let stuck = HangGuard(), release = Latch()
        defer { release.open() }
        let first = Text(en: "It was running step A.", zh: "当时正在运行第 A 步。"), second = Text(en: "It was running step B.", zh: "当时正在运行第 B 步。")
        await #expect {
            try await Harness.attempt(lesson: 0, timeout: 0.2, hangGuard: stuck) {
                stuck.starts(first)
                stuck.starts(second)
                _ = release.wait(timeout: nil)
            }
        } throws: { error in
            let description = String(describing: error)
            return error is Harness.Failure && description.contains(second.localized) && !description.contains(first.localized)
        }
    }

    @Test("Numbers of seconds read as a person writes them")
    func numbers() {
        #expect(PracticeText.number(0.0013700000000000001) == "0.00137")
        #expect(PracticeText.number(1.0 / 60) == "0.016666667")
        #expect(PracticeText.number(0.1 + 0.2) == "0.3")
        #expect(PracticeText.number(2) == "2")
        #expect(PracticeText.number(-0.0) == "0")
        #expect(PracticeText.number(86_400.0137) == "86400.0137")
        #expect(PracticeText.number(1e10) == "1e+10")
        #expect(PracticeText.seconds(0.25).en == "0.25 s" && PracticeText.seconds(0.25).zh == "0.25 秒")
    }
}
