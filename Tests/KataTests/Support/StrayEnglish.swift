import Foundation

/// Finds the English left in a Chinese string: the words a reader of Chinese only would have to
/// translate, or names of code not marked as code. Nothing is guessed to be a name: code is what
/// the text marks as code, `inline code` (written `\(code: …)` in a catalog text) and, in a
/// Swift literal, its `\(interpolations)`; outside them, a word of two or more ASCII letters or
/// digits is English unless docs/GLOSSARY.md keeps it (a word of its tables' second column, the
/// 简体中文 one: `RunLoop`, `Mode`, `common modes`, `UIKit`, `App`, …). A single letter is a
/// label (页面 A, 第 N 题), not a word. A backtick without its pair is reported as `` ` ``.
enum StrayEnglish {
    /// The English words in `text`, in order; empty when the string reads as Chinese.
    static func words(in text: String) -> [String] {
        guard text.filter({ $0 == "`" }).count % 2 == 0 else { return ["`"] }
        var found: [String] = []
        var word = ""
        func finish() {
            if word.count > 1 && !kept.contains(word) { found.append(word) }
            word = ""
        }
        for character in withoutCode(text) {
            if character.isASCII && (character.isLetter || (!word.isEmpty && character.isNumber)) {
                word.append(character)
            } else {
                finish()
            }
        }
        finish()
        return found
    }

    /// The English phrases of `text`, for a Chinese text whose code stands by its place rather
    /// than by a mark (`kata`'s help, a usage listing): what is left once marked code, command
    /// lines (`swift run kata hint 6`) and tokens with code in them (a path, a dotted or called
    /// name, a capitalised or camelCase word) are taken out, where two lower-case words stand
    /// side by side.
    static func phrases(in text: String) -> [String] {
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

    /// A lower-case English word that a reader would have to translate.
    static func isProse(_ word: String) -> Bool {
        guard word.count >= 2, word.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return !kept.contains(word)
    }

    /// Whether `text` holds a Chinese character (the CJK Unified Ideographs).
    static func hasChinese(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }

    /// `text` as a terminal shows it: without its colour codes.
    static func withoutColours(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
    }

    /// `text` without its `inline code` spans, and, read as a Swift literal, without its
    /// interpolations and escapes.
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
            if character == "\\", let escaped = characters.first {   // a literal's escape: \n, \", \u{1B}
                characters.removeFirst()
                if escaped == "u" { characters = characters.drop { $0 != "}" }.dropFirst() }
                out.append(" ")
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

    /// The English words docs/GLOSSARY.md keeps in Chinese text: every word of its tables' second
    /// column (简体中文) outside its code spans (those are code there too), as it writes them
    /// (`Mode`, not `mode`).
    static let kept: Set<String> = CatalogConsistencyTests.read("docs/GLOSSARY.md").map(keptWords(inGlossary:)) ?? []

    /// The words of the second cell of every table row of `glossary`.
    static func keptWords(inGlossary glossary: String) -> Set<String> {
        var words: Set<String> = []
        for line in glossary.components(separatedBy: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 2 else { continue }
            for word in withoutCode(String(cells[2])).split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) {
                words.insert(String(word.drop { $0.isNumber }))
            }
        }
        return words
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
                if StrayEnglish.hasChinese(text) {
                    literals.append(Literal(line: scan.line(at: index), text: text))
                }
            }
            index = end
        }
        return literals
    }
}
