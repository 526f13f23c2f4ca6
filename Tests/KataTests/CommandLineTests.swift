import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata reads its command line")
struct InvocationTests {
    func parse(_ line: String) throws(UsageError) -> Invocation {
        try Invocation.parse(line.split(separator: " ").map(String.init), lessons: 14)
    }

    @Test("No command is list; each command with its arguments and flags")
    func commands() throws {
        #expect(try parse("") == .list)
        #expect(try parse("list") == .list)
        #expect(try parse("next") == .next)
        #expect(try parse("show 6") == .show(lesson: 6, solution: false))
        #expect(try parse("show --solution 6") == .show(lesson: 6, solution: true))
        #expect(try parse("show 14 -s") == .show(lesson: 14, solution: true))
        #expect(try parse("hint #3") == .hint(lesson: 3))
        #expect(try parse("watch") == .watch(lesson: nil))
        #expect(try parse("watch 2") == .watch(lesson: 2))
        #expect(try parse("trace") == .trace(scenario: nil))
        #expect(try parse("trace timer-overrun") == .trace(scenario: "timer-overrun"))
        #expect(try parse("reset 6") == .reset(lesson: 6, confirmed: false))
        #expect(try parse("reset -y 6") == .reset(lesson: 6, confirmed: true))
        #expect(try parse("verify") == .verify)
        #expect(try parse("verify --mutants") == .verifyMutants(lessons: []))
        #expect(try parse("verify --mutants 6 2") == .verifyMutants(lessons: [6, 2]))
    }

    @Test("Help: for the whole command and for every subcommand, three ways")
    func help() throws {
        #expect(try parse("--help") == .help(command: nil))
        #expect(try parse("help") == .help(command: nil))
        for command in Invocation.commands {
            #expect(try parse("help \(command)") == .help(command: command))
            #expect(try parse("\(command) --help") == .help(command: command))
            #expect(try parse("\(command) 6 -h") == .help(command: command))
            #expect(Help.commands[command]?.hasPrefix("usage: kata \(command)") == true, "\(command) has its own help")
        }
    }

    @Test("Mistakes are usage errors that say what is wrong", arguments: [
        ("show", "give a lesson number"), ("show 15", "there is no lesson 15"), ("hint zero", "'zero' is not a lesson number"),
        ("reset 0", "there is no lesson 0"), ("show 6 --solutoin", "unknown option '--solutoin'"), ("verify now", "unexpected 'now'"), ("verify --mutants 15", "there is no lesson 15"),
        ("lsit", "unknown command 'lsit' — did you mean 'list'?"), ("wat", "did you mean 'watch'?"), ("help me", "there is no command 'me'"),
    ])
    func mistakes(line: String, message: String) {
        #expect(throws: UsageError.self) { try parse(line) }
        do {
            _ = try parse(line)
        } catch {
            #expect(error.description.contains(message), "\(line): \(error.description)")
        }
    }
}

@Suite("kata remembers progress")
struct ProgressTests {
    func result(_ lesson: Lesson, passing: Bool) -> LessonResult {
        RunReport(cases: [TestCaseResult(suite: lesson.suiteType, name: "a()", failure: passing ? nil : "no")]).result(for: lesson)
    }

    @Test("Hints are handed out one more at a time, up to all of them")
    func hints() {
        var progress = Progress()
        #expect(progress.nextHint(of: 6, available: 3) == 1)
        #expect(progress.nextHint(of: 6, available: 3) == 2)
        #expect(progress.nextHint(of: 6, available: 3) == 3)
        #expect(progress.nextHint(of: 6, available: 3) == 3)
        #expect(progress.hintsShown == [6: 3])
        #expect(progress.nextHint(of: 2, available: 0) == nil)
    }

    @Test("A lesson that turns green is solved; one that breaks again is not; a run without results changes nothing")
    func recording() {
        var progress = Progress()
        #expect(progress.record([result(.lesson06, passing: true)]) == [6])
        #expect(progress.solved == [6] && progress.lastResults[6] == [1, 1])
        #expect(progress.record([result(.lesson06, passing: true)]) == [])
        #expect(progress.record([RunReport().result(for: .lesson06)]) == [])
        #expect(progress.solved == [6])
        #expect(progress.record([result(.lesson06, passing: false)]) == [])
        #expect(progress.solved.isEmpty)
    }

    @Test("Next: the current lesson while unsolved, then the first unsolved after it, then from the start")
    func next() {
        var progress = Progress()
        #expect(progress.nextLesson(solved: [])?.number == 1)
        #expect(progress.nextLesson(solved: [1, 2])?.number == 3)
        progress.current = 7
        #expect(progress.nextLesson(solved: [1])?.number == 7)
        #expect(progress.nextLesson(solved: [7, 8])?.number == 9)
        #expect(progress.nextLesson(solved: Set(7...14))?.number == 1)
        #expect(progress.nextLesson(solved: Set(1...14)) == nil)
    }

    @Test("Progress survives a round trip through its file; an older file with missing keys still loads")
    func roundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kata-progress-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(Progress.load(from: directory) == Progress())
        var progress = Progress()
        progress.current = 7
        progress.solved = [2, 3]
        progress.hintsShown = [7: 2]
        progress.lastResults = [2: [5, 5]]
        #expect(progress.save(to: directory))
        #expect(Progress.load(from: directory) == progress)

        try #"{"current": 4, "solved": [1]}"#.write(toFile: Progress.path(in: directory), atomically: true, encoding: .utf8)
        let old = Progress.load(from: directory)
        #expect(old.current == 4 && old.solved == [1] && old.hintsShown.isEmpty)
    }
}

@Suite("kata reset finds the original stub")
struct ResetTests {
    let stub = "func a() { unsolved(lesson: 6, write: \"a\") }\nfunc b() { unsolved(lesson: 6, write: \"b\") }\n"
    let newerStub = "// clearer comments\nfunc a() { unsolved(lesson: 6, write: \"a\") }\nfunc b() { unsolved(lesson: 6, write: \"b\") }\n"
    let partial = "func a() { 42 }\nfunc b() { unsolved(lesson: 6, write: \"b\") }\n"
    let solved = "func a() { 42 }\nfunc b() { 43 }\n"

    @Test("The newest full stub wins over the student's committed work, full or partial")
    func original() {
        #expect(StubHistory.original(among: [solved, partial, newerStub, stub], lesson: 6) == newerStub)
        #expect(StubHistory.original(among: [partial, stub], lesson: 6) == stub)
        #expect(StubHistory.original(among: [stub], lesson: 6) == stub)
        #expect(StubHistory.original(among: [solved], lesson: 6) == nil)
        #expect(StubHistory.original(among: [], lesson: 6) == nil)
        #expect(StubHistory.original(among: [stub], lesson: 7) == nil)
    }

    @Test("What would be lost is counted in lines")
    func lineChange() {
        #expect(LineChange(from: stub, to: stub) == LineChange(added: 0, removed: 0))
        #expect(LineChange(from: stub, to: solved) == LineChange(added: 2, removed: 2))
        #expect(LineChange(from: stub, to: partial) == LineChange(added: 1, removed: 1))
        #expect(LineChange(from: "a\n", to: "a\nb\nc\n").summary == "2 lines written")
        #expect(LineChange(from: stub, to: partial).summary == "1 line written, 1 line of the stub removed")
    }
}

@Suite("kata verify holds each lesson to the rules")
struct VerdictTests {
    typealias Verdict = Commands.Verdict
    let stubLine = "Lesson 02 is not solved yet: write StudentModeItems.add(_:) in Exercises/02-mode-isolation/ModeItems.swift"

    func result(_ failures: [String?], breakage: Breakage? = nil) -> LessonResult {
        let cases = failures.enumerated().map { TestCaseResult(suite: "Lesson02Tests", name: "t\($0.offset)", failure: $0.element) }
        return LessonResult(lesson: .lesson02, cases: cases, breakage: breakage, discovered: failures.count)
    }

    @Test("Solutions: every test passes, four or more of them, nothing broke")
    func solutions() {
        #expect(Verdict.solutionProblem(result([nil, nil, nil, nil])) == nil)
        #expect(Verdict.solutionProblem(result([nil, nil, "Expectation failed: 1 == 2", nil]))?.contains("1 of 4 tests fail, first: t2 — Expectation failed: 1 == 2") == true)
        #expect(Verdict.solutionProblem(result([nil, nil]))?.contains("only 2 tests") == true)
        #expect(Verdict.solutionProblem(result([]))?.contains("no test ran") == true)
        #expect(Verdict.solutionProblem(result([nil, nil, nil, nil], breakage: .crashed(test: "t1", reason: "Fatal error: boom")))?.contains("crashed in \"t1\": Fatal error: boom") == true)
    }

    @Test("Untouched stubs: every test fails, each with the stub's line; a passing test is reported by name")
    func stubs() {
        #expect(Verdict.stubProblem(result(Array(repeating: stubLine, count: 4))) == nil)
        #expect(Verdict.stubProblem(result([stubLine, nil, stubLine, stubLine])) == "1 test passes on the stub: \"t1\"".replacingOccurrences(of: "passes", with: "pass"))
        #expect(Verdict.stubProblem(result([stubLine, stubLine, "Expectation failed: x", stubLine]))?.contains("without the stub's") == true)
        #expect(Verdict.stubProblem(result(Array(repeating: stubLine, count: 4), breakage: .hung(test: "t0")))?.contains("never returned") == true)
    }
}

@Suite("kata's terminal output")
struct TerminalTests {
    @Test("No colour codes without colours; the progress bar fills in proportion")
    func plain() {
        let plain = Style(colours: false)
        #expect(plain.red("x") == "x")
        #expect(plain.bar(7, of: 14, width: 10) == "[█████░░░░░] 7/14")
        #expect(plain.bar(0, of: 14, width: 4) == "[░░░░] 0/14")
        #expect(Style(colours: true).red("x") == "\u{1B}[31mx\u{1B}[0m")
    }

    @Test("Long lines wrap at spaces, under the indent; colour codes take no room")
    func wrap() {
        let lines = Style.wrap("one two three four five", width: 12, indent: "  ")
        #expect(lines == ["  one two", "  three four", "  five"])
        #expect(Style.visibleWidth("\u{1B}[31m✘ \u{1B}[0m") == 2)
        #expect(Style.wrap("a b", width: 80, indent: "    ", first: "  - ") == ["  - a b"])
    }

    @Test("The table: one aligned line per lesson, the next one marked, the bar and the next step")
    func table() {
        let results = Catalog.lessons.map { lesson in
            RunReport(cases: [TestCaseResult(suite: lesson.suiteType, name: "a", failure: lesson.number == 1 ? nil : "Lesson 0 is not solved yet: write x in y")])
                .result(for: lesson)
        }
        let text = Table.render(results, next: .lesson02, style: Style(colours: false))
        let rows = text.split(separator: "\n").filter { $0.contains("/1 ") }
        #expect(rows.count == 14)
        #expect(Set(rows.map { $0.firstRange(of: "/1 ")!.lowerBound.utf16Offset(in: $0) }).count == 1, "the tests column is aligned")
        #expect(rows[0].contains("01  One loop per thread") && rows[0].contains("✔ solved"))
        #expect(rows[1].hasPrefix("  ▶  02") && rows[1].contains("· not started"))
        #expect(text.contains("1/14") && text.contains("Next: Lesson 02 — Mode isolation"))
    }

    @Test("A lesson card names the file, the task, the command, the hints seen and the failures")
    func card() {
        let result = RunReport(cases: [TestCaseResult(suite: "Lesson06Tests", name: "a", failure: "Caught error: Lesson 06 is not solved yet: write x in Exercises/06-timer-skip-on-overrun/NextFireDate.swift (error)")])
            .result(for: .lesson06)
        let card = Commands.describe(result, hintsSeen: 1, style: Style(colours: false))
        #expect(card.contains("Edit   Exercises/06-timer-skip-on-overrun/NextFireDate.swift"))
        #expect(card.contains("Run    swift test --filter Lesson06Tests"))
        #expect(card.contains("Hints  1 of \(Lesson.lesson06.hints.count) seen"))
        #expect(card.contains("    ✘ Lesson 06 is not solved yet: write x in\n      Exercises/06-timer-skip-on-overrun/NextFireDate.swift"), "wrapped under the mark")
        #expect(!card.contains("--solution"), "no solution before the lesson is green")
    }
}

@Suite("kata watch notices saved files")
struct WatcherTests {
    @Test("Changed, added and removed files are named")
    func changes() {
        let before = ["a.swift": "1@1", "b.swift": "1@1"], after = ["a.swift": "2@2", "c.swift": "1@1"]
        #expect(FileWatcher.changes(from: before, to: after) == ["a.swift", "b.swift", "c.swift"])
        #expect(FileWatcher.changes(from: before, to: before).isEmpty)
    }

    @Test("The lesson to watch: the chosen one while unsolved, else the earliest unsolved by the results")
    func lessonToWatch() {
        #expect(Commands.lessonToWatch(chosen: 6, solved: [1, 2])?.number == 6)
        #expect(Commands.lessonToWatch(chosen: 6, solved: [1, 2, 4, 5, 6])?.number == 3)
        #expect(Commands.lessonToWatch(chosen: nil, solved: [1])?.number == 2)
        #expect(Commands.lessonToWatch(chosen: 6, solved: Set(1...14)) == nil)
    }

    @Test("A write to a watched folder is seen; giving up returns nothing")
    func sees() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kata-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let watcher = FileWatcher(directory: directory, interval: 0.01)
        let before = watcher.snapshot()
        #expect(watcher.waitForChange(since: before, giveUpAfter: 0.05).isEmpty)
        try "let x = 1".write(toFile: directory + "/X.swift", atomically: true, encoding: .utf8)
        try "not swift".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(watcher.waitForChange(since: before, giveUpAfter: 5) == ["Exercises/X.swift"])
    }
}

@Suite("kata shows a build briefly")
struct BuildDisplayTests {
    @Test("Build steps are counted; warnings about the exercises are kept, relative; the rest is left out")
    func lines() {
        #expect(BuildDisplay.step("[12/206] Compiling RunLoopEngine Loop.swift")! == (12, 206))
        #expect(BuildDisplay.step("Building for debugging...") == nil)
        #expect(BuildDisplay.studentDiagnostic("/home/me/kata/Exercises/06-timer-skip-on-overrun/NextFireDate.swift:28:13: warning: never used")
                == "Exercises/06-timer-skip-on-overrun/NextFireDate.swift:28:13: warning: never used")
        #expect(BuildDisplay.studentDiagnostic("/home/me/kata/Sources/RunLoopEngine/Loop.swift:1:1: warning: x") == nil)
        #expect(BuildDisplay.studentDiagnostic("/home/me/kata/Exercises/X.swift:1:1: error: x") == nil)
    }
}

@Suite("kata show points at the engine's own code only once the lesson is green")
struct EngineNotesTests {
    let page = "# Lesson 06 — Timer skip on overrun\n\n## Hints\n\nh\n\n## After you solve it: in the engine\n\n- `Sources/RunLoopEngine/Timers/TimerRescheduling.swift` — the rule.\n\n## Interview questions\n\nq\n"

    func result(passing: Bool) -> LessonResult {
        RunReport(cases: [TestCaseResult(suite: "Lesson06Tests", name: "a", failure: passing ? nil : "no")]).result(for: .lesson06)
    }

    @Test("Green: the page's section, as it is; not green: no file of the engine is named")
    func notes() {
        let style = Style(colours: false)
        let solved = Commands.engineNotes(result(passing: true), page: page, style: style)
        #expect(solved.contains("    - `Sources/RunLoopEngine/Timers/TimerRescheduling.swift` — the rule."))
        #expect(!solved.joined().contains("Interview"), "the section ends at the next heading")
        let failing = Commands.engineNotes(result(passing: false), page: page, style: style).joined(separator: "\n")
        #expect(!failing.contains("Sources/RunLoopEngine"), "\(failing)")
        #expect(failing.contains("once the lesson is green"))
        #expect(Commands.engineNotes(result(passing: true), page: nil, style: style).isEmpty)
    }
}
