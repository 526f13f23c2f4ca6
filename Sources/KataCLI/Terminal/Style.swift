import Foundation
import KataCore
import TraceViews

/// Colours and shapes for the terminal: colours only on a terminal, never with `NO_COLOR` set.
struct Style {
    var colours: Bool

    static let standard = Style(colours: SystemIO.isTerminal(1) && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)

    func paint(_ text: String, _ code: String) -> String { colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func green(_ text: String) -> String { paint(text, "32") }
    func red(_ text: String) -> String { paint(text, "31") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func dim(_ text: String) -> String { paint(text, "2") }
    func bold(_ text: String) -> String { paint(text, "1") }

    /// `[██████░░░░░░░░]  3/14`
    func bar(_ done: Int, of total: Int, width: Int = 28) -> String {
        let filled = total == 0 ? 0 : done * width / total
        return "[" + green(String(repeating: "█", count: filled)) + dim(String(repeating: "░", count: width - filled)) + "] \(done)/\(total)"
    }

    /// Splits `text` into lines of at most `width` terminal columns (a Chinese character takes
    /// two); the first line starts with `first` (default: `indent`), the others with `indent`.
    /// Lines break where ``LineBreaks`` allows: at a space, or next to a Chinese character.
    static func wrap(_ text: String, width: Int, indent: String, first: String? = nil) -> [String] {
        let indentWidth = visibleWidth(indent)
        let lines = LineBreaks.lines(text, width: width - indentWidth, firstLineShorter: visibleWidth(first ?? indent) - indentWidth)
        return lines.enumerated().map { ($0.offset == 0 ? (first ?? indent) : indent) + $0.element }
    }

    /// How many columns `text` takes on a terminal once its colour codes are left out (a Chinese
    /// character takes two).
    static func visibleWidth(_ text: String) -> Int {
        var plain = "", inEscape = false
        for character in text {
            if character == "\u{1B}" { inEscape = true } else if inEscape { if character == "m" { inEscape = false } } else { plain.append(character) }
        }
        return plain.columns
    }

    /// A lesson's status in one word or two, marked and coloured.
    func status(_ status: LessonResult.Status) -> String {
        switch status {
        case .solved: green(Text(en: "✔ solved", zh: "✔ 已完成").localized)
        case .failing: yellow(Text(en: "✘ failing", zh: "✘ 未通过").localized)
        case .notStarted: dim(Text(en: "· not started", zh: "· 未开始").localized)
        case .crashed: red(Text(en: "✘ crashed", zh: "✘ 崩溃").localized)
        case .hung: red(Text(en: "✘ did not finish", zh: "✘ 没有结束").localized)
        case .noTests: red(Text(en: "? no tests ran", zh: "? 没有测试运行").localized)
        case .doesNotCompile: red(Text(en: "✘ does not compile", zh: "✘ 编译不通过").localized)
        }
    }
}

extension String {
    /// The string followed by spaces up to `width` terminal columns (a Chinese character takes two).
    func padded(_ width: Int) -> String { padding(toLength: width) }
}
