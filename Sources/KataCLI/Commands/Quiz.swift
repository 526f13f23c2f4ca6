import Foundation
import KataCore
import RunLoopEngine

/// What `kata quiz` was asked for.
struct QuizRequest: Equatable {
    var number: Int?
    var list = false
    var interview = false
    var engine = false
    /// `--answer`s, in order (no terminal needed).
    var answers: [String] = []
    /// `--seed`: which ten questions an interview draws.
    var seed: UInt64?
    /// `--svg FILE`: draw the engine's timeline of question N as a picture (it shows the answer).
    var svg: String?

    /// A usage error of `kata quiz`, in both languages.
    static func usage(_ message: Text) -> UsageError {
        UsageError(message, command: "quiz")
    }

    /// Takes the quiz's options and question number out of `rest`.
    static func parse(_ rest: inout [String]) throws(UsageError) -> QuizRequest {
        var request = QuizRequest()
        var remaining: [String] = []
        var index = 0
        func value(_ option: String) throws(UsageError) -> String {
            index += 1
            guard index < rest.count else {
                throw usage(Text(en: "\(option) needs a value", zh: "\(option) 后面要跟一个值"))
            }
            return rest[index]
        }
        while index < rest.count {
            let argument = rest[index]
            switch argument {
            case "--list", "-l": request.list = true
            case "--interview", "-i": request.interview = true
            case "--engine", "-e": request.engine = true
            case "--answer", "-a": request.answers.append(try value(argument))
            case "--svg": request.svg = try value(argument)
            case "--seed":
                let text = try value(argument)
                guard let seed = UInt64(text) else {
                    throw usage(Text(en: "--seed takes a whole number, not '\(text)'",
                                     zh: "--seed 后面要跟一个整数，而不是 `\(text)`"))
                }
                request.seed = seed
            default:
                if let number = Int(argument.hasPrefix("#") ? String(argument.dropFirst()) : argument), request.number == nil {
                    guard QuizBank.question(number) != nil else {
                        throw usage(Text(en: "there is no question \(number): questions go from 1 to \(QuizBank.all.count)",
                                         zh: "没有第 \(number) 题：题号从 1 到 \(QuizBank.all.count)"))
                    }
                    request.number = number
                } else {
                    remaining.append(argument)
                }
            }
            index += 1
        }
        rest = remaining
        if request.interview && (request.number != nil || request.engine || request.list) {
            throw usage(Text(en: "--interview draws its own questions: give no number, --engine or --list with it",
                             zh: "--interview 会自己抽题：不要同时给题号、--engine 或 --list"))
        }
        if request.svg != nil && (request.number == nil || request.interview || request.engine || request.list || !request.answers.isEmpty) {
            throw usage(Text(en: "--svg draws one question's timeline: kata quiz N --svg FILE",
                             zh: "--svg 画出一道题的时间线：kata quiz N --svg FILE"))
        }
        if request.engine && request.number == nil {
            throw usage(Text(en: "--engine shows one question's code: kata quiz N --engine",
                             zh: "--engine 显示一道题的代码：kata quiz N --engine"))
        }
        if !request.interview && request.answers.count > 1 {
            throw usage(Text(en: "one --answer per question (the interview takes one for each of its questions)",
                             zh: "每道题只给一个 --answer（面试模式下每道题各给一个）"))
        }
        return request
    }
}

/// What `kata quiz` remembers in the progress file.
struct QuizProgress: Codable, Equatable {
    /// Each question answered: whether the last answer was right.
    var answered: [Int: Bool] = [:]
    /// Each interview: when, the score, the lessons to revisit.
    var interviews: [Interview] = []

    /// Only the questions the bank has (a file from another version may name others).
    func clamped(to questions: Set<Int>) -> QuizProgress {
        var result = self
        result.answered = answered.filter { questions.contains($0.key) }
        return result
    }

    struct Interview: Codable, Equatable {
        var date: String
        var questions: [Int]
        var score: Int
        var seed: UInt64
        var revisit: [Int]
    }
}

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
            output(style.green(Text(en: "✔ You have answered every question.", zh: "✔ 所有题目你都答过了。").localized)
                   + Text(en: " Try: swift run kata quiz --interview, or kata quiz N",
                          zh: " 试试：swift run kata quiz --interview，或者 kata quiz N").localized)
            return Kata.ExitCode.ok
        }
        if request.engine { return engine(question) }
        if let svg = request.svg { return picture(question, to: svg) }
        output(ask(question, heading: Text(en: "Question \(question.number) of \(QuizBank.all.count)",
                                           zh: "第 \(question.number) 题（共 \(QuizBank.all.count) 题）").localized))
        let given: [String]
        switch answer(to: question, scripted: request.answers.first) {
        case .answer(let words): given = words
        case .unreadable: return Kata.ExitCode.usage
        case .none:
            complain(Text(en: "kata: no answer (no terminal to read from): give one with --answer, e.g. kata quiz \(question.number) --answer …",
                          zh: "kata: 没有答案（没有可以读取输入的终端）：用 --answer 给出答案，例如 kata quiz \(question.number) --answer …").localized)
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

    private func prompt() -> String? {
        showPrompt()
        return input()
    }

    // MARK: One question

    /// The question: the lesson, what to predict, the iOS code, how to answer.
    func ask(_ question: QuizQuestion, heading: String) -> String {
        let lesson = Catalog.lesson(question.lesson)!
        let about = Text(en: " · lesson \(lesson.paddedNumber) \(lesson.title) \(lesson.level.stars)",
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
        out.append(style.dim(Text(en: "  Answer: ", zh: "  作答：").localized + question.answerHint.localized))
        return out.joined(separator: "\n")
    }

    /// The learner's answer beside the engine's, the engine's timeline, why, and where to read.
    func report(_ question: QuizQuestion, grade: QuizGrade, outcome: QuizOutcome) -> String {
        var out = [""]
        out.append(grade.isCorrect ? style.green(Text(en: "✔ Right.", zh: "✔ 答对了。").localized)
                                   : style.red(Text(en: "✘ Not what the engine did.", zh: "✘ 和引擎的结果不一样。").localized))
        let none = QuizQuestion.none.localized
        let (given, engine): ([String], [String])
        switch question.form {
        case .choice: (given, engine) = ([question.display(grade.given).localized], [question.display(grade.expected).localized])
        case .order, .times: (given, engine) = (grade.given.isEmpty ? [none] : grade.given, grade.expected.isEmpty ? [none] : grade.expected)
        }
        out.append(LoopTrace.sideBySide(expected: given, actual: engine,
                                        expectedTitle: Text(en: "your answer", zh: "你的答案").localized,
                                        actualTitle: Text(en: "the engine", zh: "引擎").localized))
        out.append("")
        out.append(style.bold(Text(en: "The engine's timeline", zh: "引擎的时间线").localized)
                   + style.dim(Text(en: " (virtual clock; the scenario thread's loop)", zh: "（虚拟时钟；场景线程的 RunLoop）").localized))
        let lines = outcome.trace.timeline(in: .current).split(separator: "\n").map(String.init)
        out += lines.prefix(60).map { "  " + $0 }
        if lines.count > 60 {
            out.append(style.dim(Text(en: "  … \(lines.count - 60) more lines", zh: "  …… 还有 \(lines.count - 60) 行").localized))
        }
        out.append("")
        out += Style.wrap(question.wording.why.localized, width: 92, indent: "       ",
                          first: style.bold(Text(en: "  Why  ", zh: "  原因 ").localized))
        let lesson = Catalog.lesson(question.lesson)!
        out.append(Text(en: "  Read  \(lesson.pagePath)", zh: "  阅读 \(lesson.pagePathZh)").localized)
        out.append(style.dim(Text(en: "  The engine code that ran: swift run kata quiz \(question.number) --engine",
                                  zh: "  运行的引擎代码：swift run kata quiz \(question.number) --engine").localized))
        return out.joined(separator: "\n")
    }

    /// Draws the engine's timeline of `question` into `path` as an SVG picture: for a room to
    /// look at once everyone has answered.
    func picture(_ question: QuizQuestion, to path: String) -> Int32 {
        let outcome = question.run()
        guard outcome.answer != nil else {
            complain(Text(en: "kata: the engine could not run question \(question.number): \(outcome.failure ?? "no answer")",
                          zh: "kata: 引擎无法运行第 \(question.number) 题：\(outcome.failure ?? "没有答案")").localized)
            return Kata.ExitCode.checkFailed
        }
        let picture = outcome.trace.picture(title: QuizSession.pictureTitle(question).localized,
                                            summary: Catalog.lesson(question.lesson).map { QuizSession.pictureSummary($0).localized } ?? "",
                                            labels: .in(.current))
        guard Commands.write(picture, to: path, complain: complain) else { return Kata.ExitCode.usage }
        output(Text(en: "Wrote \(path): the engine's timeline of question \(question.number), as a picture (it shows the answer).",
                    zh: "已写入 \(path)：第 \(question.number) 题引擎的时间线图（图里能看到答案）。").localized)
        return Kata.ExitCode.ok
    }

    /// The iOS code and the engine code that runs, side by side.
    func engine(_ question: QuizQuestion) -> Int32 {
        guard let code = question.engineCode(packageRoot: packageRoot) else {
            complain(Text(en: "kata: the engine code of question \(question.number) was not found in \(question.sourceFile)",
                          zh: "kata: 在 \(question.sourceFile) 中找不到第 \(question.number) 题的引擎代码").localized)
            return Kata.ExitCode.buildOrTool
        }
        output(style.bold(Text(en: "Question \(question.number)", zh: "第 \(question.number) 题").localized) + " — " + question.title.localized)
        output(style.dim(Text(en: "The iOS code, and the engine code that runs (read from \(question.sourceFile)):",
                              zh: "iOS 代码，以及实际运行的引擎代码（读自 \(question.sourceFile)）：").localized) + "\n")
        output(LoopTrace.sideBySide(expected: question.wording.localizedIOS.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                                    actual: code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                                    expectedTitle: "iOS", actualTitle: Text(en: "engine", zh: "引擎").localized, numbered: false))
        return Kata.ExitCode.ok
    }

    // MARK: The bank

    func list() -> Int32 {
        let progress = Progress.load(from: progressRoot)
        output(style.bold(Text(en: "Quiz", zh: "测验").localized)
               + style.dim(Text(en: " — \(QuizBank.all.count) questions; swift run kata quiz N",
                                zh: " — 共 \(QuizBank.all.count) 题；swift run kata quiz N").localized) + "\n")
        for lesson in Catalog.lessons {
            output("  " + style.bold("\(lesson.paddedNumber) \(lesson.titleText.localized)") + style.dim(" \(lesson.level.stars)"))
            for question in QuizBank.questions(of: lesson.number) {
                let mark = progress.quiz?.answered[question.number].map { $0 ? style.green("✔") : style.red("✘") } ?? " "
                output("    \(mark) \(String(question.number).padded(3)) \(question.title.localized)")
            }
        }
        return Kata.ExitCode.ok
    }

    // MARK: Interview

    /// Ten questions across the levels, each timed; a score and the lessons to revisit.
    func interview(_ request: QuizRequest) throws -> Int32 {
        let seed = request.seed ?? UInt64.random(in: 0...999_999)
        let questions = QuizSession.draw(seed: seed)
        var answers = request.answers
        if answers.count == 1 {
            let single = answers[0]
            answers = QuizQuestion.splitAnswers(single)
        }
        if !answers.isEmpty && answers.count != questions.count {
            complain(Text(en: "kata: an interview has \(questions.count) questions: give \(questions.count) answers, separated by ';' (or repeat --answer); got \(answers.count)",
                          zh: "kata: 面试有 \(questions.count) 道题：请给出 \(questions.count) 个答案，用 `;` 分隔（或者重复 --answer）；现在是 \(answers.count) 个").localized)
            return Kata.ExitCode.usage
        }
        output(style.bold(Text(en: "Interview", zh: "模拟面试").localized)
               + style.dim(Text(en: " — \(questions.count) questions across the levels (seed \(seed))",
                                zh: " — \(questions.count) 道题，覆盖各个难度（随机种子 \(seed)）").localized) + "\n")
        var right: [Int] = [], wrong: [QuizQuestion] = []
        var total = 0.0
        for (index, question) in questions.enumerated() {
            output(ask(question, heading: Text(en: "\(index + 1)/\(questions.count) · question \(question.number)",
                                               zh: "\(index + 1)/\(questions.count) · 第 \(question.number) 题").localized))
            let started = Date()
            if !answers.isEmpty { output("> " + answers[index]) }
            let read = answer(to: question, scripted: answers.isEmpty ? nil : answers[index])
            guard case .answer(let given) = read else {
                if case .none = read {
                    complain(Text(en: "kata: no answer (no terminal to read from): give them with --answer",
                                  zh: "kata: 没有答案（没有可以读取输入的终端）：用 --answer 给出答案").localized)
                }
                return Kata.ExitCode.usage
            }
            let seconds = Date().timeIntervalSince(started)
            total += seconds
            let outcome = question.run()
            guard let engine = outcome.answer else {
                output(couldNotRun(outcome))
                return Kata.ExitCode.checkFailed
            }
            let grade = question.grade(given, against: engine)
            if grade.isCorrect {
                right.append(question.number)
                output(style.green(Text(en: "✔ Right", zh: "✔ 答对了").localized) + style.dim(QuizSession.took(seconds)) + "\n")
            } else {
                wrong.append(question)
                output(style.red(Text(en: "✘ The engine: ", zh: "✘ 引擎的结果：").localized) + question.display(engine).localized
                       + style.dim(QuizSession.took(seconds)))
                output(style.dim("  " + question.wording.why.localized) + "\n")
            }
        }
        let revisit = Array(Set(wrong.map(\.lesson))).sorted()
        let totalSeconds = String(format: "%.0f", total)
        output(style.bold(Text(en: "Score: \(right.count)/\(questions.count)", zh: "得分：\(right.count)/\(questions.count)").localized)
               + style.dim(Text(en: " in \(totalSeconds) s", zh: "，用时 \(totalSeconds) 秒").localized))
        if revisit.isEmpty {
            output(style.green(Text(en: "✔ Nothing to revisit.", zh: "✔ 没有需要复习的课。").localized))
        } else {
            output(Text(en: "Lessons to revisit:", zh: "需要复习的课：").localized)
            for number in revisit {
                guard let lesson = Catalog.lesson(number) else { continue }
                output(Text(en: "  \(lesson.paddedNumber) \(lesson.title)   \(lesson.pagePath)",
                            zh: "  \(lesson.paddedNumber) \(lesson.titleZh)   \(lesson.pagePathZh)").localized)
            }
        }
        output(style.dim(Text(en: "The same ten again: swift run kata quiz --interview --seed \(seed)",
                              zh: "再做一遍同样的十道题：swift run kata quiz --interview --seed \(seed)").localized))
        var progress = Progress.load(from: progressRoot)
        for question in questions { progress.recordQuiz(question.number, correct: right.contains(question.number)) }
        var quiz = progress.quiz ?? QuizProgress()
        quiz.interviews.append(.init(date: ISO8601DateFormatter().string(from: Date()), questions: questions.map(\.number),
                                     score: right.count, seed: seed, revisit: revisit))
        progress.quiz = quiz
        progress.save(to: progressRoot)
        return wrong.isEmpty ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
    }

    /// The line for a scenario the engine could not run.
    func couldNotRun(_ outcome: QuizOutcome) -> String {
        style.red(Text(en: "✘ The engine could not run this scenario: ", zh: "✘ 引擎无法运行这个场景：").localized)
            + (outcome.failure ?? Text(en: "no answer", zh: "没有答案").localized)
    }

    /// ` (12 s)`: how long an interview answer took.
    static func took(_ seconds: Double) -> String {
        let whole = String(format: "%.0f", seconds)
        return Text(en: " (\(whole) s)", zh: "（\(whole) 秒）").localized
    }

    /// The title and the line under it of question `question`'s picture (`--svg`).
    static func pictureTitle(_ question: QuizQuestion) -> Text {
        Text(en: "quiz \(question.number): \(question.title.en)", zh: "第 \(question.number) 题：\(question.title.zh)")
    }

    static func pictureSummary(_ lesson: Lesson) -> Text {
        Text(en: "lesson \(lesson.paddedNumber): \(lesson.title)", zh: "第 \(lesson.paddedNumber) 课：\(lesson.titleZh)")
    }

    /// Ten questions for an interview: three of ★, four of ★★, three of ★★★, drawn with `seed`,
    /// easiest first.
    static func draw(seed: UInt64) -> [QuizQuestion] {
        var generator = SplitMix64(seed: seed)
        var drawn: [QuizQuestion] = []
        for (level, count) in [(Lesson.Level.one, 3), (.two, 4), (.three, 3)] {
            let pool = QuizBank.all.filter { Catalog.lesson($0.lesson)?.level == level }
            drawn += pool.shuffled(using: &generator).prefix(count).sorted { $0.number < $1.number }
        }
        return drawn
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

extension Progress {
    mutating func recordQuiz(_ number: Int, correct: Bool) {
        var quiz = self.quiz ?? QuizProgress()
        quiz.answered[number] = correct
        self.quiz = quiz
    }
}

/// A small seeded generator, so that `--seed` draws the same interview everywhere.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Commands {
    static func quiz(_ context: Context, request: QuizRequest) throws -> Int32 {
        try QuizSession(packageRoot: context.root, progressRoot: context.root, style: context.style).run(request)
    }
}
