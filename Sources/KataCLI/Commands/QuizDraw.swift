import Foundation
import KataCore

/// Which interview `kata quiz --interview` draws (`--level`).
enum QuizLevel: String, Equatable, CaseIterable {
    /// Three questions of ★, four of ★★, three of ★★★.
    case mixed
    /// Lessons of ★★★ weighed three times and ★★ twice a ★; a which-fix or which-tool question,
    /// and at least three that ask beyond a prediction (which fix, which tool, explain).
    case senior
}

extension QuizSession {
    /// Ten questions for an interview, one per lesson, easiest first.
    ///
    /// `seed` picks the lessons, at random. In each lesson it picks the question by turns: the
    /// lesson's questions stand in a ring and seed `s` takes the one `s` steps round it, so seeds
    /// `s` and `s + d` meet the same question of a lesson of `k` questions only when `d` is a
    /// multiple of `k`: sittings with nearby seeds seldom share a question.
    static func draw(seed: UInt64, level: QuizLevel = .mixed) -> [QuizQuestion] {
        var generator = SeededGenerator(seed: seed)
        let lessons = Set(QuizBank.all.map(\.lesson)).sorted()
        let levelOf = { (lesson: Int) in Catalog.lesson(lesson)?.level ?? .one }
        let hasGraded = { (lesson: Int) in QuizBank.questions(of: lesson).contains { $0.candidates != nil } }
        var chosen: [Int]
        switch level {
        case .mixed:
            chosen = []
            for (stars, count) in [(Lesson.Level.one, 3), (.two, 4), (.three, 3)] {
                chosen += lessons.filter { levelOf($0) == stars }.shuffled(using: &generator).prefix(count)
            }
        case .senior:
            // Weighted sampling without replacement (Efraimidis–Spirakis): the largest u^(1/w).
            let keyed = lessons.map { lesson in
                (lesson, pow(Double.random(in: Double.leastNonzeroMagnitude..<1, using: &generator), 1 / Double(levelOf(lesson).rawValue)))
            }
            let ranked = keyed.sorted { $0.1 > $1.1 }.map(\.0)
            chosen = Array(ranked.prefix(10))
            // A lesson with a which-fix or which-tool question among them: the best-ranked such
            // lesson takes the place of the last drawn, if none was.
            if !chosen.contains(where: hasGraded), let graded = ranked.dropFirst(10).first(where: hasGraded) { chosen[9] = graded }
        }
        var drawn = chosen.map { lesson in ring(QuizBank.questions(of: lesson), seed: seed, lesson: lesson) }
        if level == .senior {
            // One the engine grades option by option, from one of the lessons that have some
            // (which, by turns); then at least three beyond a prediction: a lesson that has some
            // takes one of them, by turns, in the order the lessons were drawn.
            let withGraded = chosen.indices.filter { hasGraded(chosen[$0]) }
            if !drawn.contains(where: { $0.candidates != nil }), !withGraded.isEmpty {
                let index = withGraded[Int(seed % UInt64(withGraded.count))]
                drawn[index] = ring(QuizBank.questions(of: chosen[index]).filter { $0.candidates != nil }, seed: seed, lesson: chosen[index])
            }
            for (index, lesson) in chosen.enumerated() where drawn.filter(\.asksBeyondPrediction).count < 3 {
                let beyond = QuizBank.questions(of: lesson).filter(\.asksBeyondPrediction)
                if !drawn[index].asksBeyondPrediction && !beyond.isEmpty { drawn[index] = ring(beyond, seed: seed, lesson: lesson) }
            }
        }
        return drawn.sorted { (levelOf($0.lesson), $0.number) < (levelOf($1.lesson), $1.number) }
    }

    /// The question seed `seed` takes from `questions` (those of `lesson`, in order), by turns.
    static func ring(_ questions: [QuizQuestion], seed: UInt64, lesson: Int) -> QuizQuestion {
        questions[Int((seed &+ UInt64(lesson)) % UInt64(questions.count))]
    }
}

extension QuizQuestion {
    /// A which-fix or which-tool question, or one with an explain follow-up.
    var asksBeyondPrediction: Bool { kinds.contains(where: \.isBeyondPrediction) }
}
