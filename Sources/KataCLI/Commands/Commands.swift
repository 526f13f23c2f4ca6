import Foundation
import KataCore

/// The subcommands of `kata`.
enum Commands {
    // MARK: list

    static func list(_ context: Context, track: Catalog.Track? = nil) throws -> Int32 {
        let results = try runExercises(context, lessons: track?.lessons)
        var progress = Progress.load(from: context.root)
        progress.record(results)
        let next = progress.nextLesson(solved: solvedSet(results), lessons: track?.lessons ?? Catalog.lessons)
        if let next { progress.current = next.number }
        progress.save(to: context.root)
        if let track { print(context.style.bold("Track \(track.rawValue)") + context.style.dim(" — its lessons in order (docs/WORKSHOP.md)") + "\n") }
        print(Table.render(results, next: next, style: context.style))
        return Kata.ExitCode.ok
    }

    static func solvedSet(_ results: [LessonResult]) -> Set<Int> {
        Set(results.filter { $0.status == .solved }.map(\.lesson.number))
    }

    // MARK: next, show

    static func next(_ context: Context) throws -> Int32 {
        let results = try runExercises(context, lessons: nil)
        var progress = Progress.load(from: context.root)
        progress.record(results)
        guard let next = progress.nextLesson(solved: solvedSet(results)),
              let result = results.first(where: { $0.lesson == next }) else {
            progress.save(to: context.root)
            print(context.style.green("✔ Every lesson is green. Well done!") + "  Try: swift run kata trace")
            return Kata.ExitCode.ok
        }
        progress.current = next.number
        progress.save(to: context.root)
        print(describe(result, hintsSeen: progress.hintsShown[next.number] ?? 0, style: context.style))
        return Kata.ExitCode.ok
    }

    static func show(_ context: Context, lesson: Lesson, solution: Bool) throws -> Int32 {
        let result = try runExercises(context, lessons: [lesson])[0]
        var progress = Progress.load(from: context.root)
        progress.record([result])
        progress.save(to: context.root)
        print(describe(result, hintsSeen: progress.hintsShown[lesson.number] ?? 0, style: context.style))
        let page = try? String(contentsOfFile: context.path(lesson.pagePath), encoding: .utf8)
        for line in engineNotes(result, page: page, style: context.style) { print(line) }
        guard solution else { return Kata.ExitCode.ok }
        guard result.status == .solved else {
            print("\n" + context.style.yellow("The solution shows once this lesson is green — solve it first (kata hint \(lesson.number) helps)."))
            return Kata.ExitCode.checkFailed
        }
        let text = (try? String(contentsOfFile: context.path(lesson.solutionFile), encoding: .utf8)) ?? "(no solution file)"
        print("\n" + context.style.bold("The reference solution, \(lesson.solutionFile):") + "\n\n" + text)
        return Kata.ExitCode.ok
    }

    /// A lesson's card: what it teaches, where to read and write, how to run it, what fails now.
    static func describe(_ result: LessonResult, hintsSeen: Int, style: Style) -> String {
        let lesson = result.lesson
        var out: [String] = []
        let tests = result.total > 0 ? "  \(result.passed)/\(result.total) tests" : ""
        out.append(style.bold("Lesson \(lesson.paddedNumber) — \(lesson.title)") + "   \(lesson.level.stars) · \(lesson.kind.rawValue)   "
                   + style.status(result.status) + tests)
        out.append("")
        out += Style.wrap(lesson.behaviour, width: 88, indent: "  ")
        out.append("")
        out.append("  Read   \(lesson.pagePath)")
        out.append("  Edit   \(lesson.exerciseFile)")
        out.append("  Write  \(lesson.task)")
        out.append("  Run    \(lesson.testCommand)   (or: swift run kata watch)")
        if !lesson.hints.isEmpty && result.status != .solved {
            let seen = min(hintsSeen, lesson.hints.count)
            out.append("  Hints  \(seen) of \(lesson.hints.count) seen" + (seen < lesson.hints.count ? " — swift run kata hint \(lesson.number)" : ""))
        }
        if !lesson.buildsOn.isEmpty {
            out.append("  After  " + lesson.buildsOn.compactMap(Catalog.lesson).map { "\($0.paddedNumber) \($0.title)" }.joined(separator: ", "))
        }
        let lines = result.failureLines
        if result.status == .solved {
            out.append("")
            out.append("  " + style.green("✔ Solved. ") + "Compare with the reference: swift run kata show \(lesson.number) --solution")
        } else if !lines.isEmpty {
            out.append("")
            out.append("  " + style.bold("Now failing:"))
            for line in lines.prefix(5) { out += Style.wrap(line, width: 88, indent: "      ", first: "    " + style.red("✘ ")) }
            if lines.count > 5 { out.append(style.dim("    … and \(lines.count - 5) more")) }
            if let (test, detail) = result.firstDetail {
                let shown = detail.split(separator: "\n", omittingEmptySubsequences: false).prefix(18)
                out.append("")
                out.append("  " + style.bold("“\(test)”") + style.dim(" says:"))
                for line in shown {
                    if line.hasPrefix("Hint:") {
                        out += Style.wrap(String(line), width: 96, indent: "            ", first: "      ").map(style.yellow)
                    } else {
                        out.append("      " + (line.hasPrefix("✗") ? style.red(String(line)) : String(line)))
                    }
                }
                if detail.split(separator: "\n").count > shown.count { out.append(style.dim("      …")) }
            }
            if result.breakage != nil {
                out.append(style.dim("  Run it alone to see it all: \(lesson.testCommand)"))
            } else if result.status != .notStarted {
                out.append(style.dim("  Every failure in full: \(lesson.testCommand)"))
            }
        } else if result.status == .noTests {
            out.append("")
            out.append("  " + style.red("? No test of this lesson ran.") + " Is \(lesson.suiteType) still in Tests/LessonTests?")
        }
        return out.joined(separator: "\n")
    }

    /// Where the reference engine does what the lesson asked for — its page's "After you solve
    /// it: in the engine" section — once the lesson is green. Before, those files are the answer one click away: the
    /// card says only that they will be shown.
    static func engineNotes(_ result: LessonResult, page: String?, style: Style) -> [String] {
        guard let page else { return [] }
        var section: [String] = []
        var inside = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                if inside { break }
                inside = line.lowercased().hasSuffix("in the engine")   // "## After you solve it: in the engine"
            } else if inside {
                section.append(String(line))
            }
        }
        while section.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { section.removeFirst() }
        while section.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { section.removeLast() }
        guard !section.isEmpty else { return [] }
        guard result.status == .solved else {
            return ["", style.dim("  Where the engine does this is shown here once the lesson is green.")]
        }
        return ["", "  " + style.bold("In the engine") + style.dim(" — how the reference engine does what you wrote:")] + section.map { "    " + $0 }
    }

    // MARK: hint

    static func hint(_ context: Context, lesson: Lesson) throws -> Int32 {
        var progress = Progress.load(from: context.root)
        guard let shown = progress.nextHint(of: lesson.number, available: lesson.hints.count) else {
            print(HintText.none(lesson).localized)
            return Kata.ExitCode.ok
        }
        progress.save(to: context.root)
        print(context.style.bold(HintText.heading(lesson).localized) + "\n")
        for index in 0..<shown {
            let label = HintText.label(index + 1, of: lesson.hints.count).localized
            let first = index == shown - 1 ? context.style.bold(label) : context.style.dim(label)
            print(Style.wrap(lesson.hintTexts[index].localized, width: 88, indent: String(repeating: " ", count: label.count), first: first).joined(separator: "\n"))
        }
        print("")
        if shown == lesson.hints.count {
            print(context.style.dim(HintText.last(lesson).localized))
        } else {
            print(context.style.dim(HintText.more(lesson, next: shown + 1).localized))
        }
        return Kata.ExitCode.ok
    }

    // MARK: running the exercises

    /// The lessons' results against the Exercises: see `ExerciseRun`.
    static func runExercises(_ context: Context, lessons: [Lesson]?) throws -> [LessonResult] {
        try ExerciseRun.results(context, lessons: lessons ?? Catalog.lessons)
    }
}

/// The lesson table of `kata list`.
enum Table {
    static func render(_ results: [LessonResult], next: Lesson?, style: Style) -> String {
        var out: [String] = []
        out.append(style.bold("RunLoop Kata") + style.dim(" — how Apple's run loop really works"))
        out.append("")
        out.append(style.dim("      #  lesson                             level kind   tests  status"))
        for result in results {
            let lesson = result.lesson
            let marker = lesson == next ? style.bold("▶") : " "
            let tests = result.total > 0 ? "\(result.passed)/\(result.total)" : "–"
            out.append("  \(marker)  \(lesson.paddedNumber)  \(lesson.title.padded(34)) \(lesson.level.stars.padded(5)) \(lesson.kind.rawValue.padded(6)) \(tests.padded(6)) \(style.status(result.status))")
        }
        let solved = results.filter { $0.status == .solved }.count
        let passing = results.map(\.passed).reduce(0, +), total = results.map(\.total).reduce(0, +)
        out.append("")
        out.append("  \(style.bar(solved, of: results.count)) lessons solved   " + style.dim("\(passing)/\(total) tests pass"))
        out.append("")
        if let next {
            out.append("  Next: " + style.bold("Lesson \(next.paddedNumber) — \(next.title)"))
            out.append("        swift run kata next     what to write, and where")
            out.append("        swift run kata watch    re-runs it each time you save")
        } else {
            out.append("  " + style.green("✔ Every lesson is green. Well done!") + "  Try: swift run kata trace")
        }
        return out.joined(separator: "\n")
    }
}
