/// What `kata hint` prints around the lesson's hints, in both languages.
public enum HintText {
    /// `Lesson 06 — Timer skip on overrun` / `第 06 课 — 定时器错过就跳过`.
    public static func heading(_ lesson: Lesson) -> Text {
        lesson.headingText
    }

    /// The label before hint `number` of `count`.
    public static func label(_ number: Int, of count: Int) -> Text {
        Text(en: "Hint \(number)/\(count)  ", zh: "提示 \(number)/\(count)  ")
    }

    public static func none(_ lesson: Lesson) -> Text {
        Text(
            en: "Lesson \(lesson.paddedNumber) has no hints; its page is \(lesson.pagePath).",
            zh: "第 \(lesson.paddedNumber) 课没有提示；课程页面是 \(code: lesson.pagePathZh)。")
    }

    public static func last(_ lesson: Lesson) -> Text {
        Text(
            en: "That was the last hint. The page explains the behaviour in full: \(lesson.pagePath)",
            zh: "这是最后一条提示了。课程页面把这个行为讲得很完整：\(code: lesson.pagePathZh)")
    }

    public static func more(_ lesson: Lesson, next: Int) -> Text {
        Text(
            en: "Ask again for hint \(next): `swift run kata hint \(lesson.number)`",
            zh: "想看提示 \(next)，再运行一次：`swift run kata hint \(lesson.number)`")
    }

    /// One of each, for the test that both languages are there.
    public static var all: [Text] {
        let lesson = Lesson.lesson06
        return [heading(lesson), label(1, of: 3), none(lesson), last(lesson), more(lesson, next: 2)]
    }
}
