import Foundation
import KataCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `kata` command: the course's front door.
///
/// Exit codes: 0 — done (for `verify`: the kata is well formed); 1 — `verify` found a mismatch,
/// or a lesson is not green where the command checks it; 2 — bad usage or a package that does not
/// build; 130 — interrupted (Ctrl-C).
public enum Kata {
    static let usage = """
        kata — learn how Apple's run loop works by making failing tests pass

        usage: swift run kata [command] [options]

          list                 every lesson, its status, your progress (the default)
          next                 the lesson to work on now: what to write, and where
          show N [--solution]  one lesson: summary, task, current failures (its solution once green)
          hint N               the next hint for lesson N (one more each time)
          watch [N]            re-run the current lesson whenever a file under Exercises/ changes
          trace [NAME]         draw a scenario's timeline on the reference engine (no NAME: the list)
          reset N [--yes]      put lesson N's exercise back as it was committed (asks first)
          verify               maintainers: Solutions all green, untouched Exercises all red, no crash

        Progress is kept in .kata/progress.json. Tests run in .build/kata-exercises and
        .build/kata-solutions. `kata COMMAND --help` explains one command.
        Exit codes: 0 ok · 1 a check failed · 2 usage or build error · 130 interrupted.
        """

    /// Runs `kata` with `arguments` (without the program name); returns the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        signal(SIGINT) { _ in
            Subprocess.endRunningGroup()
            FileHandle.standardOutput.write("\n".data(using: .utf8)!)
            exit(130)
        }
        var arguments = arguments
        let command = arguments.isEmpty ? "list" : arguments.removeFirst()
        if command == "--help" || command == "-h" || command == "help" {
            print(usage)
            return 0
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Commands.help[command] ?? usage)
            return Commands.help[command] == nil ? 2 : 0
        }
        do {
            let context = try Context()
            switch command {
            case "list": return try Commands.list(context)
            case "next": return try Commands.next(context)
            case "show": return try Commands.show(context, lesson: try lessonArgument(arguments), solution: arguments.contains("--solution"))
            case "hint": return try Commands.hint(context, lesson: try lessonArgument(arguments))
            case "watch": return try Commands.watch(context, lesson: arguments.first.flatMap(Int.init))
            case "trace": return Commands.trace(context, name: arguments.first)
            case "reset": return try Commands.reset(context, lesson: try lessonArgument(arguments), confirmed: arguments.contains("--yes"))
            case "verify": return try Commands.verify(context)
            default:
                print("kata: unknown command '\(command)'\n\n\(usage)")
                return 2
            }
        } catch {
            print("kata: \(error)")
            return 2
        }
    }

    static func lessonArgument(_ arguments: [String]) throws -> Lesson {
        guard let text = arguments.first(where: { !$0.hasPrefix("-") }), let number = Int(text) else {
            throw KataError("give a lesson number, 1 to \(Catalog.lessons.count)")
        }
        guard let lesson = Catalog.lesson(number) else { throw KataError("there is no lesson \(number): lessons go from 1 to \(Catalog.lessons.count)") }
        return lesson
    }
}

/// Where `kata` works: the package root, the style, the progress.
struct Context {
    let root: String
    let style = Style.standard

    init() throws {
        var directory = FileManager.default.currentDirectoryPath
        while true {
            let manifest = (directory as NSString).appendingPathComponent("Package.swift")
            if let text = try? String(contentsOfFile: manifest, encoding: .utf8), text.contains("RunLoopKata") { break }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent == directory { throw KataError("run kata inside the RunLoop Kata package (no Package.swift of it found here or above)") }
            directory = parent
        }
        root = directory
    }

    func runner(_ target: TestRunner.Target, package: String? = nil) -> TestRunner {
        TestRunner(packagePath: package ?? root, scratchRoot: root, target: target)
    }

    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }
}
