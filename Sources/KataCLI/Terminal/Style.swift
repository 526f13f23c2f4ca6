import Foundation

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

    /// Splits `text` into lines of at most `width` characters at spaces; the first line starts
    /// with `first` (default: `indent`), the others with `indent`.
    static func wrap(_ text: String, width: Int, indent: String, first: String? = nil) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let prefixWidth = lines.isEmpty ? visibleWidth(first ?? indent) : indent.count
            if !line.isEmpty && prefixWidth + line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += line.isEmpty ? String(word) : " " + word
            }
        }
        lines.append(line)
        return lines.enumerated().map { ($0.offset == 0 ? (first ?? indent) : indent) + $0.element }
    }

    /// How many columns `text` takes once its colour codes are left out.
    static func visibleWidth(_ text: String) -> Int {
        var width = 0, inEscape = false
        for character in text {
            if character == "\u{1B}" { inEscape = true } else if inEscape { if character == "m" { inEscape = false } } else { width += 1 }
        }
        return width
    }

    func status(_ status: LessonResult.Status) -> String {
        switch status {
        case .solved: green("✔ solved")
        case .failing: yellow("✘ failing")
        case .notStarted: dim("· not started")
        case .crashed: red("✘ crashed")
        case .hung: red("✘ did not finish")
        case .noTests: red("? no tests ran")
        case .doesNotCompile: red("✘ does not compile")
        }
    }
}

extension String {
    func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
