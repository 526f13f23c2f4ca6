import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata reads its command line", .inEnglish)
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
        #expect(try parse("dev verify") == .dev(.verify(solutionsInPlace: false)))
        #expect(try parse("dev verify --solutions-in-place") == .dev(.verify(solutionsInPlace: true)))
        #expect(try parse("dev verify --mutants") == .dev(.verifyMutants(lessons: [])))
        #expect(try parse("dev verify --mutants 6 2") == .dev(.verifyMutants(lessons: [6, 2])))
        #expect(try parse("dev patch-mutants") == .dev(.patchMutants))
        #expect(try parse("dev red-team fresh/") == .dev(.redTeam(folder: "fresh/")))
        #expect(throws: UsageError.self) { try parse("dev red-team") }
        #expect(throws: UsageError.self) { try parse("dev red-team fresh more") }
        #expect(try parse("dev lesson-images") == .dev(.lessonImages))
        #expect(try parse("dev sync") == .dev(.sync(check: false)))
        #expect(try parse("dev sync --check") == .dev(.sync(check: true)))
        #expect(try parse("dev") == .dev(.help))
        #expect(try parse("dev verify --help") == .dev(.help))
    }

    @Test("Help: for the whole command and for every subcommand, three ways")
    func help() throws {
        #expect(try parse("--help") == .help(command: nil))
        #expect(try parse("help") == .help(command: nil))
        for command in Invocation.commands {
            #expect(try parse("help \(command)") == .help(command: command))
            #expect(try parse("\(command) --help") == .help(command: command))
            #expect(try parse("\(command) 6 -h") == .help(command: command))
            #expect(Help.commands[command]?.en.hasPrefix("usage: kata \(command)") == true, "\(command) has its own help")
        }
    }

    @Test(
        "Mistakes are usage errors that say what is wrong",
        arguments: [
            ("show", "give a lesson number"), ("show 15", "there is no lesson 15"), ("hint zero", "'zero' is not a lesson number"),
            ("reset 0", "there is no lesson 0"), ("show 6 --solutoin", "unknown option '--solutoin'"), ("dev verify now", "unexpected 'now'"),
            ("dev verify --mutants 15", "there is no lesson 15"),
            ("verify", "unknown command 'verify'"), ("dev frob", "unknown command 'dev frob'"),
            ("trace --write-lesson-images", "unknown option '--write-lesson-images'"),
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
