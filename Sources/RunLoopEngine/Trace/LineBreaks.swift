/// Where a line of mixed English and Chinese text may break, for the terminal and the pictures
/// alike: at a space, or between two characters where one is Chinese (Chinese has no spaces);
/// never inside an English word, a name or a path, never before closing punctuation and never
/// after opening punctuation.
public enum LineBreaks {
    /// Punctuation that never starts a line.
    public static let closing: Set<Character> = Set("，。、；：？！）」』》〉】〕”’…—,.;:?!)]}%")
    /// Punctuation that never ends a line.
    public static let opening: Set<Character> = Set("（「『《〈【〔“‘")

    /// `text` cut where a line may break: each piece with the spaces before it (dropped when a
    /// line breaks there). Pieces are English words (with what sticks to them) and single
    /// Chinese characters (with the closing punctuation after them).
    public static func pieces(of text: String) -> [(space: String, text: String)] {
        var pieces: [(space: String, text: String)] = []
        var space = "", current = ""
        var lastWide = false
        func finish() {
            if !current.isEmpty || !space.isEmpty { pieces.append((space, current)) }
            space = ""
            current = ""
        }
        for character in text {
            if character == " " {
                if !current.isEmpty { finish() }
                space.append(character)
                continue
            }
            let wide = String(character).columns > 1
            let sticksToPrevious = closing.contains(character) || (current.last.map(opening.contains) ?? false)
            if !current.isEmpty && (wide || lastWide) && !sticksToPrevious { finish() }
            current.append(character)
            lastWide = wide
        }
        finish()
        return pieces
    }

    /// `text` in lines of at most `width` columns (``Swift/String/columns``), the first line
    /// `firstLineShorter` columns shorter than the others (room for a label before it). A piece
    /// longer than a line has a line of its own.
    public static func lines(_ text: String, width: Int, firstLineShorter: Int = 0) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for piece in pieces(of: text) {
            let room = width - (lines.isEmpty ? firstLineShorter : 0)
            if !line.isEmpty && lineWidth + piece.space.count + piece.text.columns > room {
                lines.append(line)
                line = piece.text
                lineWidth = piece.text.columns
            } else {
                let space = line.isEmpty ? "" : piece.space
                line += space + piece.text
                lineWidth += space.count + piece.text.columns
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
