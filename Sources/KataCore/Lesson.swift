/// One lesson of the kata, as the catalog knows it.
///
/// The catalog is the single source of truth: the `kata` command and the lesson tests read it,
/// and `swift run kata dev sync` writes its copies in the pages, READMEs and WORKSHOPs.
public struct Lesson: Sendable, Hashable, Identifiable {
    /// What the student writes.
    public enum Kind: String, Sendable, Hashable {
        /// The student writes one mechanism of the loop; the tests plug it into the engine.
        case build
        /// The student writes client code on the engine's public API, as an iOS developer would.
        case use
    }

    /// 1 (★) to 3 (★★★).
    public enum Level: Int, Sendable, Hashable, Comparable {
        case one = 1, two, three
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        /// ★, ★★ or ★★★.
        public var stars: String { String(repeating: "★", count: rawValue) }
    }

    /// 1...15; the folder prefix (`06-…`).
    public var number: Int
    /// `timer-skip-on-overrun`
    public var slug: String
    /// `Timer skip on overrun`
    public var title: String
    /// `定时器错过就跳过`: the title on the Chinese page (`Lessons/zh-Hans/…`).
    public var titleZh: String
    public var kind: Kind
    public var level: Level
    /// One sentence: the loop behaviour the lesson teaches.
    public var behaviour: String
    /// The same sentence in Chinese.
    public var behaviourZh: String
    /// The file the student edits, relative to the package root
    /// (`Exercises/06-timer-skip-on-overrun/NextFireDate.swift`).
    public var exerciseFile: String
    /// What to write in it: the type or function, as the stub names it.
    public var task: String
    /// The same in Chinese: the names as they are, the words around them translated.
    public var taskZh: String
    /// Hints, each revealing a little more. The lesson page lists the same hints.
    public var hints: [String]
    /// The same hints in Chinese, word for word as the Chinese page's "## 提示" section.
    public var hintsZh: [String]
    /// The lessons this one builds on (numbers).
    public var buildsOn: [Int]

    public init(
        number: Int, slug: String, title: String, titleZh: String, kind: Kind, level: Level, behaviour: String,
        behaviourZh: String, exerciseFile: String, task: String, taskZh: String, hints: [String], hintsZh: [String],
        buildsOn: [Int] = []
    ) {
        self.number = number
        self.slug = slug
        self.title = title
        self.titleZh = titleZh
        self.kind = kind
        self.level = level
        self.behaviour = behaviour
        self.behaviourZh = behaviourZh
        self.exerciseFile = exerciseFile
        self.task = task
        self.taskZh = taskZh
        self.hints = hints
        self.hintsZh = hintsZh
        self.buildsOn = buildsOn
    }

    public var id: Int { number }
    /// What `kata dev new-lesson` writes in each gap of a new lesson's files: no lesson keeps it.
    public static let scaffoldGap = "TO WRITE"
    /// The name of the `kata trace` scenario that shows the lesson's behaviour: its picture is on
    /// the lesson's page (``imagePath``). Set in the lesson's file (``CourseLesson``).
    public var keyScenario: String? { CourseLesson.numbered(number)?.scenario?.name }
    /// The title in both languages.
    public var titleText: Text { Text(en: title, zh: titleZh) }
    /// The behaviour in both languages.
    public var behaviourText: Text { Text(en: behaviour, zh: behaviourZh) }
    /// The task in both languages.
    public var taskText: Text { Text(en: task, zh: taskZh) }
    /// `build` / `use`, as the lesson card and `kata list` show it; in Chinese as the pages say it.
    public var kindText: Text {
        switch kind {
        case .build: Text(en: "build", zh: "实现")
        case .use: Text(en: "use", zh: "使用")
        }
    }
    /// The page in the language: `Lessons/…` or `Lessons/zh-Hans/…`.
    public var pagePathText: Text { Text(en: pagePath, zh: pagePathZh) }
    /// `Lesson 06 — Timer skip on overrun` / `第 06 课 — 定时器错过就跳过`.
    public var headingText: Text {
        Text(en: "Lesson \(paddedNumber) — \(title)", zh: "第 \(paddedNumber) 课 — \(titleZh)")
    }
    /// The hints in both languages, side by side (as many as the English ones: a hint with no
    /// Chinese twin shows as an empty string, and `LanguageTests` fails).
    public var hintTexts: [Text] {
        hints.indices.map { Text(en: hints[$0], zh: $0 < hintsZh.count ? hintsZh[$0] : "") }
    }
    /// `06`
    public var paddedNumber: String { Lesson.paddedNumber(number) }
    /// A lesson number as the course writes it, two digits at least: `6` → `06`.
    public static func paddedNumber(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    /// `06-timer-skip-on-overrun`: the folder name under Exercises/ and Solutions/.
    public var folder: String { "\(paddedNumber)-\(slug)" }
    /// `Lessons/06-timer-skip-on-overrun.md`
    public var pagePath: String { "Lessons/\(folder).md" }
    /// `Lessons/zh-Hans/06-timer-skip-on-overrun.md`
    public var pagePathZh: String { "Lessons/zh-Hans/\(folder).md" }
    /// `Lessons/images/06-timer-skip-on-overrun.svg`: the picture of the key scenario, shown on the page.
    public var imagePath: String { "Lessons/images/\(folder).svg" }
    /// `Solutions/06-timer-skip-on-overrun/NextFireDate.swift`
    public var solutionFile: String { "Solutions/" + exerciseFile.dropFirst("Exercises/".count) }
    /// `Stubs/06-timer-skip-on-overrun/NextFireDate.swift`: the exercise's original stub, untouched.
    public var stubFile: String { "Stubs/" + exerciseFile.dropFirst("Exercises/".count) }
    /// The display name of the lesson's test suite: `Lesson 06 — Timer skip on overrun`.
    public var suiteName: String { "Lesson \(paddedNumber) — \(title)" }
    /// The Swift type that holds the lesson's tests: `Lesson06Tests`.
    public var suiteType: String { "Lesson\(paddedNumber)Tests" }
    /// The command that runs this lesson alone.
    public var testCommand: String { "swift test --filter \(suiteType)" }
}
