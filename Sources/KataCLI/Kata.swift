import Foundation
import KataCore

/// The `kata` command: the course's front door. `Sources/kata/main.swift` only calls `main`.
///
/// Exit codes (also in `kata --help`): 0 done · 1 a check failed · 2 bad usage or not inside the
/// package · 3 the package does not build, or a tool failed · 130 interrupted (Ctrl-C), 143
/// terminated (SIGTERM), 129 the terminal hung up (see `Shutdown`).
public enum Kata {
    public enum ExitCode {
        public static let ok: Int32 = 0
        public static let checkFailed: Int32 = 1
        public static let usage: Int32 = 2
        public static let buildOrTool: Int32 = 3
        public static let interrupted: Int32 = 130
    }

    /// Runs `kata` with `arguments` (without the program name); returns the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        // Told to stop (Ctrl-C, SIGTERM, SIGHUP) while finishing: the exit is the signal's, not ours.
        defer { Shutdown.holdIfEnding() }
        // The command line first, before anything is read or looked up: parsing it is pure, so a
        // refused line costs nothing before it is refused. `--lang en|zh-Hans`, anywhere, is the
        // language of everything printed from here on; it is taken out before the rest is parsed.
        var language: Language?
        let parsed: Result<Invocation, UsageError>
        do throws(UsageError) {
            var arguments = arguments
            if let index = arguments.firstIndex(of: "--lang") {
                guard index + 1 < arguments.count, let chosen = Language(code: arguments[index + 1]) else {
                    throw UsageError(
                        Text(
                            en: "--lang needs en or zh-Hans (e.g. kata --lang zh-Hans next)",
                            zh: "`--lang` 后面要跟 `en` 或 `zh-Hans`（例如 `kata --lang zh-Hans next`）"
                        ), command: nil)
                }
                language = chosen
                arguments.removeSubrange(index...index + 1)
            }
            parsed = .success(try Invocation.parse(arguments))
        } catch {
            parsed = .failure(error)
        }
        // Then the package, and the language of what is printed, usage errors and help included:
        // a valid `--lang` (kept for the next runs, whatever follows it), else the one kept in
        // the package last time (a `--lang` kata cannot read is answered in that one).
        let found = Result { try Context() }
        if let language {
            Language.choose(language)
            if case let .success(context) = found { Progress.remember(language, in: context.root) }
        } else if case let .success(context) = found {
            Language.remember(Progress.rememberedLanguage(in: context.root))
        }
        let invocation: Invocation
        switch parsed {
        case let .success(parsed): invocation = parsed
        case let .failure(error):
            complain(error.report())
            return ExitCode.usage
        }
        if case let .help(command) = invocation {
            print(Help.text(for: command))
            return ExitCode.ok
        }
        if invocation == .dev(.help) {
            print(Help.dev)
            return ExitCode.ok
        }
        let context: Context
        do {
            context = try found.get()
            // Refused before anything is built: a build system kata cannot name would only fail later.
            _ = try BuildSystem.chosen(ProcessInfo.processInfo.environment[BuildSystem.variable])
        } catch {
            complain("kata: \(error)")
            return ExitCode.usage
        }
        Shutdown.install(
            message: Text(
                en: "Stopped. Your progress is saved in .kata/progress.json.",
                zh: "已停止。你的进度保存在 `.kata/progress.json` 里。"
            ).localized, colours: context.style.colours)
        do {
            switch invocation {
            case .list: return try Commands.list(context)
            case let .listTrack(track): return try Commands.list(context, track: track)
            case .next: return try Commands.next(context)
            case let .show(lesson, solution): return try Commands.show(context, lesson: Catalog.lesson(lesson)!, solution: solution)
            case let .hint(lesson): return try Commands.hint(context, lesson: Catalog.lesson(lesson)!)
            case let .watch(lesson): return try Commands.watch(context, lesson: lesson)
            case let .practice(lesson, seed, count): return try Commands.practice(context, lesson: Catalog.lesson(lesson)!, seed: seed, count: count)
            case let .trace(scenario, svg): return Commands.trace(context, name: scenario, svg: svg)
            case let .reset(lesson, confirmed): return try Commands.reset(context, lesson: Catalog.lesson(lesson)!, confirmed: confirmed)
            case let .dev(.verify(solutionsInPlace)): return try Commands.verify(context, solutionsInPlace: solutionsInPlace)
            case let .dev(.verifyMutants(lessons)): return try Commands.verifyMutants(context, lessons: lessons)
            case let .dev(.redTeam(folder)): return try Commands.redTeam(context, folder: folder)
            case .dev(.patchMutants): return try Commands.patchMutants(context)
            case .dev(.unpatchMutants): return try Commands.unpatchMutants(context)
            case .dev(.lessonImages): return Commands.writeLessonImages(context)
            case .dev(.sync(let check)): return try Commands.sync(context, check: check)
            case .dev(.newLesson(let number, let slug, let kind, let afterGap)):
                return try Commands.newLesson(context, number: number, slug: slug, kind: kind, afterGap: afterGap)
            case .dev(.help): print(Help.dev); return ExitCode.ok
            case let .quiz(request): return try Commands.quiz(context, request: request)
            case .help: return ExitCode.ok
            }
        } catch let failure as BuildFailure {
            complain(
                context.style.red("✘ ") + failure.description + "\n"
                    + context.style.dim(
                        Text(
                            en: "  Fix it and run kata again (swift build --build-tests shows every error).",
                            zh: "  改好之后再运行一次 kata（`swift build --build-tests` 会列出所有错误）。"
                        ).localized))
            return ExitCode.buildOrTool
        } catch {
            complain("kata: \(error)")
            return ExitCode.buildOrTool
        }
    }

    /// Writes `text` and a line break on standard error, after what standard output holds so far:
    /// errors go there, so that `kata list > file` still shows them and the file holds only the output.
    static func complain(_ text: String) {
        Shutdown.holdIfEnding()   // a child refused or ended by a signal: the farewell says it all
        fflush(nil)
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A warning that does not end the command: `kata: …` on standard error.
    static func warn(_ text: String) { complain("kata: " + text) }
}

/// Where `kata` works: the package root, the style.
struct Context {
    let root: String
    let style = Style.standard

    init() throws {
        var directory = FileManager.default.currentDirectoryPath
        while true {
            let manifest = (directory as NSString).appendingPathComponent("Package.swift")
            if let text = try? String(contentsOfFile: manifest, encoding: .utf8), text.contains("\"RunLoopKata\"") { break }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent == directory {
                throw KataError(
                    Text(
                        en: "run kata inside the RunLoop Kata package (no Package.swift of it found here or above)",
                        zh: "请在 RunLoop Kata 的包里运行 kata（在当前目录和上级目录都没有找到它的 `Package.swift`）"
                    ).localized)
            }
            directory = parent
        }
        root = directory
    }

    /// The runner for the student's package, building in `.build/kata-exercises`.
    func runner(_ target: TestRunner.Target) -> TestRunner {
        TestRunner(packagePath: root, scratch: path(".build/kata-\(target.rawValue)"), target: target)
    }

    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }
}
