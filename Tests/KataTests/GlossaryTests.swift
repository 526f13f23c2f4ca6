import Foundation
import Testing

/// The Chinese course says each thing with one word: docs/GLOSSARY.md lists, beside each term, the
/// variants a Chinese text must not use (its column “not · 不要写”), and this check reads every
/// Chinese text a student sees for them — the Chinese pages, docs and README, the Chinese lesson
/// pictures, and the Chinese string literals of Sources/ (the catalog, the quiz, the CLI) and
/// Tests/LessonTests/ (the lessons' failure messages). Code is left out: `inline code` and an
/// SVG's code spans; a variant in English letters counts only as a whole word.
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

    /// Whether `text` says `variant`: anywhere for Chinese, as a whole word (letters, digits, `-`
    /// and `_` around it are part of the word) for a variant in English letters.
    static func says(_ text: String, _ variant: String) -> Bool {
        guard variant.unicodeScalars.allSatisfy(\.isASCII) else { return text.contains(variant) }
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
        lines.filter { $0.text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }.flatMap { line in
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

    /// Files that another branch is rewriting now, whose Chinese words that branch's owner
    /// brings to the glossary: their findings are known issues until then, and a file listed here
    /// that has none left fails, so that it leaves the list.
    static let rewrittenElsewhere: [String: String] = [:]

    /// Records the findings, file by file: as known issues for a file of ``rewrittenElsewhere``.
    static func report(_ findings: [(file: String, found: [Finding])], what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (file, found) in findings {
            let message = Comment(
                rawValue: "words docs/GLOSSARY.md forbids \(what) (write the glossary's word instead):\n\(found.map(\.description).joined(separator: "\n"))")
            if let owner = rewrittenElsewhere[file] {
                if found.isEmpty {
                    Issue.record(
                        "\(file) uses the glossary's words now: take it out of GlossaryTests.rewrittenElsewhere (\(owner))", sourceLocation: sourceLocation)
                } else {
                    withKnownIssue("\(owner) brings these to the glossary") { Issue.record(message, sourceLocation: sourceLocation) }
                }
            } else if !found.isEmpty {
                Issue.record(message, sourceLocation: sourceLocation)
            }
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
        let page = Self.pageLines("第一行\n错过的滴答\n`tick` 和 ticker 和 tick-on-now\n每个 tick 一次\nlet tick = 1")
        #expect(Self.findings(in: page, place: { "p:\($0)" }, variants: variants).map(\.place) == ["p:2", "p:4"])
        let svg = Self.pictureLines(#"<text>留意：<tspan font-family="DejaVu Sans Mono, monospace">滴答</tspan> 没有</text>"# + "\n<text>一个滴答</text>")
        #expect(Self.findings(in: svg, place: { "s:\($0)" }, variants: variants).map(\.place) == ["s:2"])
    }
}
