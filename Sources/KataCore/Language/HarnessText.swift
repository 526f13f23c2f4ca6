import RunLoopEngine

/// What the lesson tests print around the student's code, in both languages: the stub's line,
/// the time limit, a thrown error, and the side-by-side trace's titles.
public enum HarnessText {
    /// The one line a stub gives: `Lesson 06 is not solved yet: write F in Exercises/…`.
    public static func notSolved(lesson: String, function: String, file: String) -> Text {
        Text(
            en: "Lesson \(lesson) is not solved yet: write \(function) in \(file)",
            zh: "第 \(lesson) 课还没有完成：请在 \(code: file) 中写出 \(code: function)")
    }

    /// The student's code threw `error`.
    public static func threw(lesson: String, error: String) -> Text {
        Text(
            en: "Lesson \(lesson): \(error)",
            zh: "第 \(lesson) 课：\(error)")
    }

    /// Any error as a student reads it: a `LoopError` in the chosen language, anything else as
    /// it describes itself.
    public static func describe(_ error: any Error) -> String {
        (error as? LoopError)?.text.localized ?? "\(error)"
    }

    /// The student's code did not return within `seconds`; `advice` says where to look.
    public static func timedOut(lesson: String, seconds: Int, advice: String) -> Text {
        Text(
            en: "Lesson \(lesson): your code did not return within \(seconds) s — \(advice)",
            zh: "第 \(lesson) 课：你的代码在 \(seconds) 秒内没有返回 —— \(advice)")
    }

    /// What to look for when the code does not return, unless the test knows better.
    public static let stuckAdvice = Text(
        en: "look for a loop that never ends, a wait with no time limit, or a run that nothing stops",
        zh: "看看有没有永远不结束的循环、没有超时的等待，或者没有任何东西去停止的运行")

    /// The line above the side-by-side traces.
    public static let mismatch = Text(
        en: "The loop did something else than expected:",
        zh: "RunLoop 的行为和期望的不一样：")

    /// The left column's default title.
    public static let expectedTitle = Text(en: "expected (the reference engine)", zh: "期望（参考实现）")
    /// The left column's short title.
    public static let expected = Text(en: "expected", zh: "期望")
    /// The right column's title.
    public static let actualTitle = Text(en: "actual (your code)", zh: "实际（你的代码）")

    /// The line under a comparison cut short: how many rows are left out.
    public static func moreRows(_ count: Int) -> Text {
        Text(en: "     … \(count) more line\(count == 1 ? "" : "s")", zh: "     …… 还有 \(count) 行")
    }

    /// The label before the test's hint, with the space that follows it in English (a
    /// full-width colon needs none).
    public static let hint = Text(en: "Hint: ", zh: "提示：")

    /// The clauses of the stub a failing test holds (`§3 §4`), for the student to find the
    /// sentence they broke.
    public static func promise(_ clauses: [String]) -> Text {
        let ids = clauses.joined(separator: " ")
        return Text(
            en: "The promise\(clauses.count == 1 ? "" : "s") this test holds: \(ids) in the doc comments of your exercise.",
            zh: "这个测试守的约定：你的练习文件文档注释里的 \(ids)。")
    }

    /// Every fixed string above and one of each function's, for the test that both languages are there.
    public static var all: [Text] {
        [
            notSolved(lesson: "06", function: "f()", file: "Exercises/x.swift"),
            threw(lesson: "06", error: "e"),
            timedOut(lesson: "06", seconds: 5, advice: "a"),
            stuckAdvice, mismatch, expectedTitle, expected, actualTitle, moreRows(1), moreRows(2), hint, promise(["§1"]), promise(["§1", "§2"]),
        ]
    }
}
