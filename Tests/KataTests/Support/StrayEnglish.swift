import Foundation

/// Finds English prose left in a Chinese string: the words a reader of Chinese only would have to
/// translate. Code and names stay as they are (docs/GLOSSARY.md), so these are not prose:
/// - `inline code`, and `\(interpolations)` of a Swift literal;
/// - a command line (`swift run kata hint 6`, `git stash`, `KATA_LANG=zh-Hans swift test`);
/// - a token with code in it: a path, a dotted or called name, `snake_case`, `--option`, digits;
/// - a capitalised, camelCase or ALL-CAPS word: a name (`Mode`, `nextFireDate`, `CFRunLoopRun`);
/// - a word the glossary's Chinese column writes (docs/GLOSSARY.md: `common modes`, `actor`).
///
/// What is left, lower-case English words, is reported where two of them stand side by side: a
/// phrase left untranslated. One such word alone is not (a unit, a name the glossary does not
/// list yet, a word a screen echoes); the glossary, not a list here, says which words are kept.
enum StrayEnglish {
    /// The English words in `text`, in order; empty when the string reads as Chinese.
    static func words(in text: String) -> [String] {
        var found: [String] = []
        // A segment is read line by line: a command line may start a line of a multi-line text.
        let pieces = asciiSegments(of: withoutCode(text)).flatMap { $0.split(separator: "\n").map(String.init) }
        for segment in pieces {
            let trimmed = segment.trimmingCharacters(in: .whitespaces)
            if commandStarts.contains(where: { trimmed.hasPrefix($0) }) { continue }
            let tokens = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: ",;!?\"'’“”"))
            }
            let prose = tokens.map(isProse)
            for (index, token) in tokens.enumerated() where prose[index] {
                if (index > 0 && prose[index - 1]) || (index + 1 < tokens.count && prose[index + 1]) { found.append(token) }
            }
        }
        return found
    }

    /// `text` as a terminal shows it: without its colour codes.
    static func withoutColours(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
    }

    /// `text` without its `inline code` spans and Swift interpolations.
    static func withoutCode(_ text: String) -> String {
        var out = ""
        var inCode = false
        var depth = 0
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if depth > 0 {
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                if depth == 0 { out.append(" ") }
                continue
            }
            if character == "\\", characters.first == "(" {
                characters.removeFirst()
                depth = 1
                continue
            }
            if character == "`" {
                inCode.toggle()
                out.append(" ")
                continue
            }
            if !inCode { out.append(character) }
        }
        return out
    }

    /// The runs of ASCII characters between the Chinese ones: each is read on its own.
    static func asciiSegments(of text: String) -> [String] {
        var segments: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                current.unicodeScalars.append(scalar)
            } else {
                segments.append(current)
                current = ""
            }
        }
        segments.append(current)
        return segments.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    /// A segment starting with one of these is a command line, code as a whole.
    static let commandStarts = ["swift ", "kata ", "git ", "KATA_LANG=", "LANG=", "LC_ALL=", "RUNLOOP_", "CI="]

    /// The English words docs/GLOSSARY.md keeps in Chinese text: every word of its tables' second
    /// column (简体中文), code spans included.
    static let kept: Set<String> = CatalogConsistencyTests.read("docs/GLOSSARY.md").map(keptWords(inGlossary:)) ?? []

    /// The words of the second cell of every table row of `glossary`.
    static func keptWords(inGlossary glossary: String) -> Set<String> {
        var words: Set<String> = []
        for line in glossary.components(separatedBy: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 2 else { continue }
            for word in cells[2].split(whereSeparator: { !($0.isASCII && $0.isLetter) }) { words.insert(String(word)) }
        }
        return words
    }

    /// A lower-case English word that a reader would have to translate.
    static func isProse(_ word: String) -> Bool {
        guard word.count >= 2, word.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return !kept.contains(word)
    }
}

/// The string literals of a Swift source file that hold Chinese: their text, with the line each
/// starts on. Comments are skipped; an interpolation's own literals are read as part of it.
enum ChineseLiterals {
    struct Literal {
        let line: Int
        let text: String
    }

    static func find(inSwift source: String) -> [Literal] {
        let scan = SwiftScan(source)
        var literals: [Literal] = []
        var index = 0
        while index < scan.count {
            guard let end = scan.skipNonCode(at: index) else { index += 1; continue }
            if scan.isStringLiteral(index) {
                let (textStart, closing, _) = scan.delimiters(at: index)
                let text = String(scan.characters[textStart..<max(textStart, end - closing.count)])
                if text.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) {
                    literals.append(Literal(line: scan.line(at: index), text: text))
                }
            }
            index = end
        }
        return literals
    }
}
