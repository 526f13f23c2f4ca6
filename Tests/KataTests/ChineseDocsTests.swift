import Foundation
import Testing
@testable import KataCore

/// Each page in docs/ has a 简体中文 twin in docs/zh-Hans/ that says the same thing: the same
/// headings in the same order, the same tables with the same rows, the same code byte for byte,
/// the names in `inline code` kept, the same links; each `##` section of a twin carries the anchor
/// its English heading has on GitHub (`<a id="tolerance"></a>` before `## 容差`), so a link to
/// `DIFFERENCES.md#tolerance` differs between the languages only in its path. The glossary is
/// one page in both languages and has no twin.
///
/// And every link in the course's pages leads somewhere: its file exists, its anchor is a
/// heading or an `<a id>` of that file, and a Chinese page links to a doc's Chinese twin.
@Suite("Each doc has a Chinese twin that matches it, and every link finds its page and anchor", .inEnglish, .tags(.consistency))
struct ChineseDocsTests {
    /// Docs written in both languages on one page.
    static let bilingual: Set<String> = ["GLOSSARY.md"]
    /// Docs only maintainers read: English only, like `kata dev`.
    static let maintainersOnly: Set<String> = ["MAINTAINERS.md", "BENCHMARKS.md"]

    /// The English docs: every page directly in docs/ but the bilingual ones.
    static let docs: [String] = {
        let folder = (CatalogConsistencyTests.root as NSString).appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".md") && !bilingual.contains($0) && !maintainersOnly.contains($0) }.sorted()
    }()

    static func chinesePath(_ name: String) -> String { "docs/zh-Hans/\(name)" }

    @Test("docs/ has pages to translate", arguments: [0])
    func found(_: Int) {
        #expect(Self.docs.contains("DIFFERENCES.md") && Self.docs.contains("MISUSE.md"), "found no docs in \(CatalogConsistencyTests.root)/docs: \(Self.docs)")
    }

    @Test("Every doc has its Chinese twin, and each links to the other at the top", arguments: docs)
    func twins(_ name: String) throws {
        let english = try #require(CatalogConsistencyTests.read("docs/\(name)"), "cannot read docs/\(name)")
        let chinese = try #require(
            CatalogConsistencyTests.read(Self.chinesePath(name)), "docs/\(name) has no Chinese twin: translate it into \(Self.chinesePath(name))")
        #expect(
            ChinesePagesTests.topLines(english).contains("[简体中文](zh-Hans/\(name))"),
            "docs/\(name) must link to its Chinese twin near the top: [简体中文](zh-Hans/\(name))")
        #expect(
            ChinesePagesTests.topLines(chinese).contains("[English](../\(name))"),
            "\(Self.chinesePath(name)) must link to its English twin near the top: [English](../\(name))")
    }

    @Test("The Chinese doc has the English doc's headings, anchors, tables, code, names and links", arguments: docs)
    func sameContent(_ name: String) throws {
        let path = Self.chinesePath(name)
        // A doc without its twin is reported by `twins`; here there is nothing to compare.
        guard let chinese = CatalogConsistencyTests.read(path) else { return }
        let english = try #require(CatalogConsistencyTests.read("docs/\(name)"), "cannot read docs/\(name)")

        let headings = Self.headings(english), chineseHeadings = Self.headings(chinese)
        #expect(
            chineseHeadings.map(\.level) == headings.map(\.level),
            """
            the headings of \(path) must be those of docs/\(name), at the same levels and in the same order:
              English: \(headings.map { "\($0.level) \($0.text)" })
              中文:    \(chineseHeadings.map { "\($0.level) \($0.text)" })
            """)

        let anchors = headings.filter { $0.level == "##" }.map { Self.slug($0.text) }
        let chineseAnchors = Self.sectionAnchors(chinese)
        #expect(
            chineseAnchors == anchors,
            """
            each ## section of \(path) must carry its English heading's anchor, on a line of its own \
            before the heading (`<a id="\(anchors.first ?? "tolerance")"></a>`, a blank line, then the heading), \
            so that docs/\(name)#… and \(path)#… lead to the same section:
              expected: \(anchors)
              actual:   \(chineseAnchors.map { $0 ?? "(none)" })
            """)

        let tables = Self.tables(english), chineseTables = Self.tables(chinese)
        #expect(
            chineseTables.map(\.shape) == tables.map(\.shape),
            "the tables of \(path) must have the rows and columns of those of docs/\(name) (rows × columns, header and rule included):\n  English: \(tables.map(\.shape))\n  中文:    \(chineseTables.map(\.shape))"
        )
        for (table, chineseTable) in zip(tables, chineseTables) {
            for (row, chineseRow) in zip(table.rows, chineseTable.rows) {
                let missing = Set(ChinesePagesTests.codeSpans(row)).subtracting(ChinesePagesTests.codeSpans(chineseRow))
                if !missing.isEmpty {
                    Issue.record(
                        "a table row of \(path) lacks code its English row names: \(missing.sorted().map { "`\($0)`" }.joined(separator: ", ")) — the rows are in the English order:\n  English: \(row)\n  中文:    \(chineseRow)"
                    )
                }
            }
        }

        // Sections are compared only when they line up: a heading missing or moved is reported above.
        let sections = Self.proseSections(english), chineseSections = Self.proseSections(chinese)
        for (index, (section, chineseSection)) in zip(sections, chineseSections).enumerated() where chineseHeadings.map(\.level) == headings.map(\.level) {
            let missing = Set(ChinesePagesTests.codeSpans(section)).subtracting(ChinesePagesTests.codeSpans(chineseSection))
            if !missing.isEmpty {
                let title = index == 0 ? "the opening" : "section \(index) (\(headings.filter { $0.level == "##" }[index - 1].text))"
                Issue.record(
                    "\(title) of \(path) lacks code its English twin names: \(missing.sorted().map { "`\($0)`" }.joined(separator: ", ")) — names, calls and quoted messages stay as they are"
                )
            }
        }

        ChinesePagesTests.expectSameCodeAndLinks(english, chinese, englishPath: "docs/\(name)", chinesePath: path)
    }

    /// The course's pages, each with the folder its links are relative to.
    static let pages: [String] = {
        let root = CatalogConsistencyTests.root as NSString
        var found = ["README.md", "README.zh-Hans.md"]
        for folder in ["Lessons", "Lessons/zh-Hans", "docs", "docs/zh-Hans"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder))) ?? []
            found += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        return found
    }()

    @Test("Every link of a page finds its file and its anchor; a Chinese page links to the Chinese docs", arguments: pages)
    func linksLead(_ path: String) throws {
        let page = try #require(CatalogConsistencyTests.read(path), "cannot read \(path)")
        let folder = (path as NSString).deletingLastPathComponent
        let isChinese = path.contains("zh-Hans")
        for target in ChinesePagesTests.rawTargets(page) where !target.contains("://") && !target.hasPrefix("mailto:") {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? path : ChinesePagesTests.resolve(parts[0], from: folder)
            guard let linked = CatalogConsistencyTests.read(file) ?? Self.folderExists(file) else {
                Issue.record("\(path) links to \(target), but there is no \(file)")
                continue
            }
            if parts.count == 2, !Self.anchors(linked).contains(parts[1]) {
                Issue.record(
                    "\(path) links to \(target), but \(file) has no heading or <a id> with the anchor #\(parts[1]) (its anchors: \(Self.anchors(linked).sorted()))"
                )
            }
            let twin = file.hasPrefix("docs/") && !file.hasPrefix("docs/zh-Hans/") ? Self.chinesePath(String(file.dropFirst("docs/".count))) : nil
            if isChinese, let twin, twin != path, CatalogConsistencyTests.read(twin) != nil {
                let better = Self.relative(twin, from: folder) + (parts.count == 2 ? "#" + parts[1] : "")
                Issue.record("the Chinese page \(path) links to the English doc \(target); link to its Chinese twin instead: \(better)")
            }
        }
    }

    /// The relative link from `folder` to `path` (both from the package's root).
    static func relative(_ path: String, from folder: String) -> String {
        let from = folder.split(separator: "/"), to = path.split(separator: "/")
        let shared = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - shared) + to.dropFirst(shared).map(String.init)).joined(separator: "/")
    }

    // MARK: Reading a doc

    /// A linked folder (`Lessons/images/`) reads as an empty page: it exists, with no anchors.
    static func folderExists(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        let full = (CatalogConsistencyTests.root as NSString).appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && isFolder.boolValue ? "" : nil
    }

    /// The headings outside code, in order: their `#`s and their text.
    static func headings(_ page: String) -> [(level: String, text: String)] {
        ChinesePagesTests.prose(page).compactMap { line in
            let level = line.prefix { $0 == "#" }
            guard !level.isEmpty, line.dropFirst(level.count).hasPrefix(" ") else { return nil }
            return (String(level), String(line.dropFirst(level.count + 1)))
        }
    }

    /// The anchor GitHub makes from a heading: lower case, punctuation dropped (letters, digits,
    /// `-` and `_` of any script kept), each space a `-`. "A thread's exit" → `a-threads-exit`.
    static func slug(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
    }

    /// The ids named by `<a id="…">` (or `name="…"`) in some lines.
    static func explicitIDs(_ text: String) -> [String] {
        ["<a id=\"", "<a name=\""].flatMap { opening in
            text.components(separatedBy: opening).dropFirst().compactMap { rest in rest.firstIndex(of: "\"").map { String(rest[..<$0]) } }
        }
    }

    /// Every anchor a link can name on a page: its headings' slugs (a repeated one numbered as
    /// GitHub numbers it, `-1`, `-2`…) and its explicit ids.
    static func anchors(_ page: String) -> Set<String> {
        var found = Set(explicitIDs(ChinesePagesTests.prose(page).joined(separator: "\n")))
        var seen: [String: Int] = [:]
        for heading in headings(page) {
            let slug = slug(heading.text)
            found.insert(seen[slug].map { "\(slug)-\($0)" } ?? slug)
            seen[slug, default: 0] += 1
        }
        return found
    }

    /// For each `## ` heading, the id of the `<a id>` line just before it (blank lines between
    /// allowed), or nil.
    static func sectionAnchors(_ page: String) -> [String?] {
        var result: [String?] = [], pending: String? = nil
        for line in ChinesePagesTests.prose(page) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("## ") {
                result.append(pending)
                pending = nil
            } else if text.hasPrefix("<a ") {
                pending = explicitIDs(text).first
            } else if !text.isEmpty {
                pending = nil
            }
        }
        return result
    }

    /// The tables outside code, in order: each one's lines, and its shape ("rows×columns").
    static func tables(_ page: String) -> [(rows: [String], shape: String)] {
        var tables: [[String]] = [], current: [String] = []
        for line in ChinesePagesTests.prose(page) + [""] {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("|") {
                current.append(text)
            } else if !current.isEmpty {
                tables.append(current)
                current = []
            }
        }
        return tables.map { rows in (rows, "\(rows.count)×\(rows[0].filter { $0 == "|" }.count - 1)") }
    }

    /// The prose before the first `## ` heading, then that of each `## ` section (code left out).
    static func proseSections(_ page: String) -> [String] {
        let opening = ChinesePagesTests.prose(page).prefix { !$0.hasPrefix("## ") }
        return [opening.joined(separator: "\n")] + ChinesePagesTests.proseSections(page)
    }
}
