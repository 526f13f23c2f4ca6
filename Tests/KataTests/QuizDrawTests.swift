import Foundation
import KataCore
import Testing
@testable import KataCLI

/// The interview's draw: one question per lesson, a senior sitting that leans on ★★★ and on the
/// kinds beyond a prediction, and sittings of different seeds that share few questions. Each
/// property is also held against the draw it replaced (three of ★, four of ★★, three of ★★★,
/// drawn from each level's pool at random), which broke it, so that the check can fail.
@Suite("kata quiz --interview: the draw covers the course", .inEnglish)
struct QuizDrawTests {
    /// The draw this one replaced, over the bank it drew from (questions 1–62): per level, that
    /// level's whole pool shuffled.
    static func replacedDraw(seed: UInt64) -> [QuizQuestion] {
        var generator = SeededGenerator(seed: seed)
        var drawn: [QuizQuestion] = []
        for (level, count) in [(Lesson.Level.one, 3), (.two, 4), (.three, 3)] {
            let pool = QuizBank.all.filter { $0.number <= 62 && Catalog.lesson($0.lesson)?.level == level }
            drawn += pool.shuffled(using: &generator).prefix(count).sorted { $0.number < $1.number }
        }
        return drawn
    }

    static func shared(_ a: [QuizQuestion], _ b: [QuizQuestion]) -> [Int] {
        Set(a.map(\.number)).intersection(b.map(\.number)).sorted()
    }

    static let seeds: [UInt64] = Array(0..<200)

    @Test("Ten questions from ten lessons, at every level and seed (the replaced draw gave seed 5 three of lesson 17)", arguments: QuizLevel.allCases)
    func onePerLesson(level: QuizLevel) {
        for seed in Self.seeds {
            let drawn = QuizSession.draw(seed: seed, level: level)
            #expect(drawn.count == 10 && Set(drawn.map(\.lesson)).count == 10, "seed \(seed), \(level): lessons \(drawn.map(\.lesson))")
            #expect(drawn.map(\.number) == QuizSession.draw(seed: seed, level: level).map(\.number), "the same seed draws the same ten")
        }
        let old = Self.replacedDraw(seed: 5)
        #expect(Set(old.map(\.lesson)).count < 10, "the replaced draw gave seed 5 two questions of one lesson: \(old.map(\.number))")
    }

    @Test("A senior sitting: mostly ★★★, a which-fix or which-tool question, and at least three beyond a prediction, at every seed")
    func seniorWeighs() {
        let stars = { (drawn: [QuizQuestion]) in drawn.filter { Catalog.lesson($0.lesson)?.level == .three }.count }
        var seniorThree = 0, mixedThree = 0, oldBeyond = 0
        for seed in Self.seeds {
            let senior = QuizSession.draw(seed: seed, level: .senior)
            let beyond = senior.filter(\.asksBeyondPrediction)
            #expect(beyond.count >= 3, "seed \(seed): only \(beyond.map(\.number)) ask beyond a prediction")
            #expect(senior.contains { $0.candidates != nil }, "seed \(seed): no which-fix or which-tool question in \(senior.map(\.number))")
            seniorThree += stars(senior)
            mixedThree += stars(QuizSession.draw(seed: seed, level: .mixed))
            oldBeyond += Self.replacedDraw(seed: seed).filter(\.asksBeyondPrediction).count >= 3 ? 1 : 0
        }
        #expect(mixedThree == 3 * Self.seeds.count, "a mixed sitting has three of ★★★")
        #expect(Double(seniorThree) / Double(Self.seeds.count) >= 5, "a senior sitting averages \(Double(seniorThree) / Double(Self.seeds.count)) of ★★★")
        #expect(oldBeyond < Self.seeds.count, "the replaced draw has sittings with fewer than three beyond a prediction")
    }

    @Test("Seeds 5 and 42 share at most two questions, at every level (the replaced draw: three, 6, 24 and 31)", arguments: QuizLevel.allCases)
    func fewShared(level: QuizLevel) {
        let shared = Self.shared(QuizSession.draw(seed: 5, level: level), QuizSession.draw(seed: 42, level: level))
        #expect(shared.count <= 2, "\(level): seeds 5 and 42 share \(shared)")
        #expect(Self.shared(Self.replacedDraw(seed: 5), Self.replacedDraw(seed: 42)).count > 2)
    }

    @Test(
        "Consecutive seeds share at most one question (a senior sitting three: its questions beyond a prediction are fewer): each lesson's come by turns",
        arguments: QuizLevel.allCases)
    func nearbySeeds(level: QuizLevel) {
        let most = level == .senior ? 3 : 1
        var oldWorst = 0
        for seed in Self.seeds {
            let shared = Self.shared(QuizSession.draw(seed: seed, level: level), QuizSession.draw(seed: seed + 1, level: level))
            #expect(shared.count <= most, "\(level): seeds \(seed) and \(seed + 1) share \(shared)")
            oldWorst = max(oldWorst, Self.shared(Self.replacedDraw(seed: seed), Self.replacedDraw(seed: seed + 1)).count)
        }
        #expect(oldWorst > most, "the replaced draw's consecutive seeds share up to \(oldWorst)")
    }

    @Test("By turns: seeds s … s+k−1 draw each of a k-question lesson's questions once")
    func byTurns() {
        for lesson in Catalog.lessons {
            let questions = QuizBank.questions(of: lesson.number)
            let taken = (0..<UInt64(questions.count)).map { QuizSession.ring(questions, seed: 7 + $0, lesson: lesson.number).number }
            #expect(Set(taken) == Set(questions.map(\.number)), "lesson \(lesson.number): \(taken)")
        }
    }
}
