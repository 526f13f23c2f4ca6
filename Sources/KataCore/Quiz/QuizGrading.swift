import Foundation

/// A learner's answer, checked against the engine's.
public struct QuizGrade: Sendable, Equatable {
    /// The learner's answer, as the engine's is written (choice: the option's value).
    public let given: [String]
    /// What the engine did.
    public let expected: [String]
    public var isCorrect: Bool { given == expected }
}

/// An answer `kata quiz` cannot read, and why.
public struct QuizAnswerError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension QuizQuestion {
    /// Reads what the learner typed: `b` for a choice; `entry, beforeWaiting, exit` for an
    /// order; `1000, 3500` (ms) or `none` for times.
    public func parse(_ raw: String) throws(QuizAnswerError) -> [String] {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        switch form {
        case .choice(let choices):
            let letter = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "()."))
            guard letter.count == 1, let index = choices.indices.first(where: { QuizQuestion.letter($0) == letter }) else {
                throw QuizAnswerError("answer with one letter, a to \(QuizQuestion.letter(choices.count - 1))")
            }
            return [choices[index].value]
        case .order(let words):
            guard !QuizQuestion.isNone(text) else { return [] }
            return try QuizQuestion.items(text).map { item throws(QuizAnswerError) in
                guard let word = words.first(where: { QuizQuestion.key($0) == QuizQuestion.key(item) }) else {
                    throw QuizAnswerError("'\(item)' is not one of the words: \(words.joined(separator: ", "))")
                }
                return word
            }
        case .times:
            guard !QuizQuestion.isNone(text) else { return [] }
            return try QuizQuestion.items(text).map { item throws(QuizAnswerError) in
                var number = item.lowercased()
                if number.hasSuffix("ms") { number = String(number.dropLast(2)).trimmingCharacters(in: .whitespaces) }
                guard let ms = Double(number), ms.isFinite, ms >= 0 else {
                    throw QuizAnswerError("'\(item)' is not a time in milliseconds (e.g. 1000, 3500)")
                }
                return ms == ms.rounded() ? String(Int64(ms)) : String(ms)
            }
        }
    }

    /// Holds the learner's answer against the engine's.
    public func grade(_ given: [String], against engine: [String]) -> QuizGrade {
        QuizGrade(given: given, expected: engine)
    }

    /// An answer written as the learner would type it: the option's letter for a choice.
    public func display(_ answer: [String]) -> String {
        switch form {
        case .choice(let choices):
            guard let value = answer.first else { return "(none)" }
            guard let index = choices.firstIndex(where: { $0.value == value }) else { return value }
            return "\(QuizQuestion.letter(index))) \(choices[index].text)"
        case .order, .times:
            return answer.isEmpty ? "none" : answer.joined(separator: ", ")
        }
    }

    /// What to type, for the question's form.
    public var answerHint: String {
        switch form {
        case .choice(let choices): "one letter, a to \(QuizQuestion.letter(choices.count - 1))"
        case .order(let words): "words in order, separated by commas, from: \(words.joined(separator: ", "))"
        case .times: "times in ms on the virtual clock, separated by commas (or: none)"
        }
    }

    static func items(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    static func isNone(_ text: String) -> Bool {
        ["", "none", "-", "nothing", "never"].contains(text.lowercased())
    }

    /// `Before waiting`, `before-waiting`, `beforeWaiting` → `beforewaiting`.
    static func key(_ word: String) -> String {
        word.lowercased().filter { !" -_.".contains($0) }
    }

    // MARK: The engine code, read from the source

    /// The marker lines around a question's engine code in its source file.
    public static func markers(_ number: Int) -> (begin: String, end: String) {
        ("// ▼ quiz \(number)", "// ▲ quiz \(number)")
    }

    /// The engine code that runs for this question: the lines between its markers in
    /// ``sourceFile``, read under `packageRoot`, without their common indentation.
    public func engineCode(packageRoot: String) -> String? {
        let path = (packageRoot as NSString).appendingPathComponent(sourceFile)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return QuizQuestion.engineCode(number, in: text)
    }

    /// The lines between question `number`'s markers in `source`, dedented.
    public static func engineCode(_ number: Int, in source: String) -> String? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let (begin, end) = markers(number)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == begin }),
              let stop = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == end }) else { return nil }
        let body = Array(lines[(start + 1)..<stop])
        let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }
}
