import Foundation
import KataCore

extension Commands {
    /// Runs the current lesson whenever a file under Exercises/ changes; moves on when it turns green.
    /// Ctrl-C is handled by `Shutdown`: it ends every process kata started and exits 130.
    static func watch(_ context: Context, lesson start: Int?) throws -> Int32 {
        let style = context.style
        var progress = Progress.load(from: context.root)
        var current: Lesson
        if let chosen = start.flatMap(Catalog.lesson) {
            current = chosen
        } else {
            // What is solved now, not what progress.json remembers: a solved lesson may have been
            // put back to its stub since. (Unchanged lessons come from .kata/results.json at once.)
            var solved: Set<Int> = []
            do {
                solved = solvedSet(try runExercises(context, lessons: nil))
            } catch is BuildFailure {
                // Nothing runs until the package builds: start on the chosen (or the first) lesson.
            }
            guard let next = lessonToWatch(chosen: progress.current, solved: solved) else {
                print(allGreen(style))
                return Kata.ExitCode.ok
            }
            current = next
        }
        let watcher = FileWatcher(directory: context.path("Exercises"))
        var changed: [String] = []
        while true {
            var snapshot = watcher.snapshot()
            if style.colours { print("\u{1B}[2J\u{1B}[H", terminator: "") }   // a clean screen each round, on a terminal
            print(
                style.bold("⟳ kata watch")
                    + style.dim(
                        "  ·  " + HintText.heading(current).localized
                            + Text(en: "  ·  Ctrl-C to leave", zh: "  ·  按 `Ctrl-C` 退出").localized))
            if !changed.isEmpty {
                let files = changed.prefix(3).joined(separator: ", ")
                print(style.dim(Text(en: "  saved: \(files)", zh: "  已保存：\(files)").localized))
            }
            print("")
            let result: LessonResult
            do {
                result = try runExercises(context, lessons: [current])[0]
            } catch let failure as BuildFailure {
                print(style.red("✘ ") + failure.description)
                print(
                    "\n"
                        + style.dim(
                            Text(
                                en: "Fix it and save: kata runs the lesson again.",
                                zh: "改好后保存：kata 会再运行这一课。"
                            ).localized))
                changed = watcher.waitForChange(since: snapshot)
                continue
            }
            progress = Progress.load(from: context.root)
            progress.record([result])
            print("")
            print(describe(result, hintsSeen: progress.hintsShown[current.number] ?? 0, style: style))
            if result.status == .solved {
                let all = try runExercises(context, lessons: nil)
                progress.record(all)
                let solved = solvedSet(all)
                print(
                    "\n" + style.green(Text(en: "✔ Lesson \(current.paddedNumber) is green!", zh: "✔ 第 \(current.paddedNumber) 课变绿了！").localized)
                        + "  \(style.bar(solved.count, of: Catalog.lessons.count))" + Text(en: " solved", zh: " 已完成").localized)
                progress.current = current.number
                guard let next = lessonToWatch(chosen: nil, solved: solved) else {
                    progress.save(to: context.root)
                    print(allGreen(style))
                    return Kata.ExitCode.ok
                }
                current = next
                progress.current = next.number
                progress.save(to: context.root)
                print(
                    "\n" + Text(en: "Next: ", zh: "下一课：").localized
                        + style.bold(HintText.heading(next).localized)
                        + Text(
                            en: ". Read \(next.pagePath), edit \(next.exerciseFile).",
                            zh: "。先读 \(next.pagePathZh)，再修改 \(next.exerciseFile)。"
                        ).localized)
                print(
                    style.dim(
                        Text(
                            en: "Watching: save a file under Exercises/ to run it (or wait: it runs in 3 s).",
                            zh: "正在监视：保存 `Exercises/` 下的文件就会运行它（不保存的话，3 秒后也会运行）。"
                        ).localized))
                // Give the student a moment to read the good news, then run the next lesson.
                snapshot = watcher.snapshot()
                changed = watcher.waitForChange(since: snapshot, giveUpAfter: 3)
                continue
            }
            progress.current = current.number
            progress.save(to: context.root)
            print(
                "\n"
                    + style.dim(
                        Text(
                            en: "Watching Exercises/ — save a file to run lesson \(current.paddedNumber) again.",
                            zh: "正在监视 `Exercises/`：保存文件就会再运行第 \(current.paddedNumber) 课。"
                        ).localized))
            changed = watcher.waitForChange(since: snapshot)
        }
    }
}

extension Commands {
    /// The lesson `kata watch` works on: the one the student chose (`kata next` and `kata watch N`
    /// make it current) while it is unsolved, else the earliest unsolved lesson; nil when all are solved.
    static func lessonToWatch(chosen: Int?, solved: Set<Int>) -> Lesson? {
        if let chosen, let lesson = Catalog.lesson(chosen), !solved.contains(chosen) { return lesson }
        return Catalog.lessons.first { !solved.contains($0.number) }
    }
}

/// Notices changes to the `.swift` files of a folder by their sizes and modification times,
/// twice a second. Small and dependency-free (no kernel notification API is common to Linux
/// and macOS); a folder of a few dozen files costs nothing to look at.
struct FileWatcher {
    let directory: String
    var interval: Double = 0.5

    /// A fingerprint of every file: relative path → size and modification time.
    func snapshot() -> [String: String] {
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return result }
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let full = (directory as NSString).appendingPathComponent(path)
            if let attributes = try? FileManager.default.attributesOfItem(atPath: full) {
                result[path] = "\(attributes[.size] ?? 0)@\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
            }
        }
        return result
    }

    /// The files that differ between two snapshots: changed, added or removed, sorted.
    static func changes(from before: [String: String], to after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// Waits until a file differs from `snapshot` and the folder then stays quiet for one more
    /// look (editors often write a file in several steps); returns the changed files, relative to
    /// the folder. With `giveUpAfter`, returns (empty) after that many seconds even if nothing changed.
    func waitForChange(since snapshot: [String: String], giveUpAfter limit: Double? = nil) -> [String] {
        SystemIO.flushStandardStreams()   // everything printed so far is on screen while we wait
        let start = Date()
        var latest = snapshot
        while FileWatcher.changes(from: snapshot, to: latest).isEmpty {
            if let limit, Date().timeIntervalSince(start) >= limit { return [] }
            Thread.sleep(forTimeInterval: interval)
            latest = self.snapshot()
        }
        while true {
            Thread.sleep(forTimeInterval: interval)
            let again = self.snapshot()
            if again == latest { break }
            latest = again
        }
        return FileWatcher.changes(from: snapshot, to: latest).map { "Exercises/" + $0 }
    }
}
