import Foundation
import RunLoopEngine
import TestSupport
import Testing
import TraceViews
@testable import KataCLI
@testable import KataCore

// MARK: Both languages

/// The iOS code without its comments and the spaces before them: what must be the same code in
/// both languages.
private func withoutComments(_ code: String) -> String {
    code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        guard let slashes = line.range(of: "//") else { return String(line) }
        return String(line[..<slashes.lowerBound]).replacingOccurrences(of: " +$", with: "", options: .regularExpression)
    }.joined(separator: "\n")
}

/// The comments of `code` (the text after `// `), in order.
private func comments(of code: String) -> [String] {
    code.split(separator: "\n").compactMap { line in line.range(of: "// ").map { String(line[$0.upperBound...]) } }
}

/// A comment that is code (`@objc func delayed() { print("delayed") }`): it stays as it is.
private func isCode(_ comment: String) -> Bool { comment.contains("{") && comment.contains("}") }

@Suite("kata quiz: every question in English and 简体中文", .inEnglish)
struct QuizLanguageTests {
    @Test("Every question's title, question, why, options, options' whys and follow-up have both languages, and the Chinese is not the English")
    func bothLanguages() {
        for question in QuizBank.all {
            let n = question.number
            var texts = question.texts
            let choices = question.choices
            // An option that is an API name (`kCFRunLoopRunFinished`) is code, marked as code and
            // the same in both (`Choice(code:value:)`); any other option is translated.
            texts += choices.filter { $0.text.en != $0.text.zh }.map { ("option", $0.text) }
            for choice in choices where choice.text.en == choice.text.zh {
                #expect(
                    StrayEnglish.words(in: choice.text.zh).isEmpty,
                    "question \(n): the option '\(choice.text.en)' is not translated, nor marked as code (Choice(code:value:))")
            }
            for (part, text) in texts {
                #expect(!text.en.isEmpty && !text.zh.isEmpty, "question \(n): its \(part) is empty in one language")
                #expect(text.en != text.zh, "question \(n): its \(part) is not translated: \(text.zh)")
                #expect(
                    StrayEnglish.hasChinese(text.zh), "question \(n): its Chinese \(part) has no Chinese: \(text.zh)")
            }
        }
    }

    @Test("The Chinese iOS code is the English code line for line: only its prose comments are translated (each option's code too)")
    func iosCodeIsTheSame() {
        for question in QuizBank.all {
            let wordings =
                [question.wording]
                + (question.candidates?.options ?? []).map { QuizQuestion.Wording(question: $0.text, ios: $0.ios, comments: $0.comments, why: $0.why) }
            for wording in wordings { iosCodeIsTheSame(question.number, wording) }
        }
    }

    func iosCodeIsTheSame(_ n: Int, _ wording: QuizQuestion.Wording) {
        let english = wording.ios(in: .en), chinese = wording.ios(in: .zhHans)
        #expect(english == wording.ios)
        #expect(withoutComments(chinese) == withoutComments(english), "question \(n): the Chinese iOS code is not the English code:\n\(chinese)")
        for twin in wording.comments {
            #expect(comments(of: english).contains(twin.en), "question \(n): the comment '\(twin.en)' is not in its iOS code")
        }
        for comment in comments(of: chinese) where !isCode(comment) {
            let words = StrayEnglish.words(in: comment)
            #expect(words.isEmpty, "question \(n): the comment '// \(comment)' is English in the Chinese iOS code (give it a twin in comments:): \(words)")
        }
    }

    @Test("Answers typed on a Chinese keyboard read the same: full-width letters and digits, ，；、, 毫秒, 无")
    func chineseKeyboard() throws {
        let choice = try #require(QuizBank.question(10))
        let finished = try choice.parse("a")
        #expect(try choice.parse("ａ") == finished)
        #expect(try choice.parse("（a）") == finished)
        #expect(try choice.parse("A。") == finished)
        let times = try #require(QuizBank.question(17))
        #expect(try times.parse("１０００毫秒，3000；4000、5000 ms") == ["1000", "3000", "4000", "5000"])
        #expect(try times.parse("无") == [])
        let order = try #require(QuizBank.question(35))
        #expect(try order.parse("entry，beforeTimers、exit") == ["entry", "beforeTimers", "exit"])
        #expect(QuizQuestion.splitAnswers("a；b；1000，2000") == ["a", "b", "1000,2000"])
        #expect(QuizQuestion.splitAnswers("a，b") == ["a", "b"])
    }

    @Test("Each error about an answer has both languages")
    func answerErrors() throws {
        let times = try #require(QuizBank.question(17))
        let order = try #require(QuizBank.question(35))
        let choice = try #require(QuizBank.question(10))
        for (question, typed) in [(times, "soon"), (order, "sleep"), (choice, "z")] {
            do {
                _ = try question.parse(typed)
                Issue.record("'\(typed)' was read")
            } catch {
                #expect(error.message.en != error.message.zh)
                #expect(StrayEnglish.words(in: error.message.zh).isEmpty, "\(error.message.zh)")
            }
        }
    }
}

// MARK: The Chinese screens, as the kata binary prints them

@Suite("kata quiz in 简体中文: the screens a Chinese reader sees", .inEnglish, .serialized)
struct QuizChineseScreenTests {
    /// Runs the kata binary in a fixture folder: `kata arguments`, with KATA_LANG=zh-Hans unless
    /// the arguments choose with --lang.
    func run(_ arguments: [String], in fixture: KataFixture) async throws -> KataFixture.Running {
        let environment = arguments.contains("--lang") ? ["KATA_LANG": "en"] : ["KATA_LANG": "zh-Hans"]
        return try await fixture.run(arguments, environment: environment)
    }

    /// The English of every text of the course (``CourseTexts``) that a Chinese screen must not show.
    static let englishTexts: [(place: String, text: String)] = CourseTexts.all.compactMap { entry in
        entry.text.en != entry.text.zh && entry.text.en.count > 12 ? (entry.place, entry.text.en) : nil
    }

    /// The Chinese screen of `what`, read as the texts it is made of, not word by word (it shows
    /// iOS code, the engine's timeline and what the learner typed beside them): the Chinese title
    /// of each of `questions`, and the English of no text of the course.
    func expectChinese(_ screen: String, _ questions: [QuizQuestion], _ what: String) {
        #expect(StrayEnglish.hasChinese(screen), "\(what) printed no Chinese:\n\(screen)")
        for question in questions {
            #expect(screen.contains(question.title.zh), "\(what): question \(question.number)'s Chinese title is shown")
        }
        for (place, english) in Self.englishTexts where screen.contains(english) {
            Issue.record("\(what): the English of \(place) is on the Chinese screen: \(english)")
        }
    }

    @Test("kata --lang zh-Hans quiz N: the question, a wrong answer's report, and an unreadable answer")
    func oneQuestion() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        for number in [17, 20, 36, 39] {
            let question = try #require(QuizBank.question(number))
            let right = try #require(QuizFixture.referenceAnswers[number] ?? nil)
            let wrong = QuizFixture.typed(question, QuizFixture.wrongAnswer(to: question, right))
            let ran = try await run(["--lang", "zh-Hans", "quiz", "\(number)", "--answer", wrong], in: fixture)
            #expect(ran.status == Kata.ExitCode.checkFailed, "\(ran.errors)")
            expectChinese(ran.output, [question], "kata quiz \(number) --answer \(wrong)")
            #expect(ran.output.contains(question.wording.why.zh.prefix(12)), "the Chinese why is shown")
        }
        let question = try #require(QuizBank.question(17))
        let unreadable = try await run(["quiz", "17", "--answer", "soon"], in: fixture)
        #expect(unreadable.status == Kata.ExitCode.usage)
        expectChinese(unreadable.errors + unreadable.output, [question], "kata quiz 17 --answer soon")
    }

    @Test(
        "KATA_LANG=zh-Hans: the quiz's usage errors",
        arguments: [
            "quiz 999", "quiz --engine", "quiz --seed x", "quiz 3 --interview", "quiz --interview --questions 3,x", "quiz --questions 3",
            "quiz 3 --answer a --answer b", "quiz --svg x.svg", "quiz --answer",
        ])
    func usageErrors(line: String) async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        let arguments = line.split(separator: " ").map(String.init)
        do {
            _ = try Invocation.parse(arguments, lessons: 14)
            Issue.record("\(line) is not a usage error")
        } catch {
            #expect(error.message.en != error.message.zh, "\(line): \(error.message.en)")
        }
        let ran = try await run(arguments, in: fixture)
        #expect(ran.status == Kata.ExitCode.usage)
        #expect(ran.errors.hasPrefix("kata: "), "\(ran.errors)")
        expectChinese(ran.errors, [], "kata \(line)")
    }

    @Test("KATA_LANG=zh-Hans kata quiz --list and kata quiz N --engine")
    func listAndEngine() async throws {
        let question = try #require(QuizBank.question(36))
        let fixture = try KataFixture(files: [
            question.sourceFile: try String(contentsOfFile: "\(QuizFixture.packageRoot)/\(question.sourceFile)", encoding: .utf8)
        ])
        defer { fixture.remove() }
        let list = try await run(["quiz", "--list"], in: fixture)
        #expect(list.status == Kata.ExitCode.ok)
        expectChinese(list.output, [], "kata quiz --list")
        for question in QuizBank.all { #expect(list.output.contains(question.title.zh), "question \(question.number)'s Chinese title is listed") }
        let engine = try await run(["quiz", "36", "--engine"], in: fixture)
        #expect(engine.status == Kata.ExitCode.ok, "\(engine.errors)")
        let code = try #require(question.engineCode(packageRoot: QuizFixture.packageRoot))
        #expect(engine.output.contains(code.split(separator: "\n")[2]), "the engine code is shown")
        // The right column is the engine's code: read the left one, the iOS code and the titles.
        let left = engine.output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.components(separatedBy: " │ ")[0].replacingOccurrences(of: " ┼ ", with: " ")
        }
        expectChinese(left.joined(separator: "\n"), [question], "kata quiz 36 --engine")
    }

    @Test("KATA_LANG=zh-Hans kata quiz N --svg: the picture's title and labels in Chinese")
    func picture() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        let question = try #require(QuizBank.question(41))
        let ran = try await run(["quiz", "41", "--svg", fixture.path("q41.svg")], in: fixture)
        #expect(ran.status == Kata.ExitCode.ok, "\(ran.errors)")
        expectChinese(ran.output, [], "kata quiz 41 --svg")
        let svg = try #require(fixture.read("q41.svg").map { String(decoding: $0, as: UTF8.self) })
        #expect(svg.contains("第 41 题：\(question.title.zh)"))
        let labels = TimelinePicture.Labels.in(.zhHans)
        #expect(svg.contains(">\(labels.outerRun)<") && !svg.contains(">\(TimelinePicture.Labels.english.outerRun)<"), "the picture's labels are Chinese")
    }

    @Test("KATA_LANG=zh-Hans kata quiz --interview --answer: ten questions, a score, a wrong answer's why, the lessons to revisit")
    func interview() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        // A fixed sitting (seed 42's draw when the bank had 68 questions): questions added to the
        // bank never change what this screen shows.
        let numbers = [2, 6, 7, 17, 24, 55, 66, 33, 48, 63]
        let drawn = try numbers.map { try #require(QuizBank.question($0)) }
        var answers = try drawn.map { QuizFixture.typed($0, try #require(QuizFixture.referenceAnswers[$0.number] ?? nil)) }
        answers[9] = QuizFixture.typed(drawn[9], QuizFixture.wrongAnswer(to: drawn[9], QuizFixture.referenceAnswers[drawn[9].number]!))
        let list = numbers.map(String.init).joined(separator: ",")
        let ran = try await run(["quiz", "--interview", "--questions", list, "--answer", answers.joined(separator: "；")], in: fixture)
        #expect(ran.status == Kata.ExitCode.checkFailed, "\(ran.errors)")
        #expect(ran.output.contains("得分：9/10"), "\(ran.output)")
        #expect(ran.output.contains(Catalog.lesson(drawn[9].lesson)!.pagePathZh), "the Chinese page of the lesson to revisit is named")
        #expect(ran.output.contains("--questions \(list)"), "the same sitting again")
        expectChinese(ran.output + ran.errors, drawn, "kata quiz --interview")
    }
}
