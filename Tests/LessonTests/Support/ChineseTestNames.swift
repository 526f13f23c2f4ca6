/// Each lesson test's name in Chinese, keyed by its English name in `@Test("…")`: Swift Testing
/// can only print the name written in the attribute, so the harness puts the Chinese one at the
/// start of the test's messages (``Kata/testName``). Each lesson's table sits at the end of its
/// `LessonNNTests.swift`; `LessonMessagesTests` checks that every lesson test has its name.
enum ChineseTestNames {
    static let all: [String: String] = [
        lesson01, lesson02, lesson03, lesson04, lesson05, lesson06, lesson07,
        lesson08, lesson09, lesson10, lesson11, lesson12, lesson13, lesson14, lesson15,
    ].reduce(into: [:]) { all, lesson in all.merge(lesson) { first, _ in first } }
}
