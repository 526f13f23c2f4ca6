import Foundation
import KataCore
import TraceViews

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
        if let track {
            print(
                context.style.bold(Text(en: "Track \(track.rawValue)", zh: "路线 `\(track.rawValue)`").localized)
                    + context.style.dim(Text(en: " — its lessons in order (docs/WORKSHOP.md)", zh: " —— 按顺序列出它的课（`docs/zh-Hans/WORKSHOP.md`）").localized) + "\n"
            )
        }
        print(Table.render(results, next: next, style: context.style))
        return Kata.ExitCode.ok
    }

    static func solvedSet(_ results: [LessonResult]) -> Set<Int> {
        Set(results.filter { $0.status == .solved }.map(\.lesson.number))
    }

    /// The line that closes the course, under `kata list` and as `kata next`'s answer.
    static func allGreen(_ style: Style) -> String {
        style.green(Text(en: "✔ Every lesson is green. Well done!", zh: "✔ 所有课都通过了，干得漂亮！").localized)
            + Text(en: "  Try: swift run kata trace", zh: "  试试：`swift run kata trace`").localized
    }

    // MARK: next, show

    static func next(_ context: Context) throws -> Int32 {
        let results = try runExercises(context, lessons: nil)
        var progress = Progress.load(from: context.root)
        progress.record(results)
        guard let next = progress.nextLesson(solved: solvedSet(results)),
            let result = results.first(where: { $0.lesson == next })
        else {
            progress.save(to: context.root)
            print(allGreen(context.style))
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
        let page = try? String(contentsOfFile: context.path(lesson.pagePathText.localized), encoding: .utf8)
        for line in engineNotes(result, page: page, style: context.style) { print(line) }
        guard solution else { return Kata.ExitCode.ok }
        guard result.status == .solved else {
            print(
                "\n"
                    + context.style.yellow(
                        Text(
                            en: "The solution shows once this lesson is green — solve it first (kata hint \(lesson.number) helps).",
                            zh: "这一课通过之后才能看参考答案：先把它解出来（`kata hint \(lesson.number)` 能帮上忙）。"
                        ).localized))
            return Kata.ExitCode.checkFailed
        }
        let text =
            (try? String(contentsOfFile: context.path(lesson.solutionFile), encoding: .utf8))
            ?? Text(en: "(no solution file)", zh: "（没有答案文件）").localized
        print(
            "\n" + context.style.bold(Text(en: "The reference solution, \(lesson.solutionFile):", zh: "参考答案，\(lesson.solutionFile)：").localized)
                + "\n\n" + text)
        return Kata.ExitCode.ok
    }

    /// One line of the card's block: its label in a column of seven, then the value.
    private static func field(_ label: Text, _ value: String) -> String {
        "  " + label.localized.padded(7) + value
    }

    /// A lesson's card: what it teaches, where to read and write, how to run it, what fails now.
    static func describe(_ result: LessonResult, hintsSeen: Int, style: Style) -> String {
        let lesson = result.lesson
        var out: [String] = []
        let tests = result.total > 0 ? Text(en: "  \(result.passed)/\(result.total) tests", zh: "  \(result.passed)/\(result.total) 个测试").localized : ""
        out.append(
            style.bold(lesson.headingText.localized) + "   \(lesson.level.stars) · \(lesson.kindText.localized)   "
                + style.status(result.status) + tests)
        out.append("")
        out += Style.wrap(lesson.behaviourText.localized, width: 88, indent: "  ")
        out.append("")
        out.append(field(Text(en: "Read", zh: "阅读"), lesson.pagePathText.localized))
        out.append(field(Text(en: "Edit", zh: "修改"), lesson.exerciseFile))
        out.append(field(Text(en: "Write", zh: "任务"), lesson.taskText.localized))
        out.append(
            field(Text(en: "Run", zh: "运行"), lesson.testCommand + Text(en: "   (or: swift run kata watch)", zh: "   （或者：`swift run kata watch`）").localized))
        if !lesson.hints.isEmpty && result.status != .solved {
            let seen = min(hintsSeen, lesson.hints.count)
            let more =
                seen < lesson.hints.count ? Text(en: " — swift run kata hint \(lesson.number)", zh: " —— `swift run kata hint \(lesson.number)`").localized : ""
            out.append(
                field(Text(en: "Hints", zh: "提示"), Text(en: "\(seen) of \(lesson.hints.count) seen", zh: "已看 \(seen)/\(lesson.hints.count) 条").localized + more)
            )
        }
        if !lesson.buildsOn.isEmpty {
            let earlier = lesson.buildsOn.compactMap(Catalog.lesson).map { "\($0.paddedNumber) \($0.titleText.localized)" }
            out.append(field(Text(en: "Needs", zh: "前置"), earlier.joined(separator: Text(en: ", ", zh: "，").localized)))
        }
        let lines = result.failureLines
        if result.status == .solved {
            out.append("")
            out.append(
                "  " + style.green(Text(en: "✔ Solved. ", zh: "✔ 已完成。").localized)
                    + Text(
                        en: "Compare with the reference: swift run kata show \(lesson.number) --solution",
                        zh: "和参考答案比一比：`swift run kata show \(lesson.number) --solution`"
                    ).localized)
        } else if !lines.isEmpty {
            out.append("")
            out.append("  " + style.bold(Text(en: "Now failing:", zh: "现在没通过的：").localized))
            for line in lines.prefix(5) { out += Style.wrap(line, width: 88, indent: "      ", first: "    " + style.red("✘ ")) }
            if lines.count > 5 { out.append(style.dim(Text(en: "    … and \(lines.count - 5) more", zh: "    …… 还有 \(lines.count - 5) 条").localized)) }
            if let (test, detail) = result.firstDetail {
                out.append("")
                out.append("  " + style.bold("“\(test)”") + style.dim(Text(en: " says:", zh: " 说：").localized))
                out += detailLines(detail, style: style, limit: 18)
            }
            if result.breakage != nil {
                out.append(style.dim(Text(en: "  Run it alone to see it all: \(lesson.testCommand)", zh: "  单独运行它，看完整的输出：\(lesson.testCommand)").localized))
            } else if result.status != .notStarted {
                out.append(style.dim(Text(en: "  Every failure in full: \(lesson.testCommand)", zh: "  每个失败的完整信息：\(lesson.testCommand)").localized))
            }
        } else if result.status == .noTests {
            out.append("")
            out.append(
                "  " + style.red(Text(en: "? No test of this lesson ran.", zh: "? 这一课的测试一个都没有运行。").localized)
                    + Text(en: " Is \(lesson.suiteType) still in Tests/LessonTests?", zh: " `\(lesson.suiteType)` 还在 `Tests/LessonTests` 里吗？").localized)
        }
        return out.joined(separator: "\n")
    }

    /// A test's explanation, indented: the rows of the comparison that differ in red, the hint in
    /// yellow (its lines wrapped under its text, after its label). Past `limit` lines, the excerpt
    /// of ``excerpt(_:limit:)``, with `…` where rows are left out.
    static func detailLines(_ detail: [HarnessRecord.Line], style: Style, limit: Int = .max) -> [String] {
        var out: [String] = []
        for line in excerpt(detail, limit: limit) {
            guard let line else {
                out.append(style.dim("      …"))
                continue
            }
            switch line.role {
            case .hint:
                let indent = String(repeating: " ", count: 6 + Style.visibleWidth(HarnessText.hint.localized + " "))
                out += Style.wrap(line.text, width: 96, indent: indent, first: "      ").map(style.yellow)
            case .row(differs: true):
                out.append("      " + style.red(line.text))
            case .row(differs: false), .tableTitle, .message, .closing:
                out.append("      " + line.text)
            }
        }
        return out
    }

    /// At most about `limit` lines of an explanation, nil where rows are left out. Everything but
    /// the table is kept (the message, the hint, the closing lines: short, and the point). Of the
    /// comparison, its title lines and the rows around its first difference, which in a long
    /// trace may be far down: an excerpt from the top would show only rows that agree.
    static func excerpt(_ detail: [HarnessRecord.Line], limit: Int) -> [HarnessRecord.Line?] {
        guard detail.count > limit else { return detail }
        let table = detail.indices.filter { detail[$0].role.isTable }
        let titles = table.prefix { detail[$0].role == .tableTitle }.count
        let rows = max(6, limit - (detail.count - table.count) - titles)
        guard table.count > titles + rows else { return detail }
        let marked = table.firstIndex { detail[$0].role == .row(differs: true) } ?? titles
        let first = max(titles, min(marked - 3, table.count - rows)), last = first + rows   // table positions [first, last)
        var positions = [Int?](repeating: nil, count: detail.count)   // each table line's position in the table
        for (position, index) in table.enumerated() { positions[index] = position }
        var out: [HarnessRecord.Line?] = []
        for index in detail.indices {
            guard let position = positions[index] else {
                out.append(detail[index])
                continue
            }
            if position < titles || (first..<last).contains(position) {
                out.append(detail[index])
            } else if position == titles || position == last {
                out.append(nil)   // the start of a run of rows left out
            }
        }
        return out
    }

    /// Where the reference engine does what the lesson asked for — its page's "After you solve
    /// it: in the engine" section, found by its mark (``PageMarks/engine``), whatever its heading
    /// says — once the lesson is green. Before, those files are the answer one click away: the
    /// card says only that they will be shown.
    static func engineNotes(_ result: LessonResult, page: String?, style: Style) -> [String] {
        guard let page, let lines = PageMarks.section(after: PageMarks.engine, in: page) else { return [] }
        var section = lines.filter { !isPageAside($0) }.map(String.init)
        while section.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { section.removeFirst() }
        while section.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { section.removeLast() }
        guard !section.isEmpty else { return [] }
        guard result.status == .solved else {
            return [
                "",
                style.dim(
                    Text(
                        en: "  Where the engine does this is shown here once the lesson is green.",
                        zh: "  这一课通过之后，这里会告诉你引擎是在哪里做这件事的。"
                    ).localized),
            ]
        }
        return [
            "",
            "  " + style.bold(Text(en: "In the engine", zh: "引擎里的实现").localized)
                + style.dim(Text(en: " — how the reference engine does what you wrote:", zh: " —— 参考引擎是怎样做到你写的这些的：").localized),
        ]
            + section.map { "    " + $0 }
    }

    /// A paragraph in italics (`_…_`): a word to the page's reader ("read this after your
    /// solution passes… `kata show` lists them"), which `kata show` itself does not repeat.
    static func isPageAside(_ line: Substring) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        return text.count > 2 && text.hasPrefix("_") && text.hasSuffix("_")
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
        for line in hintLines(lesson, shown: shown, in: Language.current, style: context.style) { print(line) }
        print("")
        if shown == lesson.hints.count {
            print(context.style.dim(HintText.last(lesson).localized))
        } else {
            print(context.style.dim(HintText.more(lesson, next: shown + 1).localized))
        }
        return Kata.ExitCode.ok
    }

    /// The first `shown` hints of `lesson`, each under its label (`Hint 2/3`, `提示 2/3`), its
    /// lines wrapped under its first word: the label's width counted in columns.
    static func hintLines(_ lesson: Lesson, shown: Int, in language: Language, style: Style) -> [String] {
        (0..<shown).flatMap { index in
            let label = HintText.label(index + 1, of: lesson.hints.count).in(language)
            let first = index == shown - 1 ? style.bold(label) : style.dim(label)
            return Style.wrap(lesson.hintTexts[index].in(language), width: 88, indent: String(repeating: " ", count: Style.visibleWidth(label)), first: first)
        }
    }

    // MARK: running the exercises

    /// The lessons' results against the Exercises: see `ExerciseRun`.
    static func runExercises(_ context: Context, lessons: [Lesson]?) throws -> [LessonResult] {
        try ExerciseRun.results(context, lessons: lessons ?? Catalog.lessons)
    }
}

/// The lesson table of `kata list`, its titles plain: code marks are noise in a column.
enum Table {
    static func render(_ results: [LessonResult], next: Lesson?, style: Style) -> String {
        // Columns wide enough for the longest title and kind in the language (Chinese ones are wider).
        let titleWidth = max(34, Catalog.lessons.map { $0.titleText.plain(in: .current).columns }.max() ?? 0)
        let kindWidth = max(6, Catalog.lessons.map { $0.kindText.localized.columns }.max() ?? 0)
        func row(_ marker: String, _ number: String, _ title: String, _ level: String, _ kind: String, _ tests: String) -> String {
            "  \(marker)  \(number)  \(title.padded(titleWidth)) \(level.padded(5)) \(kind.padded(kindWidth)) \(tests.padded(6)) "
        }
        var out: [String] = []
        out.append(style.bold("RunLoop Kata") + style.dim(Text(en: " — how Apple's run loop really works", zh: " —— Apple 的 RunLoop 究竟是怎样工作的").localized))
        out.append("")
        out.append(
            style.dim(
                row(
                    " ", " #", Text(en: "lesson", zh: "课").localized, Text(en: "level", zh: "难度").localized,
                    Text(en: "kind", zh: "类型").localized, Text(en: "tests", zh: "测试").localized)
                    + Text(en: "status", zh: "状态").localized))
        for result in results {
            let lesson = result.lesson
            let marker = lesson == next ? style.bold("▶") : " "
            let tests = result.total > 0 ? "\(result.passed)/\(result.total)" : "–"
            out.append(
                row(marker, lesson.paddedNumber, lesson.titleText.plain(in: .current), lesson.level.stars, lesson.kindText.localized, tests)
                    + style.status(result.status))
        }
        let solved = results.filter { $0.status == .solved }.count
        let passing = results.map(\.passed).reduce(0, +), total = results.map(\.total).reduce(0, +)
        out.append("")
        out.append(
            "  \(style.bar(solved, of: results.count))" + Text(en: " lessons solved   ", zh: " 课已完成   ").localized
                + style.dim(Text(en: "\(passing)/\(total) tests pass", zh: "\(passing)/\(total) 个测试通过").localized))
        out.append("")
        if let next {
            let label = Text(en: "Next: ", zh: "下一课：").localized
            let under = String(repeating: " ", count: 2 + label.columns)
            out.append("  " + label + style.bold(next.headingText.localized))
            out.append(under + Text(en: "swift run kata next     what to write, and where", zh: "`swift run kata next`     要写什么、写在哪里").localized)
            out.append(under + Text(en: "swift run kata watch    re-runs it each time you save", zh: "`swift run kata watch`    每次保存都重新运行").localized)
        } else {
            out.append("  " + Commands.allGreen(style))
        }
        return out.joined(separator: "\n")
    }
}
