import Foundation
import KataCore

/// The last result of each lesson, in `.kata/results.json`, kept with a key made of the contents
/// of the lesson's exercise file and of everything else its tests are built from (the manifest,
/// Sources/, Tests/, the rest of Exercises/). A lesson whose key is unchanged has the same code
/// and the same tests as when it last ran: its result is read back instead of built and run, so
/// `kata list` answers at once when nothing changed.
struct ResultCache: Codable, Equatable {
    struct Entry: Codable, Equatable {
        var key: String
        var cases: [TestCaseResult]
        var breakage: Breakage?
        var discovered: Int
    }

    /// Lesson number → its last result.
    var entries: [Int: Entry] = [:]

    static func path(in root: String) -> String { (root as NSString).appendingPathComponent(".kata/results.json") }

    /// The saved cache; an unreadable or missing file is an empty one (every lesson runs).
    static func load(from root: String) -> ResultCache {
        guard let data = FileManager.default.contents(atPath: path(in: root)),
            let cache = try? JSONDecoder().decode(ResultCache.self, from: data)
        else { return ResultCache() }
        return cache
    }

    func save(to root: String) throws {
        let file = Self.path(in: root)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: file), options: .atomic)
    }

    func result(for lesson: Lesson, key: String?) -> LessonResult? {
        guard let key, let entry = entries[lesson.number], entry.key == key else { return nil }
        return LessonResult(lesson: lesson, cases: entry.cases, breakage: entry.breakage, discovered: entry.discovered)
    }

    /// Keeps `result` unless it may say more about the machine than about the code: a crash, a
    /// hang, or a test that gave up waiting (a busy machine can make a correct answer late);
    /// those lessons run again next time.
    mutating func store(_ result: LessonResult, key: String?) {
        guard let key, Self.isDeterministic(result) else {
            entries[result.lesson.number] = nil
            return
        }
        entries[result.lesson.number] = Entry(key: key, cases: result.cases, breakage: result.breakage, discovered: result.discovered)
    }

    static func isDeterministic(_ result: LessonResult) -> Bool {
        switch result.breakage {
        case .crashed, .hung: return false
        case .doesNotCompile, nil: return !TestRunner.leftCodeRunning(result)
        }
    }

    /// Each lesson's key: the contents of its exercise file and of every other file the lesson
    /// tests are built from, hashed. (Solutions/ is left out: the student's build does not use
    /// it.) The language is not in it: a result holds what the tests said in both.
    static func keys(root: String, lessons: [Lesson] = Catalog.lessons) -> [Int: String] {
        var files: [String: String] = [:]
        for item in ["Package.swift", "Sources", "Tests", "Exercises"] { PristinePackage.collect(root, item, into: &files) }
        let exercises = Set(Catalog.lessons.map(\.exerciseFile))
        var shared = ContentHash()
        for relative in files.keys.sorted() where !exercises.contains(relative) && relative.hasSuffix(".swift") {
            shared.add(relative)
            shared.add(FileManager.default.contents(atPath: files[relative]!) ?? Data())
        }
        var keys: [Int: String] = [:]
        for lesson in lessons {
            var hash = shared
            hash.add(lesson.exerciseFile)
            hash.add(FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(lesson.exerciseFile)) ?? Data("missing".utf8))
            keys[lesson.number] = hash.hex
        }
        return keys
    }
}

/// FNV-1a, 64 bits: enough to tell one version of a file from another (not a defence against
/// anyone crafting a collision, which a student has no reason to do).
struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ data: Data) {
        var value = self.value
        data.withUnsafeBytes { bytes in
            for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        self.value = (value ^ 0xff) &* 0x0000_0100_0000_01b3
    }

    mutating func add(_ text: String) { add(Data(text.utf8)) }

    var hex: String { String(value, radix: 16) }
}
