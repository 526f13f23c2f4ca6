import Foundation
import Testing
@testable import KataCore

/// Each lesson page has a 简体中文 twin in `Lessons/zh-Hans/`, and the two say the same thing: the
/// same sections in the same order, the same hints and interview questions, the same code, the
/// same links and the same sources. Only the prose, the code's comments and the diagrams' labels
/// are translated; the code itself is byte-identical, and the names in `inline code` stay, so a change
/// to the code, a hint or a list of mistakes on one page shows up as a failure here until the
/// other page has it too. The words used are those of docs/GLOSSARY.md.
@Suite("Each lesson page has a Chinese twin that matches it", .inEnglish, .tags(.consistency))
struct ChinesePagesTests {
    /// Where a lesson's Chinese page lives.
    static func chinesePath(_ lesson: Lesson) -> String { "Lessons/zh-Hans/\(lesson.folder).md" }

    /// Every section heading of an English page and its heading on the Chinese page (see
    /// docs/GLOSSARY.md). A new section on the English pages needs its translation here.
    static let headings: [String: String] = [
        "## The behaviour": "## 行为",
        "## Where it bites on iOS": "## 在 iOS 上哪里会踩坑",
        "## What the loop does": "## RunLoop 做了什么",
        "## Your task": "## 你的任务",
        "## Run just this lesson": "## 只运行本课",
        "## Hints": "## 提示",
        "## Interview questions": "## 面试题",
        "## After you solve it: in the engine": "## 解完之后：引擎里的实现",
    ]

    @Test("Every lesson has its Chinese page, and each page links to its twin", arguments: Catalog.lessons)
    func twins(_ lesson: Lesson) throws {
        let english = try #require(CatalogConsistencyTests.read(lesson.pagePath), "missing page \(lesson.pagePath)")
        let chinese = try #require(
            CatalogConsistencyTests.read(Self.chinesePath(lesson)),
            "lesson \(lesson.number) has no Chinese page: translate \(lesson.pagePath) into \(Self.chinesePath(lesson))")
        #expect(
            Self.topLines(english).contains("[简体中文](zh-Hans/\(lesson.folder).md)"),
            "\(lesson.pagePath) must link to its Chinese twin near the top: [简体中文](zh-Hans/\(lesson.folder).md)")
        #expect(
            Self.topLines(chinese).contains("[English](../\(lesson.folder).md)"),
            "\(Self.chinesePath(lesson)) must link to its English twin near the top: [English](../\(lesson.folder).md)")
        #expect(
            chinese.hasPrefix("# 第 \(lesson.paddedNumber) 课 — "), "\(Self.chinesePath(lesson)) must start with its title, \"# 第 \(lesson.paddedNumber) 课 — …\"")
    }

    @Test("The Chinese page has the English page's sections, hints, questions, code, links and sources", arguments: Catalog.lessons)
    func sameContent(_ lesson: Lesson) throws {
        let path = Self.chinesePath(lesson)
        // A lesson without its Chinese page is reported by `twins`; here there is nothing to compare.
        guard let chinese = CatalogConsistencyTests.read(path) else { return }
        let english = try #require(CatalogConsistencyTests.read(lesson.pagePath), "missing page \(lesson.pagePath)")

        let englishHeadings = Self.headings(english), chineseHeadings = Self.headings(chinese)
        let expected = englishHeadings.map { Self.headings[$0] ?? "(no translation for \"\($0)\" in ChinesePagesTests.headings)" }
        #expect(
            chineseHeadings == expected,
            "the sections of \(path) must be those of \(lesson.pagePath), in the same order:\n  expected: \(expected)\n  actual:   \(chineseHeadings)")

        let questions = Page.section("## Interview questions", of: english).map { Page.answers(in: $0).count } ?? 0
        let chineseQuestions = Page.section(Self.headings["## Interview questions"]!, of: chinese).map { Page.answers(in: $0).count } ?? 0
        #expect(chineseQuestions == questions, "\(path) has \(chineseQuestions) interview questions; \(lesson.pagePath) has \(questions)")

        // Names stay as they are: each section's `inline code` must still be there in its
        // translation (which may add some), and each hint must name exactly what its English
        // twin names — so a hint or a list of mistakes changed on the English page alone fails.
        for (index, (section, chineseSection)) in zip(Self.proseSections(english), Self.proseSections(chinese)).enumerated() {
            let missing = Set(Self.codeSpans(section)).subtracting(Self.codeSpans(chineseSection))
            if !missing.isEmpty {
                Issue.record(
                    "section \(index + 1) (\(englishHeadings[index])) of \(path) lacks code its English twin names: \(missing.sorted().map { "`\($0)`" }.joined(separator: ", ")) — bring the Chinese section up to date with \(lesson.pagePath)"
                )
            }
        }
        let hintTexts = Page.answers(in: Page.section("## Hints", of: english) ?? "")
        let chineseHintTexts = Page.answers(in: Page.section(Self.headings["## Hints"]!, of: chinese) ?? "")
        for (hint, chineseHint) in zip(hintTexts, chineseHintTexts) where Self.codeSpans(hint.text).sorted() != Self.codeSpans(chineseHint.text).sorted() {
            Issue.record(
                "\(chineseHint.question) of \(path) names other code than \(hint.question) of \(lesson.pagePath); translate the hint again:\n  English: \(hint.text)\n  中文:    \(chineseHint.text)"
            )
        }

        Self.expectSameCodeAndLinks(english, chinese, englishPath: lesson.pagePath, chinesePath: path)
        // A link that leads where the English page's does is right from this folder; a link to
        // a Chinese lesson page must also find that page.
        for target in Self.localTargets(chinese, from: "Lessons/zh-Hans")
        where target.hasPrefix("Lessons/zh-Hans/") && CatalogConsistencyTests.read(target) == nil {
            Issue.record(
                "\(path) links to the Chinese page \(target), which does not exist (link to the English page, ../\(target.dropFirst("Lessons/zh-Hans/".count)), until it does)"
            )
        }

        let sources = Self.sourceLines(english, label: "<sub>Sources: ")
        let chineseSources = Self.sourceLines(chinese, label: "<sub>来源：")
        #expect(
            chineseSources.count == sources.count,
            "\(path) has \(chineseSources.count) sources lines (<sub>来源：…</sub>); \(lesson.pagePath) has \(sources.count)")
        for (line, chineseLine) in zip(sources, chineseSources) where Self.citations(line) != Self.citations(chineseLine) {
            Issue.record(
                "a sources line of \(path) cites other things than its English twin (the names in `backticks` and “quotes” are kept as they are):\n  expected: \(line)\n  actual:   \(chineseLine)"
            )
        }
    }

    @Test("The README has a Chinese twin, and each links to the other at the top", arguments: [0])
    func readme(_: Int) throws {
        let english = try #require(CatalogConsistencyTests.read("README.md"), "missing README.md")
        let chinese = try #require(CatalogConsistencyTests.read("README.zh-Hans.md"), "missing README.zh-Hans.md, the README's Chinese twin")
        #expect(Self.topLines(english).contains("[简体中文](README.zh-Hans.md)"), "README.md must link to its Chinese twin near the top: [简体中文](README.zh-Hans.md)")
        #expect(
            Self.topLines(chinese).contains { $0.hasPrefix("[English](README.md)") },
            "README.zh-Hans.md must link to README.md near the top: [English](README.md)")
    }

    /// The Chinese twin (`chinesePath`, in the `zh-Hans/` folder beside `englishPath`) has the
    /// English page's code blocks byte for byte, and its links and images lead where the English
    /// page's do, in the same order, apart from the link each has to the other.
    static func expectSameCodeAndLinks(
        _ english: String, _ chinese: String, englishPath: String, chinesePath: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let code = codeBlocks(english), chineseCode = codeBlocks(chinese)
        #expect(
            chineseCode.count == code.count, "\(chinesePath) has \(chineseCode.count) code blocks; \(englishPath) has \(code.count)",
            sourceLocation: sourceLocation)
        for (index, (block, chineseBlock)) in zip(code, chineseCode).enumerated() where codeShape(block) != codeShape(chineseBlock) {
            Issue.record(
                "code block \(index + 1) of \(chinesePath) differs from \(englishPath) (the code is copied byte for byte, only comments and diagram labels are translated, line for line):\n--- English\n\(block)\n--- 中文\n\(chineseBlock)",
                sourceLocation: sourceLocation)
        }

        let name = (englishPath as NSString).lastPathComponent
        let englishLinks = links(english, from: (englishPath as NSString).deletingLastPathComponent, twin: "zh-Hans/\(name)")
        let chineseLinks = links(chinese, from: (chinesePath as NSString).deletingLastPathComponent, twin: "../\(name)")
        #expect(
            chineseLinks == englishLinks,
            "the links and images of \(chinesePath) must lead where those of \(englishPath) do, in the same order (a link to a lesson or a doc may go to its Chinese twin):\n  expected: \(englishLinks)\n  actual:   \(chineseLinks)",
            sourceLocation: sourceLocation)
    }

    /// What a code block of a Chinese page keeps from its English twin: its fence and its number
    /// of lines; for code, every line without its comment (`// …`, or ` # …` in a shell block);
    /// for a mermaid chart, each line's arrows; a text diagram's labels are all translatable.
    static func codeShape(_ block: String) -> [String] {
        let lines = block.components(separatedBy: "\n")
        let fence = lines.first?.trimmingCharacters(in: .whitespaces) ?? ""
        return [fence]
            + lines.dropFirst().map { line in
                switch fence {
                case "```text", "```": return ""
                case "```mermaid": return String(repeating: "→", count: line.components(separatedBy: "-->").count - 1)
                case "```sh": return withoutComment(line, marker: " #")
                default: return withoutComment(line, marker: "//")
                }
            }
    }

    /// `line` up to a comment that starts with `marker` outside a string literal, trailing spaces
    /// dropped.
    static func withoutComment(_ line: String, marker: String) -> String {
        var inString = false, index = line.startIndex
        while index < line.endIndex {
            if line[index] == "\"" { inString.toggle() }
            if !inString, line[index...].hasPrefix(marker) {
                return String(line[..<index]).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            }
            index = line.index(after: index)
        }
        return line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    // MARK: Reading a page

    /// The first lines of a page, where the link to its twin belongs.
    static func topLines(_ page: String) -> [String] {
        page.split(separator: "\n", omittingEmptySubsequences: false).prefix(6).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The `## ` headings outside code blocks, in order.
    static func headings(_ page: String) -> [String] {
        prose(page).filter { $0.hasPrefix("## ") }
    }

    /// The lines of a page that are not inside a fenced code block.
    static func prose(_ page: String) -> [String] {
        var inCode = false
        return page.components(separatedBy: "\n").filter { line in
            if isFence(line) { inCode.toggle(); return false }
            return !inCode
        }
    }

    /// A code fence, at the margin or indented under a list item.
    static func isFence(_ line: String) -> Bool {
        line.drop { $0 == " " }.hasPrefix("```")
    }

    /// The prose of each `## ` section, in order (code blocks left out).
    static func proseSections(_ page: String) -> [String] {
        var sections: [[String]] = []
        for line in prose(page) {
            if line.hasPrefix("## ") { sections.append([]) } else if !sections.isEmpty { sections[sections.count - 1].append(line) }
        }
        return sections.map { $0.joined(separator: "\n") }
    }

    /// The inline code spans of some prose (`like this`), a span broken over two lines read
    /// with one space.
    static func codeSpans(_ text: String) -> [String] {
        let parts = text.components(separatedBy: "`")
        return stride(from: 1, to: parts.count - 1, by: 2).map { parts[$0].split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }

    /// Each fenced code block, fences and language included.
    static func codeBlocks(_ page: String) -> [String] {
        var blocks: [String] = [], current: [String]? = nil
        for line in page.components(separatedBy: "\n") {
            if isFence(line) {
                if var block = current {
                    block.append(line)
                    blocks.append(block.joined(separator: "\n"))
                    current = nil
                } else {
                    current = [line]
                }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The targets of the page's links and images, outside code, in order, except the link to
    /// its twin (`twin`); a relative target is resolved against the page's folder, and a link to a
    /// Chinese lesson page or doc counts as a link to its English twin.
    static func links(_ page: String, from folder: String, twin: String) -> [String] {
        rawTargets(page).filter { $0 != twin }.map { target in
            if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { return target }
            return englishTwin(of: resolve(target, from: folder))
        }
    }

    /// The folders whose `zh-Hans/` subfolder holds the Chinese twins of their pages, and of the
    /// lesson pictures (`Lessons/images/zh-Hans/X.svg`, drawn with Chinese words).
    static let twinnedFolders = ["Lessons/", "docs/", "Lessons/images/"]

    /// The English page a resolved path (anchor included) stands for: `docs/zh-Hans/X.md#a` is
    /// `docs/X.md#a`, `Lessons/zh-Hans/X.md` is `Lessons/X.md`, `Lessons/images/zh-Hans/X.svg`
    /// is `Lessons/images/X.svg`; any other path is itself.
    static func englishTwin(of resolved: String) -> String {
        for folder in twinnedFolders where resolved.hasPrefix(folder + "zh-Hans/") {
            return folder + resolved.dropFirst((folder + "zh-Hans/").count)
        }
        return resolved
    }

    /// The files the page's relative links lead to, anchors dropped.
    static func localTargets(_ page: String, from folder: String) -> [String] {
        rawTargets(page).filter { !$0.contains("://") && !$0.hasPrefix("#") && !$0.hasPrefix("mailto:") }
            .map { resolve(String($0.split(separator: "#", maxSplits: 1).first ?? ""), from: folder) }
    }

    /// Every `](target)` outside code blocks.
    static func rawTargets(_ page: String) -> [String] {
        prose(page).flatMap { line -> [String] in
            line.components(separatedBy: "](").dropFirst().compactMap { rest in
                rest.firstIndex(of: ")").map { String(rest[..<$0]) }
            }
        }
    }

    /// `target` relative to `folder`, with `..` applied: `../../docs/X.md` from `Lessons/zh-Hans`
    /// is `docs/X.md`.
    static func resolve(_ target: String, from folder: String) -> String {
        var parts = folder.split(separator: "/").map(String.init)
        for part in target.split(separator: "/").map(String.init) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The page's sources lines, in order.
    static func sourceLines(_ page: String, label: String) -> [String] {
        prose(page).map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(label) }
    }

    /// What a sources line cites: the names in `backticks` and the titles in “quotes”, in order.
    static func citations(_ line: String) -> [String] {
        var found: [String] = [], current: String? = nil, closing: Character = "`"
        for character in line {
            if var inside = current {
                if character == closing { found.append(inside); current = nil } else { inside.append(character); current = inside }
            } else if character == "`" || character == "“" {
                current = ""
                closing = character == "`" ? "`" : "”"
            }
        }
        return found
    }
}
