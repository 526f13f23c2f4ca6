import Foundation
import Testing
@testable import KataCore
import RunLoopEngine
import TraceViews

/// Each lesson page shows the timeline of its key scenario as a picture drawn by the engine, in
/// the page's language, and the committed picture is the one the engine draws now.
@Suite("Each lesson page shows its scenario's picture, up to date", .inEnglish)
struct LessonPictureTests {
    static var root: String { CatalogConsistencyTests.root }

    /// Every lesson in every language, for the tests that read both pages or both pictures.
    static let pictures: [(Lesson, Language)] = Catalog.lessons.flatMap { lesson in Language.allCases.map { (lesson, $0) } }

    @Test("Each lesson names a key scenario that exists", arguments: Catalog.lessons)
    func keyScenario(_ lesson: Lesson) {
        #expect(
            lesson.keyTraceScenario != nil,
            "lesson \(lesson.paddedNumber) names no scenario of `kata trace` ('\(lesson.keyScenario ?? "none")'): set keyScenario in Sources/KataCore/Lessons/Lesson\(lesson.paddedNumber).swift"
        )
    }

    @Test("Each page embeds the picture in its own language under \"What the loop does\"", arguments: pictures)
    func pageShowsThePicture(_ lesson: Lesson, _ language: Language) throws {
        let path = language == .en ? lesson.pagePath : lesson.pagePathZh
        let page = try #require(CatalogConsistencyTests.read(path), "missing page \(path)")
        let heading = Text(en: "What the loop does", zh: "RunLoop 做了什么").in(language)
        // Relative to the page's folder: `images/…` from Lessons/, `../images/zh-Hans/…` from Lessons/zh-Hans/.
        let target = language == .en ? "images/\(lesson.folder).svg" : "../images/zh-Hans/\(lesson.folder).svg"
        let section =
            page.components(separatedBy: "\n## \(heading)\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        #expect(
            section.contains("![") && section.contains("](\(target))"),
            "\(path) does not show its picture: add one line `![…](\(target))` under \"## \(heading)\"")
    }

    @Test("Each committed picture is the one the engine draws now", arguments: pictures)
    func pictureIsFresh(_ lesson: Lesson, _ language: Language) throws {
        let fresh = try #require(lesson.keyPicture(in: language), "lesson \(lesson.paddedNumber) has no key scenario")
        let path = lesson.imagePath(in: language)
        let committed = CatalogConsistencyTests.read(path)
        #expect(committed != nil, "\(path) is missing. Draw it: \(Lesson.picturesCommand)")
        guard let committed, committed != fresh else { return }
        let old = committed.split(separator: "\n"), new = fresh.split(separator: "\n")
        let first = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        Issue.record(
            """
            \(path) is out of date: the engine now draws \(lesson.keyScenario ?? "its scenario") differently \
            (first difference at line \(first + 1)). Draw it again: \(Lesson.picturesCommand)
            """)
    }

    /// The picture's prose (the summary, what to look for, the lanes' captions, the axis, the
    /// legend, the notes) is Chinese. Trace words are not prose: a text of the picture that the
    /// scenario's text timeline also prints (a mode, a callout's name, what woke the loop, a run's
    /// result) or a callout kind of the legend is left as it is, and so are the scenario's name and
    /// its notes written as plain strings, code by their type.
    @Test("A Chinese picture's prose is Chinese: only trace words stay English", arguments: Catalog.lessons)
    func chinesePictureHasNoEnglishProse(_ lesson: Lesson) throws {
        let scenario = try #require(lesson.keyTraceScenario, "lesson \(lesson.paddedNumber) has no key scenario")
        let svg = scenario.picture(in: .zhHans)
        let run = scenario.run(in: .zhHans)
        let traceWords = run.timeline(LoopTrace.Filter.all.subtracting(.notes))
        // A note written as a plain string is code by its type (the engine's own, `[label drawRect:]`).
        let codeNotes = run.events.compactMap { event -> String? in
            guard case .note(let note) = event.kind, !(event.content is Text) else { return nil }
            return note
        }
        func isCode(_ text: String) -> Bool {
            let core = text.hasSuffix("…") ? String(text.dropLast()) : text
            return text == scenario.name || codeNotes.contains { $0.hasPrefix(core) }
        }
        var findings: [String] = []
        for text in Self.texts(of: svg) where !Self.isTraceWords(text, timeline: traceWords) && !isCode(text) {
            let words = StrayEnglish.words(in: text)
            if !words.isEmpty { findings.append("\(words.joined(separator: " ")) — in \"\(text)\"") }
        }
        #expect(
            findings.isEmpty,
            """
            the Chinese picture of \(scenario.name) (\(lesson.imagePath(in: .zhHans))) has English prose; \
            its labels come from TimelinePicture.Labels.in(_:) (Sources/KataCore/LessonPicture.swift), \
            its summary, look-for line and notes from the scenario (Sources/KataCore/Scenarios/):
            \(findings.joined(separator: "\n"))
            """)
        // The summary is drawn whole: the picture has room for two lines of it.
        let summary = scenario.summary.zh
        let drawn = Self.texts(of: svg).joined()
        #expect(
            drawn.filter { $0 != " " && $0 != "`" }.contains(summary.filter { $0 != " " && $0 != "`" }),
            "the Chinese summary of \(scenario.name) does not fit in the picture's two lines under the title: shorten it in Sources/KataCore/Scenarios/\n  \(summary)"
        )
    }

    @Test("The prose check catches English labels and an English summary")
    func proseCheckCatchesEnglish() throws {
        let scenario = try #require(TraceScenario.named("keep-alive-port"))
        let english = scenario.picture(in: .en)
        let timeline = scenario.run(in: .en).timeline(LoopTrace.Filter.all.subtracting(.notes))
        let prose = Self.texts(of: english).filter { !Self.isTraceWords($0, timeline: timeline) }
        for label in ["outer run", "time →", "run result", scenario.summary.en, "add a port: nothing else to do, but the loop stays"] {
            #expect(prose.contains(label), "\(label) should be read as prose, not as trace words")
        }
        #expect(
            Self.texts(of: english).filter { Self.isTraceWords($0, timeline: timeline) }
                .allSatisfy { !["outer run", "time →", "note", "sleep"].contains($0) })
        #expect(Self.texts(of: english).contains("→ finished (empty mode)") && Self.isTraceWords("→ finished (empty mode)", timeline: timeline))
    }

    /// The contents of the picture's `<text>` elements, entities decoded and code spans written
    /// back in `backticks` (as the prose checker reads code).
    static func texts(of svg: String) -> [String] {
        svg.components(separatedBy: "<text ").dropFirst().compactMap { element -> String? in
            guard let start = element.firstIndex(of: ">"), let end = element.range(of: "</text>") else { return nil }
            var content = String(element[element.index(after: start)..<end.lowerBound])
            while let open = content.range(of: "<tspan"), let close = content.range(of: ">", range: open.upperBound..<content.endIndex) {
                content.replaceSubrange(open.lowerBound..<close.upperBound, with: "`")
            }
            content = content.replacingOccurrences(of: "</tspan>", with: "`")
            for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
                content = content.replacingOccurrences(of: entity, with: character)
            }
            return content
        }
    }

    /// The trace's own words: a text the timeline prints (drawn with a result's arrow, a long
    /// callout name cut short with "…", the empty mode's result without its "no entry, no exit"),
    /// or a callout kind, named in the legend.
    static func isTraceWords(_ text: String, timeline: String) -> Bool {
        let kinds: [TraceEvent.Callout] = [.timer, .source, .port, .block, .mainQueue]
        if kinds.map(\.rawValue).contains(text) { return true }
        var core = text.hasPrefix("→ ") ? String(text.dropFirst(2)) : text
        if core.hasSuffix("…") { core.removeLast() }
        if core.hasSuffix(")") { core.removeLast() }
        return !core.isEmpty && timeline.contains(core)
    }
}
