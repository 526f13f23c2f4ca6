/// Where a line of mixed English and Chinese text may break, for the terminal and the pictures
/// alike: at a space, or between two characters where one is Chinese (Chinese has no spaces);
/// never inside an English word, a name, a path or an `inline code` span (its spaces included),
/// never before closing punctuation and never after opening punctuation; and the last line is
/// never one short piece alone when the line before it can spare one (no "返回什⏎么？", no lone
/// `entry`).
public enum LineBreaks {
    /// Punctuation that never starts a line.
    public static let closing: Set<Character> = Set("，。、；：？！）」』》〉】〕”’…—,.;:?!)]}%")
    /// Punctuation that never ends a line.
    public static let opening: Set<Character> = Set("（「『《〈【〔“‘")

    /// `text` cut where a line may break: each piece with the spaces before it (dropped when a
    /// line breaks there). Pieces are English words (with what sticks to them), `code` spans and
    /// single Chinese characters (with the closing punctuation after them).
    public static func pieces(of text: String) -> [(space: String, text: String)] {
        var pieces: [(space: String, text: String)] = []
        var space = "", current = ""
        var lastWide = false, inCode = false
        // A lone backtick is a character like any other: only a closed pair makes a code span.
        let spansCode = text.filter { $0 == "`" }.count % 2 == 0
        func finish() {
            if !current.isEmpty || !space.isEmpty { pieces.append((space, current)) }
            space = ""
            current = ""
        }
        for character in text {
            if inCode {
                current.append(character)
                if character == "`" { inCode = false }
                lastWide = false
                continue
            }
            if character == " " {
                if !current.isEmpty { finish() }
                space.append(character)
                continue
            }
            let wide = String(character).columns > 1
            let sticksToPrevious = closing.contains(character) || (current.last.map(opening.contains) ?? false)
            if !current.isEmpty && (wide || lastWide || (character == "`" && spansCode)) && !sticksToPrevious { finish() }
            current.append(character)
            if character == "`" && spansCode { inCode = true }
            lastWide = wide
        }
        finish()
        return pieces
    }

    /// `text` in lines of at most `width` columns (``Swift/String/columns``), the first line
    /// `firstLineShorter` columns shorter than the others (room for a label before it). A piece
    /// longer than a line has a line of its own (a code span that long breaks at its spaces). A
    /// last line of one short piece (under a quarter of the width: a character, a word, not a
    /// path) takes the last piece of the line before along, when that line keeps more than one.
    public static func lines(_ text: String, width: Int, firstLineShorter: Int = 0) -> [String] {
        var lines: [[(space: String, text: String)]] = []
        var line: [(space: String, text: String)] = []
        var lineWidth = 0
        // A code span too long for a line breaks at its own spaces after all.
        let fitting = pieces(of: text).flatMap { piece -> [(space: String, text: String)] in
            guard piece.text.columns > width, piece.text.contains(" ") else { return [piece] }
            return piece.text.split(separator: " ").enumerated().map { ($0.offset == 0 ? piece.space : " ", String($0.element)) }
        }
        for piece in fitting {
            let room = width - (lines.isEmpty ? firstLineShorter : 0)
            if !line.isEmpty && lineWidth + piece.space.count + piece.text.columns > room {
                lines.append(line)
                line = [piece]
                lineWidth = piece.text.columns
            } else {
                lineWidth += (line.isEmpty ? 0 : piece.space.count) + piece.text.columns
                line.append(piece)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        if lines.count > 1, lines[lines.count - 1].count == 1, lines[lines.count - 2].count > 2,
            lines[lines.count - 1][0].text.columns * 4 < width
        {
            let moved = lines[lines.count - 2].removeLast()
            let room = width - (lines.count == 2 ? firstLineShorter : 0)
            let last = [moved] + lines[lines.count - 1]
            if joined(last).columns <= room { lines[lines.count - 1] = last } else { lines[lines.count - 2].append(moved) }
        }
        return lines.map(joined)
    }

    /// A line's pieces as text: the spaces before its first piece dropped.
    static func joined(_ line: [(space: String, text: String)]) -> String {
        line.enumerated().map { ($0.offset == 0 ? "" : $0.element.space) + $0.element.text }.joined()
    }
}
