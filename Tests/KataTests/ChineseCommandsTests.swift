import Foundation
import RunLoopEngine
import TraceViews
import Testing
@testable import KataCLI
@testable import KataCore

/// `kata`'s help, usage errors, `trace` and `reset` read as Chinese with `--lang zh-Hans`: each
/// screen against the English screen of the same command (`ScreenLanguage`), the trace lines
/// themselves the same in both (a note's text is prose: it is not), and each error's Chinese
/// text checked as data (`StrayEnglish`).
@Suite("kata's help, usage errors, trace and reset speak Chinese", .inEnglish)
struct ChineseCommandsTests {
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

    @Test("Every screen in Chinese is translated: no line of the English screen left in it, but code and the trace", arguments: screens)
    func screen(arguments: [String]) async throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let chinese = try await fixture.run(["--lang", "zh-Hans"] + arguments, input: "n\n")
        let printed = chinese.output + chinese.errors
        #expect(StrayEnglish.hasChinese(printed), "kata --lang zh-Hans \(arguments.joined(separator: " ")) printed no Chinese:\n\(printed)")
        let english = try await fixture.run(["--lang", "en"] + arguments, input: "n\n")
        // A trace's own lines are the engine's, the same in both languages; its notes are not (`· …`).
        let timeline =
            arguments.count == 2 && arguments[0] == "trace"
            ? Set(
                ScreenLanguage.lines(of: TraceScenario.named(arguments[1])?.run(in: .zhHans).timeline() ?? "").filter { !$0.contains("· ") })
            : []
        let left = ScreenLanguage.untranslated(chinese: printed, english: english.output + english.errors, besides: timeline)
        #expect(left.isEmpty, "kata --lang zh-Hans \(arguments.joined(separator: " ")), lines as in English:\n\(left.joined(separator: "\n"))\n---\n\(printed)")
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
            for command in Invocation.commands {
                let text = Help.text(for: command, in: language)
                #expect(text.contains("kata \(command)"), "\(language) \(command)")
            }
        }
        for command in [nil] + Invocation.commands.map(Optional.some) {
            let left = ScreenLanguage.untranslated(chinese: Help.text(for: command, in: .zhHans), english: Help.text(for: command, in: .en))
            #expect(left.isEmpty, "kata help \(command ?? ""), lines as in English:\n\(left.joined(separator: "\n"))")
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
            #expect(StrayEnglish.words(in: error.message.zh).isEmpty, "\(line): \(chinese)")
        }
    }

    @Test("Every scenario's Chinese summary and look-for are Chinese")
    func scenarios() {
        for scenario in TraceScenario.all {
            #expect(scenario.summary.zh != scenario.summary.en && scenario.lookFor.zh != scenario.lookFor.en, "\(scenario.name)")
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
