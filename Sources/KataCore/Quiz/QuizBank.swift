import Foundation
import RunLoopEngine

/// Every question of `kata quiz`: each lesson's questions (``CourseLesson/all``, from its bank file
/// `Bank/QuizLessonNN.swift`), in the order of their numbers. A number is a question's name for
/// good (`kata quiz N`, the progress file): a new question takes the next free one, and no other
/// question is renumbered.
public enum QuizBank {
    public static let all: [QuizQuestion] = CourseLesson.all.flatMap(\.questions).sorted { $0.number < $1.number }

    /// Question `number`, if any.
    public static func question(_ number: Int) -> QuizQuestion? {
        all.first { $0.number == number }
    }

    /// The questions of `lesson`.
    public static func questions(of lesson: Int) -> [QuizQuestion] {
        all.filter { $0.lesson == lesson }
    }
}

/// A one-line answer from a fact the run observed: `choose(loop.isWaiting, "yes", "no")`.
func choose(_ condition: Bool, _ whenTrue: String, _ whenFalse: String) -> [String] {
    [condition ? whenTrue : whenFalse]
}

/// Waits up to 5 s (real time) for `condition`, looking every millisecond: how a scenario on
/// two threads waits until the other thread's loop sleeps.
func waitUntil(_ condition: () -> Bool) -> Bool {
    for _ in 0..<5000 {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.001)
    }
    return condition()
}
