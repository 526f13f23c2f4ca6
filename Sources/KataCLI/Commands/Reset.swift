import Foundation
import KataCore

extension Commands {
    /// Puts lesson N's exercise back to its original stub, after saying what would be lost and asking.
    ///
    /// The original is not simply git's HEAD: a student who commits their work makes HEAD theirs.
    /// It is the newest committed version of the file that is still a full stub (see `StubHistory`).
    ///
    /// The student's file is handled as bytes: it is copied to `.kata/backups/` exactly as it is
    /// (whatever its encoding) under a name no other copy has, and only once the copy is written
    /// is the file replaced. The result is checked against the stub before it is called done.
    static func reset(_ context: Context, lesson: Lesson, confirmed: Bool) throws -> Int32 {
        let file = lesson.exerciseFile, style = context.style, path = context.path(file)
        let versions = try StubHistory.committedVersions(of: file, in: context.root)
        guard let stub = StubHistory.original(among: versions, lesson: lesson.number) else {
            throw KataError(Text(en: "git's history has no stub of \(file) to go back to (is this a git clone of the kata?)",
                                 zh: "`git` 历史里找不到 \(file) 的占位代码，无法恢复（这是用 `git clone` 得到的 kata 吗？）"))
        }
        let stubBytes = Data(stub.utf8)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw KataError(Text(en: "\(file) is a folder, not a file: move it away first (nothing changed)",
                                 zh: "\(file) 是一个文件夹，不是文件：请先把它移走（什么都没有改动）"))
        }
        let current: Data?
        if exists {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw KataError(Text(en: "\(file) cannot be read, so no copy of it can be kept: nothing changed",
                                     zh: "\(file) 读不出来，所以没法给它留一份副本：什么都没有改动"))
            }
            current = bytes
        } else {
            current = nil
        }
        if current == stubBytes {
            print(Text(en: "\(file) is already the original stub: nothing to reset.",
                       zh: "\(file) 已经是最初的占位代码了，不需要恢复。").localized)
            return Kata.ExitCode.ok
        }
        print(style.bold(Text(en: "Reset lesson \(lesson.paddedNumber) — \(lesson.title)",
                              zh: "恢复第 \(lesson.paddedNumber) 课 — \(lesson.titleZh)").localized))
        print(Text(en: "  \(file) goes back to its original stub.", zh: "  \(file) 将恢复成最初的占位代码。").localized)
        if let current {
            let change = LineChange(from: stub, to: String(decoding: current, as: UTF8.self))
            print(Text(en: "  You lose your changes to it: ", zh: "  将丢失你对它的改动：").localized
                  + style.yellow(change.summary.localized) + Text(en: ".", zh: "。").localized)
        } else {
            print(Text(en: "  It is missing: nothing of yours is lost.", zh: "  这个文件不存在：你不会丢失任何东西。").localized)
        }
        if !confirmed {
            print(Text(en: "Reset it? [y/N] ", zh: "确定恢复吗？[y/N] ").localized, terminator: "")
            fflush(nil)
            let answer = readLine()
            Shutdown.holdIfEnding()   // Ctrl-C at the question: nothing changes
            guard let answer, ["y", "yes"].contains(answer.lowercased().trimmingCharacters(in: .whitespaces)) else {
                print(Text(en: "Nothing changed.", zh: "什么都没有改动。").localized)
                return Kata.ExitCode.ok
            }
        }
        if let current {
            let backup = try SafeFile.keep(current, in: context.path(".kata/backups"), name: "\(lesson.paddedNumber)-\((file as NSString).lastPathComponent)", root: context.root)
            guard FileManager.default.contents(atPath: backup) == current else {
                let copy = SafeFile.relative(backup, to: context.root)
                throw KataError(Text(en: "the copy in \(copy) does not match \(file): nothing changed",
                                     zh: "\(copy) 里的副本和 \(file) 不一致：什么都没有改动"))
            }
            let copy = SafeFile.relative(backup, to: context.root)
            print(style.dim(Text(en: "  A copy of your version is kept in \(copy).", zh: "  你的版本已经另存一份在 \(copy)。").localized))
        }
        try SafeFile.write(stubBytes, to: path, root: context.root)
        guard FileManager.default.contents(atPath: path) == stubBytes else {
            throw KataError(Text(en: "\(file) does not read back as the stub after writing it",
                                 zh: "\(file) 写入后读回来的内容不是占位代码"))
        }
        var progress = Progress.load(from: context.root)
        progress.solved.remove(lesson.number)
        progress.lastResults[lesson.number] = nil
        progress.save(to: context.root)
        print(style.green("✔ ") + Text(en: "Lesson \(lesson.paddedNumber) is back to its stub: \(file)",
                                       zh: "第 \(lesson.paddedNumber) 课已恢复成占位代码：\(file)").localized)
        return Kata.ExitCode.ok
    }
}

/// Finds a lesson's original stub in git's history.
enum StubHistory {
    /// Every committed version of `file`, newest first (the versions in commits that touched it).
    static func committedVersions(of file: String, in root: String) throws -> [String] {
        let log = try Subprocess.run(["git", "-C", root, "log", "--format=%H", "--", file], timeout: 30)
        guard log.ending == .exited(0) else { return [] }
        var versions: [String] = []
        for commit in log.output.split(separator: "\n").prefix(200) {
            let show = try Subprocess.run(["git", "-C", root, "show", "\(commit):\(file)"], timeout: 30)
            if show.ending == .exited(0) { versions.append(show.output) }
        }
        return versions
    }

    /// The original stub among `versions` (newest first): the newest one with as many
    /// `unsolved(lesson: N, …)` calls as any version ever had. A student's commit — a full or a
    /// partial answer — has fewer, so it is passed over; a maintainers' later change to the stub
    /// keeps them all, so the newest stub wins. Only calls in code count: an answer that keeps a
    /// call in a comment is still an answer.
    static func original(among versions: [String], lesson: Int) -> String? {
        let counts = versions.map { stubCalls(in: $0, lesson: lesson) }
        guard let most = counts.max(), most > 0 else { return nil }
        return versions[counts.firstIndex(of: most)!]
    }

    /// How many times the code of `text` (its comments and string literals left out) calls
    /// `unsolved(lesson: N, …)`.
    static func stubCalls(in text: String, lesson: Int) -> Int {
        SwiftCode.withoutComments(text).components(separatedBy: "unsolved(lesson: \(lesson),").count - 1
    }
}

/// How two versions of a file differ, in lines (each line matched at most once, order ignored:
/// enough to tell the student how much they would lose).
struct LineChange: Equatable {
    var added: Int
    var removed: Int

    init(added: Int, removed: Int) {
        self.added = added
        self.removed = removed
    }

    init(from old: String, to new: String) {
        var pool: [Substring: Int] = [:]
        for line in old.split(separator: "\n", omittingEmptySubsequences: false) { pool[line, default: 0] += 1 }
        var added = 0
        for line in new.split(separator: "\n", omittingEmptySubsequences: false) {
            if let left = pool[line], left > 0 { pool[line] = left - 1 } else { added += 1 }
        }
        self.added = added
        self.removed = pool.values.reduce(0, +)
    }

    /// `12 lines written, 3 lines of the stub removed`
    var summary: Text {
        func lines(_ n: Int) -> String { n == 1 ? "1 line" : "\(n) lines" }
        switch (added, removed) {
        case (0, 0): return Text(en: "no line (only the order of lines changed)", zh: "没有增删任何行（只是行的顺序变了）")
        case (_, 0): return Text(en: "\(lines(added)) written", zh: "新写的 \(added) 行")
        case (0, _): return Text(en: "\(lines(removed)) of the stub removed", zh: "删掉的 \(removed) 行占位代码")
        default: return Text(en: "\(lines(added)) written, \(lines(removed)) of the stub removed",
                             zh: "新写的 \(added) 行、删掉的 \(removed) 行占位代码")
        }
    }
}

/// Just enough of Swift's lexical rules to tell code from comments and string literals.
enum SwiftCode {
    /// `text` with each comment (`// …`, nested `/* … */`) and each string literal (`"…"`,
    /// `"""…"""`) replaced by a space; line breaks are kept.
    static func withoutComments(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        func startsWith(_ token: String) -> Bool {
            token.unicodeScalars.enumerated().allSatisfy { at($0.offset) == $0.element }
        }
        while index < scalars.count {
            if startsWith("//") {
                while let scalar = at(0), scalar != "\n" { index += 1 }
                out.append(" ")
            } else if startsWith("/*") {
                var depth = 0
                repeat {
                    if startsWith("/*") { depth += 1; index += 2 } else if startsWith("*/") { depth -= 1; index += 2 } else {
                        if at(0) == "\n" { out.append("\n") }
                        index += 1
                    }
                } while depth > 0 && index < scalars.count
                out.append(" ")
            } else if startsWith("\"\"\"") {
                index += 3
                while index < scalars.count && !startsWith("\"\"\"") {
                    if at(0) == "\n" { out.append("\n") }
                    index += at(0) == "\\" ? 2 : 1
                }
                index += 3
                out.append(" ")
            } else if at(0) == "\"" {
                index += 1
                while let scalar = at(0), scalar != "\"", scalar != "\n" { index += scalar == "\\" ? 2 : 1 }
                if at(0) == "\"" { index += 1 }
                out.append(" ")
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }
}
