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

    /// Takes the quiz's options and question number out of `rest`.
    static func parse(_ rest: inout [String]) throws(UsageError) -> QuizRequest {
        var request = QuizRequest()
        var remaining: [String] = []
        var index = 0
        func value(_ option: String) throws(UsageError) -> String {
            index += 1
            guard index < rest.count else { throw UsageError("\(option) needs a value", command: "quiz") }
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
                guard let seed = UInt64(text) else { throw UsageError("--seed takes a whole number, not '\(text)'", command: "quiz") }
                request.seed = seed
            default:
                if let number = Int(argument.hasPrefix("#") ? String(argument.dropFirst()) : argument), request.number == nil {
                    guard QuizBank.question(number) != nil else {
                        throw UsageError("there is no question \(number): questions go from 1 to \(QuizBank.all.count)", command: "quiz")
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
            throw UsageError("--interview draws its own questions: give no number, --engine or --list with it", command: "quiz")
        }
        if request.svg != nil && (request.number == nil || request.interview || request.engine || request.list || !request.answers.isEmpty) {
            throw UsageError("--svg draws one question's timeline: kata quiz N --svg FILE", command: "quiz")
        }
        if request.engine && request.number == nil { throw UsageError("--engine shows one question's code: kata quiz N --engine", command: "quiz") }
        if !request.interview && request.answers.count > 1 { throw UsageError("one --answer per question (the interview takes one for each of its questions)", command: "quiz") }
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
            output(style.green("✔ You have answered every question.") + " Try: swift run kata quiz --interview, or kata quiz N")
            return Kata.ExitCode.ok
        }
        if request.engine { return engine(question) }
        if let svg = request.svg { return picture(question, to: svg) }
        output(ask(question, heading: "Question \(question.number) of \(QuizBank.all.count)"))
        let given: [String]
        switch answer(to: question, scripted: request.answers.first) {
        case .answer(let words): given = words
        case .unreadable: return Kata.ExitCode.usage
        case .none:
            complain("kata: no answer (no terminal to read from): give one with --answer, e.g. kata quiz \(question.number) --answer …")
            return Kata.ExitCode.usage
        }
        let outcome = question.run()
        guard let engine = outcome.answer else {
            output(style.red("✘ The engine could not run this scenario: ") + (outcome.failure ?? "no answer"))
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
        var out = [style.bold(heading) + style.dim(" · lesson \(lesson.paddedNumber) \(lesson.title) \(lesson.level.stars)") + " — " + question.title, ""]
        out += Style.wrap(question.text.question, width: 92, indent: "  ")
        out.append("")
        out += question.text.ios.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
        out.append("")
        if case .choice(let choices) = question.form {
            for (index, choice) in choices.enumerated() { out.append("  \(QuizQuestion.letter(index))) \(choice.text)") }
            out.append("")
        }
        out.append(style.dim("  Answer: " + question.answerHint))
        return out.joined(separator: "\n")
    }

    /// The learner's answer beside the engine's, the engine's timeline, why, and where to read.
    func report(_ question: QuizQuestion, grade: QuizGrade, outcome: QuizOutcome) -> String {
        var out = [""]
        out.append(grade.isCorrect ? style.green("✔ Right.") : style.red("✘ Not what the engine did."))
        let (given, engine): ([String], [String])
        switch question.form {
        case .choice: (given, engine) = ([question.display(grade.given)], [question.display(grade.expected)])
        case .order, .times: (given, engine) = (grade.given.isEmpty ? ["none"] : grade.given, grade.expected.isEmpty ? ["none"] : grade.expected)
        }
        out.append(LoopTrace.sideBySide(expected: given, actual: engine, expectedTitle: "your answer", actualTitle: "the engine"))
        out.append("")
        out.append(style.bold("The engine's timeline") + style.dim(" (virtual clock; the scenario thread's loop)"))
        let lines = outcome.trace.timeline().split(separator: "\n").map(String.init)
        out += lines.prefix(60).map { "  " + $0 }
        if lines.count > 60 { out.append(style.dim("  … \(lines.count - 60) more lines")) }
        out.append("")
        out += Style.wrap(question.text.why, width: 92, indent: "       ", first: style.bold("  Why  "))
        let lesson = Catalog.lesson(question.lesson)!
        out.append("  Read  \(lesson.pagePath)")
        out.append(style.dim("  The engine code that ran: swift run kata quiz \(question.number) --engine"))
        return out.joined(separator: "\n")
    }

    /// Draws the engine's timeline of `question` into `path` as an SVG picture: for a room to
    /// look at once everyone has answered.
    func picture(_ question: QuizQuestion, to path: String) -> Int32 {
        let outcome = question.run()
        guard outcome.answer != nil else {
            complain("kata: the engine could not run question \(question.number): \(outcome.failure ?? "no answer")")
            return Kata.ExitCode.checkFailed
        }
        let picture = outcome.trace.picture(title: "quiz \(question.number): \(question.title)",
                                            summary: Catalog.lesson(question.lesson).map { "lesson \($0.paddedNumber): \($0.title)" } ?? "")
        guard Commands.write(picture, to: path, complain: complain) else { return Kata.ExitCode.usage }
        output("Wrote \(path): the engine's timeline of question \(question.number), as a picture (it shows the answer).")
        return Kata.ExitCode.ok
    }

    /// The iOS code and the engine code that runs, side by side.
    func engine(_ question: QuizQuestion) -> Int32 {
        guard let code = question.engineCode(packageRoot: packageRoot) else {
            complain("kata: the engine code of question \(question.number) was not found in \(question.sourceFile)")
            return Kata.ExitCode.buildOrTool
        }
        output(style.bold("Question \(question.number)") + " — " + question.title)
        output(style.dim("The iOS code, and the engine code that runs (read from \(question.sourceFile)):") + "\n")
        output(QuizSession.sideBySide(question.text.ios, code, titles: ("iOS", "engine")))
        return Kata.ExitCode.ok
    }

    /// Two blocks of code in two columns, line for line.
    static func sideBySide(_ left: String, _ right: String, titles: (String, String)) -> String {
        let leftLines = left.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rightLines = right.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let width = max((leftLines + [titles.0]).map(\.count).max() ?? 0, 20)
        var out = ["  \(titles.0.padded(width)) │ \(titles.1)", "  \(String(repeating: "─", count: width)) ┼ \(String(repeating: "─", count: 30))"]
        for index in 0..<max(leftLines.count, rightLines.count) {
            let l = index < leftLines.count ? leftLines[index] : ""
            let r = index < rightLines.count ? rightLines[index] : ""
            out.append("  \(l.padded(width)) │ \(r)")
        }
        return out.joined(separator: "\n")
    }

    // MARK: The bank

    func list() -> Int32 {
        let progress = Progress.load(from: progressRoot)
        output(style.bold("Quiz") + style.dim(" — \(QuizBank.all.count) questions; swift run kata quiz N") + "\n")
        for lesson in Catalog.lessons {
            output("  " + style.bold("\(lesson.paddedNumber) \(lesson.title)") + style.dim(" \(lesson.level.stars)"))
            for question in QuizBank.questions(of: lesson.number) {
                let mark = progress.quiz?.answered[question.number].map { $0 ? style.green("✔") : style.red("✘") } ?? " "
                output("    \(mark) \(String(question.number).padded(3)) \(question.title)")
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
            complain("kata: an interview has \(questions.count) questions: give \(questions.count) answers, separated by ';' (or repeat --answer); got \(answers.count)")
            return Kata.ExitCode.usage
        }
        output(style.bold("Interview") + style.dim(" — \(questions.count) questions across the levels (seed \(seed))") + "\n")
        var right: [Int] = [], wrong: [QuizQuestion] = []
        var total = 0.0
        for (index, question) in questions.enumerated() {
            output(ask(question, heading: "\(index + 1)/\(questions.count) · question \(question.number)"))
            let started = Date()
            if !answers.isEmpty { output("> " + answers[index]) }
            let read = answer(to: question, scripted: answers.isEmpty ? nil : answers[index])
            guard case .answer(let given) = read else {
                if case .none = read { complain("kata: no answer (no terminal to read from): give them with --answer") }
                return Kata.ExitCode.usage
            }
            let seconds = Date().timeIntervalSince(started)
            total += seconds
            let outcome = question.run()
            guard let engine = outcome.answer else {
                output(style.red("✘ The engine could not run this scenario: ") + (outcome.failure ?? "no answer"))
                return Kata.ExitCode.checkFailed
            }
            let grade = question.grade(given, against: engine)
            if grade.isCorrect {
                right.append(question.number)
                output(style.green("✔ Right") + style.dim(String(format: " (%.0f s)", seconds)) + "\n")
            } else {
                wrong.append(question)
                output(style.red("✘ The engine: ") + question.display(engine) + style.dim(String(format: " (%.0f s)", seconds)))
                output(style.dim("  " + question.text.why) + "\n")
            }
        }
        let revisit = Array(Set(wrong.map(\.lesson))).sorted()
        output(style.bold("Score: \(right.count)/\(questions.count)") + style.dim(String(format: " in %.0f s", total)))
        if revisit.isEmpty {
            output(style.green("✔ Nothing to revisit."))
        } else {
            output("Lessons to revisit:")
            for number in revisit { if let lesson = Catalog.lesson(number) { output("  \(lesson.paddedNumber) \(lesson.title)   \(lesson.pagePath)") } }
        }
        output(style.dim("The same ten again: swift run kata quiz --interview --seed \(seed)"))
        var progress = Progress.load(from: progressRoot)
        for question in questions { progress.recordQuiz(question.number, correct: right.contains(question.number)) }
        var quiz = progress.quiz ?? QuizProgress()
        quiz.interviews.append(.init(date: ISO8601DateFormatter().string(from: Date()), questions: questions.map(\.number),
                                     score: right.count, seed: seed, revisit: revisit))
        progress.quiz = quiz
        progress.save(to: progressRoot)
        return wrong.isEmpty ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
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
    /// One `--answer` holding a whole interview: split on ';', or on ',' when no ';' is given.
    static func splitAnswers(_ text: String) -> [String] {
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
