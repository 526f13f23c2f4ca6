import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Colours and shapes for the terminal: colours only on a terminal, never with `NO_COLOR` set.
struct Style {
    var colours: Bool

    static let standard = Style(colours: isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)

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

    func status(_ status: LessonResult.Status) -> String {
        switch status {
        case .solved: green("✔ solved")
        case .failing: yellow("✘ failing")
        case .notStarted: dim("· not started")
        case .crashed: red("✘ crashed")
        case .hung: red("✘ did not finish")
        case .noTests: red("? no tests ran")
        }
    }
}

extension String {
    func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
