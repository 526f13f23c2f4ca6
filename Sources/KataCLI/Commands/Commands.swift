import Foundation
import KataCore

/// The subcommands of `kata`.
enum Commands {
    static let help: [String: String] = [
        "list": "kata list — every lesson in order: level, status, tests passing, a progress bar, and the next lesson.\nRuns all lesson tests against your Exercises (builds first if needed).",
        "next": "kata next — the lesson to work on now (the first one not solved): what to write, where, and how to run it.",
        "show": "kata show N [--solution] — lesson N: summary, task, the command to run it alone, and its current failures.\n--solution prints the solution, once the lesson is green.",
        "hint": "kata hint N — the next hint for lesson N; ask again for the next one. Hints are also in the lesson page.",
        "watch": "kata watch [N] — runs the current lesson (or lesson N) whenever a file under Exercises/ changes; moves on when it turns green. Ctrl-C leaves.",
        "trace": "kata trace [NAME] — runs a named scenario on the reference engine and draws its timeline. Without NAME: the list of scenarios.",
        "reset": "kata reset N [--yes] — puts lesson N's exercise file back as it is in git's HEAD (your changes to that file are lost). Asks first unless --yes.",
        "verify": "kata verify — the maintainers' check: every lesson passes against Solutions; against untouched Exercises (from git HEAD) every lesson fails; no test process crashed or hung.\nExit 0 when the kata is well formed, 1 otherwise.",
    ]

    // MARK: list

    static func list(_ context: Context) throws -> Int32 {
        let results = try runExercises(context, lessons: nil)
        var progress = Progress.load(from: context.root)
        progress.record(results)
        let next = results.first { $0.status != .solved }?.lesson
        if let next { progress.current = next.number }
        try progress.save(to: context.root)
        printTable(results, next: next, context)
        return 0
    }

    static func printTable(_ results: [LessonResult], next: Lesson?, _ context: Context) {
        let style = context.style
        print(style.bold("RunLoop Kata") + style.dim(" — how Apple's run loop really works") + "\n")
        for result in results {
            let lesson = result.lesson
            let marker = lesson.number == next?.number ? style.bold("▶") : " "
            let tests = result.total > 0 ? "\(result.passed)/\(result.total)" : "–"
            print("\(marker) \(lesson.paddedNumber)  \(lesson.title.padded(34)) \(lesson.level.stars.padded(4)) \(lesson.kind.rawValue.padded(6)) \(tests.padded(6)) \(style.status(result.status))")
        }
        let solved = results.filter { $0.status == .solved }.count
        print("\n  \(style.bar(solved, of: results.count)) lessons solved")
        if let next {
            print("\n  Next: \(style.bold("Lesson \(next.paddedNumber) — \(next.title)"))   →  swift run kata next")
        } else {
            print("\n  " + style.green("Every lesson is green. Well done!"))
        }
    }

    // MARK: next, show

    static func next(_ context: Context) throws -> Int32 {
        let results = try runExercises(context, lessons: nil)
        var progress = Progress.load(from: context.root)
        progress.record(results)
        guard let next = results.first(where: { $0.status != .solved }) else {
            try progress.save(to: context.root)
            print(context.style.green("Every lesson is green. Well done!"))
            return 0
        }
        progress.current = next.lesson.number
        try progress.save(to: context.root)
        describe(next, context)
        return 0
    }

    static func show(_ context: Context, lesson: Lesson, solution: Bool) throws -> Int32 {
        let result = try runExercises(context, lessons: [lesson]).first!
        var progress = Progress.load(from: context.root)
        progress.record([result])
        try progress.save(to: context.root)
        describe(result, context)
        if solution {
            guard result.status == .solved else {
                print("\n" + context.style.yellow("The solution shows once this lesson is green — solve it first (kata hint \(lesson.number) helps)."))
                return 1
            }
            let text = (try? String(contentsOfFile: context.path(lesson.solutionFile), encoding: .utf8)) ?? "(no solution file)"
            print("\n" + context.style.bold("The solution, \(lesson.solutionFile):") + "\n\n" + text)
        }
        return 0
    }

    static func describe(_ result: LessonResult, _ context: Context) {
        let lesson = result.lesson, style = context.style
        print(style.bold("Lesson \(lesson.paddedNumber) — \(lesson.title)") + "   \(lesson.level.stars) · \(lesson.kind.rawValue)   \(style.status(result.status)) \(result.passed)/\(result.total)")
        print("\n  \(lesson.behaviour)\n")
        print("  Read   \(lesson.pagePath)")
        print("  Edit   \(lesson.exerciseFile)")
        print("  Write  \(lesson.task)")
        print("  Run    \(lesson.testCommand)      (or: swift run kata watch)")
        let lines = result.failureLines
        if !lines.isEmpty {
            print("\n  " + style.bold("Now failing:"))
            for line in lines.prefix(6) { print("    " + style.red("✘ ") + line) }
            if lines.count > 6 { print(style.dim("    … and \(lines.count - 6) more: run \(lesson.testCommand) for the full story")) }
            if result.status == .failing { print(style.dim("    The full failure (expected vs actual, side by side, with a hint): \(lesson.testCommand)")) }
        }
        if result.status == .solved { print("\n  " + style.green("Solved. ") + "Compare with the solution: swift run kata show \(lesson.number) --solution") }
    }

    // MARK: hint

    static func hint(_ context: Context, lesson: Lesson) throws -> Int32 {
        var progress = Progress.load(from: context.root)
        guard let shown = progress.nextHint(of: lesson.number, available: lesson.hints.count) else {
            print("Lesson \(lesson.paddedNumber) has no hints; its page is \(lesson.pagePath).")
            return 0
        }
        try progress.save(to: context.root)
        for index in 0..<shown {
            print(context.style.bold("Hint \(index + 1)/\(lesson.hints.count)") + "  " + lesson.hints[index])
        }
        if shown == lesson.hints.count { print(context.style.dim("That was the last hint. The lesson page explains the behaviour in full: \(lesson.pagePath)")) }
        return 0
    }

    // MARK: reset

    static func reset(_ context: Context, lesson: Lesson, confirmed: Bool) throws -> Int32 {
        let file = lesson.exerciseFile
        let original = try Subprocess.run(["git", "-C", context.root, "show", "HEAD:\(file)"], timeout: 30)
        guard original.ending == .exited(0) else { throw KataError("git has no committed version of \(file) to go back to") }
        let current = (try? String(contentsOfFile: context.path(file), encoding: .utf8)) ?? ""
        if current == original.output {
            print("\(file) is already as committed: nothing to reset.")
            return 0
        }
        if !confirmed {
            print("This puts \(file) back as it is in git's HEAD. Everything you changed in that file is lost.")
            print("Reset lesson \(lesson.paddedNumber)? [y/N] ", terminator: "")
            guard let answer = readLine(), answer.lowercased().hasPrefix("y") else {
                print("Nothing changed.")
                return 0
            }
        }
        try original.output.write(toFile: context.path(file), atomically: true, encoding: .utf8)
        var progress = Progress.load(from: context.root)
        progress.solved.remove(lesson.number)
        progress.lastResults[lesson.number] = nil
        try progress.save(to: context.root)
        print("Lesson \(lesson.paddedNumber) is back to its stub: \(file)")
        return 0
    }

    // MARK: running the exercises

    /// Builds (showing the compiler if it has work to do) and runs the lessons against Exercises.
    static func runExercises(_ context: Context, lessons: [Lesson]?) throws -> [LessonResult] {
        let runner = context.runner(.exercises)
        print(context.style.dim("Building the lessons… (the first time takes a minute or two)"))
        try runner.build()
        print(context.style.dim("Running the lesson tests…"))
        let report = try runner.run(lessons)
        return (lessons ?? Catalog.lessons).map(report.result(for:))
    }
}
