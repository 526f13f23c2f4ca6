import Foundation
import KataCore
import RunLoopEngine

extension QuizSession {
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
            complain(
                Text(
                    en:
                        "kata: an interview has \(questions.count) questions: give \(questions.count) answers, separated by ';' (or repeat --answer); got \(answers.count)",
                    zh: "kata: 面试有 \(questions.count) 道题：请给出 \(questions.count) 个答案，用 `;` 分隔（或者重复 --answer）；现在是 \(answers.count) 个"
                ).localized)
            return Kata.ExitCode.usage
        }
        output(
            style.bold(Text(en: "Interview", zh: "模拟面试").localized)
                + style.dim(
                    Text(
                        en: " — \(questions.count) questions across the levels (seed \(seed))",
                        zh: " — \(questions.count) 道题，覆盖各个难度（随机种子 \(seed)）"
                    ).localized) + "\n")
        var right: [Int] = [], wrong: [QuizQuestion] = []
        var total = 0.0
        for (index, question) in questions.enumerated() {
            output(
                ask(
                    question,
                    heading: Text(
                        en: "\(index + 1)/\(questions.count) · question \(question.number)",
                        zh: "\(index + 1)/\(questions.count) · 第 \(question.number) 题"
                    ).localized))
            let started = Date()
            if !answers.isEmpty { output("> " + answers[index]) }
            let read = answer(to: question, scripted: answers.isEmpty ? nil : answers[index])
            guard case .answer(let given) = read else {
                if case .none = read {
                    complain(
                        Text(
                            en: "kata: no answer (no terminal to read from): give them with --answer",
                            zh: "kata: 没有答案（没有可以读取输入的终端）：用 --answer 给出答案"
                        ).localized)
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
                output(
                    style.red(Text(en: "✘ The engine: ", zh: "✘ 引擎的结果：").localized) + question.display(engine).localized
                        + style.dim(QuizSession.took(seconds)))
                output(style.dim("  " + question.wording.why.localized) + "\n")
            }
        }
        let revisit = Array(Set(wrong.map(\.lesson))).sorted()
        let totalSeconds = String(format: "%.0f", total)
        output(
            style.bold(Text(en: "Score: \(right.count)/\(questions.count)", zh: "得分：\(right.count)/\(questions.count)").localized)
                + style.dim(Text(en: " in \(totalSeconds) s", zh: "，用时 \(totalSeconds) 秒").localized))
        if revisit.isEmpty {
            output(style.green(Text(en: "✔ Nothing to revisit.", zh: "✔ 没有需要复习的课。").localized))
        } else {
            output(Text(en: "Lessons to revisit:", zh: "需要复习的课：").localized)
            for number in revisit {
                guard let lesson = Catalog.lesson(number) else { continue }
                output(
                    Text(
                        en: "  \(lesson.paddedNumber) \(lesson.title)   \(lesson.pagePath)",
                        zh: "  \(lesson.paddedNumber) \(lesson.titleZh)   \(lesson.pagePathZh)"
                    ).localized)
            }
        }
        output(
            style.dim(
                Text(
                    en: "The same ten again: swift run kata quiz --interview --seed \(seed)",
                    zh: "再做一遍同样的十道题：swift run kata quiz --interview --seed \(seed)"
                ).localized))
        var progress = Progress.load(from: progressRoot)
        for question in questions { progress.recordQuiz(question.number, correct: right.contains(question.number)) }
        var quiz = progress.quiz ?? QuizProgress()
        quiz.interviews.append(
            .init(
                date: ISO8601DateFormatter().string(from: Date()), questions: questions.map(\.number),
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
        var generator = SeededGenerator(seed: seed)
        var drawn: [QuizQuestion] = []
        for (level, count) in [(Lesson.Level.one, 3), (.two, 4), (.three, 3)] {
            let pool = QuizBank.all.filter { Catalog.lesson($0.lesson)?.level == level }
            drawn += pool.shuffled(using: &generator).prefix(count).sorted { $0.number < $1.number }
        }
        return drawn
    }
}
