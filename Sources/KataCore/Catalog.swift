/// Every lesson, in order. Each lesson's entry lives in `Lessons/LessonNN.swift` beside this file.
public enum Catalog {
    public static let lessons: [Lesson] = [
        .lesson01, .lesson02, .lesson03, .lesson04, .lesson05, .lesson06, .lesson07,
        .lesson08, .lesson09, .lesson10, .lesson11, .lesson12, .lesson13, .lesson14,
    ]

    /// The lesson with this number, if there is one.
    public static func lesson(_ number: Int) -> Lesson? {
        lessons.first { $0.number == number }
    }
}
