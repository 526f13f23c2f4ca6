import Foundation
import KataCore

extension Commands {
    /// `kata dev sync [--check]`: writes every copy of a catalog fact (``CourseSync``); with
    /// `--check`, writes nothing and fails naming each file that would change.
    static func sync(_ context: Context, check: Bool) throws -> Int32 {
        let changes = try CourseSync.changes(root: context.root)
        if check {
            for change in changes { print("out of date: \(change.path)") }
            print(
                changes.isEmpty
                    ? "Every copy of the catalog is up to date."
                    : "\(changes.count) file\(changes.count == 1 ? "" : "s") out of date: run `swift run kata dev sync`.")
            return changes.isEmpty ? Kata.ExitCode.ok : Kata.ExitCode.checkFailed
        }
        for change in changes {
            try SafeFile.write(Data(change.text.utf8), to: (context.root as NSString).appendingPathComponent(change.path), root: context.root)
            print("wrote: \(change.path)")
        }
        print("\(changes.count) file\(changes.count == 1 ? "" : "s") written; every copy of the catalog is up to date.")
        return Kata.ExitCode.ok
    }
}

/// The files that hold a copy of a catalog fact, each generated from its one source: the
/// lessons' own files (`Sources/KataCore/Lessons/LessonNN.swift`: the lists of lessons from the
/// files there; the pages', READMEs', WORKSHOPs' and lesson test suites' copies from ``Catalog``
/// as built).
enum CourseSync {
    /// A file whose text differs from what it should be: its path (relative to the package root)
    /// and the text it should have.
    struct Change: Equatable {
        var path: String
        var text: String
    }

    /// Every generated file that differs from its committed text, in a stable order.
    static func changes(root: String) throws -> [Change] {
        try generated(root: root).compactMap { path, text in
            let current = try? String(contentsOfFile: (root as NSString).appendingPathComponent(path), encoding: .utf8)
            return current == text ? nil : Change(path: path, text: text)
        }
    }

    /// Every generated file: its path and the text it should have.
    static func generated(root: String) throws -> [(String, String)] {
        let numbers = try lessonFiles(root: root)
        return [(allLessonsPath, allLessons(numbers)), (lessonTagsPath, lessonTags(numbers))] + (try pages(root: root)) + (try suites(root: root))
    }

    // MARK: The lists of lessons, discovered

    static let lessonsFolder = "Sources/KataCore/Lessons"
    static let allLessonsPath = "Sources/KataCore/Lessons/AllLessons.swift"
    static let lessonTagsPath = "Tests/LessonTests/Support/LessonTags.swift"

    /// The numbers of the lesson files in `Sources/KataCore/Lessons/` (`Lesson06.swift` → 6), in order.
    static func lessonFiles(root: String) throws -> [Int] {
        let folder = (root as NSString).appendingPathComponent(lessonsFolder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        return names.compactMap { name -> Int? in
            guard name.hasPrefix("Lesson"), name.hasSuffix(".swift") else { return nil }
            let digits = name.dropFirst("Lesson".count).dropLast(".swift".count)
            return digits.count == 2 && digits.allSatisfy(\.isASCII) ? Int(digits) : nil
        }.sorted()
    }

    /// `CourseLesson.all`: one line a lesson file.
    static func allLessons(_ numbers: [Int]) -> String {
        """
        // Written by `swift run kata dev sync` from the files of this folder (LessonNN.swift): do not edit.

        extension CourseLesson {
            /// Every lesson, in order.
            public static let all: [CourseLesson] = [

        """ + numbers.map { "        .lesson\(Lesson.paddedNumber($0)),\n" }.joined() + """
                ]
            }

            """
    }

    /// The lesson tests' tags: `@Tag static var lesson06: Self`, one a lesson file.
    static func lessonTags(_ numbers: [Int]) -> String {
        """
        // Written by `swift run kata dev sync` from Sources/KataCore/Lessons/ (one tag a lesson): do not edit.

        import Testing

        extension Tag {

        """ + numbers.map { "    @Tag static var lesson\(Lesson.paddedNumber($0)): Self\n" }.joined() + "}\n"
    }
}
