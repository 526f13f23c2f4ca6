import Foundation
import RunLoopEngine
import TestSupport
import Testing
@testable import KataCLI
@testable import KataCore

/// What the quiz suites share: the package root, the engine's answers, a wrong answer and how
/// a learner types one.
enum QuizFixture {
    /// The package root, from this file's path.
    static let packageRoot = PackageRoot.path

    /// The engine's answer to each question, run once for the whole suite.
    static let referenceAnswers: [Int: [String]] = {
        var answers: [Int: [String]] = [:]
        for question in QuizBank.all { answers[question.number] = question.run().answer }
        return answers
    }()

    /// A wrong answer of the question's form: another option, one more time, one more word.
    static func wrongAnswer(to question: QuizQuestion, _ right: [String]) -> [String] {
        switch question.form {
        case .choice(let choices): [choices.first { $0.value != right.first }?.value ?? "?"]
        case .times: right + ["99999"]
        case .order(let words): right + [words[0]]
        case .several(let choices):
            // One option more or one fewer: the first option's verdict turned round.
            right.contains(choices[0].value)
                ? right.filter { $0 != choices[0].value } : choices.map(\.value).filter { $0 == choices[0].value || right.contains($0) }
        }
    }

    /// What a learner types for `answer`.
    static func typed(_ question: QuizQuestion, _ answer: [String]) -> String {
        switch question.form {
        case .choice(let choices): choices.firstIndex { $0.value == answer.first }.map(QuizQuestion.letter) ?? "?"
        case .several(let choices):
            answer.isEmpty ? "none" : answer.compactMap { value in choices.firstIndex { $0.value == value }.map(QuizQuestion.letter) }.joined(separator: ", ")
        case .order, .times: answer.isEmpty ? "none" : answer.joined(separator: ", ")
        }
    }
}
