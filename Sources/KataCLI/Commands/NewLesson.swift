import Foundation
import KataCore

extension Commands {
    /// `kata dev new-lesson NN slug --use|--build [--after-gap]`: writes every file a new lesson
    /// needs (``LessonScaffold``), then the lists of lessons; prints what is left to write.
    static func newLesson(_ context: Context, number: Int, slug: String, kind: Lesson.Kind, afterGap: Bool = false) throws -> Int32 {
        let scaffold = LessonScaffold(number: number, slug: slug, kind: kind, afterGap: afterGap)
        if let problem = scaffold.problem(root: context.root, lessons: try CourseSync.lessonFiles(root: context.root)) {
            Kata.warn(problem)
            return Kata.ExitCode.usage
        }
        for (path, text) in scaffold.files {
            try SafeFile.write(Data(text.utf8), to: (context.root as NSString).appendingPathComponent(path), root: context.root)
            print("wrote: \(path)")
        }
        for change in try CourseSync.changes(root: context.root)
        where [CourseSync.allLessonsPath, CourseSync.lessonTagsPath].contains(change.path) {
            try SafeFile.write(Data(change.text.utf8), to: (context.root as NSString).appendingPathComponent(change.path), root: context.root)
            print("wrote: \(change.path)")
        }
        print("")
        print(scaffold.leftToWrite)
        return Kata.ExitCode.ok
    }
}

/// The files of a new lesson, each a skeleton whose every gap says `TO WRITE` (a check fails
/// while one is left: `CatalogConsistencyTests`), and the steps left to the author.
struct LessonScaffold {
    var number: Int
    var slug: String
    var kind: Lesson.Kind
    /// Whether lessons may be missing before this one: a lesson written beside the ones before it,
    /// on a branch of its own (the catalog's checks stay red on the gap until those land).
    var afterGap = false

    /// What is written in every gap; no lesson file may keep it.
    static let gap = Lesson.scaffoldGap

    var padded: String { Lesson.paddedNumber(number) }
    var folder: String { "\(padded)-\(slug)" }
    /// `timer-in-a-mode-never-run` → `Timer in a mode never run`.
    var title: String { slug.replacingOccurrences(of: "-", with: " ").capitalizedFirst }
    /// `timer-in-a-mode-never-run` → `TimerInAModeNeverRun`: the exercise file's name.
    var typeName: String { slug.split(separator: "-").map { String($0).capitalizedFirst }.joined() }
    /// `timerInAModeNeverRun`: the function the student writes.
    var function: String { typeName.prefix(1).lowercased() + typeName.dropFirst() }
    var exercise: String { "Exercises/\(folder)/\(typeName).swift" }

    /// Why the scaffold cannot be written, or nil. Nothing is written when there is one.
    func problem(root: String, lessons: [Int]) -> String? {
        guard (1...99).contains(number) else { return "new-lesson: \(number) is not a lesson number (1 to 99)" }
        guard slug.wholeMatch(of: /[a-z][a-z0-9]*(-[a-z0-9]+)*/) != nil, slug.count <= 40 else {
            return "new-lesson: '\(slug)' is not a slug: lower-case words and digits joined by '-', at most 40 characters (timer-in-a-mode-never-run)"
        }
        if lessons.contains(number) { return "new-lesson: lesson \(padded) exists (Sources/KataCore/Lessons/Lesson\(padded).swift): nothing written" }
        let next = (lessons.max() ?? 0) + 1
        guard number == next || (afterGap && number > next) else {
            return "new-lesson: the lessons go from 1 to \(next - 1) without a gap: the new one is \(next), not \(number)"
                + " (--after-gap writes it beside the missing ones)"
        }
        let taken = files.map(\.0).filter { FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0)) }
        guard taken.isEmpty else { return "new-lesson: \(taken.joined(separator: ", ")) exist\(taken.count == 1 ? "s" : ""): nothing written" }
        return nil
    }

    /// Every file, with its skeleton.
    var files: [(String, String)] {
        [
            ("Sources/KataCore/Lessons/Lesson\(padded).swift", catalogFile),
            ("Sources/KataCore/Quiz/Bank/QuizLesson\(padded).swift", quizFile),
            (exercise, stub),
            ("Stubs/\(folder)/\(typeName).swift", stub),
            ("Solutions/\(folder)/\(typeName).swift", solution),
            ("Tests/LessonTests/Lesson\(padded)Tests.swift", tests),
            (practicePath, practice),
            ("Lessons/\(folder).md", page(.en)),
            ("Lessons/zh-Hans/\(folder).md", page(.zhHans)),
        ]
    }

    var catalogFile: String {
        """
        import RunLoopEngine

        extension Lesson {
            /// Lesson \(padded). Its page: `Lessons/\(folder).md`.
            public static let lesson\(padded) = Lesson(
                number: \(number),
                slug: "\(slug)",
                title: "\(title)",
                titleZh: "\(Self.gap): \(Zh.title)",
                kind: .\(kind.rawValue),
                level: .one,
                behaviour: "\(Self.gap): one sentence, the loop behaviour the lesson teaches.",
                behaviourZh: "\(Self.gap): \(Zh.behaviour)",
                exerciseFile: "\(exercise)",
                task: "`\(function)(on:)`",
                taskZh: "`\(function)(on:)`",
                hints: [
                    "\(Self.gap): the first hint, a little of the way.",
                    "\(Self.gap): the second hint, more of it.",
                ],
                hintsZh: [
                    "\(Self.gap): \(Zh.firstHint)",
                    "\(Self.gap): \(Zh.secondHint)",
                ]
            )
        }

        extension TraceScenario {
            /// \(Self.gap): what the scenario shows, and its CF counterpart.
            static let lesson\(padded) = TraceScenario(
                name: "\(slug)",
                summary: Text(en: "\(Self.gap): one line, what the scenario shows", zh: "\(Self.gap): \(Zh.summary)"),
                lookFor: Text(en: "\(Self.gap): what to look for in the timeline", zh: "\(Self.gap): \(Zh.lookFor)")
            ) { language in
                let loop = Loop(clock: VirtualClock(), name: "main loop")
                let trace = loop.startTracing()
                loop.note(Text(en: "\(Self.gap): the scenario", zh: "\(Self.gap): \(Zh.scenario)"), in: language)
                _ = try loop.run(mode: .default, timeout: 1)
                return trace
            }
        }

        extension CourseLesson {
            /// Lesson \(padded): its entry, its quiz questions (`Quiz/Bank/QuizLesson\(padded).swift`), its key
            /// scenario and what that scenario's trace shows.
            static let lesson\(padded) = CourseLesson(
                .lesson\(padded), questions: QuizBank.lesson\(padded), scenario: .lesson\(padded),
                story: ScenarioStory(inOrder: ["\(Self.gap): a line the trace shows", "then the next one"]))
        }

        """
    }

    var quizFile: String {
        """
        import RunLoopEngine

        extension QuizBank {
            /// \(Self.gap): two questions at least, each numbered with the next free number
            /// (`swift run kata quiz --list`), like those of the other lessons' bank files.
            static let lesson\(padded): [QuizQuestion] = []
        }

        """
    }

    var stub: String {
        """
        // Lesson \(padded) — \(title)                                  Lessons/\(folder).md
        // \(Zh.lesson(padded)) — \(Self.gap): \(Zh.title)                     Lessons/zh-Hans/\(folder).md
        //
        // \(Self.gap): what to write, and what the tests check.
        // \(Self.gap): \(Zh.task)
        //
        // Run just this lesson:   swift test --filter Lesson\(padded)Tests      (or: swift run kata watch)
        // \(Zh.runJust)            swift test --filter Lesson\(padded)Tests      \(Zh.orWatch)

        import KataCore
        import RunLoopEngine

        \(docComment)
        public func \(function)(on loop: Loop) throws {
            unsolved(lesson: \(number), write: "\(function)(on:)")
        }

        """
    }

    var solution: String {
        """
        // Lesson \(padded) — \(title): the reference answer.

        import KataCore
        import RunLoopEngine

        \(docComment)
        public func \(function)(on loop: Loop) throws {
            // \(Self.gap): the answer.
        }

        """
    }

    var tests: String {
        """
        import Testing

        /// Lesson \(padded): \(Self.gap): what the tests run, on which clock, and what they read.

        @Suite("Lesson \(padded) — \(title)", .serialized, .tags(.lesson\(padded), .level1, .\(kind.rawValue)), .namedInChinese)
        struct Lesson\(padded)Tests {
            @Test("\(Self.gap): the promise this test holds", .zh("\(Self.gap): \(Zh.testName)")\(kind == .use ? ", .holds(\"§1\")" : ""))
            func firstPromise() async throws {
                let lines = try await Harness.attempt(lesson: \(number)) { () -> [String] in
                    let loop = Loop(clock: VirtualClock())
                    loop.passLimit = 10_000
                    let trace = loop.startTracing()
                    try \(function)(on: loop)
                    _ = try loop.run(mode: .default, timeout: 1)
                    return trace.lines(times: false)
                }
                Harness.expectSameLines(
                    lines, ["\(Self.gap): the lines the reference gives"],
                    hint: Text(en: "\(Self.gap): a hint", zh: "\(Self.gap): \(Zh.hint)"))
            }
        }

        """
    }

    /// The function's doc comment, in both languages; the stub's and the Solution's are the same.
    /// A use lesson's promises are its clauses, each marked with its id in both languages (`(§1)`):
    /// a test holds each (`.holds("§1")`), a mutant breaks each (`// Breaks: §1`).
    var docComment: String {
        let clause = kind == .use ? " (§1)" : ""
        let clauseZh = kind == .use ? "（§1）" : ""
        return """
            /// \(Self.gap): what the function does on `loop`\(clause).
            ///
            /// \(Self.gap): \(Zh.doc)\(clauseZh)。
            """
    }

    /// What a mutant's header says besides its mistake.
    var clauses: String { kind == .use ? " and `// Breaks: §N`, the clause it breaks (each clause of the stub is broken by one)" : "" }

    var practicePath: String { "Tests/LessonTests/Practice/Lesson\(padded)Practice.swift" }

    /// The lesson graded on generated inputs against the reference (`Practice`): a step type, a
    /// generator, and a run of the same scenario on either side; `kata practice \(number)` runs it.
    var practice: String {
        """
        import Testing

        /// Lesson \(padded) against the reference on generated scenarios: \(Self.gap): the steps a scenario is
        /// made of, the edges of the input they reach, and what a run compares.
        extension Lesson\(padded)Tests {
            /// \(Self.gap): one step of a generated scenario (a `PracticeStep` says itself in both languages).
            enum Step: Sendable, CustomStringConvertible {
                case run(seconds: Int)
                var description: String {
                    switch self {
                    case .run(let seconds): "run the default mode \\(seconds) s"
                    }
                }
            }

            static func practice() -> Practice<Step> {
                Practice(lesson: \(number), hint: Text(en: "\(Self.gap): what differs, and where to look", zh: "\(Self.gap): \(Zh.hint)")) { random in
                    // \(Self.gap): steps that reach the edges of the input.
                    (0..<random.int(1...4)).map { _ in Step.run(seconds: random.int(0...2)) }
                } run: { steps, side in
                    // \(Self.gap): the same scenario with the student's code (`side == .student`) and the reference's.
                    let loop = Loop(clock: VirtualClock())
                    loop.passLimit = 10_000
                    let trace = loop.startTracing()
                    if side == .student { try \(function)(on: loop) }
                    for case .run(let seconds) in steps { _ = try loop.run(mode: .default, timeout: Double(seconds)) }
                    return trace.lines(times: false)
                }
            }

            @Test("\(Self.gap): generated scenarios run as on the reference", .zh("\(Self.gap): \(Zh.testName)"))
            func generatedScenarios() async throws {
                try await Self.practice().check()
            }
        }

        """
    }

    /// A page with every section; `kata dev sync` writes its header block and its hints.
    func page(_ language: Language) -> String {
        let english = language == .en
        let sections = english ? Self.sections : Zh.sections
        let header =
            english
            ? "# Lesson \(padded) — \(title)\n\n[\(Language.zhHans.name)](zh-Hans/\(folder).md)\n\n**Builds on:** \(Self.syncWrites)"
            : "# \(Zh.lesson(padded)) — \(Self.gap)\n\n[\(Language.en.name)](../\(folder).md)\n\n**\(Zh.buildsOn)** \(Self.syncWrites)"
        let picture =
            english
            ? "![The timeline of `kata trace \(slug)`, drawn by the engine](images/\(folder).svg)"
            : "![\(Zh.picture(slug))](../images/zh-Hans/\(folder).svg)"
        let engineIntro =
            english
            ? "_Read this after your solution passes: these files are the engine's own answer to the lesson (`kata show \(number)` lists them once the lesson is green)._"
            : Zh.engineIntro(number)
        let body = sections.enumerated().map { index, section -> String in
            switch index {
            case 2: return "## \(section)\n\n\(picture)\n\n\(Self.gap)\n"
            case 4: return "## \(section)\n\n```sh\nswift test --filter Lesson\(padded)Tests\n```\n"
            case 5: return "## \(section)\n"
            case 7: return "\(PageMarks.engine)\n## \(section)\n\n\(engineIntro)\n\n\(Self.gap)\n"
            default: return "## \(section)\n\n\(Self.gap)\n"
            }
        }
        return header + "\n\n\(Self.gap)\n\n" + body.joined(separator: "\n")
    }

    /// What a page's header says until `kata dev sync` writes it.
    static let syncWrites = "(written by kata dev sync)"

    /// A lesson page's sections, in order (the Chinese page's: ``Zh/sections``).
    static let sections = [
        "The behaviour", "Where it bites on iOS", "What the loop does", "Your task", "Run just this lesson", "Hints", "Interview questions",
        "After you solve it: in the engine",
    ]

    /// The Chinese words of the skeletons, each on its own (the code around them stays English).
    enum Zh {
        static let title = "中文标题"
        static let behaviour = "同一句话的中文。"
        static let firstHint = "第一条提示。"
        static let secondHint = "第二条提示。"
        static let summary = "一行，场景展示了什么"
        static let lookFor = "时间线里看什么"
        static let scenario = "场景"
        static let task = "写什么，测试检查什么。"
        static let doc = "中文"
        static let testName = "中文名"
        static let hint = "提示"
        static let runJust = "只运行本课："
        static let orWatch = "（或：\("swift run kata watch")）"
        static let buildsOn = "前置："
        static let sections = ["行为", "在 iOS 上哪里会踩坑", "RunLoop 做了什么", "你的任务", "只运行本课", "提示", "面试题", "解完之后：引擎里的实现"]
        static func lesson(_ padded: String) -> String { "第 \(padded) 课" }
        static func picture(_ slug: String) -> String { "本课场景的时间线（由 `kata trace \(slug)` 画出）" }
        static func engineIntro(_ number: Int) -> String {
            "_等你的答案通过之后再读这一节：这些文件就是引擎自己对本课的解答（本课变绿后，`kata show \(number)` 会列出它们）。_"
        }
    }

    /// What the author still writes, in order.
    var leftToWrite: String {
        """
        Lesson \(padded) is scaffolded. Left to write, in order (every gap says \(Self.gap)):
          1. Sources/KataCore/Lessons/Lesson\(padded).swift: the titles, behaviour, task, hints, level and
             builds-on (both languages), the key scenario and its story.
          2. \(exercise) and Stubs/\(folder)/\(typeName).swift (the same file): the task, its doc comments.
          3. Solutions/\(folder)/\(typeName).swift: the reference answer.
          4. Tests/LessonTests/Lesson\(padded)Tests.swift: \(Commands.Verdict.fewestTests) tests at least, each with its Chinese name; code a
             hint shows (a span that is more than a name) goes in Tests/LessonTests/Hints/HintCode\(padded).swift,
             a file you create when a hint first shows code.
          5. Tests/LessonTests/Practice/Lesson\(padded)Practice.swift: the lesson on generated scenarios against
             the reference, reaching the edges of its input (`kata practice \(number)` runs it).
          6. Sources/KataCore/Quiz/Bank/QuizLesson\(padded).swift: two questions at least.
          7. Lessons/\(folder).md and Lessons/zh-Hans/\(folder).md: the sections' prose, with sources.
          8. Mutants/\(folder)/: \(MutantCatalog.fewestPerLesson) wrong answers at least, each a copy of the Solution with
             the mistake in it, first line `// Mutant: …`\(clauses), then `kata dev patch-mutants`.
        In Chinese text, mark every name of code (`\\(code: …)` or backticks): docs/MAINTAINERS.md, "Adding a lesson".
        Then, where `kata` is `swift run --traits Solutions --scratch-path .build/solutions kata`:
              swift build --build-tests --traits Solutions --scratch-path .build/solutions
              kata dev sync            (the pages' headers and hints, the Next link of the lesson before, the
                                        READMEs' tables and counts, the WORKSHOPs, the suite's name and tags)
              kata dev lesson-images   (the key scenario's pictures on the pages)
              kata dev verify --mutants \(number)
        """
    }
}
