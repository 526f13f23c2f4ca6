import Foundation
import Testing

/// The Chinese course says each thing with one word: docs/GLOSSARY.md lists, beside each term, the
/// variants a Chinese text must not use (its column “not · 不要写”), and this check reads every
/// Chinese text a student sees for them — the Chinese pages, docs and README, the Chinese lesson
/// pictures, the Chinese string literals of Sources/ (the catalog, the quiz, the CLI) and
/// Tests/LessonTests/ (the lessons' failure messages, the tests' names), and the Chinese comments
/// of Exercises/ and Solutions/ (the stubs a student edits and the answers they read; Stubs/ is a
/// copy of Exercises/). Code is left out: `inline code` and an SVG's code spans; a variant in
/// English letters counts only as a whole word, and not inside an English quotation or title (“…”
/// with no Chinese in it: a source's title is cited as it is); a variant with `…` in it, such as
/// `让…活着`, is its parts in that order within one clause (no punctuation between them).
@Suite("The Chinese texts use the glossary's words, never a variant it lists", .inEnglish, .tags(.consistency))
struct GlossaryTests {
    /// A place a variant was found: where, which variant, and the line it is on.
    struct Finding: CustomStringConvertible {
        let place: String
        let variant: String
        let line: String
        var description: String { "\(place): 「\(variant)」 in \"\(line.trimmingCharacters(in: .whitespaces).prefix(90))\"" }
    }

    /// The forbidden variants of docs/GLOSSARY.md: the `code spans` of the last column of each
    /// table whose header's last cell starts with "not".
    static func variants(inGlossary glossary: String) -> [String] {
        var found: [String] = [], forbiddenColumn = false
        for line in glossary.components(separatedBy: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("|") else { forbiddenColumn = false; continue }
            let cells = text.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
            guard let last = cells.last else { continue }
            if last.hasPrefix("not") { forbiddenColumn = true; continue }
            if forbiddenColumn { found += ChinesePagesTests.codeSpans(last) }
        }
        return found
    }

    static let glossaryVariants: [String] = CatalogConsistencyTests.read("docs/GLOSSARY.md").map(variants(inGlossary:)) ?? []

    /// What ends a clause: a variant's parts around `…` must all be found between two of these.
    static let clauseEnds = CharacterSet(charactersIn: "，。；：、！？（）——“”「」,.;:!?()\n")

    /// Whether `text` says `variant`: anywhere for Chinese, as a whole word (letters, digits, `-`
    /// and `_` around it are part of the word) for a variant in English letters; for a variant
    /// with `…`, its parts in order within one clause of `text`.
    static func says(_ text: String, _ variant: String) -> Bool {
        if variant.contains("…") {
            let parts = variant.components(separatedBy: "…").filter { !$0.isEmpty }
            return text.components(separatedBy: clauseEnds).contains { clause in
                var rest = clause[...]
                for part in parts {
                    guard let range = rest.range(of: part) else { return false }
                    rest = rest[range.upperBound...]
                }
                return true
            }
        }
        guard variant.unicodeScalars.allSatisfy(\.isASCII) else { return text.contains(variant) }
        let text = text.replacingOccurrences(of: "“[^”\\p{Han}]*”", with: " ", options: .regularExpression)
        func isWordCharacter(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "-" || character == "_"
        }
        var rest = text[...]
        while let range = rest.range(of: variant) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    /// The variants `lines` say, each reported as `place(lineNumber)`. Only a line with Chinese
    /// in it is read: a line of code or a trace word (a timer named "tick") is not Chinese text.
    static func findings(in lines: [(number: Int, text: String)], place: (Int) -> String, variants: [String]) -> [Finding] {
        lines.filter { StrayEnglish.hasChinese($0.text) }.flatMap { line in
            variants.filter { says(line.text, $0) }.map { Finding(place: place(line.number), variant: $0, line: line.text) }
        }
    }

    /// A Markdown page's lines, each without its `inline code`.
    static func pageLines(_ page: String) -> [(number: Int, text: String)] {
        page.components(separatedBy: "\n").enumerated().map { ($0.offset + 1, StrayEnglish.withoutCode($0.element)) }
    }

    /// An SVG's lines, each as the words it draws: tags dropped, and the code spans (a `tspan` in
    /// the monospace font) with them.
    static func pictureLines(_ svg: String) -> [(number: Int, text: String)] {
        svg.components(separatedBy: "\n").enumerated().map { offset, line in
            let withoutCode = line.replacingOccurrences(of: "<tspan font-family=\"[^\"]*[Mm]ono[^\"]*\">[^<]*</tspan>", with: " ", options: .regularExpression)
            let words = withoutCode.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            return (offset + 1, words.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&"))
        }
    }

    /// Records the findings, file by file.
    static func report(_ findings: [(file: String, found: [Finding])], what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (_, found) in findings where !found.isEmpty {
            Issue.record(
                Comment(
                    rawValue: "words docs/GLOSSARY.md forbids \(what) (write the glossary's word instead):\n\(found.map(\.description).joined(separator: "\n"))"
                ),
                sourceLocation: sourceLocation)
        }
    }

    static func files(in folder: String, ending suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: (CatalogConsistencyTests.root as NSString).appendingPathComponent(folder))) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
    }

    @Test("docs/GLOSSARY.md lists forbidden variants", arguments: [0])
    func glossaryHasVariants(_: Int) {
        #expect(Self.glossaryVariants.count > 20, "found only \(Self.glossaryVariants) in docs/GLOSSARY.md's column “not · 不要写”: is the table still there?")
        #expect(
            Self.glossaryVariants.contains("滴答") && Self.glossaryVariants.contains("主人"),
            "docs/GLOSSARY.md no longer forbids 滴答 and 主人: \(Self.glossaryVariants)")
    }

    @Test("No Chinese page, doc or lesson picture uses a variant the glossary forbids", arguments: [0])
    func pagesAndPictures(_: Int) throws {
        let pages = ["README.zh-Hans.md"] + Self.files(in: "Lessons/zh-Hans", ending: ".md") + Self.files(in: "docs/zh-Hans", ending: ".md")
        let pictures = Self.files(in: "Lessons/images/zh-Hans", ending: ".svg")
        #expect(pages.count > 15 && pictures.count > 10, "found only \(pages.count) Chinese pages and \(pictures.count) Chinese pictures")
        var findings: [(file: String, found: [Finding])] = []
        for path in pages {
            let page = try #require(CatalogConsistencyTests.read(path), "cannot read \(path)")
            findings.append((path, Self.findings(in: Self.pageLines(page), place: { "\(path):\($0)" }, variants: Self.glossaryVariants)))
        }
        for path in pictures {
            let svg = try #require(CatalogConsistencyTests.read(path), "cannot read \(path)")
            findings.append((path, Self.findings(in: Self.pictureLines(svg), place: { "\(path):\($0)" }, variants: Self.glossaryVariants)))
        }
        Self.report(findings, what: "on a page or in a picture (a picture is drawn again with `swift run kata dev lesson-images`)")
    }

    @Test("No Chinese string of the catalog, the quiz, the CLI or a lesson's messages uses a variant the glossary forbids", arguments: [0])
    func strings(_: Int) throws {
        var findings: [(file: String, found: [Finding])] = [], scanned = 0
        for file in ChineseStringsTests.swiftFiles(under: "Sources") + ChineseStringsTests.swiftFiles(under: "Tests/LessonTests") {
            let source = try #require(CatalogConsistencyTests.read(file))
            var found: [Finding] = []
            for literal in ChineseLiterals.find(inSwift: source) {
                scanned += 1
                let lines = literal.text.components(separatedBy: "\n").enumerated().map { (literal.line + $0.offset, StrayEnglish.withoutCode($0.element)) }
                found += Self.findings(in: lines, place: { "\(file):\($0)" }, variants: Self.glossaryVariants)
            }
            findings.append((file, found))
        }
        #expect(scanned > 50, "the scan found only \(scanned) Chinese strings: is it reading the sources?")
        Self.report(findings, what: "in Chinese strings")
    }

    /// The Chinese comments of a Swift file, each as `(line number, text)`: the `//` and `///`
    /// lines, without their `inline code`.
    static func commentLines(_ source: String) -> [(number: Int, text: String)] {
        source.components(separatedBy: "\n").enumerated().compactMap { offset, line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("//") else { return nil }
            return (offset + 1, StrayEnglish.withoutCode(String(text.drop(while: { $0 == "/" }))))
        }
    }

    @Test("No Chinese comment of a stub or a Solution uses a variant the glossary forbids", arguments: [0])
    func stubsAndSolutions(_: Int) throws {
        let files = ChineseStringsTests.swiftFiles(under: "Exercises") + ChineseStringsTests.swiftFiles(under: "Solutions")
        #expect(files.count > 30, "found only \(files.count) files in Exercises/ and Solutions/")
        var findings: [(file: String, found: [Finding])] = []
        for file in files {
            let source = try #require(CatalogConsistencyTests.read(file))
            findings.append((file, Self.findings(in: Self.commentLines(source), place: { "\(file):\($0)" }, variants: Self.glossaryVariants)))
        }
        Self.report(findings, what: "in a stub's or a Solution's comments (change a stub in Exercises/ and Stubs/ alike)")
    }

    @Test("The checker reads the glossary's column and finds a variant, outside code and as a whole word", arguments: [0])
    func checker(_: Int) {
        let glossary = """
            | English | 简体中文 | not · 不要写 |
            | --- | --- | --- |
            | tick | 时间点 | `滴答`, `tick` |

            | English | 简体中文 |
            | --- | --- |
            | owner | `持有者` |
            """
        #expect(Self.variants(inGlossary: glossary) == ["滴答", "tick"])
        let variants = ["滴答", "tick"]
        let page = Self.pageLines("第一行\n错过的滴答\n`tick` 和 ticker 和 tick-on-now\n每个 tick 一次\nlet tick = 1\n来源：“tick” 一文；“每个 tick”")
        #expect(Self.findings(in: page, place: { "p:\($0)" }, variants: variants).map(\.place) == ["p:2", "p:4", "p:6"])
        let svg = Self.pictureLines(#"<text>留意：<tspan font-family="DejaVu Sans Mono, monospace">滴答</tspan> 没有</text>"# + "\n<text>一个滴答</text>")
        #expect(Self.findings(in: svg, place: { "s:\($0)" }, variants: variants).map(\.place) == ["s:2"])
        let gapped = Self.pageLines("代理从不让它活着\n定时器让 `self` 一直活着\n让它停下，对象还活着\n活着")
        #expect(Self.findings(in: gapped, place: { "g:\($0)" }, variants: ["让…活着"]).map(\.place) == ["g:1", "g:2"])
        let comments = Self.commentLines("let 放开 = 1\n    /// 导航栈放开它\n// `放开` 是代码\n// 放开")
        #expect(Self.findings(in: comments, place: { "c:\($0)" }, variants: ["放开"]).map(\.place) == ["c:2", "c:4"])
    }
}
