import Foundation
import Testing
@testable import KataCLI
@testable import KataCore
import RunLoopEngine
import TraceViews

@Suite("The language: --lang, then KATA_LANG, then LC_ALL/LANG, then English", .inEnglish)
struct LanguageTests {
    @Test("KATA_LANG chooses; LC_ALL or LANG starting with zh means 简体中文; otherwise English")
    func environment() {
        #expect(Language.resolve(environment: [:]) == .en)
        #expect(Language.resolve(environment: ["LANG": "en_US.UTF-8"]) == .en)
        #expect(Language.resolve(environment: ["LANG": "zh_CN.UTF-8"]) == .zhHans)
        #expect(Language.resolve(environment: ["LANG": "zh_TW.UTF-8"]) == .zhHans)
        #expect(Language.resolve(environment: ["LANG": "C.UTF-8", "LC_ALL": "zh_CN.UTF-8"]) == .zhHans)
        #expect(Language.resolve(environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"]) == .en, "LC_ALL overrides LANG")
        #expect(Language.resolve(environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": ""]) == .zhHans, "an empty LC_ALL is unset")
        #expect(Language.resolve(environment: ["KATA_LANG": "zh-Hans"]) == .zhHans)
        #expect(Language.resolve(environment: ["KATA_LANG": "en", "LANG": "zh_CN.UTF-8"]) == .en, "KATA_LANG overrides LANG")
        #expect(Language.resolve(environment: ["KATA_LANG": "zh-Hans", "LC_ALL": "en_US.UTF-8"]) == .zhHans)
        #expect(Language.resolve(environment: ["KATA_LANG": "klingon", "LANG": "zh_CN.UTF-8"]) == .zhHans, "an unknown KATA_LANG is ignored")
    }

    @Test("--lang overrides KATA_LANG and the system's language")
    func option() {
        #expect(Language.resolve(option: "en", environment: ["KATA_LANG": "zh-Hans", "LANG": "zh_CN.UTF-8"]) == .en)
        #expect(Language.resolve(option: "zh-Hans", environment: ["KATA_LANG": "en"]) == .zhHans)
        #expect(Language.resolve(option: nil, environment: ["KATA_LANG": "zh-Hans"]) == .zhHans)
    }

    @Test("Text picks the string of the language")
    func pick() {
        let text = Text(en: "hello", zh: "你好")
        #expect(text.in(.en) == "hello")
        #expect(text.in(.zhHans) == "你好")
    }

    @Test("Every harness message and every engine error has both languages, and they differ")
    func harnessMessages() {
        for text in HarnessText.all + LoopError.examples.map(\.text) {
            #expect(!text.en.isEmpty && !text.zh.isEmpty, "\(text)")
            #expect(text.en != text.zh, "an untranslated copy: \(text.en)")
        }
    }

    @Test("Every catalog title and hint, and every kata hint line, has both languages", arguments: Catalog.lessons)
    func catalog(_ lesson: Lesson) {
        for text in [lesson.titleText] + lesson.hintTexts + HintText.all {
            #expect(!text.en.isEmpty && !text.zh.isEmpty, "lesson \(lesson.number): \(text)")
            #expect(text.en != text.zh, "lesson \(lesson.number), an untranslated copy: \(text.en)")
        }
    }

    @Test("A timeline's column titles are Chinese in Chinese, over the same columns; the rows are the trace's")
    func timelineHeader() throws {
        let trace = try #require(TraceScenario.named("timer-overrun")).run(in: .en)
        let english = trace.timeline(in: .en).split(separator: "\n").map(String.init)
        let chinese = trace.timeline(in: .zhHans).split(separator: "\n").map(String.init)
        #expect(english == trace.timeline().split(separator: "\n").map(String.init), "English is the engine's own timeline")
        let (englishTitles, chineseTitles) = (english[0], chinese[0])
        #expect(chineseTitles.contains("时间") && !chineseTitles.contains("time"), "\(chineseTitles)")
        #expect(
            englishTitles.range(of: "event").map { String(englishTitles[..<$0.lowerBound]).columns }
                == chineseTitles.range(of: "事件").map { String(chineseTitles[..<$0.lowerBound]).columns }, "the title sits over its column")
        #expect(
            Array(chinese.dropFirst()).filter { !$0.contains("· ") } == Array(english.dropFirst()).filter { !$0.contains("· ") },
            "only the notes and the titles change")
    }

    @Test("The side-by-side trace keeps its columns under Chinese titles (a Chinese character is two columns wide)")
    func chineseColumns() {
        let table = LoopTrace.sideBySide(
            expected: ["entry default", "exit default"], actual: ["entry default"],
            expectedTitle: HarnessText.expectedTitle.in(.zhHans), actualTitle: HarnessText.actualTitle.in(.zhHans))
        let lines = table.split(separator: "\n").map(String.init)
        /// The terminal column of the bar, a wide character counting two.
        func barColumn(_ line: String) -> Int? {
            guard let bar = line.firstIndex(where: { $0 == "│" || $0 == "┼" }) else { return nil }
            return line[..<bar].unicodeScalars.reduce(0) { $0 + ((0x2E80...0xFFEF).contains($1.value) ? 2 : 1) }
        }
        let columns = Set(lines.compactMap(barColumn))
        #expect(columns.count == 1, "the bar moves between lines:\n\(table)")
    }
}
