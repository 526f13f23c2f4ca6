import Foundation
import RunLoopEngine
import Testing
import TraceViews
@testable import KataCLI
@testable import KataCore

/// The screens a student sees most (`kata`, `list`, `next`, `show`, `hint`) in Chinese: lines
/// wrapped by terminal columns, and the language kept once chosen with `--lang`.
@Suite("kata's screens in Chinese: wrapped by columns, the language remembered", .inEnglish)
struct ChineseScreensTests {
    /// What a line takes on a terminal.
    static func width(_ line: String) -> Int { Style.visibleWidth(line) }

    @Test("A Chinese paragraph wraps by terminal columns, between characters, never before closing punctuation")
    func wrapChinese() throws {
        let text = Lesson.lesson06.hintsZh[1]
        let lines = Style.wrap(text, width: 40, indent: "  ")
        #expect(lines.count > 3, "a long paragraph is cut:\n\(lines.joined(separator: "\n"))")
        for line in lines {
            #expect(Self.width(line) <= 40, "too wide (\(Self.width(line)) columns): \(line)")
            #expect(line.hasPrefix("  ") && !line.hasPrefix("   "), "under the indent, no space left at its start: \(line)")
            let first = try #require(line.dropFirst(2).first)
            #expect(!LineBreaks.closing.contains(first), "a line starts with closing punctuation: \(line)")
        }
        #expect(lines.map { String($0.dropFirst(2)) }.joined() == text, "nothing lost, nothing added")
        // Filled: each line but the last has no room for the next line's first piece.
        for (line, next) in zip(lines, lines.dropFirst()) {
            let piece = LineBreaks.pieces(of: String(next.dropFirst(2)))[0].text
            #expect(Self.width(line) + piece.columns > 40, "a line ends early: \(line)")
        }
    }

    @Test("Mixed text: English words, names and paths stay whole; a break at a space drops the space")
    func wrapMixed() {
        let text = "请在 Exercises/06-timer-skip-on-overrun/NextFireDate.swift 中写出 nextFireDate(after:interval:now:)，然后运行 swift test --filter Lesson06Tests。"
        let lines = Style.wrap(text, width: 30, indent: "")
        let words = ["Exercises/06-timer-skip-on-overrun/NextFireDate.swift", "nextFireDate(after:interval:now:)，", "Lesson06Tests。"]
        for word in words {
            #expect(lines.contains { $0.contains(word) }, "\(word) is cut:\n\(lines.joined(separator: "\n"))")
        }
        #expect(lines.allSatisfy { !$0.hasPrefix(" ") && !$0.hasSuffix(" ") }, "\(lines)")
        #expect(lines.allSatisfy { Self.width($0) <= 30 || !$0.contains(" ") }, "only a piece longer than a line overflows: \(lines)")
        // Between a Chinese character and a name with no space, a line may break too.
        #expect(Style.wrap("写出StudentTimerSchedule", width: 10, indent: "") == ["写出", "StudentTimerSchedule"])
        // Opening punctuation stays with what follows it.
        #expect(Style.wrap("一二三四（五六）", width: 10, indent: "") == ["一二三四", "（五六）"])
    }

    @Test("English wraps as before: at spaces, counting characters, the first line under its own prefix")
    func wrapEnglish() {
        #expect(Style.wrap("one two three four five", width: 12, indent: "  ") == ["  one two", "  three four", "  five"])
        #expect(Style.wrap("a  b", width: 80, indent: "") == ["a  b"])
        #expect(Style.wrap("", width: 80, indent: "  ") == ["  "])
        let hint = Lesson.lesson06.hints[1]
        let lines = Style.wrap(hint, width: 88, indent: "    ", first: "  - ")
        #expect(lines.map { String($0.dropFirst(4)) }.joined(separator: " ") == hint)
        #expect(lines.allSatisfy { $0.count <= 88 })
    }

    @Test("Widths count columns: a Chinese character is two, colour codes none; padding pads to columns")
    func columns() {
        #expect(Style.visibleWidth("提示 1/3  ") == 10)
        #expect(Style.visibleWidth("\u{1B}[1m第 06 课\u{1B}[0m") == 8)
        #expect("课".padded(6) == "课    ")
        #expect("lesson".padded(8) == "lesson  ")
    }

    @Test("kata hint in Chinese: every line of a hint starts under its first character", arguments: Catalog.lessons)
    func hintIndent(_ lesson: Lesson) {
        let lines = Commands.hintLines(lesson, shown: lesson.hints.count, in: .zhHans, style: Style(colours: false))
        var labelColumns = 0
        for line in lines {
            if line.hasPrefix("提示 ") {
                labelColumns = HintText.label(1, of: lesson.hints.count).zh.columns
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            #expect(
                indent == labelColumns, "lesson \(lesson.number): \(indent) spaces, the label takes \(labelColumns) columns:\n\(lines.joined(separator: "\n"))")
            #expect(Self.width(line) <= 88, "lesson \(lesson.number): \(line)")
        }
    }

    @Test("Every lesson's behaviour and task have a Chinese twin; the behaviour is translated")
    func catalogTwins() {
        for lesson in Catalog.lessons {
            #expect(!lesson.behaviourZh.isEmpty && lesson.behaviourZh != lesson.behaviour, "lesson \(lesson.number)")
            #expect(!lesson.taskZh.isEmpty, "lesson \(lesson.number)")
            // The code in the task is the same in both, marked alike: only the words around it change.
            let code = ChinesePagesTests.codeSpans
            #expect(!code(lesson.task).isEmpty, "lesson \(lesson.number): the task marks no code: \(lesson.task)")
            #expect(Set(code(lesson.task)) == Set(code(lesson.taskZh)), "lesson \(lesson.number): \(code(lesson.task)) vs \(code(lesson.taskZh))")
        }
    }
}

@Suite("The language kata remembers: --lang, then KATA_LANG, then the remembered one, then LC_ALL/LANG", .inEnglish)
struct RememberedLanguageTests {
    @Test("The remembered language comes after KATA_LANG and before the system's; an invalid one is skipped")
    func order() {
        #expect(Language.resolve(remembered: "zh-Hans", environment: [:]) == .zhHans)
        #expect(Language.resolve(remembered: "zh-Hans", environment: ["LANG": "en_US.UTF-8"]) == .zhHans, "it beats the system's")
        #expect(Language.resolve(remembered: "en", environment: ["LC_ALL": "zh_CN.UTF-8"]) == .en)
        #expect(Language.resolve(remembered: "zh-Hans", environment: ["KATA_LANG": "en"]) == .en, "KATA_LANG beats it")
        #expect(Language.resolve(option: "en", remembered: "zh-Hans", environment: [:]) == .en, "--lang beats it")
        #expect(Language.resolve(remembered: "klingon", environment: ["LANG": "zh_CN.UTF-8"]) == .zhHans, "an invalid one is skipped")
        #expect(Language.resolve(remembered: "", environment: [:]) == .en)
    }

    @Test("The progress file keeps the language; an old file without it, or with an odd one, loads as before")
    func progressFile() throws {
        let folder = FixturePackage.empty("language"), root = folder.root
        defer { folder.remove() }
        var warnings: [String] = []
        func load() -> KataCLI.Progress { Progress.load(from: root, warn: { warnings.append($0) }) }

        try folder.write(".kata/progress.json", #"{"current": 6, "hintsShown": {"6": 2}}"#)
        #expect(load().language == nil && load().current == 6 && load().hintsShown[6] == 2, "an old file")
        #expect(KataCLI.Progress.rememberedLanguage(in: root) == nil)

        KataCLI.Progress.remember(.zhHans, in: root)
        let text = try #require(String(data: FileManager.default.contents(atPath: KataCLI.Progress.path(in: root)) ?? Data(), encoding: .utf8))
        #expect(text.contains(#""language" : "zh-Hans""#), "\(text)")
        #expect(load().current == 6 && load().hintsShown[6] == 2, "the rest is kept")
        #expect(KataCLI.Progress.rememberedLanguage(in: root) == "zh-Hans")

        for odd in [#""klingon""#, "42", "null", #"["zh-Hans"]"#] {
            try folder.write(".kata/progress.json", #"{"current": 6, "language": \#(odd)}"#)
            let progress = load()
            #expect(progress.current == 6 && progress.language == nil, "\(odd)")
            #expect(Language.resolve(remembered: KataCLI.Progress.rememberedLanguage(in: root), environment: [:]) == .en, "\(odd)")
        }
        #expect(warnings.isEmpty, "an odd language is not a broken file: \(warnings)")

        // A file that is not kata's at all: nothing remembered, and no word about it from the quiet read.
        try folder.write(".kata/progress.json", "garbage")
        #expect(KataCLI.Progress.rememberedLanguage(in: root) == nil)
        #expect(FileManager.default.fileExists(atPath: KataCLI.Progress.path(in: root)), "left for the command's own load to report")
    }
}

/// Drives the real `kata` binary.
extension EndToEndTests {
    @Suite("kata remembers the language chosen with --lang")
    struct RememberedLanguageEndToEndTests {
        /// The environment of a student who has not chosen a language: no KATA_LANG, an English system.
        static let englishSystem = ["KATA_LANG": "", "LC_ALL": "", "LANG": "C.UTF-8"]

        @Test("kata --lang zh-Hans once: the next runs speak Chinese without it; KATA_LANG and --lang still override")
        func remembered() async throws {
            let fixture = try KataFixture()
            defer { fixture.remove() }
            let english = try await fixture.run(["hint", "6"], environment: Self.englishSystem)
            #expect(english.output.contains("Hint 1/3"), "\(english.output)")

            let chosen = try await fixture.run(["--lang", "zh-Hans", "hint", "6"], environment: Self.englishSystem)
            #expect(chosen.status == 0 && chosen.output.contains("提示 2/3"), "\(chosen.output)\(chosen.errors)")
            let saved = String(data: fixture.read(".kata/progress.json") ?? Data(), encoding: .utf8) ?? ""
            #expect(saved.contains(#""language" : "zh-Hans""#), "\(saved)")

            let later = try await fixture.run(["hint", "6"], environment: Self.englishSystem)
            #expect(later.output.contains("提示 3/3") && later.output.contains("这是最后一条提示了"), "remembered:\n\(later.output)")
            let usage = try await fixture.run(["bogus"], environment: Self.englishSystem)
            #expect(usage.status == 2 && usage.errors.contains("查看帮助"), "a usage error in the remembered language:\n\(usage.errors)")
            let help = try await fixture.run(["--help"], environment: Self.englishSystem)
            #expect(help.output == Help.text(for: nil, in: .zhHans) + "\n", "the help in the remembered language:\n\(help.output)")

            let variable = try await fixture.run(["hint", "6"], environment: Self.englishSystem.merging(["KATA_LANG": "en"]) { $1 })
            #expect(variable.output.contains("Hint 3/3"), "KATA_LANG beats the remembered language:\n\(variable.output)")

            let back = try await fixture.run(["--lang", "en", "hint", "6"], environment: Self.englishSystem)
            #expect(back.output.contains("Hint 3/3"), "\(back.output)")
            let afterBack = try await fixture.run(["hint", "6"], environment: Self.englishSystem.merging(["LANG": "zh_CN.UTF-8"]) { $1 })
            #expect(afterBack.output.contains("Hint 3/3"), "--lang en is remembered too, over a Chinese system:\n\(afterBack.output)")
        }

        @Test("--lang is remembered when only the help follows it, or a mistake")
        func rememberedWithHelp() async throws {
            let fixture = try KataFixture()
            defer { fixture.remove() }
            let help = try await fixture.run(["--lang", "zh-Hans", "--help"], environment: Self.englishSystem)
            #expect(help.status == 0 && help.output.contains("用法"), "\(help.output)")
            let later = try await fixture.run(["hint", "6"], environment: Self.englishSystem)
            #expect(later.output.contains("提示 1/3"), "remembered after --help:\n\(later.output)")
            let mistake = try await fixture.run(["--lang", "en", "bogus"], environment: Self.englishSystem)
            #expect(mistake.status == 2)
            let after = try await fixture.run(["hint", "6"], environment: Self.englishSystem)
            #expect(after.output.contains("Hint 2/3"), "remembered after a usage error:\n\(after.output)")
        }

        @Test("An odd remembered language is ignored: no crash, no warning, the system's language")
        func oddValue() async throws {
            let fixture = try KataFixture(files: [".kata/progress.json": #"{"hintsShown": {"6": 1}, "language": 7}"#])
            defer { fixture.remove() }
            let kata = try await fixture.run(["hint", "6"], environment: Self.englishSystem.merging(["LANG": "zh_CN.UTF-8"]) { $1 })
            #expect(kata.status == 0, "\(kata.errors)")
            #expect(kata.output.contains("提示 2/3"), "the system's language, and the hint count kept:\n\(kata.output)")
            #expect(kata.errors.isEmpty, "\(kata.errors)")
        }
    }

    @Suite("kata's main screens in Chinese are translated")
    struct ChineseScreensEndToEndTests {
        @Test("kata, list, next, show 6 (unsolved and solved) with --lang zh-Hans: no line of the English screen left, but code")
        func noEnglish() async throws {
            let fixture = try await FixturePackage.make()
            defer { fixture.remove() }
            try fixture.write(Lesson.lesson06.exerciseFile, FixturePackage.solved06)
            for page in [Lesson.lesson06.pagePath, Lesson.lesson06.pagePathZh] {
                try fixture.write(page, try #require(CatalogConsistencyTests.read(page)))
            }
            // The first run builds and runs the tests; its build lines are not what this test is about.
            let first = try await fixture.kata(["--lang", "zh-Hans", "list"])
            #expect(first.code == 0, "\(first.output)")

            var screens: [String: String] = [:]
            for arguments in [[], ["list"], ["list", "--track", "core"], ["next"], ["show", "6"], ["show", "2"]] {
                let run = try await fixture.kata(["--lang", "zh-Hans"] + arguments)
                let name = "kata " + arguments.joined(separator: " ")
                #expect(run.code == 0 || arguments == ["show", "2"], "\(name): exit \(String(describing: run.code))\n\(run.output)")
                #expect(!run.output.contains("Running") && !run.output.contains("Building"), "\(name) ran the tests again:\n\(run.output)")
                screens[name] = run.output
                let english = try await fixture.kata(["--lang", "en"] + arguments)
                let left = ScreenLanguage.untranslated(chinese: run.output, english: english.output)
                #expect(left.isEmpty, "\(name), lines as in English:\n\(left.joined(separator: "\n"))\n---\n\(run.output)")
            }
            #expect(screens["kata "]?.contains("课已完成") == true, "\(screens["kata "] ?? "")")
            #expect(screens["kata list --track core"]?.contains("路线 `core`") == true)
            // `list --track core` made lesson 02 the current one.
            #expect(screens["kata next"]?.contains("第 02 课 — Mode 隔离") == true, "\(screens["kata next"] ?? "")")
            let solved = screens["kata show 6"] ?? ""
            #expect(solved.contains("✔ 已完成") && solved.contains("Lessons/zh-Hans/06-timer-skip-on-overrun.md"), "\(solved)")
            #expect(solved.contains("引擎里的实现"), "the engine notes, from the Chinese page:\n\(solved)")
            let unsolved = screens["kata show 2"] ?? ""
            #expect(unsolved.contains("第 02 课还没有完成"), "the stub's record, shown in the language kata speaks:\n\(unsolved)")
        }
    }
}
