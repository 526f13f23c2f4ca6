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
    public let message: Text
    init(_ message: Text) { self.message = message }
    /// The message in the language of this process.
    public var description: String { message.localized }
}

extension QuizQuestion {
    /// Reads what the learner typed: `b` for a choice; `entry, beforeWaiting, exit` for an
    /// order; `1000, 3500` (ms) or `none` for times. A Chinese keyboard's forms read the same:
    /// full-width letters and digits, `，；、` between items, `（b）`, `毫秒`, `无`.
    public func parse(_ raw: String) throws(QuizAnswerError) -> [String] {
        let text = QuizQuestion.halfWidth(raw).trimmingCharacters(in: .whitespacesAndNewlines)
        switch form {
        case .choice(let choices):
            let letter = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "().。 "))
            guard letter.count == 1, let index = choices.indices.first(where: { QuizQuestion.letter($0) == letter }) else {
                let last = QuizQuestion.letter(choices.count - 1)
                throw QuizAnswerError(Text(en: "answer with one letter, a to \(last)", zh: "请用一个字母作答，a 到 \(last)"))
            }
            return [choices[index].value]
        case .several(let choices):
            return try QuizQuestion.letters(text, of: choices)
        case .order(let words):
            guard !QuizQuestion.isNone(text) else { return [] }
            return try QuizQuestion.items(text).map { item throws(QuizAnswerError) in
                guard let word = words.first(where: { QuizQuestion.key($0) == QuizQuestion.key(item) }) else {
                    throw QuizAnswerError(
                        Text(
                            en: "'\(item)' is not one of the words: \(words.joined(separator: ", "))",
                            zh: "`\(item)` 不在可选的词里：\(QuizQuestion.codeList(words))"))
                }
                return word
            }
        case .times:
            guard !QuizQuestion.isNone(text) else { return [] }
            return try QuizQuestion.items(text).map { item throws(QuizAnswerError) in
                var number = item.lowercased()
                for unit in ["ms", "毫秒"] where number.hasSuffix(unit) {
                    number = String(number.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
                }
                guard let ms = Double(number), ms.isFinite, ms >= 0 else {
                    throw QuizAnswerError(
                        Text(
                            en: "'\(item)' is not a time in milliseconds (e.g. 1000, 3500)",
                            zh: "`\(item)` 不是以毫秒为单位的时间（例如 1000, 3500）"))
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
    public func display(_ answer: [String]) -> Text {
        switch form {
        case .choice(let choices):
            guard let value = answer.first else { return Text(en: "(none)", zh: "（无）") }
            guard let index = choices.firstIndex(where: { $0.value == value }) else { return Text(en: value, zh: value) }
            let letter = QuizQuestion.letter(index)
            return Text(en: "\(letter)) \(choices[index].text.en)", zh: "\(letter)) \(choices[index].text.zh)")
        case .several(let choices):
            let letters = answer.compactMap { value in choices.firstIndex { $0.value == value }.map(QuizQuestion.letter) }
            return letters.isEmpty ? QuizQuestion.none : Text(en: letters.joined(separator: ", "), zh: letters.joined(separator: ", "))
        case .order, .times:
            return answer.isEmpty ? QuizQuestion.none : Text(en: answer.joined(separator: ", "), zh: answer.joined(separator: ", "))
        }
    }

    /// An empty answer to an order or times question, as shown and as typed.
    public static let none = Text(en: "none", zh: "无")

    /// What to type, for the question's form. The words of an order question are what the
    /// scenario prints or the loop reports: typed as they are in either language.
    public var answerHint: Text {
        switch form {
        case .choice(let choices):
            let last = QuizQuestion.letter(choices.count - 1)
            return Text(en: "one letter, a to \(last)", zh: "一个字母，a 到 \(last)")
        case .several(let choices):
            let last = QuizQuestion.letter(choices.count - 1)
            return Text(
                en: "the letters of every option that works, a to \(last), separated by commas (one or more may; or: none)",
                zh: "写出所有可行选项的字母，a 到 \(last)，用逗号分隔（可能不止一个；都不行就写：无）")
        case .order(let words):
            return Text(
                en: "words in order, separated by commas, from: \(words.joined(separator: ", "))",
                zh: "按顺序写出下面的词，用逗号分隔：\(QuizQuestion.codeList(words))")
        case .times:
            return Text(
                en: "times in ms on the virtual clock, separated by commas (or: none)",
                zh: "虚拟时钟上的时间（毫秒），用逗号分隔（一次都没有就写：无）")
        }
    }

    /// `a, c` (or `ac`, `c a`, `none`) → the values of those options, in the options' order.
    static func letters(_ text: String, of choices: [Choice]) throws(QuizAnswerError) -> [String] {
        guard !isNone(text) else { return [] }
        let last = letter(choices.count - 1)
        var picked = Set<Int>()
        for character in text.lowercased() where !",;，；、 ().。".contains(character) {
            guard let index = choices.indices.first(where: { letter($0) == String(character) }) else {
                throw QuizAnswerError(
                    Text(
                        en: "answer with the letters of the options that work, a to \(last) (e.g. a, c), or none",
                        zh: "请写出可行选项的字母，a 到 \(last)（例如 a, c），都不行就写：无"))
            }
            picked.insert(index)
        }
        return choices.indices.filter(picked.contains).map { choices[$0].value }
    }

    /// `` `after the call`, `delayed` ``: the words an order question offers, as code.
    static func codeList(_ words: [String]) -> String {
        words.map { "`\($0)`" }.joined(separator: ", ")
    }

    static func items(_ text: String) -> [String] {
        text.split(whereSeparator: { ",;\n，；、".contains($0) })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    static func isNone(_ text: String) -> Bool {
        ["", "none", "-", "nothing", "never", "无", "没有", "不会", "从不", "一次都没有"].contains(text.lowercased())
    }

    /// `Before waiting`, `before-waiting`, `beforeWaiting` → `beforewaiting`.
    static func key(_ word: String) -> String {
        word.lowercased().filter { !" -_.".contains($0) }
    }

    /// Full-width forms (`ａ`, `１０００`, `（`, `，`) → their ASCII twins, and the
    /// ideographic space → a space: what a Chinese input method may type.
    public static func halfWidth(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3000: out.append(" ")
            case 0xFF01...0xFF5E:
                out.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
            default: out.append(scalar)
            }
        }
        return String(out)
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
            let stop = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == end })
        else { return nil }
        let body = Array(lines[(start + 1)..<stop])
        let indent =
            body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }
}
