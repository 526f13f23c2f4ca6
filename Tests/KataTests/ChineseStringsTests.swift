import Foundation
import KataCore
import Testing

/// Every Chinese text reads as Chinese: no English left in it but marked code and the names
/// docs/GLOSSARY.md keeps (``StrayEnglish``). Read as data twice: the course's catalog of texts
/// (``CourseTexts``, its interpolated values filled in), and every Chinese literal of every Swift
/// file a student's screen or test run can print from (Sources/ and Tests/LessonTests/), so a
/// string added anywhere there is checked without being listed anywhere. The maintainers' own
/// test messages stay English.
@Suite("Every Chinese string in the code is Chinese, apart from code and kept names", .inEnglish, .tags(.consistency))
struct ChineseStringsTests {
    static func swiftFiles(under folder: String) -> [String] {
        let root = CatalogConsistencyTests.root
        let enumerator = FileManager.default.enumerator(atPath: (root as NSString).appendingPathComponent(folder))
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(folder + "/" + path) }
        }
        return files.sorted()
    }

    /// The one file whose code stands by its place rather than by a mark: `kata`'s help, a usage
    /// listing (`用法：kata show N [--solution]`, an option's column), read for English phrases
    /// only (``StrayEnglish/phrases(in:)``) and line by line against its English twin
    /// (`ChineseCommandsTests`); every other Chinese literal strictly.
    static let codeByPlace = ["Sources/KataCLI/Help.swift"]

    @Test("No Chinese literal in Sources/ or Tests/LessonTests/ leaves an English word untranslated")
    func noStrayEnglish() throws {
        var findings: [String] = []
        var scanned = 0
        for file in Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests/LessonTests") {
            let source = try #require(CatalogConsistencyTests.read(file))
            let strict = !Self.codeByPlace.contains { file.hasPrefix($0) }
            for literal in ChineseLiterals.find(inSwift: source) {
                scanned += 1
                let words = strict ? StrayEnglish.words(in: literal.text) : StrayEnglish.phrases(in: literal.text)
                if !words.isEmpty { findings.append("\(file):\(literal.line): \(words.joined(separator: " ")) — in \"\(literal.text.prefix(80))…\"") }
            }
        }
        #expect(scanned > 50, "the scan found only \(scanned) Chinese strings: is it reading the sources?")
        let report = findings.joined(separator: "\n")
        #expect(findings.isEmpty, "English words in Chinese strings (mark code as code, \\(code: …) or `backticks`; translate the rest):\n\(report)")
    }

    @Test("Every Chinese text of the course's catalog reads as Chinese, its code marked as code")
    func catalogTexts() {
        var findings: [String] = []
        let entries = CourseTexts.all
        // A text the same in both languages is code or a trace's words as a whole (`Text.verbatim`).
        for entry in entries where entry.text.en != entry.text.zh {
            let words = StrayEnglish.words(in: entry.text.zh)
            if !words.isEmpty { findings.append("\(entry.place): \(words.joined(separator: " ")) — in \"\(entry.text.zh.prefix(100))…\"") }
        }
        #expect(entries.count > 500, "only \(entries.count) texts in CourseTexts.all")
        #expect(
            findings.isEmpty,
            "English in Chinese texts (mark code as code, \\(code: …) or `backticks`; translate the rest):\n\(findings.joined(separator: "\n"))")
    }

    @Test("The checker passes marked code and the glossary's words, and nothing else: no word is guessed to be a name")
    func checker() {
        #expect(StrayEnglish.words(in: "下一次触发时间是 `fireDate` 加上整数个间隔").isEmpty)
        #expect(StrayEnglish.words(in: "再运行一次：`swift run kata hint 6`").isEmpty)
        #expect(
            StrayEnglish.words(in: Text(en: "", zh: "请在 \(code: "Exercises/06-x/NextFireDate.swift") 中写出 \(code: "nextFireDate(after:interval:now:)")").zh)
                .isEmpty)
        #expect(StrayEnglish.words(in: "第 \\(lesson) 课：\\(error.description)\\n").isEmpty)
        #expect(StrayEnglish.words(in: "加到 common modes 里的定时器，RunLoop 在 Mode 里处理 Source0；页面 A").isEmpty)
        // Unmarked names are reported, capitalised or not, alone or not.
        #expect(StrayEnglish.words(in: "再运行一次：swift run kata hint 6") == ["swift", "run", "hint"])
        #expect(StrayEnglish.words(in: "RunLoop 在 UITrackingRunLoopMode 下不处理 Timer") == ["UITrackingRunLoopMode", "Timer"])
        #expect(StrayEnglish.words(in: "正好落在 now 上的时间点算错过") == ["now"])
        #expect(StrayEnglish.words(in: "定时器 fires late 了") == ["fires", "late"])
        // The glossary's words as it writes them: `mode` is not `Mode`.
        #expect(StrayEnglish.words(in: "这个 mode 里") == ["mode"])
        #expect(StrayEnglish.words(in: "少了一个反引号：`fireDate") == ["`"])
        // Where code is not marked yet, only a phrase is reported.
        #expect(StrayEnglish.phrases(in: "再运行一次：swift run kata hint 6").isEmpty)
        #expect(StrayEnglish.phrases(in: "这一课 is not solved，还没有完成") == ["is", "not", "solved"])
    }

    @Test("The literal scan reads interpolations, multi-line strings and skips comments")
    func literals() {
        let source = #"""
            // 注释 is not a string
            let a = "中文 \(x ? "a" : "b") 文字"
            let b = """
                多行
                some text
                """
            let c = "English only"
            """#
        let found = ChineseLiterals.find(inSwift: source)
        #expect(found.map(\.line) == [2, 3])
        #expect(StrayEnglish.words(in: found[0].text).isEmpty)
        #expect(StrayEnglish.words(in: found[1].text) == ["some", "text"])
    }
}
