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
    /// `--level`: which interview to draw (with `--interview`).
    var level: QuizLevel?
    /// `--questions N,N,…`: the interview's questions, in order, instead of a draw (the same
    /// sitting for a whole room, whatever questions the bank gains).
    var questions: [Int]?

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
                throw usage(Text(en: "\(option) needs a value", zh: "`\(option)` 后面要跟一个值"))
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
            case "--level":
                let text = try value(argument)
                guard let level = QuizLevel(rawValue: text.lowercased()) else {
                    throw usage(
                        Text(
                            en: "--level is senior or mixed, not '\(text)'",
                            zh: "`--level` 只能是 `senior` 或 `mixed`，而不是 `\(text)`"))
                }
                request.level = level
            case "--questions":
                let text = try value(argument)
                let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard !numbers.isEmpty, numbers.allSatisfy({ $0.map { QuizBank.question($0) != nil } ?? false }) else {
                    throw usage(
                        Text(
                            en: "--questions takes question numbers from 1 to \(QuizBank.all.count), separated by commas (--questions 3,17,36), not '\(text)'",
                            zh: "`--questions` 后面要跟用逗号分隔的题号，从 1 到 \(QuizBank.all.count)（例如 `--questions 3,17,36`），`\(text)` 不行"))
                }
                request.questions = numbers.compactMap { $0 }
            case "--seed":
                let text = try value(argument)
                guard let seed = UInt64(text) else {
                    throw usage(
                        Text(
                            en: "--seed takes a whole number, not '\(text)'",
                            zh: "`--seed` 后面要跟一个整数，而不是 `\(text)`"))
                }
                request.seed = seed
            default:
                if let number = Int(argument.hasPrefix("#") ? String(argument.dropFirst()) : argument), request.number == nil {
                    guard QuizBank.question(number) != nil else {
                        throw usage(
                            Text(
                                en: "there is no question \(number): questions go from 1 to \(QuizBank.all.count)",
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
            throw usage(
                Text(
                    en: "--interview draws its own questions: give no number, --engine or --list with it",
                    zh: "`--interview` 会自己抽题：不要同时给题号、`--engine` 或 `--list`"))
        }
        if request.questions != nil && (!request.interview || request.seed != nil || request.level != nil) {
            throw usage(
                Text(
                    en: "--questions gives an interview its questions instead of a draw: kata quiz --interview --questions 3,17,36 (no --seed, no --level)",
                    zh: "`--questions` 直接给面试指定题目，不再抽题：`kata quiz --interview --questions 3,17,36`（不要同时给 `--seed` 或 `--level`）"))
        }
        if request.level != nil && !request.interview {
            throw usage(
                Text(
                    en: "--level chooses an interview: kata quiz --interview --level senior",
                    zh: "`--level` 用来选择面试：`kata quiz --interview --level senior`"))
        }
        if request.svg != nil && (request.number == nil || request.interview || request.engine || request.list || !request.answers.isEmpty) {
            throw usage(
                Text(
                    en: "--svg draws one question's timeline: kata quiz N --svg FILE",
                    zh: "`--svg` 画出一道题的时间线：`kata quiz N --svg FILE`"))
        }
        if request.engine && request.number == nil {
            throw usage(
                Text(
                    en: "--engine shows one question's code: kata quiz N --engine",
                    zh: "`--engine` 显示一道题的代码：`kata quiz N --engine`"))
        }
        if !request.interview && request.answers.count > 1 {
            throw usage(
                Text(
                    en: "one --answer per question (the interview takes one for each of its questions)",
                    zh: "每道题只给一个 `--answer`（面试模式下每道题各给一个）"))
        }
        return request
    }
}
