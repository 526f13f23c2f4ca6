import Foundation
import KataCore

/// The copies of catalog facts in the Markdown: each lesson page's header block and Hints
/// section, the "Next" chain, the READMEs' lesson tables and counts, the WORKSHOPs' counts.
/// Each is written from ``Catalog`` and ``QuizBank``; the prose around them is left as it is.
extension CourseSync {
    /// A generated part of a Markdown file could not be found: the file no longer has the place
    /// the copy goes, and sync would lose it.
    struct MissingPlace: Error, CustomStringConvertible {
        var path: String
        var place: String
        var description: String { "\(path): cannot find \(place); put it back, then run `swift run kata dev sync` again" }
    }

    /// Every Markdown file that holds a copy, with the text it should have.
    static func pages(root: String) throws -> [(String, String)] {
        var files: [(String, String)] = []
        for lesson in Catalog.lessons {
            for language in [Language.en, .zhHans] {
                let path = language == .en ? lesson.pagePath : lesson.pagePathZh
                guard let page = read(path, root: root) else { continue }   // a page not yet written has nothing to keep in step
                files.append((path, try lessonPage(page, lesson, language, path: path)))
            }
        }
        for (path, language) in [("README.md", Language.en), ("README.zh-Hans.md", .zhHans)] {
            guard let readme = read(path, root: root) else { throw MissingPlace(path: path, place: "the file") }
            files.append((path, try self.readme(readme, language, path: path)))
        }
        for (path, language) in [("docs/WORKSHOP.md", Language.en), ("docs/zh-Hans/WORKSHOP.md", .zhHans)] {
            guard let workshop = read(path, root: root) else { throw MissingPlace(path: path, place: "the file") }
            files.append((path, try self.workshop(workshop, language, path: path)))
        }
        return files
    }

    static func read(_ path: String, root: String) -> String? {
        try? String(contentsOfFile: (root as NSString).appendingPathComponent(path), encoding: .utf8)
    }

    // MARK: A lesson page

    /// The page with its header block (title, twin link, level and kind, builds on, next) and its
    /// Hints section written from the catalog.
    static func lessonPage(_ page: String, _ lesson: Lesson, _ language: Language, path: String) throws -> String {
        let buildsOnMark = language == .en ? "**Builds on:**" : "**前置：**"
        guard let headerEnd = page.range(of: "\n" + buildsOnMark).flatMap({ page[$0.upperBound...].firstIndex(of: "\n") }) else {
            throw MissingPlace(path: path, place: "the header's \"\(buildsOnMark)\" line")
        }
        guard PageMarks.section(after: PageMarks.engine, in: page) != nil else {
            throw MissingPlace(path: path, place: "the line \(PageMarks.engine) right before the heading of the section on the engine")
        }
        var text = header(lesson, language) + String(page[headerEnd...])
        let heading = language == .en ? "\n## Hints\n" : "\n## 提示\n"
        guard let start = text.range(of: heading) else { throw MissingPlace(path: path, place: "its \"\(heading.trimmingCharacters(in: .newlines))\" section") }
        let end = text[start.upperBound...].range(of: "\n## ")?.lowerBound ?? text.endIndex
        text.replaceSubrange(start.upperBound..<end, with: hints(lesson, language))
        return text
    }

    /// `# Lesson 19 — …` down to the `**Builds on:** … · **Next:** …` line (no newline after it).
    static func header(_ lesson: Lesson, _ language: Language) -> String {
        let links = lesson.buildsOn.compactMap(Catalog.lesson).map { "[\(title($0, language))](\($0.folder).md)" }
        let next = Catalog.lesson(lesson.number + 1)
        // The link to the page's twin, named in the twin's own language.
        let twin = language == .en ? "[\(Language.zhHans.name)](zh-Hans/\(lesson.folder).md)" : "[\(Language.en.name)](../\(lesson.folder).md)"
        switch language {
        case .en:
            return """
                # \(title(lesson, .en))

                \(twin)

                **Level:** \(lesson.level.stars) · **Kind:** \(lesson.kindText.en)
                **Builds on:** \(links.isEmpty ? "nothing — start here" : links.joined(separator: ", ")) · **Next:** \
                \(next.map { "[\(title($0, .en))](\($0.folder).md)" } ?? "that was the last lesson — try `swift run kata trace`")
                """
        case .zhHans:
            return """
                # \(title(lesson, .zhHans))

                \(twin)

                **难度：** \(lesson.level.stars) · **类型：** \(lesson.kindText.zh)
                **前置：** \(links.isEmpty ? "无，从这里开始" : links.joined(separator: "，")) · **下一课：** \
                \(next.map { "[\(title($0, .zhHans))](\($0.folder).md)" } ?? "这是最后一课了——试试 `swift run kata trace`")
                """
        }
    }

    /// `Lesson 06 — Timer skip on overrun` / `第 06 课 — 定时器错过就跳过`.
    static func title(_ lesson: Lesson, _ language: Language) -> String { lesson.headingText.in(language) }

    /// The body of the Hints section: what to try first, then each hint folded.
    static func hints(_ lesson: Lesson, _ language: Language) -> String {
        let intro =
            language == .en
            ? "_Try the lesson without them first. `swift run kata hint \(lesson.number)` shows one at a time and remembers how many you used; on GitHub or in a Markdown preview, each opens when you click it._"
            : "_先别看提示，自己试一试。`swift run kata hint \(lesson.number)` 每次只给一条，并记下你用了几条；在 GitHub 或 Markdown 预览里，每条提示点开才会显示。_"
        let label = language == .en ? "Hint" : "提示"
        let hints = language == .en ? lesson.hints : lesson.hintsZh
        return "\n\(intro)\n\n"
            + hints.enumerated().map { "<details><summary>\(label) \($0.offset + 1)</summary>\n\n\($0.element)\n\n</details>\n\n" }.joined()
            .dropLast()
    }

    // MARK: The READMEs and WORKSHOPs

    /// The lesson table (from its header row to the end of the table), its titles plain (a link
    /// with code in it reads as noise in a table), and the counts.
    static func readme(_ readme: String, _ language: Language, path: String) throws -> String {
        let head = language == .en ? "| # | lesson | level | you |\n|---|---|---|---|\n" : "| # | 课程 | 难度 | 类型 |\n|---|---|---|---|\n"
        guard let start = readme.range(of: head) else { throw MissingPlace(path: path, place: "the lesson table's header \(head.prefix { $0 != "\n" })") }
        let end = readme[start.upperBound...].range(of: "\n\n")?.lowerBound ?? readme.endIndex
        let rows = Catalog.lessons.map { lesson in
            let page = language == .en ? lesson.pagePath : lesson.pagePathZh
            return "| \(lesson.paddedNumber) | [\(lesson.titleText.plain(in: language))](\(page)) | \(lesson.level.stars) | \(lesson.kindText.in(language)) |"
        }
        var text = readme
        text.replaceSubrange(start.upperBound..<end, with: rows.joined(separator: "\n"))
        let lessons = Catalog.lessons.count, questions = QuizBank.all.count
        switch language {
        case .en:
            text = try replace(
                #"\b[A-Z][a-z]+(-[a-z]+)? graded lessons"#, with: "\(spelled(lessons, .en).capitalizedFirst) graded lessons", in: text, path: path)
            text = try replace(#"\| the questions \(\d+\), by lesson"#, with: "| the questions (\(questions)), by lesson", in: text, path: path)
        case .zhHans:
            text = try replace(#"一共[一二三四五六七八九十]+课"#, with: "一共\(spelled(lessons, .zhHans))课", in: text, path: path)
            text = try replace(#"所有题目（\d+ 道）"#, with: "所有题目（\(questions) 道）", in: text, path: path)
        }
        return text
    }

    /// The quiz's counts and what each track holds (`kata list --track core   # …`) in the
    /// WORKSHOP (the agenda is written by hand: it is a plan, not a copy).
    static func workshop(_ workshop: String, _ language: Language, path: String) throws -> String {
        let lessons = Catalog.lessons.count, questions = QuizBank.all.count
        var text = workshop
        switch language {
        case .en:
            text = try replace(
                #"\(of \d+, over all [a-z]+(-[a-z]+)?"#, with: "(of \(questions), over all \(spelled(lessons, .en))", in: text, path: path)
        case .zhHans:
            text = try replace(#"共 \d+ 道，覆盖全部[一二三四五六七八九十]+课"#, with: "共 \(questions) 道，覆盖全部\(spelled(lessons, .zhHans))课", in: text, path: path)
        }
        for track in Catalog.Track.allCases {
            let command = "swift run kata list --track \(track.rawValue)"
            let line = command.padding(toLength: 40, withPad: " ", startingAt: 0) + "# " + trackContents(track, language)
            text = try replace("(?m)^" + NSRegularExpression.escapedPattern(for: command) + " +#.*$", with: line, in: text, path: path)
        }
        return text
    }

    /// What a track holds, as its WORKSHOP line says it: `the six core lessons: 02 03 06 07 08 10`,
    /// `lessons 01 to 10`, `every lesson`.
    static func trackContents(_ track: Catalog.Track, _ language: Language) -> String {
        let numbers = track.lessonNumbers, padded = numbers.map(Lesson.paddedNumber), listed = padded.joined(separator: " ")
        // A run of lessons without a gap is written as its ends: `01 to 10`.
        let contiguous = numbers.first.map { numbers == Array($0..<$0 + numbers.count) } ?? false
        switch (track, language) {
        case (.core, .en): return "the \(spelled(padded.count, .en)) core lessons: \(listed)"
        case (.core, .zhHans): return "\(spelled(padded.count, .zhHans))节核心课：\(listed)"
        case (.halfDay, .en): return contiguous ? "lessons \(padded[0]) to \(padded[padded.count - 1])" : "lessons \(listed)"
        case (.halfDay, .zhHans): return contiguous ? "第 \(padded[0]) 到 \(padded[padded.count - 1]) 课" : "第 \(listed) 课"
        case (.full, .en): return "every lesson"
        case (.full, .zhHans): return "全部课程"
        }
    }

    /// `text` with the one match of `pattern` replaced.
    static func replace(_ pattern: String, with replacement: String, in text: String, path: String) throws -> String {
        let regex = try Regex(pattern)
        let matches = text.matches(of: regex)
        guard matches.count == 1, let match = matches.first else {
            throw MissingPlace(path: path, place: matches.isEmpty ? "the count /\(pattern)/" : "one count /\(pattern)/ (there are \(matches.count))")
        }
        var text = text
        text.replaceSubrange(match.range, with: replacement)
        return text
    }

    /// A count as prose writes it, 1 to 99: `nineteen`, `twenty-one`; `十九`, `二十一`.
    static func spelled(_ number: Int, _ language: Language) -> String {
        switch language {
        case .en:
            let small = [
                "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
                "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
            ]
            let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
            if number < 20 { return small[number] }
            return tens[number / 10] + (number % 10 == 0 ? "" : "-" + small[number % 10])
        case .zhHans:
            let digits = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
            if number < 10 { return digits[number] }
            return (number / 10 == 1 ? "" : digits[number / 10]) + "十" + (number % 10 == 0 ? "" : digits[number % 10])
        }
    }
}

extension String {
    /// The string with its first letter upper-cased: `nineteen` → `Nineteen`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
