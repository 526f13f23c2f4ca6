import Foundation
import KataCore

/// What `kata` remembers between runs, in `.kata/progress.json` (git ignores `.kata/`).
///
/// The file is the student's to break: an editor, a merge or a full disk can leave it empty,
/// garbled or of another shape. Reading it never fails: a file that cannot be read is reported
/// in one line, moved aside (`progress.json.unreadable-…`) and replaced by a fresh start; values
/// out of range are clamped. Writing it never ends a command: a failure is reported in one line
/// and the command's own work goes on.
struct Progress: Codable, Equatable {
    /// The lesson `kata next` and `kata watch` work on.
    var current: Int = 1
    /// Lessons seen green.
    var solved: Set<Int> = []
    /// How many hints of each lesson were shown.
    var hintsShown: [Int: Int] = [:]
    /// The last result of each lesson: passed tests, total.
    var lastResults: [Int: [Int]] = [:]
    /// `kata quiz`: the questions answered and the interviews taken (absent until the first).
    var quiz: QuizProgress?
    /// The language `kata --lang` chose last (`en`, `zh-Hans`; absent until then): see
    /// ``Language/resolve(option:remembered:environment:)`` for where it stands among the others.
    var language: String?

    init() {}

    /// Tolerates a file from an older or newer kata: a missing key keeps its default.
    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        current = try values.decodeIfPresent(Int.self, forKey: .current) ?? 1
        solved = try values.decodeIfPresent(Set<Int>.self, forKey: .solved) ?? []
        hintsShown = try values.decodeIfPresent([Int: Int].self, forKey: .hintsShown) ?? [:]
        lastResults = try values.decodeIfPresent([Int: [Int]].self, forKey: .lastResults) ?? [:]
        quiz = try? values.decodeIfPresent(QuizProgress.self, forKey: .quiz)
        language = try? values.decodeIfPresent(String.self, forKey: .language)
    }

    static let relativePath = ".kata/progress.json"

    static func path(in root: String) -> String { (root as NSString).appendingPathComponent(relativePath) }

    /// The progress kept in `root`, or a fresh start. `warn` receives one line for a file that
    /// exists but cannot be used.
    static func load(from root: String, lessons: [Lesson] = Catalog.lessons, warn: (String) -> Void = Kata.warn) -> Progress {
        let file = path(in: root), fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: file, isDirectory: &isDirectory) else { return Progress() }
        if isDirectory.boolValue {
            warn(
                Text(
                    en: "\(relativePath) is a folder, not a file: starting without saved progress (remove the folder to keep progress again).",
                    zh: "\(relativePath) 是一个文件夹，不是文件：这次不读取保存的进度（删掉这个文件夹，进度才能再保存）。"
                ).localized)
            return Progress()
        }
        guard isRegularFile(file) else {
            warn(
                Text(
                    en: "\(relativePath) is not a regular file: starting without saved progress.",
                    zh: "\(relativePath) 不是普通文件：这次不读取保存的进度。"
                ).localized)
            return Progress()
        }
        guard let data = fileManager.contents(atPath: file) else {
            warn(
                Text(
                    en: "\(relativePath) cannot be read (permission denied?): starting without saved progress.",
                    zh: "\(relativePath) 读不了（没有权限？）：这次不读取保存的进度。"
                ).localized)
            return Progress()
        }
        do {
            return try JSONDecoder().decode(Progress.self, from: data).clamped(to: lessons)
        } catch {
            let what =
                data.isEmpty
                ? Text(en: "is empty", zh: "是空的")
                : Text(en: "is not kata's progress (\(Self.problem(error).en))", zh: "不是 kata 的进度文件（\(Self.problem(error).zh)）")
            if let aside = SafeFile.moveAside(file, suffix: "unreadable") {
                let name = (aside as NSString).lastPathComponent
                warn(
                    Text(
                        en: "\(relativePath) \(what.en): kept as \(name) in .kata/, starting afresh.",
                        zh: "`\(relativePath)` \(what.zh)：已在 `.kata/` 里另存为 `\(name)`，进度从头开始。"
                    ).localized)
            } else {
                warn(
                    Text(
                        en: "\(relativePath) \(what.en) and could not be moved aside: starting afresh.",
                        zh: "\(relativePath) \(what.zh)，而且没能挪开：进度从头开始。"
                    ).localized)
            }
            return Progress()
        }
    }

    /// Whether `file` is a regular file: a pipe or a device (`/dev/zero`) is not read, as it
    /// could block, or never end.
    private static func isRegularFile(_ file: String) -> Bool {
        let type = (try? FileManager.default.attributesOfItem(atPath: (file as NSString).resolvingSymlinksInPath))?[.type] as? FileAttributeType
        return type == .typeRegular
    }

    /// The language kept in `root`'s progress file, as written there (``Language/resolve`` judges
    /// it); nil when there is none. Read quietly: a file that cannot be used is reported, and moved
    /// aside, by the command's own ``load(from:lessons:warn:)``.
    static func rememberedLanguage(in root: String) -> String? {
        struct LanguageOnly: Decodable { var language: String? }
        let file = path(in: root)
        guard isRegularFile(file), let data = FileManager.default.contents(atPath: file) else { return nil }
        return (try? JSONDecoder().decode(LanguageOnly.self, from: data))?.language
    }

    /// Keeps `language` in `root`'s progress file, for the runs that do not say `--lang`.
    static func remember(_ language: Language, in root: String) {
        var progress = load(from: root)
        guard progress.language != language.rawValue else { return }
        progress.language = language.rawValue
        progress.save(to: root)
    }

    /// Writes the progress to `root/.kata/progress.json`; on failure, says what and where in one
    /// line (through `warn`) and returns false. The command's own work is never lost to it.
    @discardableResult
    func save(to root: String, warn: (String) -> Void = Kata.warn) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try SafeFile.write(try encoder.encode(self), to: Progress.path(in: root), root: root)
            return true
        } catch {
            warn(Text(en: "progress not saved: \(error)", zh: "进度没有保存：\(error)").localized)
            return false
        }
    }

    /// Every value brought into range: lessons that exist, hint counts from 0 to the lesson's
    /// number of hints, results with 0 ≤ passed ≤ total.
    func clamped(to lessons: [Lesson]) -> Progress {
        let numbers = Set(lessons.map(\.number))
        var result = Progress()
        if let first = lessons.map(\.number).min(), let last = lessons.map(\.number).max() {
            result.current = min(max(current, first), last)
        }
        result.solved = solved.intersection(numbers)
        for (lesson, shown) in hintsShown {
            guard let hints = lessons.first(where: { $0.number == lesson })?.hints.count else { continue }
            result.hintsShown[lesson] = min(max(shown, 0), hints)
        }
        for (lesson, counts) in lastResults where numbers.contains(lesson) {
            if counts.count == 2, counts[1] >= 0, (0...counts[1]).contains(counts[0]) { result.lastResults[lesson] = counts }
        }
        result.quiz = quiz?.clamped(to: Set(QuizBank.all.map(\.number)))
        result.language = language.flatMap(Language.init(code:))?.rawValue
        return result
    }

    /// What a decoding error says, in a few words.
    private static func problem(_ error: any Error) -> Text {
        switch error as? DecodingError {
        case .dataCorrupted?: return Text(en: "not valid JSON", zh: "不是合法的 JSON")
        case let .typeMismatch(_, context)?, let .valueNotFound(_, context)?:
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            return key.isEmpty
                ? Text(en: "not a JSON object", zh: "不是一个 JSON 对象")
                : Text(en: "'\(key)' has the wrong type", zh: "`\(key)` 的类型不对")
        case let .keyNotFound(key, _)?: return Text(en: "'\(key.stringValue)' is missing", zh: "缺少 `\(key.stringValue)`")
        default: return Text(en: "unreadable", zh: "无法读取")
        }
    }

    /// Records a run's results; returns the lessons that turned green in it.
    @discardableResult
    mutating func record(_ results: [LessonResult]) -> [Int] {
        var newlySolved: [Int] = []
        for result in results where result.breakage != nil || result.total > 0 {
            lastResults[result.lesson.number] = [result.passed, result.total]
            if result.status == .solved {
                if solved.insert(result.lesson.number).inserted { newlySolved.append(result.lesson.number) }
            } else {
                solved.remove(result.lesson.number)
            }
        }
        return newlySolved
    }

    /// The lesson to work on: the current one while it is not solved, then the first unsolved one
    /// after it, then the first unsolved one from the start; nil when every lesson is solved.
    func nextLesson(solved: Set<Int>, lessons: [Lesson] = Catalog.lessons) -> Lesson? {
        if let current = lessons.first(where: { $0.number == self.current }), !solved.contains(current.number) { return current }
        return lessons.first { $0.number > current && !solved.contains($0.number) }
            ?? lessons.first { !solved.contains($0.number) }
    }

    /// The next hint of `lesson` to show (1-based), and remembers it was shown. A count out of
    /// range (negative, or more than there are) is brought back into range first.
    mutating func nextHint(of lesson: Int, available: Int) -> Int? {
        guard available > 0 else { return nil }
        let seen = min(max(hintsShown[lesson] ?? 0, 0), available)
        let shown = min(seen + 1, available)
        hintsShown[lesson] = shown
        return shown
    }
}
