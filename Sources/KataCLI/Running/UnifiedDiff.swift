/// A unified diff of one file, as `diff -u` and `git diff` write it, read and applied without any
/// external tool: how a wrong answer is kept (`Mutants/NN-slug/<mistake>.patch`).
///
///     // Mutant: the next tick counted from now, not from the timer's own fire date
///     --- Solutions/06-timer-skip-on-overrun/NextFireDate.swift
///     +++ Solutions/06-timer-skip-on-overrun/NextFireDate.swift
///     @@ -30,7 +30,7 @@
///      context
///     -removed
///     +added
///
/// The lines before `---` are the header (`diff` and `patch` ignore them). Applying finds each
/// hunk by its context and removed lines, exactly, anywhere after the previous hunk (the one
/// nearest its stated line first), so a patch survives lines added or removed elsewhere in the
/// file, and fails, naming the hunk, when a line it touches or stands next to has changed.
struct UnifiedDiff: Equatable {
    struct Hunk: Equatable {
        enum Line: Equatable {
            case context(String)
            case removed(String)
            case added(String)
        }

        /// 1-based line of the original where the hunk starts (as stated in its `@@` line).
        var oldStart: Int
        /// Each line with its line break ("\n"), none on a file's last line that lacks one.
        var lines: [Line]

        var old: [String] { lines.compactMap { if case .context(let l) = $0 { l } else if case .removed(let l) = $0 { l } else { nil } } }
        var new: [String] { lines.compactMap { if case .context(let l) = $0 { l } else if case .added(let l) = $0 { l } else { nil } } }
    }

    /// The lines before `--- `, without their line breaks.
    var header: [String]
    var oldPath: String
    var newPath: String
    var hunks: [Hunk]

    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    // MARK: Reading

    static func parse(_ text: String) throws(Failure) -> UnifiedDiff {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }   // the text's final line break
        var index = 0
        var header: [String] = []
        while index < lines.count, !lines[index].hasPrefix("--- ") {
            header.append(lines[index])
            index += 1
        }
        guard index + 1 < lines.count, lines[index + 1].hasPrefix("+++ ") else {
            throw Failure(description: "no '--- file' and '+++ file' lines")
        }
        let oldPath = String(lines[index].dropFirst(4)), newPath = String(lines[index + 1].dropFirst(4))
        index += 2
        var hunks: [Hunk] = []
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("@@ "), let (oldStart, oldCount, newCount) = counts(line) else {
                throw Failure(description: "line \(index + 1): expected a hunk ('@@ -a,b +c,d @@'), found '\(line)'")
            }
            index += 1
            var hunk = Hunk(oldStart: oldStart, lines: [])
            var oldLeft = oldCount, newLeft = newCount
            while oldLeft > 0 || newLeft > 0 {
                guard index < lines.count else { throw Failure(description: "hunk \(hunks.count + 1) ends early") }
                let body = lines[index]
                // An editor that strips trailing spaces turns an empty context line into "".
                let kind = body.first ?? " ", content = String(body.dropFirst()) + "\n"
                switch kind {
                case " ": hunk.lines.append(.context(content)); oldLeft -= 1; newLeft -= 1
                case "-": hunk.lines.append(.removed(content)); oldLeft -= 1
                case "+": hunk.lines.append(.added(content)); newLeft -= 1
                case "\\": dropLineBreak(of: &hunk)
                default: throw Failure(description: "line \(index + 1): '\(body)' is not a line of hunk \(hunks.count + 1)")
                }
                guard oldLeft >= 0, newLeft >= 0 else {
                    throw Failure(description: "hunk \(hunks.count + 1) has more lines than its '@@' line counts")
                }
                index += 1
            }
            if index < lines.count, lines[index].hasPrefix("\\") {
                dropLineBreak(of: &hunk)
                index += 1
            }
            hunks.append(hunk)
        }
        guard !hunks.isEmpty else { throw Failure(description: "no hunk") }
        return UnifiedDiff(header: header, oldPath: oldPath, newPath: newPath, hunks: hunks)
    }

    /// `\ No newline at end of file`: the line before it has no line break.
    private static func dropLineBreak(of hunk: inout Hunk) {
        guard let last = hunk.lines.popLast() else { return }
        switch last {
        case .context(let l): hunk.lines.append(.context(String(l.dropLast())))
        case .removed(let l): hunk.lines.append(.removed(String(l.dropLast())))
        case .added(let l): hunk.lines.append(.added(String(l.dropLast())))
        }
    }

    /// `@@ -12,7 +12,8 @@ …` → (12, 7, 8); a count left out is 1.
    private static func counts(_ line: String) -> (Int, Int, Int)? {
        let parts = line.split(separator: " ")
        guard parts.count >= 4, parts[0] == "@@", parts[1].hasPrefix("-"), parts[2].hasPrefix("+"), parts[3] == "@@" else { return nil }
        func range(_ text: Substring) -> (Int, Int)? {
            let numbers = text.dropFirst().split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard let first = numbers.first ?? nil, numbers.count <= 2 else { return nil }
            guard numbers.count == 2 else { return (first, 1) }
            guard let count = numbers[1] else { return nil }
            return (first, count)
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.0, old.1, new.1)
    }

    // MARK: Applying

    /// `original` with every hunk applied, in order.
    func apply(to original: String) throws(Failure) -> String {
        var lines = Self.lines(of: original)
        var offset = 0, floor = 0
        for (number, hunk) in hunks.enumerated() {
            let old = hunk.old
            let expected = max(0, (old.isEmpty ? hunk.oldStart : hunk.oldStart - 1) + offset)
            let candidates =
                old.isEmpty
                ? [min(max(expected, floor), lines.count)]
                : (floor...max(floor, lines.count - old.count)).filter { start in
                    start + old.count <= lines.count && lines[start..<start + old.count].elementsEqual(old)
                }
            guard let start = candidates.min(by: { abs($0 - expected) < abs($1 - expected) }) else {
                let first = old.first.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 } ?? ""
                throw Failure(
                    description:
                        "hunk \(number + 1) of \(hunks.count) (@@ -\(hunk.oldStart)) matches nowhere: its lines from '\(first)' are not in the file as they stand"
                )
            }
            lines.replaceSubrange(start..<start + old.count, with: hunk.new)
            offset += start - expected + hunk.new.count - old.count
            floor = start + hunk.new.count
        }
        return lines.joined()
    }

    /// Each line with its line break; the last one without, if the text does not end with one.
    static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    // MARK: Writing

    /// The diff that turns `old` into `new`, with `context` unchanged lines around each change.
    static func make(from old: String, to new: String, header: [String], oldPath: String, newPath: String, context: Int = 3) -> UnifiedDiff {
        let a = lines(of: old), b = lines(of: new)
        // Longest common subsequence, from the ends: lcs[i][j] for a[i...] and b[j...].
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        // The edit script, each step with the old line index it stands at.
        var script: [(line: Hunk.Line, oldIndex: Int)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                script.append((.context(a[i]), i)); i += 1; j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                script.append((.removed(a[i]), i)); i += 1   // removed lines before added ones, as diff writes them
            } else {
                script.append((.added(b[j]), i)); j += 1
            }
        }
        let changed = script.indices.filter { if case .context = script[$0].line { false } else { true } }
        var hunks: [Hunk] = []
        var group = 0
        while group < changed.count {
            var last = group
            while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context + 1 { last += 1 }
            let from = max(0, changed[group] - context), to = min(script.count - 1, changed[last] + context)
            var hunk = Hunk(oldStart: 0, lines: script[from...to].map(\.line))
            // As the `@@` line says it: the first old line, or the line after which to insert.
            hunk.oldStart = script[from].oldIndex + (hunk.old.isEmpty ? 0 : 1)
            hunks.append(hunk)
            group = last + 1
        }
        return UnifiedDiff(header: header, oldPath: oldPath, newPath: newPath, hunks: hunks)
    }

    /// The patch as text, header first.
    var text: String {
        var out = header.map { $0 + "\n" }.joined() + "--- \(oldPath)\n+++ \(newPath)\n"
        var newShift = 0
        for hunk in hunks {
            let old = hunk.old.count, new = hunk.new.count
            let newFirst = (old == 0 ? hunk.oldStart : hunk.oldStart - 1) + newShift
            out += "@@ -\(hunk.oldStart),\(old) +\(new == 0 ? newFirst : newFirst + 1),\(new) @@\n"
            for line in hunk.lines {
                let (mark, content): (String, String) =
                    switch line {
                    case .context(let l): (" ", l)
                    case .removed(let l): ("-", l)
                    case .added(let l): ("+", l)
                    }
                out += mark + (content.hasSuffix("\n") ? content : content + "\n\\ No newline at end of file\n")
            }
            newShift += new - old
        }
        return out
    }
}
