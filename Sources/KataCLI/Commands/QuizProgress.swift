import Foundation
import KataCore
import RunLoopEngine

/// What `kata quiz` remembers in the progress file.
struct QuizProgress: Codable, Equatable {
    /// Each question answered: whether the last answer was right.
    var answered: [Int: Bool] = [:]
    /// Each interview: when, the score, the lessons to revisit.
    var interviews: [Interview] = []

    /// Only the questions the bank has (a file from another version may name others).
    func clamped(to questions: Set<Int>) -> QuizProgress {
        var result = self
        result.answered = answered.filter { questions.contains($0.key) }
        return result
    }

    struct Interview: Codable, Equatable {
        var date: String
        var questions: [Int]
        var score: Int
        var seed: UInt64
        var revisit: [Int]
    }
}

extension Progress {
    mutating func recordQuiz(_ number: Int, correct: Bool) {
        var quiz = self.quiz ?? QuizProgress()
        quiz.answered[number] = correct
        self.quiz = quiz
    }
}
