import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// `kata dev sync` writes every copy of a catalog fact; `--check` (in CI) fails when one would change.
@Suite("kata dev sync: the copies of the catalog are written, never compared by hand", .inEnglish)
struct SyncTests {
    @Test("The package as committed is in sync: sync --check would change nothing")
    func committedTreeIsInSync() throws {
        let changes = try CourseSync.changes(root: CatalogConsistencyTests.root)
        #expect(changes.isEmpty, "out of date: \(changes.map(\.path).joined(separator: ", ")): run `swift run kata dev sync`")
    }

    @Test("A page whose header, level or hint was changed by hand is written back from the catalog")
    func pageIsWrittenBack() throws {
        let lesson = try #require(Catalog.lesson(3))
        let page = try #require(CourseSync.read(lesson.pagePath, root: CatalogConsistencyTests.root))
        let tampered = page.replacingOccurrences(of: "**Level:** ★ · **Kind:** build", with: "**Level:** ★★ · **Kind:** use")
            .replacingOccurrences(of: "<summary>Hint 2</summary>\n\n", with: "<summary>Hint 2</summary>\n\nA hint the catalog does not have. ")
        #expect(tampered != page)
        #expect(try CourseSync.lessonPage(tampered, lesson, .en, path: lesson.pagePath) == page)
    }

    @Test("The last page says it is the last; the one before leads to it, in both languages")
    func nextChain() throws {
        let last = try #require(Catalog.lessons.last), before = try #require(Catalog.lesson(last.number - 1))
        #expect(CourseSync.header(last, .en).hasSuffix("**Next:** that was the last lesson — try `swift run kata trace`"))
        #expect(CourseSync.header(before, .zhHans).hasSuffix("**下一课：** [第 \(last.paddedNumber) 课 — \(last.titleZh)](\(last.folder).md)"))
    }

    @Test("A page without the place its copy goes is an error naming the file, not a loss")
    func missingPlace() throws {
        let lesson = try #require(Catalog.lesson(3))
        #expect(throws: CourseSync.MissingPlace.self) { try CourseSync.lessonPage("# no header here\n", lesson, .en, path: lesson.pagePath) }
        #expect(throws: CourseSync.MissingPlace.self) { try CourseSync.readme("no table\n", .en, path: "README.md") }
    }

    @Test("A lesson test suite whose name or tags were changed by hand gets the catalog's back; its other traits stay")
    func suiteLine() throws {
        let lesson = try #require(Catalog.lesson(10))
        let path = "Tests/LessonTests/Lesson10Tests.swift"
        let source =
            "import Testing\n\n@Suite(\"Lesson 10 — an old title\", .serialized, .tags(.lesson10, .level1, .build), .namedInChinese)\nstruct Lesson10Tests {}\n"
        let written = try CourseSync.suiteLine(source, lesson, path: path)
        #expect(written.contains("@Suite(\"\(lesson.suiteName)\", .serialized, .tags(.lesson10, .level3, .use), .namedInChinese)"), "\(written)")
        #expect(try CourseSync.suiteLine(written, lesson, path: path) == written)
        #expect(throws: CourseSync.MissingPlace.self) { try CourseSync.suiteLine("struct Lesson10Tests {}\n", lesson, path: path) }
    }

    @Test("Each track's WORKSHOP line says what the catalog's track holds, in both languages")
    func trackLines() {
        #expect(CourseSync.trackContents(.core, .en) == "the six core lessons: 02 03 06 07 08 10")
        #expect(CourseSync.trackContents(.core, .zhHans) == "六节核心课：02 03 06 07 08 10")
        #expect(CourseSync.trackContents(.halfDay, .en) == "lessons 01 to 10")
        #expect(CourseSync.trackContents(.full, .zhHans) == "全部课程")
    }

    @Test("Counts are spelled as the prose spells them")
    func spelledCounts() {
        #expect([19, 20, 21, 25].map { CourseSync.spelled($0, .en) } == ["nineteen", "twenty", "twenty-one", "twenty-five"])
        #expect([9, 10, 19, 20, 25].map { CourseSync.spelled($0, .zhHans) } == ["九", "十", "十九", "二十", "二十五"])
    }

    @Test("The lists of lessons follow from the lesson files there are")
    func listsFollowTheFiles() throws {
        let numbers = try CourseSync.lessonFiles(root: CatalogConsistencyTests.root)
        #expect(numbers == Catalog.lessons.map(\.number))
        #expect(CourseSync.allLessons([1, 20]).contains("        .lesson20,\n"))
        #expect(CourseSync.lessonTags([1, 20]).contains("    @Tag static var lesson20: Self\n"))
    }
}

@Suite("kata dev new-lesson: every file of a lesson, refusing what would lose something", .inEnglish)
struct NewLessonTests {
    static let root = CatalogConsistencyTests.root

    @Test("The next number and a good slug give every file a lesson needs, none of which exists")
    func writesEveryFile() throws {
        let scaffold = LessonScaffold(number: Catalog.lessons.count + 1, slug: "timer-in-a-mode-never-run", kind: .use)
        #expect(scaffold.problem(root: Self.root, lessons: Catalog.lessons.map(\.number)) == nil)
        let paths = scaffold.files.map(\.0)
        let next = Lesson.paddedNumber(Catalog.lessons.count + 1)
        for path in [
            "Sources/KataCore/Lessons/Lesson\(next).swift", "Sources/KataCore/Quiz/Bank/QuizLesson\(next).swift",
            "Exercises/\(next)-timer-in-a-mode-never-run/TimerInAModeNeverRun.swift", "Stubs/\(next)-timer-in-a-mode-never-run/TimerInAModeNeverRun.swift",
            "Solutions/\(next)-timer-in-a-mode-never-run/TimerInAModeNeverRun.swift", "Tests/LessonTests/Lesson\(next)Tests.swift",
            "Lessons/\(next)-timer-in-a-mode-never-run.md", "Lessons/zh-Hans/\(next)-timer-in-a-mode-never-run.md",
            "Tests/LessonTests/Practice/Lesson\(next)Practice.swift",
        ] {
            #expect(paths.contains(path), "\(path)")
        }
        #expect(scaffold.files.allSatisfy { $0.1.contains(Lesson.scaffoldGap) }, "every skeleton marks its gaps, so that no check passes on it")
        #expect(scaffold.leftToWrite.contains("kata dev sync") && scaffold.leftToWrite.contains("Mutants/"))
    }

    @Test(
        "An existing number, a gap in the numbers, a bad slug: refused, naming why",
        arguments: [
            (3, "timer-in-a-mode-never-run", "exists"), (Catalog.lessons.count + 2, "timer-in-a-mode-never-run", "without a gap"),
            (Catalog.lessons.count + 1, "Timer_Mode", "is not a slug"), (Catalog.lessons.count + 1, "-timer", "is not a slug"),
            (0, "timer", "not a lesson number"),
        ])
    func refuses(number: Int, slug: String, reason: String) throws {
        let problem = LessonScaffold(number: number, slug: slug, kind: .build).problem(root: Self.root, lessons: Catalog.lessons.map(\.number))
        #expect(problem?.contains(reason) == true, "\(number) \(slug): \(problem ?? "accepted")")
    }

    @Test("With --after-gap, a lesson beyond the next number is accepted; one that exists still is not")
    func afterGap() {
        let lessons = Catalog.lessons.map(\.number)
        let beyond = LessonScaffold(number: lessons.count + 3, slug: "timer-in-a-mode-never-run", kind: .use, afterGap: true)
        #expect(beyond.problem(root: Self.root, lessons: lessons) == nil)
        let existing = LessonScaffold(number: 3, slug: "timer-in-a-mode-never-run", kind: .use, afterGap: true)
        #expect(existing.problem(root: Self.root, lessons: lessons)?.contains("exists") == true)
    }

    @Test("A file in the way (the exercise folder is there already) is refused, and nothing is written")
    func fileInTheWay() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("new-lesson-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scaffold = LessonScaffold(number: 1, slug: "first-steps", kind: .use)
        try FileManager.default.createDirectory(atPath: root + "/Exercises/01-first-steps", withIntermediateDirectories: true)
        try "mine".write(toFile: root + "/" + scaffold.exercise, atomically: true, encoding: .utf8)
        let problem = try #require(scaffold.problem(root: root, lessons: []))
        #expect(problem.contains(scaffold.exercise) && problem.contains("nothing written"))
        #expect(try String(contentsOfFile: root + "/" + scaffold.exercise, encoding: .utf8) == "mine")
    }

    @Test("The command line: a number, a slug and one of --use and --build")
    func parses() throws {
        #expect(try Invocation.parse(["dev", "new-lesson", "20", "a-timer", "--use"]) == .dev(.newLesson(number: 20, slug: "a-timer", kind: .use)))
        #expect(try Invocation.parse(["dev", "new-lesson", "--build", "20", "a-timer"]) == .dev(.newLesson(number: 20, slug: "a-timer", kind: .build)))
        #expect(
            try Invocation.parse(["dev", "new-lesson", "24", "a-timer", "--use", "--after-gap"])
                == .dev(.newLesson(number: 24, slug: "a-timer", kind: .use, afterGap: true)))
        for line in [["20", "a-timer"], ["20", "a-timer", "--use", "--build"], ["twenty", "a-timer", "--use"], ["20", "--use"]] {
            #expect(throws: UsageError.self) { try Invocation.parse(["dev", "new-lesson"] + line) }
        }
    }
}
