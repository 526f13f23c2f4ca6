import Foundation

/// A Chinese screen read against the English screen of the same command, rather than guessed at
/// word by word: a line both print alike was not translated, unless it holds no letter outside
/// its code spans (a number, a rule, `code`), is a command line as a whole (`kata quiz --list`,
/// as a help screen lists its usage), or is one the test names as the same in both languages
/// (the engine's trace lines, what the student typed).
enum ScreenLanguage {
    /// The lines of `chinese` that `english` prints alike, with letters outside code: each is
    /// English left on the Chinese screen.
    static func untranslated(chinese: String, english: String, besides: Set<String> = []) -> [String] {
        let englishLines = Set(lines(of: english))
        return lines(of: chinese).filter { line in
            englishLines.contains(line) && !besides.contains(line) && !line.hasPrefix("kata ") && !line.hasPrefix("swift ")
                && StrayEnglish.withoutCode(line).contains { $0.isASCII && $0.isLetter }
        }
    }

    /// The screen's lines as a terminal shows them, without colours and the spaces around them.
    static func lines(of screen: String) -> [String] {
        StrayEnglish.withoutColours(screen).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
