import KataCore

/// What the command line asks for, parsed and checked before anything runs.
enum Invocation: Equatable {
    case list
    /// `kata list --track NAME`: one track's lessons.
    case listTrack(Catalog.Track)
    case next
    case show(lesson: Int, solution: Bool)
    case hint(lesson: Int)
    case watch(lesson: Int?)
    /// `kata practice N [--seed S] [--count K]`: lesson N's generated scenarios, from seed S (a
    /// fresh one when nil), K of them (``PracticeRun/defaultCount`` when nil).
    case practice(lesson: Int, seed: UInt64?, count: Int?)
    /// `svg`: the file to draw the picture into.
    case trace(scenario: String?, svg: String? = nil)
    case reset(lesson: Int, confirmed: Bool)
    case quiz(QuizRequest)
    /// `kata dev …`: the maintainers' commands.
    case dev(Dev)
    /// `kata --help`, `kata help`, `kata help show`, `kata show --help`.
    case help(command: String?)

    /// The maintainers' commands, apart from the student's (English only, not in `kata --help`).
    enum Dev: Equatable {
        /// `kata dev verify [--solutions-in-place]`: Solutions green, untouched stubs red, no crash.
        case verify(solutionsInPlace: Bool)
        /// `kata dev verify --mutants [N…]`: the mutant catalog of the lessons given (every lesson when none is).
        case verifyMutants(lessons: [Int])
        /// `kata dev red-team DIR`: a folder of wrong answers not in the catalog, each killed, escaped or not built.
        case redTeam(folder: String)
        /// `kata dev patch-mutants`: whole-file mutants into patches.
        case patchMutants
        /// `kata dev unpatch-mutants`: patches back into whole files.
        case unpatchMutants
        /// `kata dev lesson-images`: every lesson's picture drawn again.
        case lessonImages
        /// `kata dev sync [--check]`: every copy of a catalog fact written (or checked).
        case sync(check: Bool)
        /// `kata dev new-lesson NN slug --use|--build`: every file of a new lesson, as skeletons.
        case newLesson(number: Int, slug: String, kind: Lesson.Kind, afterGap: Bool = false)
        /// `kata dev` alone, or with --help.
        case help

        static let commands = ["verify", "red-team", "patch-mutants", "unpatch-mutants", "lesson-images", "sync", "new-lesson"]
    }

    /// The student's subcommands, in the order `kata --help` lists them (`dev` is the maintainers').
    static let commands = ["list", "next", "show", "hint", "watch", "practice", "trace", "reset", "quiz"]

    /// Parses the arguments after the program name, for a course of lessons 1 to `lessons`.
    static func parse(_ arguments: [String], lessons: Int) throws(UsageError) -> Invocation {
        try parse(arguments, numbers: Set(1...max(lessons, 1)))
    }

    /// Parses the arguments after the program name; `numbers` are the lessons there are (the
    /// catalog's), and a number that names none is a usage error.
    static func parse(_ arguments: [String], numbers: Set<Int> = Set(Catalog.lessons.map(\.number))) throws(UsageError) -> Invocation {
        let lessons = numbers.max() ?? 0
        guard let command = arguments.first else { return .list }
        var rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help": return .help(command: nil)
        case "help":
            guard let topic = rest.first else { return .help(command: nil) }
            guard commands.contains(topic) else { throw UsageError(Text(en: "there is no command '\(topic)'", zh: "没有 `\(topic)` 这个命令"), command: nil) }
            return .help(command: topic)
        default: break
        }
        if command == "dev" { return try parseDev(rest, numbers: numbers) }
        guard commands.contains(command) else {
            let guess = suggestion(for: command)
            throw UsageError(
                Text(
                    en: "unknown command '\(command)'" + (guess.map { " — did you mean '\($0)'?" } ?? ""),
                    zh: "没有 `\(command)` 这个命令" + (guess.map { "，你是想输入 `\($0)` 吗？" } ?? "")), command: nil)
        }
        if rest.contains("--help") || rest.contains("-h") { return .help(command: command) }

        /// Removes a flag; true if it was there.
        func flag(_ names: String...) -> Bool {
            let found = rest.contains { names.contains($0) }
            rest.removeAll { names.contains($0) }
            return found
        }
        /// Removes an option and its value; the value, if the option was there.
        func value(_ name: String, example: String) throws(UsageError) -> String? {
            guard let index = rest.firstIndex(of: name) else { return nil }
            guard index + 1 < rest.count, !rest[index + 1].hasPrefix("-") else {
                throw UsageError(Text(en: "\(name) needs a value (e.g. \(example))", zh: "`\(name)` 后面要跟一个值（例如 `\(example)`）"), command: command)
            }
            defer { rest.removeSubrange(index...index + 1) }
            return rest[index + 1]
        }
        /// The lesson number among the remaining arguments.
        func lesson(required: Bool) throws(UsageError) -> Int? {
            guard let text = rest.first else {
                if required {
                    throw UsageError(
                        Text(
                            en: "give a lesson number, 1 to \(lessons) (e.g. kata \(command) 6)",
                            zh: "请给出课程编号，1 到 \(lessons)（例如 `kata \(command) 6`）"), command: command)
                }
                return nil
            }
            rest.removeFirst()
            guard let number = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text) else {
                throw UsageError(Text(en: "'\(text)' is not a lesson number (1 to \(lessons))", zh: "`\(text)` 不是课程编号（1 到 \(lessons)）"), command: command)
            }
            guard numbers.contains(number) else {
                throw UsageError(
                    Text(en: "there is no lesson \(number): lessons go from 1 to \(lessons)", zh: "没有第 \(number) 课：课程编号从 1 到 \(lessons)"), command: command)
            }
            return number
        }

        let invocation: Invocation
        switch command {
        case "list":
            let tracks = Catalog.Track.allCases.map(\.rawValue).joined(separator: ", ")
            let tracksZh = Catalog.Track.allCases.map { "`\($0.rawValue)`" }.joined(separator: "、")
            let track = try value("--track", example: "kata list --track core")
            guard let track else { invocation = .list; break }
            guard let known = Catalog.Track(rawValue: track) else {
                throw UsageError(
                    Text(en: "there is no track '\(track)': the tracks are \(tracks)", zh: "没有 `\(track)` 这条路线：可选的路线是 \(tracksZh)"), command: command)
            }
            invocation = .listTrack(known)
        case "next": invocation = .next
        case "show":
            let solution = flag("--solution", "-s")
            invocation = .show(lesson: try lesson(required: true)!, solution: solution)
        case "hint": invocation = .hint(lesson: try lesson(required: true)!)
        case "watch": invocation = .watch(lesson: try lesson(required: false))
        case "practice":
            let seedText = try value("--seed", example: "kata practice 6 --seed 42")
            let countText = try value("--count", example: "kata practice 6 --count 1000")
            let number = try lesson(required: true)!
            var seed: UInt64?
            if let seedText {
                guard let parsed = UInt64(seedText) else {
                    throw UsageError(
                        Text(
                            en: "--seed takes a whole number, 0 or more (e.g. --seed 42), not '\(seedText)'",
                            zh: "`--seed` 后面要跟一个不小于 0 的整数（例如 `--seed 42`），`\(seedText)` 不行"), command: command)
                }
                seed = parsed
            }
            var count: Int?
            if let countText {
                guard let parsed = Int(countText), (1...PracticeRun.largestCount).contains(parsed) else {
                    throw UsageError(
                        Text(
                            en: "--count takes a number of scenarios from 1 to \(PracticeRun.largestCount), not '\(countText)'",
                            zh: "`--count` 后面要跟场景个数，1 到 \(PracticeRun.largestCount)，`\(countText)` 不行"), command: command)
                }
                count = parsed
            }
            invocation = .practice(lesson: number, seed: seed, count: count)
        case "reset":
            let confirmed = flag("--yes", "-y")
            invocation = .reset(lesson: try lesson(required: true)!, confirmed: confirmed)
        case "quiz": invocation = .quiz(try QuizRequest.parse(&rest))
        case "trace":
            let svg = try value("--svg", example: "kata trace timer-overrun --svg timer.svg")
            let name = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
            if name != nil { rest.removeFirst() }
            if svg != nil && name == nil {
                throw UsageError(
                    Text(
                        en: "--svg draws one scenario: name it (e.g. kata trace timer-overrun --svg timer.svg)",
                        zh: "`--svg` 只画一个场景：请写出场景名（例如 `kata trace timer-overrun --svg timer.svg`）"), command: command)
            }
            invocation = .trace(scenario: name, svg: svg)
        default: throw UsageError(Text(en: "unknown command '\(command)'", zh: "没有 `\(command)` 这个命令"), command: nil)
        }
        if let extra = rest.first {
            throw UsageError(
                extra.hasPrefix("-")
                    ? Text(en: "unknown option '\(extra)'", zh: "没有 `\(extra)` 这个选项")
                    : Text(en: "unexpected '\(extra)'", zh: "多出了 `\(extra)`，`kata \(command)` 用不到它"), command: command)
        }
        return invocation
    }

    /// `kata dev verify [--mutants [N…]]`, `kata dev red-team DIR`, `kata dev patch-mutants`, `kata dev unpatch-mutants`,
    /// `kata dev lesson-images`, `kata dev sync [--check]`, `kata dev new-lesson NN slug --use|--build [--after-gap]`.
    /// Maintainers read English: these messages have no Chinese twin.
    static func parseDev(_ arguments: [String], numbers: Set<Int>) throws(UsageError) -> Invocation {
        let lessons = numbers.max() ?? 0
        guard let command = arguments.first, !["-h", "--help", "help"].contains(command) else { return .dev(.help) }
        var rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") { return .dev(.help) }
        let dev: Dev
        switch command {
        case "verify":
            if rest.first == "--solutions-in-place" {
                rest.removeFirst()
                dev = .verify(solutionsInPlace: true)
                break
            }
            guard rest.first == "--mutants" else { dev = .verify(solutionsInPlace: false); break }
            rest.removeFirst()
            var chosen: [Int] = []
            while let text = rest.first, !text.hasPrefix("-") {
                guard let number = Int(text), (1...lessons).contains(number), Catalog.lesson(number) != nil else {
                    throw UsageError("there is no lesson \(text): lessons go from 1 to \(lessons)", command: "dev")
                }
                chosen.append(number)
                rest.removeFirst()
            }
            dev = .verifyMutants(lessons: chosen)
        case "red-team":
            guard let folder = rest.first, !folder.hasPrefix("-") else {
                throw UsageError("usage: kata dev red-team DIR: give the folder of wrong answers (DIR/NN-slug/<mistake>.patch or .swift)", command: "dev")
            }
            rest.removeFirst()
            dev = .redTeam(folder: folder)
        case "patch-mutants": dev = .patchMutants
        case "unpatch-mutants": dev = .unpatchMutants
        case "lesson-images": dev = .lessonImages
        case "sync":
            let check = rest.first == "--check"
            if check { rest.removeFirst() }
            dev = .sync(check: check)
        case "new-lesson":
            let usage = "usage: kata dev new-lesson NN slug --use|--build [--after-gap]"
            let afterGap = rest.contains("--after-gap")
            rest.removeAll { $0 == "--after-gap" }
            let kinds = rest.filter { $0 == "--use" || $0 == "--build" }
            rest.removeAll { $0 == "--use" || $0 == "--build" }
            guard kinds.count == 1 else { throw UsageError("\(usage): say --use or --build, once", command: "dev") }
            guard rest.count >= 2 else { throw UsageError("\(usage): give the number and the slug", command: "dev") }
            guard let number = Int(rest[0]) else { throw UsageError("\(usage): '\(rest[0])' is not a number", command: "dev") }
            dev = .newLesson(number: number, slug: rest[1], kind: kinds[0] == "--use" ? .use : .build, afterGap: afterGap)
            rest.removeFirst(2)
        default: throw UsageError("unknown command 'dev \(command)': the maintainers' commands are \(Dev.commands.joined(separator: ", "))", command: "dev")
        }
        if let extra = rest.first { throw UsageError("unexpected '\(extra)' after 'kata dev \(command)'", command: "dev") }
        return .dev(dev)
    }

    /// The command a typo most likely meant: one it begins, one letter off, or two letters swapped.
    static func suggestion(for typo: String) -> String? {
        commands.first { $0.hasPrefix(typo) && !typo.isEmpty }
            ?? commands.first { candidate in
                candidate.count == typo.count && zip(candidate, typo).filter { $0 != $1 }.count == 1
            }
            ?? commands.first { $0.count == typo.count && $0.sorted() == typo.sorted() }
    }
}

/// A command line `kata` cannot follow: the message in both languages and, if known, the command
/// whose help to show.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: Text
    var command: String?

    init(_ message: Text, command: String?) {
        self.message = message
        self.command = command
    }

    /// A message given in one form only: shown as it is, whatever the language.
    init(_ description: String, command: String?) {
        self.init(Text(en: description, zh: description), command: command)
    }

    /// The message in the language of this process.
    var description: String { message.localized }

    /// What `kata` prints: `kata: <message>` and where to read more, in `language`.
    func report(in language: Language = .current) -> String {
        let help = command.map { "kata \($0) --help" } ?? "kata --help"
        return "kata: " + message.in(language) + "\n" + Text(en: "Try: \(help)", zh: "查看帮助：\(help)").in(language)
    }
}
