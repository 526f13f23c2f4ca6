import Foundation
import Testing

/// Every Chinese string in the code reads as Chinese: no English prose left in it, only code and
/// the names docs/GLOSSARY.md keeps. The scan reads every Swift file a student's screen or
/// test run can print from (Sources/ and Tests/LessonTests/), so a string added anywhere there is
/// checked without being listed anywhere. The maintainers' own test messages stay English.
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

    @Test("No Chinese literal in Sources/ or Tests/LessonTests/ leaves an English word untranslated")
    func noStrayEnglish() throws {
        var findings: [String] = []
        var scanned = 0
        for file in Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests/LessonTests") {
            let source = try #require(CatalogConsistencyTests.read(file))
            for literal in ChineseLiterals.find(inSwift: source) {
                scanned += 1
                let words = StrayEnglish.words(in: literal.text)
                if !words.isEmpty { findings.append("\(file):\(literal.line): \(words.joined(separator: " ")) — in \"\(literal.text.prefix(80))…\"") }
            }
        }
        #expect(scanned > 50, "the scan found only \(scanned) Chinese strings: is it reading the sources?")
        let report = findings.joined(separator: "\n")
        #expect(findings.isEmpty, "English words in Chinese strings (put code in `backticks`, translate the rest):\n\(report)")
    }

    @Test("The checker passes code and the glossary's words, and catches English phrases")
    func checker() {
        #expect(StrayEnglish.words(in: "下一次触发时间是 `fireDate` 加上整数个间隔").isEmpty)
        #expect(StrayEnglish.words(in: "再运行一次：swift run kata hint 6").isEmpty)
        #expect(StrayEnglish.words(in: "RunLoop 在 UITrackingRunLoopMode 下不处理 Timer").isEmpty)
        #expect(StrayEnglish.words(in: "请在 Exercises/06-timer-skip-on-overrun/NextFireDate.swift 中写出 nextFireDate(after:interval:now:)").isEmpty)
        #expect(StrayEnglish.words(in: "第 \\(lesson) 课：\\(error.description)").isEmpty)
        #expect(StrayEnglish.words(in: "定时器 fires late 了") == ["fires", "late"])
        #expect(StrayEnglish.words(in: "这一课 is not solved，还没有完成") == ["is", "not", "solved"])
        // Kept: what the glossary's Chinese column writes, a capitalised name, one word alone.
        #expect(StrayEnglish.words(in: "加到 common modes 里的定时器").isEmpty)
        #expect(StrayEnglish.words(in: "Lesson 06 还没有完成").isEmpty)
        #expect(StrayEnglish.words(in: "正好落在 now 上的时间点算错过").isEmpty)
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
