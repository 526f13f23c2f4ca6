import Foundation
import RunLoopEngine

/// Every question of `kata quiz`, numbered 1… in the order of the course.
public enum QuizBank {
    public static let all: [QuizQuestion] =
        (lesson01 + lesson02 + lesson03 + lesson04 + lesson05 + lesson06 + lesson07
        + lesson08 + lesson09 + lesson10 + lesson11 + lesson12 + lesson13 + lesson14
        + lesson15 + lesson16 + lesson17 + lesson18 + lesson19).sorted { $0.number < $1.number }

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
