import Foundation
import KataCore

extension Commands {
    /// Runs the current lesson whenever a file under Exercises/ changes; moves on when it turns green.
    static func watch(_ context: Context, lesson start: Int?) throws -> Int32 {
        var progress = Progress.load(from: context.root)
        var current = Catalog.lesson(start ?? progress.current) ?? Catalog.lessons[0]
        let watcher = FileWatcher(directory: context.path("Exercises"))
        let style = context.style
        while true {
            print(style.bold("\n⟳ Lesson \(current.paddedNumber) — \(current.title)") + style.dim("   (watching Exercises/ — Ctrl-C to leave)"))
            let result: LessonResult
            do {
                result = try runExercises(context, lessons: [current]).first!
            } catch {
                print(style.red("✘ ") + "\(error)")
                print(style.dim("Fix it and save: kata runs again."))
                watcher.waitForChange()
                continue
            }
            progress = Progress.load(from: context.root)
            progress.record([result])
            describe(result, context)
            if result.status == .solved {
                print("\n" + style.green("✔ Lesson \(current.paddedNumber) is green!"))
                guard let next = Catalog.lessons.first(where: { $0.number > current.number && !progress.solved.contains($0.number) })
                        ?? Catalog.lessons.first(where: { !progress.solved.contains($0.number) }) else {
                    try progress.save(to: context.root)
                    print(style.green("Every lesson is green. Well done!"))
                    return 0
                }
                current = next
                progress.current = next.number
                try progress.save(to: context.root)
                print("Moving on to Lesson \(next.paddedNumber) — \(next.title). Read \(next.pagePath)")
                continue
            }
            progress.current = current.number
            try progress.save(to: context.root)
            watcher.waitForChange()
            print(style.dim("\nA file changed under Exercises/: running lesson \(current.paddedNumber) again."))
        }
    }
}

/// Notices changes to the files of a folder by their modification times, twice a second.
/// (Small and dependency-free; no kernel notification API is portable between Linux and macOS.)
struct FileWatcher {
    let directory: String

    /// A fingerprint of every file: path, size, modification time.
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

    /// Returns when something changed.
    func waitForChange() {
        let before = snapshot()
        while snapshot() == before { usleep(500_000) }
    }
}
