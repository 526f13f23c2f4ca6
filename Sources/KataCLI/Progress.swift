import Foundation
import KataCore

/// What `kata` remembers between runs, in `.kata/progress.json` (git ignores `.kata/`).
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

    init() {}

    /// Tolerates a file from an older or newer kata: a missing key keeps its default.
    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        current = try values.decodeIfPresent(Int.self, forKey: .current) ?? 1
        solved = try values.decodeIfPresent(Set<Int>.self, forKey: .solved) ?? []
        hintsShown = try values.decodeIfPresent([Int: Int].self, forKey: .hintsShown) ?? [:]
        lastResults = try values.decodeIfPresent([Int: [Int]].self, forKey: .lastResults) ?? [:]
        quiz = try? values.decodeIfPresent(QuizProgress.self, forKey: .quiz)
    }

    static func path(in root: String) -> String { (root as NSString).appendingPathComponent(".kata/progress.json") }

    static func load(from root: String) -> Progress {
        guard let data = FileManager.default.contents(atPath: path(in: root)),
              let progress = try? JSONDecoder().decode(Progress.self, from: data) else { return Progress() }
        return progress
    }

    func save(to root: String) throws {
        let file = Progress.path(in: root)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: file))
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

    /// The next hint of `lesson` to show (1-based), and remembers it was shown.
    mutating func nextHint(of lesson: Int, available: Int) -> Int? {
        guard available > 0 else { return nil }
        let shown = min((hintsShown[lesson] ?? 0) + 1, available)
        hintsShown[lesson] = shown
        return shown
    }
}
