import Foundation
import KataCore
import RunLoopEngine

/// Builds and runs the lesson tests — against the Exercises or the Solutions — in build
/// folders of its own, so it never waits for (or breaks) a `swift build` you run yourself:
/// `.build/kata-exercises` (and `.build/kata-shadow`, `.build/kata-verify`).
///
/// Results come from Swift Testing's JSON event stream, which the test process writes as it goes:
/// when it crashes or hangs, the stream still says which tests finished and which were running.
struct TestRunner {
    enum Target: String {
        case exercises, solutions
        var traitArguments: [String] { self == .solutions ? ["--traits", "Solutions"] : [] }
    }

    /// The package to test (normally the student's; `kata dev verify` uses a pristine copy).
    var packagePath: String
    /// The build folder (`…/.build/kata-exercises`).
    var scratch: String
    var target: Target
    /// A test process that writes no event for this long is ended, with its whole process group;
    /// the test that was running is reported as hung. (Lesson tests have 5 s deadlines of their own.)
    var stallLimit: Double = stallLimit(ProcessInfo.processInfo.environment["KATA_STALL_SECONDS"])

    /// `KATA_STALL_SECONDS` read: a number of seconds more than 0 and finite; 30 for anything else
    /// (`nan` would never stall, `-1` would stall at once, `inf` never).
    static func stallLimit(_ text: String?) -> Double {
        guard let seconds = text.flatMap(Double.init), seconds.isFinite, seconds > 0 else { return 30 }
        return seconds
    }
    /// Only the tests of each lesson whose names begin with this (all of them when empty).
    var tests = ""
    /// Set in the test process's environment, on top of kata's own.
    var environment: [String: String] = [:]
    /// No test process runs longer than this, whatever it writes.
    var timeout: Double = 900
    /// Show the build's progress and the compiler's messages about the exercises while building.
    var echoBuild = true
    /// The build system of every build and test run (`KATA_BUILD_SYSTEM`, else SwiftPM's default).
    var buildSystem = BuildSystem.current
    /// End the test process as soon as a test records a failure: the lesson is red, and what its
    /// other tests would say is not needed (`kata dev verify --mutants`, where a wrong answer's
    /// other tests may each wait out a time limit for something that never comes).
    var stopAtFirstFailure = false

    /// `swift`, told to see the package as the lesson tests need it (Package.swift's
    /// KATA_LESSONS_ONLY): without `kata`, `bench` and the maintainers' tests, which the lessons
    /// never run, and which the first build would otherwise compile a second time after
    /// `swift run kata`'s own build.
    static let swift = ["env", "KATA_LESSONS_ONLY=1", "swift"]

    /// The maintainers' build folder: their command (`swift test --traits Solutions --scratch-path
    /// .build/solutions`) builds there, apart from the student's `.build`. A trait is a compilation
    /// condition of every target, so one folder for both views would recompile the whole package
    /// at each switch.
    static let maintainersBuild = ".build/solutions"

    /// Whether the package is seen as the lessons need it (``swift``). Off for the build the
    /// maintainers' command made (``maintainersBuild``): that build holds every target, and seen
    /// without them its test program would be linked again without them.
    var lessonsOnly = true
    private var swift: [String] { lessonsOnly ? Self.swift : ["swift"] }

    /// Builds the package and its tests. Throws with the compiler's errors if it does not build.
    ///
    /// A build that fails without naming any error is run once more: the build system itself
    /// stopped (Swift Build on Linux has been seen to crash now and then:
    /// github.com/swiftlang/swift-package-manager/issues/8955), which
    /// says nothing about the code. A second failure is reported as it is.
    func build() throws {
        for attempt in 1...2 {
            let display = BuildDisplay(terminal: SystemIO.isTerminal(1))
            let outcome: Subprocess.Outcome
            do {
                defer { display.finish() }
                outcome = try Subprocess.run(
                    swift + ["build", "--package-path", packagePath, "--build-tests", "--scratch-path", scratch]
                        + buildSystem.arguments + target.traitArguments, timeout: nil, lines: echoBuild ? display.take : nil)
            }
            if outcome.ending == .exited(0) { return }
            let errors = Self.compilerErrors(in: outcome.output, packagePath: packagePath)
            if errors.isEmpty && attempt == 1 {
                if echoBuild {
                    print(
                        Text(
                            en: "  the build stopped without naming an error (the build system itself, not your code): building once more…",
                            zh: "  编译中途停了，却没有报任何错误（出问题的是构建系统本身，不是你的代码）：再编译一次…"
                        ).localized)
                }
                continue
            }
            // No compiler error (swift itself could not run, or the linker failed): what it printed last.
            let printedLast = outcome.output.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.suffix(8).map(String.init)
            throw BuildFailure(errors: errors.isEmpty ? printedLast : errors)
        }
    }

    /// The compiler's diagnostics of a failed build, each once, package-relative: the error lines
    /// themselves, not the source excerpts under them (`|  `- error: …`).
    static func compilerErrors(in output: String, packagePath: String) -> [String] {
        var errors: [String] = []
        for line in output.split(separator: "\n") where line.contains("error:") && !line.contains("`- error:") {
            let relative = packageRelative(String(line), packagePath: packagePath)
            if !errors.contains(relative) { errors.append(relative) }
        }
        return errors
    }

    /// `/…/kata/Exercises/X.swift:3:5: error: …` → `Exercises/X.swift:3:5: error: …` when the file
    /// is inside the package at `packagePath`; any other line as it is.
    ///
    /// The file's path is resolved the same way as the package's (`PhysicalPath`) before they are
    /// compared: the compiler may spell the folder otherwise than `kata` was given it (on a Mac,
    /// `/private/var/folders/…` for a package in `/var/folders/…`; anywhere, a symbolic link).
    static func packageRelative(_ line: String, packagePath: String) -> String {
        guard let root = PhysicalPath.of(packagePath), line.hasPrefix("/"), let place = line.firstMatch(of: /^(.+?)(:\d+:\d+: )/) else { return line }
        let file = String(place.1)
        guard let physical = PhysicalPath.of(file), physical.hasPrefix(root + "/") else { return line }
        return String(physical.dropFirst(root.count + 1)) + line[place.1.endIndex...]
    }

    /// Builds, and makes sure the build compiled `files` (package-relative paths of the files
    /// that change between builds: the exercises) as they are now. ``BuildRecord`` tells the two
    /// ways a build reports on old code: a file written again within the second of the version the
    /// last build compiled, which the build system takes as unchanged, is given a fresh time
    /// before the build; a file that changed while the build ran is given one and built again.
    /// A fresh time is a second later than any the build saw, so no build system can confuse it.
    ///
    /// `restamped`: `files` get a fresh time first, whatever the record says. After a build that
    /// failed, what the build system compiled of them, and when, is not known.
    func build(fresh files: [String], restamped: Bool = false) throws {
        var record = BuildRecord.load(scratch: scratch) ?? BuildRecord()
        if restamped { restamp(files) }
        for round in 0..<4 {
            var before: [String: BuildRecord.Source] = [:]
            for file in files {
                guard let current = BuildRecord.Source(reading: absolute(file)) else { continue }   // a removed file has nothing to compile
                before[file] = current
            }
            let hidden = files.filter { file in before[file].map { record.hides(file, $0) } ?? false }
            if !hidden.isEmpty {
                restamp(hidden)
                for file in hidden { before[file] = BuildRecord.Source(reading: absolute(file)) }
            }
            do {
                try build()
            } catch let failure as BuildFailure {
                try? record.save(scratch: scratch)   // built once: the next build is not the first
                throw failure
            }
            var changed: [String] = []
            for file in files.sorted() {
                guard let seen = before[file] else { continue }
                if BuildRecord.Source(reading: absolute(file)) == seen {
                    record.sources[file] = seen
                } else {
                    changed.append(file)
                    record.sources[file] = nil
                }
            }
            try? record.save(scratch: scratch)   // a record that cannot be written only costs rebuilds
            guard !changed.isEmpty else { return }
            guard round < 3 else {
                throw KataError(
                    Text(
                        en: "the build kept missing a change to \(changed.joined(separator: ", ")): \(changed[0]) changed while it was being built",
                        zh: "编译一直没能读到 \(changed.joined(separator: "、")) 的改动：\(changed[0]) 在编译过程中又被改过"))
            }
            restamp(changed)
        }
    }

    /// Gives `files` a modification time no build so far can have seen: a second from now.
    private func restamp(_ files: [String]) {
        Thread.sleep(forTimeInterval: 1.05)
        for file in files {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: absolute(file))
        }
    }

    /// A package-relative path made absolute.
    func absolute(_ file: String) -> String { (packagePath as NSString).appendingPathComponent(file) }

    /// Whether `kata` has never built in this build folder (the first build takes a few minutes).
    var isFirstBuild: Bool { BuildRecord.load(scratch: scratch) == nil }

    /// Runs the tests of `lessons` (all lessons if nil) and reads their results.
    ///
    /// When the test process crashes or hangs, the lessons that finished keep their results, each
    /// lesson that was running is run again on its own (so the breakage is pinned on the right
    /// lesson, with the test that was running), and the lessons that had not finished run again.
    ///
    /// A lesson whose code did not return in time (its test gave up waiting) leaves that code
    /// running in the test process — a thread cannot be stopped from outside — where it may starve
    /// or disturb the lessons that ran beside and after it. Those lessons run again, in a process
    /// without it.
    func run(_ lessons: [Lesson]? = nil) throws -> RunReport {
        var report = try runToTheEnd(lessons ?? Catalog.lessons)
        var rest = lessons ?? Catalog.lessons
        while true {
            let suspects = rest.filter { Self.leftCodeRunning(report.result(for: $0)) }
            rest.removeAll { suspects.contains($0) }
            guard !suspects.isEmpty, !rest.isEmpty else { return report }
            report.adopt(try runToTheEnd(rest), for: rest)
        }
    }

    /// A test of the lesson gave up waiting for the student's code, which may still be running.
    static func leftCodeRunning(_ result: LessonResult) -> Bool { result.cases.contains(where: \.gaveUp) }

    /// Runs `lessons` until each has its result, whatever crashes or hangs on the way.
    private func runToTheEnd(_ lessons: [Lesson]) throws -> RunReport {
        var report = RunReport()
        var pending = lessons
        while !pending.isEmpty {
            let attempt = try self.attempt(pending)
            if attempt.completed || pending.count == 1 {
                report.adopt(attempt.report, for: pending)
                break
            }
            let finished = pending.filter { attempt.finished($0) }
            report.adopt(attempt.report, for: finished)
            let suspects = pending.filter { attempt.wasRunning($0) }
            var rest = pending.filter { lesson in !finished.contains(lesson) && !suspects.contains(lesson) }
            for suspect in suspects {
                report.adopt(try self.attempt([suspect]).report, for: [suspect])
            }
            if suspects.isEmpty {
                // It died outside any test: run what is left one lesson at a time.
                for lesson in rest { report.adopt(try self.attempt([lesson]).report, for: [lesson]) }
                rest = []
            }
            pending = rest
        }
        return report
    }

    /// One `swift test` over `lessons`, read.
    struct Attempt {
        var report: RunReport
        var stream: EventStream
        /// The run reached its end: every result is in.
        var completed: Bool

        /// All of `lesson`'s tests ended.
        func finished(_ lesson: Lesson) -> Bool {
            let tests = stream.tests(ofSuite: lesson.suiteType)
            return !tests.isEmpty && tests.allSatisfy { $0.ended || $0.skipped }
        }

        func wasRunning(_ lesson: Lesson) -> Bool { stream.running.contains { $0.suite == lesson.suiteType } }
    }

    func attempt(_ lessons: [Lesson]) throws -> Attempt {
        let base = (scratch as NSString).appendingPathComponent("kata-run-\(ProcessInfo.processInfo.processIdentifier)")
        let events = base + "-events.jsonl", xunit = base + ".xml", xunitWritten = base + "-swift-testing.xml"
        let results = base + "-results.jsonl"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { for file in [events, xunit, xunitWritten, results] { try? FileManager.default.removeItem(atPath: file) } }
        for file in [events, xunit, xunitWritten, results] { try? FileManager.default.removeItem(atPath: file) }

        let filter = lessons.map(\.suiteType).joined(separator: "|")
        let watch = StallWatch(file: events, limit: stallLimit)
        let testing = ["--filter", "(\(filter))/\(tests)", "--event-stream-output-path", events, "--event-stream-version", "0", "--xunit-output", xunit]
        // The lesson harness writes its records (`HarnessRecord`) to `results`.
        let command =
            Self.environmentPrefix(environment.merging([HarnessRecord.variable: results]) { $1 })
            + (testBinary().map { [$0, "--testing-library", "swift-testing"] + testing }
                ?? swift + ["test", "--package-path", packagePath, "--skip-build", "--scratch-path", scratch] + buildSystem.arguments
                + target.traitArguments + testing)
        let failure = FailureWatch(file: events)
        let outcome = try Subprocess.run(command, timeout: timeout, stalled: { watch.stalled() || (stopAtFirstFailure && failure.seen()) })

        var stream = EventStream.parse((try? String(contentsOfFile: events, encoding: .utf8)) ?? "")
        let records = HarnessRecord.read((try? String(contentsOfFile: results, encoding: .utf8)) ?? "")
        if stopAtFirstFailure, outcome.ending == .timedOut, stream.tests.contains(where: { !$0.issues.isEmpty }) {
            // Ended on purpose at a failure: a test that recorded one is over, as far as the verdict goes.
            for index in stream.tests.indices where !stream.tests[index].issues.isEmpty { stream.tests[index].ended = true }
            return Attempt(report: RunReport(stream: stream, records: records), stream: stream, completed: true)
        }
        var report = RunReport(stream: stream, records: records)
        if stream.tests.isEmpty,
            let xml = try? String(contentsOfFile: FileManager.default.fileExists(atPath: xunitWritten) ? xunitWritten : xunit, encoding: .utf8)
        {
            // A toolchain without the event stream: the xUnit report (written only at the end).
            report = RunReport(cases: XUnitReport.parse(xml))
            report.join(records)
        }
        let completed = Self.judge(outcome, stream: stream, lessons: lessons, report: &report)
        return Attempt(report: report, stream: stream, completed: completed)
    }

    /// `env NAME=value …` before the command when ``environment`` sets anything: the child
    /// inherits kata's environment with these on top.
    var environmentPrefix: [String] { Self.environmentPrefix(environment) }

    static func environmentPrefix(_ environment: [String: String]) -> [String] {
        environment.isEmpty ? [] : ["env"] + environment.keys.sorted().map { "\($0)=\(environment[$0]!)" }
    }

    /// The package's test program, when the build made one that runs by itself: run directly, it
    /// starts in a tenth of a second, where `swift test` first spends a second or more loading the
    /// package. It is in the folder SwiftPM names for the products (``productsFolder()``): the
    /// native build system links every test target into `<Package>PackageTests.xctest`, Swift
    /// Build makes one `<Target>-test-runner` for each (the lesson tests: `LessonTests-test-runner`).
    /// Nil where the tests are a bundle (a folder, on macOS) or there is no such program:
    /// `swift test` runs them.
    func testBinary() -> String? {
        guard let folder = try? productsFolder() else { return nil }
        let fileManager = FileManager.default
        let names = ((try? fileManager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names where name.hasSuffix("PackageTests.xctest") || name == "LessonTests-test-runner" {
            let path = (folder as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if fileManager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue, fileManager.isExecutableFile(atPath: path) {
                return path
            }
        }
        return nil
    }

    /// Where this build puts its products, as SwiftPM says (`swift build --show-bin-path`, with
    /// the same package, build folder, build system and traits). Asked once per process for each
    /// build folder: the answer depends only on those and on the toolchain.
    func productsFolder() throws -> String {
        let command =
            swift + ["build", "--package-path", packagePath, "--scratch-path", scratch] + buildSystem.arguments + target.traitArguments
            + ["--show-bin-path"]
        let key = command.joined(separator: "\u{0}")
        if let known = Self.productsFolders.withLock({ $0[key] }) { return known }
        let outcome = try Subprocess.run(command, timeout: 120)
        // The path is the last line: SwiftPM may say other things first (a manifest warning).
        guard outcome.ending == .exited(0),
            let path = outcome.output.split(separator: "\n").last.map({ $0.trimmingCharacters(in: .whitespaces) }), path.hasPrefix("/")
        else { throw KataError("swift build --show-bin-path failed: \(outcome.output.suffix(300))") }
        Self.productsFolders.withLock { $0[key] = path }
        return path
    }

    private static let productsFolders = Lock([String: String]())

    /// Decides, from how the process ended, which lessons broke. Returns whether the run completed.
    static func judge(_ outcome: Subprocess.Outcome, stream: EventStream, lessons: [Lesson], report: inout RunReport) -> Bool {
        let running = stream.running
        func runningTest(_ lesson: Lesson) -> String? { running.first { $0.suite == lesson.suiteType }?.displayName }
        let unfinished = lessons.filter { lesson in
            let tests = stream.tests(ofSuite: lesson.suiteType)
            return tests.isEmpty || !tests.allSatisfy { $0.ended || $0.skipped }
        }
        switch outcome.ending {
        case .timedOut:
            // Blame the lessons that were running; if none was, every unfinished one.
            let blamed = unfinished.filter { runningTest($0) != nil }
            for lesson in blamed.isEmpty ? unfinished : blamed { report.broken[lesson.number] = .hung(test: runningTest(lesson)) }
            return false
        case .signalled, .exited:
            if stream.runEnded || (!report.cases.isEmpty && stream.tests.isEmpty) { return true }   // normal end (or xUnit)
            if outcome.ending == .exited(0) && stream.tests.isEmpty { return true }   // nothing matched the filter
            let reason = crashReason(in: outcome.output)
            let blamed = unfinished.filter { runningTest($0) != nil }
            for lesson in blamed.isEmpty ? unfinished : blamed {
                report.broken[lesson.number] = .crashed(test: runningTest(lesson), reason: reason.map { placed($0, in: lesson) })
            }
            return false
        }
    }

    /// A fatal error names its file by module and name (`Exercises/CommonModes.swift:35`);
    /// the student needs the path (`Exercises/03-common-modes/CommonModes.swift:35`).
    static func placed(_ reason: String, in lesson: Lesson) -> String {
        let name = (lesson.exerciseFile as NSString).lastPathComponent
        return reason.replacingOccurrences(of: "Exercises/\(name):", with: "\(lesson.exerciseFile):")
    }

    /// The line of the test process's output that says why it died.
    static func crashReason(in output: String) -> String? {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for marker in ["Fatal error:", "Program crashed:", "Precondition failed", "Assertion failed", "unexpected signal"] {
            if let line = lines.first(where: { $0.contains(marker) }) {
                // `Exercises/CommonModes.swift:35: Fatal error: Unexpectedly found nil…` → from the marker on, with the place.
                return String(line.prefix(160))
            }
        }
        return lines.last(where: { $0.hasPrefix("error:") }).map { String($0.prefix(160)) }
    }
}

/// The package does not build: the compiler's errors (the first eight are shown), or when it
/// printed none, the last lines of what the build printed.
struct BuildFailure: Error, CustomStringConvertible {
    var errors: [String]
    var description: String {
        Text(en: "the package does not build", zh: "包编译不通过").localized
            + (errors.isEmpty ? "" : Text(en: ":", zh: "：").localized + "\n" + errors.prefix(8).map { "  " + $0 }.joined(separator: "\n"))
    }
}

/// Tells a stalled test process: its event stream has not grown for `limit` seconds.
final class StallWatch {
    let file: String
    let limit: Double
    private var size: UInt64 = 0
    private var since = Date()

    init(file: String, limit: Double) {
        self.file = file
        self.limit = limit
    }

    /// Called by `Subprocess.run` a few times a second while it waits.
    func stalled() -> Bool {
        let now = Date()
        let current = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.uint64Value ?? 0
        if current != size {
            size = current
            since = now
            return false
        }
        return now.timeIntervalSince(since) > limit
    }
}

/// Tells that a test recorded a failure: the event stream has an `issueRecorded` event that is
/// neither a known issue nor a warning.
final class FailureWatch {
    let file: String
    private var size: UInt64 = 0

    init(file: String) { self.file = file }

    /// Called by `Subprocess.run` a few times a second while it waits; reads the stream again
    /// only when it grew and names an issue.
    func seen() -> Bool {
        let current = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.uint64Value ?? 0
        guard current != size else { return false }
        size = current
        guard let text = try? String(contentsOfFile: file, encoding: .utf8), text.contains("\"issueRecorded\"") else { return false }
        return EventStream.parse(text).tests.contains { !$0.issues.isEmpty }
    }
}

/// What a student sees of a build: on a terminal, one line that counts the build steps, with the
/// time so far and an estimate of the time left, redrawn in place; always, the compiler's warnings
/// about the files under Exercises/ (the rest of the package is the course's, not theirs; errors
/// are listed by `BuildFailure` when the build fails).
final class BuildDisplay {
    let terminal: Bool
    private var drawn = false
    private let started = Date()

    init(terminal: Bool) { self.terminal = terminal }

    func take(_ line: Substring) {
        if let step = Self.step(line) {
            guard terminal else { return }
            let progress = Self.progress(done: step.done, total: step.total, elapsed: Date().timeIntervalSince(started)).localized
            FileHandle.standardOutput.write(Data(("\r\u{1B}[2K  " + progress).utf8))
            drawn = true
        } else if let message = Self.studentDiagnostic(line) {
            clear()
            print("  " + message)
            SystemIO.flushStandardStreams()
        }
    }

    func finish() { clear() }

    private func clear() {
        if drawn { FileHandle.standardOutput.write(Data("\r\u{1B}[2K".utf8)) }
        drawn = false
    }

    /// `building 120/310 · 0:42 so far, about 1:13 left`: the time left supposes the steps to
    /// come take as long as those done, on average. No estimate before 10 s and 5 % of the
    /// steps, when one slow step would skew it.
    static func progress(done: Int, total: Int, elapsed: Double) -> Text {
        let steps = "\(done)/\(total)", sofar = clock(elapsed)
        guard done > 0, done < total, elapsed >= 10, Double(done) >= 0.05 * Double(total) else {
            return Text(en: "building \(steps) · \(sofar) so far", zh: "编译中 \(steps) · 已用 \(sofar)")
        }
        let left = clock(elapsed / Double(done) * Double(total - done))
        return Text(en: "building \(steps) · \(sofar) so far, about \(left) left", zh: "编译中 \(steps) · 已用 \(sofar)，大约还要 \(left)")
    }

    /// Seconds as `m:ss`.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
    }

    /// `[12/206] Compiling RunLoopEngine Loop.swift` → (12, 206).
    static func step(_ line: Substring) -> (done: Int, total: Int)? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let parts = line[line.index(after: line.startIndex)..<close].split(separator: "/")
        guard parts.count == 2, let done = Int(parts[0]), let total = Int(parts[1]) else { return nil }
        return (done, total)
    }

    /// `/home/me/kata/Exercises/06-…/X.swift:28:13: warning: …` → `Exercises/06-…/X.swift:28:13: warning: …`;
    /// nil for any other line.
    static func studentDiagnostic(_ line: Substring) -> String? {
        guard line.contains(": warning: "),   // errors: the build fails and `BuildFailure` lists them
            let range = line.range(of: "/Exercises/") ?? (line.hasPrefix("Exercises/") ? line.range(of: "Exercises/") : nil)
        else { return nil }
        let start = line[range].hasPrefix("/") ? line.index(after: range.lowerBound) : range.lowerBound
        return String(line[start...])
    }
}
