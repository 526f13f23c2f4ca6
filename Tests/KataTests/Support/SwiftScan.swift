import Foundation

/// Just enough of Swift's lexical rules to tell code from comments and string literals (raw,
/// multi-line, with interpolations), and to split a call's arguments.
struct SwiftScan {
    let characters: [Character]
    private let lineStarts: [Int]

    init(_ source: String) {
        let characters = Array(source)
        self.characters = characters
        lineStarts = [0] + characters.indices.filter { characters[$0] == "\n" }.map { $0 + 1 }
    }

    var count: Int { characters.count }

    func line(at index: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    func text(_ range: Range<Int>) -> String { String(characters[range]).trimmingCharacters(in: .whitespacesAndNewlines) }

    private func at(_ index: Int) -> Character? { index < count ? characters[index] : nil }

    private func matches(_ word: String, at index: Int) -> Bool {
        let word = Array(word)
        return index + word.count <= count && Array(characters[index..<index + word.count]) == word
    }

    /// True where an identifier cannot go on from the character before.
    private func atWordStart(_ index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = characters[index - 1]
        return !(before.isLetter || before.isNumber || before == "_")
    }

    func startsWord(at index: Int, _ word: String) -> Bool {
        guard atWordStart(index), matches(word, at: index) else { return false }
        guard let next = at(index + word.count) else { return true }
        return !(next.isLetter || next.isNumber || next == "_")
    }

    /// `name(` (the name may end in `(`), at a word start: `Failure(` also matches `Kata.Failure(`.
    func startsCall(at index: Int, _ call: String) -> Bool {
        let name = String(call.dropLast())
        guard atWordStart(index), matches(name, at: index) else { return false }
        let open = skipSpaces(from: index + name.count)
        return at(open) == "("
    }

    /// `label:` as an argument label (not `label::`, not part of a longer name).
    func startsLabel(at index: Int, _ label: String) -> Bool {
        guard startsWord(at: index, label) else { return false }
        let colon = skipSpaces(from: index + label.count)
        return at(colon) == ":" && at(colon + 1) != ":"
    }

    func skipSpaces(from index: Int) -> Int {
        var index = index
        while let character = at(index), character.isWhitespace { index += 1 }
        return index
    }

    /// The first index of `character` in code from `index` on.
    func index(of character: Character, from index: Int) -> Int {
        var index = index
        while index < count {
            if let end = skipNonCode(at: index) { index = end; continue }
            if characters[index] == character { return index }
            index += 1
        }
        return count
    }

    func isStringLiteral(_ index: Int) -> Bool {
        var index = index
        while at(index) == "#" { index += 1 }
        return at(index) == "\""
    }

    /// If a comment or a string literal starts at `index`: the index just after it.
    func skipNonCode(at index: Int) -> Int? {
        if matches("//", at: index) {
            var end = index
            while let character = at(end), character != "\n" { end += 1 }
            return end
        }
        if matches("/*", at: index) {
            var end = index + 2
            while end < count, !matches("*/", at: end) { end += 1 }
            return min(end + 2, count)
        }
        if characters[index] == "\"" || characters[index] == "#" && isStringLiteral(index) { return endOfString(at: index) }
        return nil
    }

    /// The delimiters of the string literal starting at `index` (at its first `#` or `"`): where
    /// its text starts, what closes it (`"`, `"""`, `"#`…) and what starts an escape (`\`, `\#`…).
    func delimiters(at index: Int) -> (textStart: Int, closing: String, escape: String) {
        var index = index, hashes = 0
        while at(index) == "#" { hashes += 1; index += 1 }
        let quotes = matches("\"\"\"", at: index) ? "\"\"\"" : "\""
        let hashMarks = String(repeating: "#", count: hashes)
        return (index + quotes.count, quotes + hashMarks, "\\" + hashMarks)
    }

    /// The index just after the string literal starting at `index` (at its first `#` or `"`).
    func endOfString(at index: Int) -> Int {
        var (index, closing, escape) = delimiters(at: index)
        while index < count {
            if matches(escape, at: index) {
                index += escape.count
                if at(index) == "(" { index = endOfBlock(at: index) } else { index += 1 }
                continue
            }
            if matches(closing, at: index) { return index + closing.count }
            index += 1
        }
        return count
    }

    /// The index just after the bracket that closes the one at `index` (`(`, `[` or `{`).
    func endOfBlock(at index: Int) -> Int {
        var depth = 0, index = index
        while index < count {
            if let end = skipNonCode(at: index) { index = end; continue }
            switch characters[index] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return count
    }

    /// Where the expression starting at `index` ends: at the first `,` or closing bracket outside brackets.
    func endOfExpression(from index: Int) -> Int {
        var index = index
        while index < count {
            if let end = skipNonCode(at: index) { index = end; continue }
            switch characters[index] {
            case "(", "[", "{": index = endOfBlock(at: index); continue
            case ",", ")", "]", "}": return index
            default: index += 1
            }
        }
        return count
    }

    struct Argument {
        let label: String?
        /// Where its value starts.
        let start: Int
    }

    /// The arguments of the call whose `(` is at `open`.
    func arguments(at open: Int) -> [Argument] {
        var arguments: [Argument] = []
        var index = open + 1
        while index < count {
            index = skipSpaces(from: index)
            if at(index) == ")" { break }
            var start = index, label: String?
            var end = index
            while let character = at(end), character.isLetter || character.isNumber || character == "_" { end += 1 }
            let colon = skipSpaces(from: end)
            if end > index, at(colon) == ":", at(colon + 1) != ":" {
                label = String(characters[index..<end])
                start = skipSpaces(from: colon + 1)
            }
            arguments.append(Argument(label: label, start: start))
            index = endOfExpression(from: start)
            if at(index) == "," { index += 1 } else { break }
        }
        return arguments
    }

    /// The value of the single-line, non-raw string literal at `index`, its simple escapes undone.
    func literalValue(at index: Int) -> String {
        let inner = characters[(index + 1)..<(endOfString(at: index) - 1)]
        var value = "", escaped = false
        for character in inner {
            if escaped {
                value.append(character == "n" ? "\n" : character == "t" ? "\t" : character); escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                value.append(character)
            }
        }
        return value
    }

    /// The first string literal of the expression in `range` whose words, interpolations left
    /// out, are prose: two words or more. One word is trace vocabulary (an item's name like
    /// `bell`, a call like `touchesBegan`, `countdown \(left)`), kept as it is in both languages.
    /// Only the expression's own literals count (`a ? "x" : "y"`): one inside brackets is an
    /// argument of a call that makes the note (`Text(en:zh:)`, `Note.returned("run(later)", result)`).
    func proseLiteral(in range: Range<Int>) -> String? {
        var index = range.lowerBound
        while index < range.upperBound {
            if "([{".contains(characters[index]) { index = endOfBlock(at: index); continue }
            if isStringLiteral(index) {
                let end = endOfString(at: index)
                let words = literalWithoutInterpolations(at: index)
                    .split(whereSeparator: { !($0.isASCII && $0.isLetter) })
                if words.count >= 2 { return text(index..<end) }
                index = end
                continue
            }
            if let end = skipNonCode(at: index) { index = end; continue }
            index += 1
        }
        return nil
    }

    /// The text of the string literal at `index` (its first `#` or `"`), interpolations left out.
    func literalWithoutInterpolations(at start: Int) -> String {
        var (index, closing, escape) = delimiters(at: start)
        let end = endOfString(at: start) - closing.count
        var text = ""
        while index < end {
            if matches(escape, at: index), at(index + escape.count) == "(" {
                index = endOfBlock(at: index + escape.count)
                text.append(" ")
                continue
            }
            text.append(characters[index])
            index += 1
        }
        return text
    }

    /// The `"key": "value"` pairs of the dictionary literals in the block whose `{` is at `open`.
    func literalPairs(inBlockAt open: Int) -> [(key: String, value: String, line: Int)] {
        var literals: [Int] = []
        var index = open + 1
        let end = endOfBlock(at: open)
        while index < end {
            if isStringLiteral(index) && characters[index] == "\"" {
                literals.append(index)
                index = endOfString(at: index)
                continue
            }
            if let after = skipNonCode(at: index) { index = after; continue }
            index += 1
        }
        return stride(from: 0, to: literals.count - 1, by: 2).map {
            (literalValue(at: literals[$0]), literalValue(at: literals[$0 + 1]), line(at: literals[$0]))
        }
    }
}
