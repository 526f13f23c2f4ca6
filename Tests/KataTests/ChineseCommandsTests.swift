import Foundation
import RunLoopEngine
import TraceViews
import Testing
@testable import KataCLI
@testable import KataCore

/// `kata`'s help, usage errors, `trace` and `reset` read as Chinese with `--lang zh-Hans`: every
/// line of what the binary prints is checked for English prose (`StrayEnglish`), apart from the
/// trace lines themselves, which stay as the engine writes them (a note's text is prose: it is
/// checked too).
@Suite("kata's help, usage errors, trace and reset speak Chinese", .inEnglish)
struct ChineseCommandsTests {
    /// The English words in `output`, line by line, with the line they are in.
    static func strayEnglish(in output: String, besides allowed: Set<String> = []) -> [String] {
        output.split(separator: "\n").map(String.init).compactMap { line in
            let plain = StrayEnglish.withoutColours(line)
            guard !allowed.contains(plain.trimmingCharacters(in: .whitespaces)) else { return nil }
            let words = StrayEnglish.words(in: plain)
            return words.isEmpty ? nil : "\(words.joined(separator: " ")) — in: \(plain)"
        }
    }

    /// The binary, in a fixture where lesson 06's stub is kept in Stubs/ and its exercise edited (for `reset`).
    static func fixture() throws -> KataFixture {
        let file = Lesson.lesson06.exerciseFile
        let stub = "public func nextFireDate() -> Int {\n    unsolved(lesson: 6, write: \"nextFireDate()\", returning: 0)\n}\n"
        let fixture = try KataFixture(files: [file: stub, Lesson.lesson06.stubFile: stub])
        try fixture.write(file, stub.replacingOccurrences(of: "unsolved(lesson: 6, write: \"nextFireDate()\", returning: 0)", with: "return 42"))
        return fixture
    }

    static let screens: [[String]] =
        [
            ["--help"], ["help"], ["trace"], ["trace", "timer-overrun"], ["trace", "one-touch"],
            ["trace", "timer-during-scroll"], ["trace", "autorelease-pools"],
            ["trace", "no-such-scenario"], ["reset", "6"], ["show", "99"], ["--bogus"], ["lsit"],
            ["hint"], ["watch", "x"], ["verify", "now"], ["list", "--track", "nope"], ["trace", "--svg"],
        ]
        + Invocation.commands.map { ["help", $0] } + [["reset", "--help"]]

    @Test("Every screen in Chinese has no English prose, only code, paths and commands", arguments: screens)
    func screen(arguments: [String]) async throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let kata = try await fixture.run(["--lang", "zh-Hans"] + arguments, input: "n\n")
        let printed = kata.output + kata.errors
        #expect(!printed.isEmpty)
        // A trace's own lines are the engine's, in both languages; its notes are not (`· …`).
        let timeline =
            arguments.count == 2 && arguments[0] == "trace"
            ? Set(
                (TraceScenario.named(arguments[1])?.run(in: .zhHans).timeline() ?? "").split(separator: "\n")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.contains("· ") })
            : []
        let stray = Self.strayEnglish(in: printed, besides: timeline)
        #expect(stray.isEmpty, "kata --lang zh-Hans \(arguments.joined(separator: " ")):\n\(stray.joined(separator: "\n"))\n---\n\(printed)")
    }

    @Test("A --lang kata cannot read, after zh-Hans was chosen, is answered in Chinese")
    func unknownLanguageAfterChinese() async throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        _ = try await fixture.run(["--lang", "zh-Hans", "--help"], environment: ["LANG": "C"])
        let french = try await fixture.run(["--lang", "fr", "list"], environment: ["LANG": "C"])
        #expect(french.status == Kata.ExitCode.usage)
        #expect(french.errors.hasPrefix("kata: `--lang` 后面要跟 `en` 或 `zh-Hans`"), "\(french.errors)")
    }

    @Test("KATA_LANG=zh-Hans chooses Chinese without --lang; --lang en overrides it")
    func environment() async throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let chinese = try await fixture.run(["bogus"], environment: ["KATA_LANG": "zh-Hans"])
        #expect(chinese.status == Kata.ExitCode.usage)
        #expect(chinese.errors == "kata: 没有 `bogus` 这个命令\n查看帮助：kata --help\n", "\(chinese.errors)")
        let english = try await fixture.run(["--lang", "en", "bogus"], environment: ["KATA_LANG": "zh-Hans"])
        #expect(english.errors == "kata: unknown command 'bogus'\nTry: kata --help\n", "\(english.errors)")
        let reset = try await fixture.run(["reset", "6"], environment: ["KATA_LANG": "zh-Hans"], input: "n\n")
        #expect(reset.output.contains("确定恢复吗？[y/N] 什么都没有改动。"), "\(reset.output)")
        #expect(reset.output.contains("将丢失你对它的改动：新写的 1 行、删掉的 1 行占位代码。"), "\(reset.output)")
    }

    @Test("The help names --lang and KATA_LANG in both languages, and each command's help is in both")
    func help() {
        for language in Language.allCases {
            let overview = Help.text(for: nil, in: language)
            #expect(overview.contains("--lang en|zh-Hans") && overview.contains("KATA_LANG=en|zh-Hans"), "\(language): \(overview)")
            #expect(Self.strayEnglish(in: language == .zhHans ? overview : "").isEmpty, "\(Self.strayEnglish(in: overview))")
            for command in Invocation.commands {
                let text = Help.text(for: command, in: language)
                #expect(text.contains("kata \(command)"), "\(language) \(command)")
                #expect(Self.strayEnglish(in: language == .zhHans ? text : "").isEmpty, "\(command): \(Self.strayEnglish(in: text))")
            }
        }
        #expect(Help.text(for: "show", in: .en).hasPrefix("usage: kata show N [--solution]"))
        #expect(Help.text(for: "show", in: .zhHans).hasPrefix("用法：kata show N [--solution]"))
    }

    @Test(
        "Every usage error has its Chinese, and the English is as before",
        arguments: [
            "show", "show 15", "hint zero", "show 6 --solutoin", "verify now", "lsit", "wat", "help me", "trace --svg x.svg",
            "trace timer-overrun --write-lesson-images", "list --track nope", "list --track",
        ])
    func usageErrors(line: String) {
        do {
            _ = try Invocation.parse(line.split(separator: " ").map(String.init), lessons: 14)
            Issue.record("\(line) is not a usage error")
        } catch {
            let english = error.report(in: .en), chinese = error.report(in: .zhHans)
            #expect(english.hasPrefix("kata: ") && english.contains("\nTry: kata "), "\(english)")
            #expect(chinese.hasPrefix("kata: ") && chinese.contains("\n查看帮助：kata "), "\(chinese)")
            #expect(error.message.en != error.message.zh)
            #expect(Self.strayEnglish(in: chinese).isEmpty, "\(line): \(chinese)")
        }
    }

    @Test("Every scenario's Chinese summary and look-for are Chinese")
    func scenarios() {
        for scenario in TraceScenario.all {
            #expect(scenario.summary.zh != scenario.summary.en && scenario.lookFor.zh != scenario.lookFor.en, "\(scenario.name)")
            #expect(StrayEnglish.words(in: scenario.summary.zh + "\n" + scenario.lookFor.zh).isEmpty, "\(scenario.name)")
        }
    }

    @Test("A lesson test that gave up waiting is seen by its record, whatever language it printed in; its printed line alone says nothing")
    func gaveUp() {
        let record = HarnessRecord.gaveUp(.lesson06)
        for language in Language.allCases {
            let line = record.printed(in: language)
            var explained = TestCaseResult.explained(by: record, suite: "Lesson06Tests", name: "t")
            explained.failure = line
            let result = LessonResult(lesson: .lesson06, cases: [explained], breakage: nil, discovered: 1)
            #expect(TestRunner.leftCodeRunning(result), "\(language): \(line)")
            #expect(Language.$scoped.withValue(language) { result.failureLines } == ["t — " + record.message.in(language)])
            let unexplained = LessonResult(
                lesson: .lesson06, cases: [TestCaseResult(suite: "Lesson06Tests", name: "t", failure: line)], breakage: nil, discovered: 1)
            #expect(!TestRunner.leftCodeRunning(unexplained), "\(language): \(line)")
        }
    }
}
