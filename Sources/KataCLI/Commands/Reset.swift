import Foundation
import KataCore

extension Commands {
    /// Puts lesson N's exercise back to its original stub (from `Stubs/`), after saying what would
    /// be lost and asking.
    ///
    /// The student's file is handled as bytes: it is copied to `.kata/backups/` exactly as it is
    /// (whatever its encoding) under a name no other copy has, and only once the copy is written
    /// is the file replaced. The result is checked against the stub before it is called done.
    static func reset(_ context: Context, lesson: Lesson, confirmed: Bool) throws -> Int32 {
        let file = lesson.exerciseFile, style = context.style, path = context.path(file)
        let stubBytes = try Stubs.original(of: lesson, root: context.root)
        let stub = String(decoding: stubBytes, as: UTF8.self)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw KataError(
                Text(
                    en: "\(file) is a folder, not a file: move it away first (nothing changed)",
                    zh: "\(file) 是一个文件夹，不是文件：请先把它移走（什么都没有改动）"))
        }
        let current: Data?
        if exists {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw KataError(
                    Text(
                        en: "\(file) cannot be read, so no copy of it can be kept: nothing changed",
                        zh: "\(file) 读不出来，所以没法给它留一份副本：什么都没有改动"))
            }
            current = bytes
        } else {
            current = nil
        }
        if current == stubBytes {
            print(
                Text(
                    en: "\(file) is already the original stub: nothing to reset.",
                    zh: "\(file) 已经是最初的占位代码了，不需要恢复。"
                ).localized)
            return Kata.ExitCode.ok
        }
        print(
            style.bold(
                Text(
                    en: "Reset lesson \(lesson.paddedNumber) — \(lesson.title)",
                    zh: "恢复第 \(lesson.paddedNumber) 课 — \(lesson.titleZh)"
                ).localized))
        print(Text(en: "  \(file) goes back to its original stub.", zh: "  \(file) 将恢复成最初的占位代码。").localized)
        if let current {
            let change = LineChange(from: stub, to: String(decoding: current, as: UTF8.self))
            print(
                Text(en: "  You lose your changes to it: ", zh: "  将丢失你对它的改动：").localized
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
            let backup = try SafeFile.keep(
                current, in: context.path(".kata/backups"), name: "\(lesson.paddedNumber)-\((file as NSString).lastPathComponent)", root: context.root)
            guard FileManager.default.contents(atPath: backup) == current else {
                let copy = SafeFile.relative(backup, to: context.root)
                throw KataError(
                    Text(
                        en: "the copy in \(copy) does not match \(file): nothing changed",
                        zh: "\(copy) 里的副本和 \(file) 不一致：什么都没有改动"))
            }
            let copy = SafeFile.relative(backup, to: context.root)
            print(style.dim(Text(en: "  A copy of your version is kept in \(copy).", zh: "  你的版本已经另存一份在 \(copy)。").localized))
        }
        try SafeFile.write(stubBytes, to: path, root: context.root)
        guard FileManager.default.contents(atPath: path) == stubBytes else {
            throw KataError(
                Text(
                    en: "\(file) does not read back as the stub after writing it",
                    zh: "\(file) 写入后读回来的内容不是占位代码"))
        }
        var progress = Progress.load(from: context.root)
        progress.solved.remove(lesson.number)
        progress.lastResults[lesson.number] = nil
        progress.save(to: context.root)
        print(
            style.green("✔ ")
                + Text(
                    en: "Lesson \(lesson.paddedNumber) is back to its stub: \(file)",
                    zh: "第 \(lesson.paddedNumber) 课已恢复成占位代码：\(file)"
                ).localized)
        return Kata.ExitCode.ok
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
        default:
            return Text(
                en: "\(lines(added)) written, \(lines(removed)) of the stub removed",
                zh: "新写的 \(added) 行、删掉的 \(removed) 行占位代码")
        }
    }
}
