import Foundation
import KataCore
import RunLoopEngine

extension QuizSession {
    // MARK: Interview

    /// Ten questions from ten lessons, each timed, each follow-up self-graded; a score, the
    /// kinds of question missed and the lessons to revisit.
    func interview(_ request: QuizRequest) throws -> Int32 {
        let seed = request.seed ?? UInt64.random(in: 0...999_999)
        let level = request.level ?? .mixed
        let questions = request.questions?.compactMap(QuizBank.question) ?? QuizSession.draw(seed: seed, level: level)
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
                    zh: "kata: 面试有 \(questions.count) 道题：请给出 \(questions.count) 个答案，用 `;` 分隔（或者重复 `--answer`）；现在是 \(answers.count) 个"
                ).localized)
            return Kata.ExitCode.usage
        }
        let about =
            request.questions != nil
            ? Text(en: " — the \(questions.count) questions given", zh: " — 指定的 \(questions.count) 道题")
            : level == .senior
                ? Text(
                    en: " — senior: \(questions.count) questions from \(questions.count) lessons, weighted to ★★★ (seed \(seed))",
                    zh: " — 高级：\(questions.count) 道题，来自 \(questions.count) 课，偏重 ★★★（随机种子 \(seed)）")
                : Text(
                    en: " — \(questions.count) questions across the levels (seed \(seed))",
                    zh: " — \(questions.count) 道题，覆盖各个难度（随机种子 \(seed)）")
        output(style.bold(Text(en: "Interview", zh: "模拟面试").localized) + style.dim(about.localized) + "\n")
        var right: [Int] = [], wrong: [QuizQuestion] = []
        var missedKinds: [QuizKind: [Int]] = [:]
        var followUps = (asked: 0, covered: 0)
        var unexplained: [QuizQuestion] = []   // follow-ups the candidate graded as not covered
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
            let script = answers.isEmpty ? nil : QuizSession.scripted(answers[index])
            if !answers.isEmpty { output("> " + answers[index]) }
            let read = answer(to: question, scripted: script?.answer)
            guard case .answer(let given) = read else {
                if case .none = read {
                    complain(
                        Text(
                            en: "kata: no answer (no terminal to read from): give them with --answer",
                            zh: "kata: 没有答案（没有可以读取输入的终端）：用 `--answer` 给出答案"
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
                output(style.green(Text(en: "✔ Right", zh: "✔ 答对了").localized) + style.dim(QuizSession.took(seconds)))
            } else {
                wrong.append(question)
                missedKinds[question.kinds[0], default: []].append(question.number)
                output(
                    style.red(Text(en: "✘ The engine: ", zh: "✘ 引擎的结果：").localized) + question.display(engine).localized
                        + style.dim(QuizSession.took(seconds)))
                if question.candidates == nil { output(style.dim("  " + question.wording.why.localized)) }
            }
            if !outcome.candidates.isEmpty { output(verdicts(question, outcome.candidates, wrongOnly: grade.isCorrect)) }
            if let followUp = question.followUp {
                followUps.asked += 1
                switch self.followUp(followUp, scripted: script.map { $0.selfGrade }) {
                case true?: followUps.covered += 1
                case false?:
                    missedKinds[.explain, default: []].append(question.number)
                    unexplained.append(question)
                case nil: break
                }
            }
            output("")
        }
        let revisit = Array(Set((wrong + unexplained).map(\.lesson))).sorted()
        let totalSeconds = String(format: "%.0f", total)
        output(
            style.bold(Text(en: "Score: \(right.count)/\(questions.count)", zh: "得分：\(right.count)/\(questions.count)").localized)
                + style.dim(Text(en: " in \(totalSeconds) s", zh: "，用时 \(totalSeconds) 秒").localized))
        if followUps.asked > 0 {
            output(
                Text(
                    en: "Follow-ups: \(followUps.covered) of \(followUps.asked) said what the model answer says (your own grade)",
                    zh: "追问：\(followUps.asked) 道里有 \(followUps.covered) 道和参考答案一致（你自己评的分）"
                ).localized)
        }
        if !missedKinds.isEmpty {
            output(Text(en: "Kinds of question missed:", zh: "答错的题型：").localized)
            for kind in QuizKind.allCases {
                guard let numbers = missedKinds[kind] else { continue }
                let list = numbers.map(String.init).joined(separator: ", ")
                output(Text(en: "  \(kind.name.en): question \(list)", zh: "  \(kind.name.zh)：第 \(list) 题").localized)
            }
        }
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
        let again =
            "swift run kata quiz --interview"
            + (request.questions.map { " --questions " + $0.map(String.init).joined(separator: ",") }
                ?? ((level == .senior ? " --level senior" : "") + " --seed \(seed)"))
        output(style.dim(Text(en: "The same ten again: \(again)", zh: "再做一遍同样的十道题：\(again)").localized))
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

    /// One scripted interview answer: `b`, or `b | y` with the candidate's own grade of their
    /// explanation (`y`, `n`; `是`, `否`).
    static func scripted(_ text: String) -> (answer: String, selfGrade: Bool?) {
        let parts = QuizQuestion.halfWidth(text).split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { return (text, nil) }
        return (parts[0], selfGrade(parts[1]))
    }

    /// `y`, `yes`, `是`, `对` → true; `n`, `no`, `否`, `不` → false; anything else → nil.
    static func selfGrade(_ text: String) -> Bool? {
        let word = text.lowercased().trimmingCharacters(in: .whitespaces)
        if ["y", "yes", "是", "对", "一致"].contains(word) { return true }
        if ["n", "no", "否", "不", "不对", "不一致"].contains(word) { return false }
        return nil
    }

    /// Each option of a which-fix or which-tool question, as the engine ran it: whether it shows
    /// the behaviour asked for, what its run read, and why. With `wrongOnly`, one line per option.
    func verdicts(_ question: QuizQuestion, _ runs: [QuizCandidateRun], wrongOnly brief: Bool) -> String {
        guard let candidates = question.candidates else { return "" }
        var out: [String] = []
        for (index, run) in runs.enumerated() {
            let letter = QuizQuestion.letter(index)
            let mark = run.showsNeed ? style.green("✔") : style.red("✘")
            let reading = candidates.display(run.outcome.answer ?? []).localized
            let colon = Text(en: ": ", zh: "：").localized
            out.append("  \(mark) \(letter)) \(run.candidate.text.localized)" + style.dim("   \(candidates.reading.localized)\(colon)\(reading)"))
            if !brief { out += Style.wrap(run.candidate.why.localized, width: 92, indent: "       ").map { style.dim($0) } }
        }
        return out.joined(separator: "\n")
    }

    /// Asks `followUp`, shows its model answer, and takes the candidate's own grade: the
    /// scripted one, or read from the terminal (nil: not given).
    func followUp(_ followUp: QuizFollowUp, scripted: Bool??) -> Bool? {
        var out = [""]
        out += Style.wrap(
            followUp.question.localized, width: 92, indent: "             ",
            first: style.bold(Text(en: "  Follow-up  ", zh: "  追问       ").localized))
        output(out.joined(separator: "\n"))
        if scripted == nil {
            output(style.dim(Text(en: "  Answer it aloud (or type it), then press Return.", zh: "  先说出（或写下）你的回答，再按回车。").localized))
            _ = prompt()
        }
        output(
            Style.wrap(
                followUp.model.localized, width: 92, indent: "             ",
                first: style.bold(Text(en: "  Model      ", zh: "  参考答案   ").localized)
            ).joined(separator: "\n"))
        if let scripted { return scripted }
        output(style.dim(Text(en: "  Did yours say that? y / n", zh: "  你的回答说到这些了吗？y / n").localized))
        while let line = prompt() {
            if let grade = QuizSession.selfGrade(QuizQuestion.halfWidth(line)) { return grade }
            complain(Text(en: "kata: answer y or n", zh: "kata: 请回答 `y` 或 `n`").localized)
        }
        return nil
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
}
