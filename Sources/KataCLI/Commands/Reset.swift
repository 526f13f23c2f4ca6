import Foundation
import KataCore

extension Commands {
    /// Puts lesson N's exercise back to its original stub, after saying what would be lost and asking.
    ///
    /// The original is not simply git's HEAD: a student who commits their work makes HEAD theirs.
    /// It is the newest committed version of the file that is still a full stub (see `StubHistory`).
    static func reset(_ context: Context, lesson: Lesson, confirmed: Bool) throws -> Int32 {
        let file = lesson.exerciseFile, style = context.style
        let versions = try StubHistory.committedVersions(of: file, in: context.root)
        guard let stub = StubHistory.original(among: versions, lesson: lesson.number) else {
            throw KataError("git's history has no stub of \(file) to go back to (is this a git clone of the kata?)")
        }
        let current = (try? String(contentsOfFile: context.path(file), encoding: .utf8)) ?? ""
        if current == stub {
            print("\(file) is already the original stub: nothing to reset.")
            return Kata.ExitCode.ok
        }
        let change = LineChange(from: stub, to: current)
        print(style.bold("Reset lesson \(lesson.paddedNumber) — \(lesson.title)"))
        print("  \(file) goes back to its original stub.")
        print("  You lose your changes to it: " + style.yellow(change.summary) + ".")
        let backup = backupPath(for: lesson, context)
        print(style.dim("  (A copy of your version is kept in \(backup).)"))
        if !confirmed {
            print("Reset it? [y/N] ", terminator: "")
            fflush(nil)
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased().trimmingCharacters(in: .whitespaces)) else {
                print("Nothing changed.")
                return Kata.ExitCode.ok
            }
        }
        try FileManager.default.createDirectory(atPath: (context.path(backup) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try current.write(toFile: context.path(backup), atomically: true, encoding: .utf8)
        try stub.write(toFile: context.path(file), atomically: true, encoding: .utf8)
        var progress = Progress.load(from: context.root)
        progress.solved.remove(lesson.number)
        progress.lastResults[lesson.number] = nil
        try progress.save(to: context.root)
        print(style.green("✔ ") + "Lesson \(lesson.paddedNumber) is back to its stub: \(file)")
        return Kata.ExitCode.ok
    }

    /// `.kata/backups/06-NextFireDate.swift.20261123-101500`
    static func backupPath(for lesson: Lesson, _ context: Context) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let name = (lesson.exerciseFile as NSString).lastPathComponent
        return ".kata/backups/\(lesson.paddedNumber)-\(name).\(formatter.string(from: Date()))"
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
    /// keeps them all, so the newest stub wins.
    static func original(among versions: [String], lesson: Int) -> String? {
        let counts = versions.map { stubCalls(in: $0, lesson: lesson) }
        guard let most = counts.max(), most > 0 else { return nil }
        return versions[counts.firstIndex(of: most)!]
    }

    /// How many times `text` calls `unsolved(lesson: N, …)`.
    static func stubCalls(in text: String, lesson: Int) -> Int {
        text.components(separatedBy: "unsolved(lesson: \(lesson),").count - 1
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

    /// `12 lines written, 3 stub lines removed`
    var summary: String {
        func lines(_ n: Int) -> String { n == 1 ? "1 line" : "\(n) lines" }
        switch (added, removed) {
        case (0, 0): return "no line (only the order of lines changed)"
        case (_, 0): return "\(lines(added)) written"
        case (0, _): return "\(lines(removed)) of the stub removed"
        default: return "\(lines(added)) written, \(lines(removed)) of the stub removed"
        }
    }
}
