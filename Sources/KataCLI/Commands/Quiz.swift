import Foundation
import KataCore
import RunLoopEngine
import TraceViews

/// `kata quiz`: predict what the loop does, then watch the reference engine do it.
struct QuizSession {
    /// Where the package is: the engine code is read from its sources.
    let packageRoot: String
    /// Where `.kata/progress.json` is.
    let progressRoot: String
    let style: Style
    var output: (String) -> Void = { print($0) }
    var input: () -> String? = { readLine() }
    /// Where errors go: standard error, like every `kata:` error.
    var complain: (String) -> Void = { Kata.complain($0) }
    /// Shows that an answer is awaited (on a terminal: `> `, the cursor after it).
    var showPrompt: () -> Void = {
        print("> ", terminator: "")
        SystemIO.flushStandardStreams()
    }

    func run(_ request: QuizRequest) throws -> Int32 {
        if request.list { return list() }
        if request.interview { return try interview(request) }
        var progress = Progress.load(from: progressRoot)
        let question: QuizQuestion
        if let number = request.number {
            question = QuizBank.question(number)!
        } else if let next = QuizBank.all.first(where: { progress.quiz?.answered[$0.number] == nil }) {
            question = next
        } else {
            output(
                style.green(Text(en: "✔ You have answered every question.", zh: "✔ 所有题目你都答过了。").localized)
                    + Text(
                        en: " Try: swift run kata quiz --interview, or kata quiz N",
                        zh: " 试试：`swift run kata quiz --interview`，或者 `kata quiz N`"
                    ).localized)
            return Kata.ExitCode.ok
        }
        if request.engine { return engine(question) }
        if let svg = request.svg { return picture(question, to: svg) }
        output(
            ask(
                question,
                heading: Text(
                    en: "Question \(question.number) of \(QuizBank.all.count)",
                    zh: "第 \(question.number) 题（共 \(QuizBank.all.count) 题）"
                ).localized))
        let given: [String]
        switch answer(to: question, scripted: request.answers.first) {
        case .answer(let words): given = words
        case .unreadable: return Kata.ExitCode.usage
        case .none:
            complain(
                Text(
                    en: "kata: no answer (no terminal to read from): give one with --answer, e.g. kata quiz \(question.number) --answer …",
                    zh: "kata: 没有答案（没有可以读取输入的终端）：用 `--answer` 给出答案，例如 `kata quiz \(question.number) --answer …`"
                ).localized)
            return Kata.ExitCode.usage
        }
        let outcome = question.run()
        guard let engine = outcome.answer else {
            output(couldNotRun(outcome))
            return Kata.ExitCode.checkFailed
        }
        let grade = question.grade(given, against: engine)
        output(report(question, grade: grade, outcome: outcome))
        progress.recordQuiz(question.number, correct: grade.isCorrect)
        progress.save(to: progressRoot)
        return grade.isCorrect ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
    }

    /// What the learner answered.
    enum Read { case answer([String]), unreadable, none }

    /// The learner's answer to `question`: the scripted one (`--answer`), or read from the
    /// terminal — asked again until it can be read. `.none` when there is no terminal to read.
    func answer(to question: QuizQuestion, scripted: String?) -> Read {
        while true {
            guard let raw = scripted ?? prompt() else { return .none }
            do { return .answer(try question.parse(raw)) } catch {
                complain("kata: \(error)")
                if scripted != nil { return .unreadable }   // a script's answer gets no second try
            }
        }
    }

    func prompt() -> String? {
        showPrompt()
        return input()
    }

    // MARK: One question

    /// The question: the lesson, what to predict, the iOS code, how to answer.
    func ask(_ question: QuizQuestion, heading: String) -> String {
        let lesson = Catalog.lesson(question.lesson)!
        let about = Text(
            en: " · lesson \(lesson.paddedNumber) \(lesson.title) \(lesson.level.stars)",
            zh: " · 第 \(lesson.paddedNumber) 课 \(lesson.titleZh) \(lesson.level.stars)")
        var out = [style.bold(heading) + style.dim(about.localized) + " — " + question.title.localized, ""]
        out += Style.wrap(question.wording.question.localized, width: 92, indent: "  ")
        out.append("")
        out += question.wording.localizedIOS.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
        out.append("")
        if case .choice(let choices) = question.form {
            for (index, choice) in choices.enumerated() { out.append("  \(QuizQuestion.letter(index))) \(choice.text.localized)") }
            out.append("")
        }
        if let candidates = question.candidates {
            out += Style.wrap(
                Text(en: "Which of these work? Each must show: ", zh: "哪些可行？每个都要做到：").localized + candidates.need.localized, width: 92, indent: "  ")
            out.append("")
            for (index, option) in candidates.options.enumerated() {
                out.append("  \(QuizQuestion.letter(index))) \(option.text.localized)")
                out += option.ios(in: .current).split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
                out.append("")
            }
        }
        out.append(style.dim(Text(en: "  Answer: ", zh: "  作答：").localized + question.answerHint.localized))
        return out.joined(separator: "\n")
    }

    /// The learner's answer beside the engine's, the engine's timeline, why, and where to read.
    func report(_ question: QuizQuestion, grade: QuizGrade, outcome: QuizOutcome) -> String {
        var out = [""]
        out.append(
            grade.isCorrect
                ? style.green(Text(en: "✔ Right.", zh: "✔ 答对了。").localized)
                : style.red(Text(en: "✘ Not what the engine did.", zh: "✘ 和引擎的结果不一样。").localized))
        let none = QuizQuestion.none.localized
        let (given, engine): ([String], [String])
        switch question.form {
        case .choice: (given, engine) = ([question.display(grade.given).localized], [question.display(grade.expected).localized])
        case .several: (given, engine) = ([question.display(grade.given).localized], [question.display(grade.expected).localized])
        case .order, .times: (given, engine) = (grade.given.isEmpty ? [none] : grade.given, grade.expected.isEmpty ? [none] : grade.expected)
        }
        out.append(
            LoopTrace.sideBySide(
                expected: given, actual: engine,
                expectedTitle: Text(en: "your answer", zh: "你的答案").localized,
                actualTitle: Text(en: "the engine", zh: "引擎").localized))
        out.append("")
        out.append(
            style.bold(Text(en: "The engine's timeline", zh: "引擎的时间线").localized)
                + style.dim(Text(en: " (virtual clock; the scenario thread's loop)", zh: "（虚拟时钟；场景线程的 RunLoop）").localized))
        let lines = outcome.trace.timeline(in: .current).split(separator: "\n").map(String.init)
        out += lines.prefix(60).map { "  " + $0 }
        if lines.count > 60 {
            out.append(style.dim(Text(en: "  … \(lines.count - 60) more lines", zh: "  …… 还有 \(lines.count - 60) 行").localized))
        }
        out.append("")
        if !outcome.candidates.isEmpty {
            out.append(style.bold(Text(en: "Each option, as the engine ran it", zh: "引擎逐个运行每个选项").localized))
            out.append(verdicts(question, outcome.candidates, wrongOnly: false))
            for (index, run) in outcome.candidates.enumerated() where !run.outcome.trace.events.isEmpty {
                out.append("")
                out.append(style.dim(Text(en: "  option \(QuizQuestion.letter(index))'s timeline", zh: "  选项 \(QuizQuestion.letter(index)) 的时间线").localized))
                let lines = run.outcome.trace.timeline(in: .current).split(separator: "\n").map(String.init)
                out += lines.prefix(24).map { "    " + $0 }
                if lines.count > 24 {
                    out.append(style.dim(Text(en: "    … \(lines.count - 24) more lines", zh: "    …… 还有 \(lines.count - 24) 行").localized))
                }
            }
            out.append("")
        }
        out += Style.wrap(
            question.wording.why.localized, width: 92, indent: "       ",
            first: style.bold(Text(en: "  Why  ", zh: "  原因 ").localized))
        if let followUp = question.followUp {
            out += Style.wrap(followUp.question.localized, width: 92, indent: "        ", first: style.bold(Text(en: "  Next  ", zh: "  追问  ").localized))
            out += Style.wrap(followUp.model.localized, width: 92, indent: "        ", first: style.bold(Text(en: "  Model ", zh: "  参考  ").localized))
        }
        let lesson = Catalog.lesson(question.lesson)!
        out.append(Text(en: "  Read  \(lesson.pagePath)", zh: "  阅读 \(lesson.pagePathZh)").localized)
        out.append(
            style.dim(
                Text(
                    en: "  The engine code that ran: swift run kata quiz \(question.number) --engine",
                    zh: "  运行的引擎代码：`swift run kata quiz \(question.number) --engine`"
                ).localized))
        return out.joined(separator: "\n")
    }

    /// Draws the engine's timeline of `question` into `path` as an SVG picture: for a room to
    /// look at once everyone has answered.
    func picture(_ question: QuizQuestion, to path: String) -> Int32 {
        let outcome = question.run()
        guard outcome.answer != nil else {
            complain(
                Text(
                    en: "kata: the engine could not run question \(question.number): \(outcome.failure ?? "no answer")",
                    zh: "kata: 引擎无法运行第 \(question.number) 题：\(outcome.failure ?? "没有答案")"
                ).localized)
            return Kata.ExitCode.checkFailed
        }
        let picture = outcome.trace.picture(
            title: QuizSession.pictureTitle(question).localized,
            summary: Catalog.lesson(question.lesson).map { QuizSession.pictureSummary($0).localized } ?? "",
            labels: .in(.current))
        guard Commands.write(picture, to: path, complain: complain) else { return Kata.ExitCode.usage }
        output(
            Text(
                en: "Wrote \(path): the engine's timeline of question \(question.number), as a picture (it shows the answer).",
                zh: "已写入 \(path)：第 \(question.number) 题引擎的时间线图（图里能看到答案）。"
            ).localized)
        return Kata.ExitCode.ok
    }

    /// The iOS code and the engine code that runs, side by side.
    func engine(_ question: QuizQuestion) -> Int32 {
        guard let code = question.engineCode(packageRoot: packageRoot) else {
            complain(
                Text(
                    en: "kata: the engine code of question \(question.number) was not found in \(question.sourceFile)",
                    zh: "kata: 在 `\(question.sourceFile)` 中找不到第 \(question.number) 题的引擎代码"
                ).localized)
            return Kata.ExitCode.buildOrTool
        }
        output(style.bold(Text(en: "Question \(question.number)", zh: "第 \(question.number) 题").localized) + " — " + question.title.localized)
        output(
            style.dim(
                Text(
                    en: "The iOS code, and the engine code that runs (read from \(question.sourceFile)):",
                    zh: "iOS 代码，以及实际运行的引擎代码（读自 \(question.sourceFile)）："
                ).localized) + "\n")
        output(
            LoopTrace.sideBySide(
                expected: question.wording.localizedIOS.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                actual: code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                expectedTitle: "iOS", actualTitle: Text(en: "engine", zh: "引擎").localized, numbered: false))
        return Kata.ExitCode.ok
    }

    // MARK: The bank

    func list() -> Int32 {
        let progress = Progress.load(from: progressRoot)
        output(
            style.bold(Text(en: "Quiz", zh: "测验").localized)
                + style.dim(
                    Text(
                        en: " — \(QuizBank.all.count) questions; swift run kata quiz N",
                        zh: " — 共 \(QuizBank.all.count) 题；`swift run kata quiz N`"
                    ).localized) + "\n")
        for lesson in Catalog.lessons {
            output("  " + style.bold("\(lesson.paddedNumber) \(lesson.titleText.localized)") + style.dim(" \(lesson.level.stars)"))
            for question in QuizBank.questions(of: lesson.number) {
                let mark = progress.quiz?.answered[question.number].map { $0 ? style.green("✔") : style.red("✘") } ?? " "
                output("    \(mark) \(String(question.number).padded(3)) \(question.title.localized)")
            }
        }
        return Kata.ExitCode.ok
    }
}

extension QuizQuestion {
    /// One `--answer` holding a whole interview: split on ';', or on ',' when no ';' is given
    /// (a Chinese keyboard's `；` and `，` alike).
    static func splitAnswers(_ text: String) -> [String] {
        let text = halfWidth(text)
        let separator: Character = text.contains(";") ? ";" : ","
        return text.split(separator: separator, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

extension Commands {
    static func quiz(_ context: Context, request: QuizRequest) throws -> Int32 {
        try QuizSession(packageRoot: context.root, progressRoot: context.root, style: context.style).run(request)
    }
}
