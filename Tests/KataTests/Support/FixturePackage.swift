import Foundation
import TestSupport
import Testing
@testable import KataCLI
import KataCore

/// The suites that drive the real `kata` binary on a fixture package, two tests at a time: each
/// builds a package, and a laptop may have two cores.
@Suite("kata end to end, on small fixture packages", .fixtureLanes(2), .inEnglish)
struct EndToEndTests {}

/// A small package that looks like the kata to the `kata` binary (its manifest is named
/// "RunLoopKata"; Exercises/, Solutions/ and Tests/LessonTests hold lesson 06 and lesson 02
/// only, Stubs/ their original stubs), built in seconds, in a temporary folder of its own,
/// committed to a fresh git repository unless told not to.
///
/// Lesson 06's task is `answer(_:)`, which squares its argument; a stub returns nil, and the tests
/// then fail with the stub's "not solved yet" line and report it to `kata` as the kata's harness
/// does (a ``HarnessRecord`` appended to the file `KATA_RESULTS` names). Lesson 02's task is
/// `twice(_:)`; its one test passes only when solved.
struct FixturePackage {
    let root: String

    static let stub06 = "public func answer(_ x: Int) -> Int? { nil }\n"
    static let solved06 = "public func answer(_ x: Int) -> Int? { x * x }\n"
    static let stub02 = "public func twice(_ x: Int) -> Int? { nil }\n"
    static let solved02 = "public func twice(_ x: Int) -> Int? { x + x }\n"

    static let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(
            name: "RunLoopKata",
            traits: [.trait(name: "Solutions")],
            targets: [
                .target(name: "Exercises", path: "Exercises"),
                .target(name: "Solutions", path: "Solutions"),
                .testTarget(name: "LessonTests", dependencies: ["Exercises", "Solutions"]),
            ],
            swiftLanguageModes: [.v6]
        )

        """

    /// A lesson's suite: each test runs the task on a thread of its own and waits at most 2 s for
    /// it (as the kata's harness does, leaving a thread that never returns behind), and notes the
    /// test process's id in `runs/<lesson>-<pid>`, so a test can tell which processes ran a lesson.
    static func tests(_ lesson: String, task: String, file: String, checks: [(String, String)]) -> String {
        let number = Int(lesson) ?? 0
        let stub = HarnessRecord(
            test: "@TEST@", lesson: number, kind: .notSolved, message: HarnessText.notSolved(lesson: lesson, function: task + "(_:)", file: file),
            function: task + "(_:)", file: file)
        let gaveUp = HarnessRecord(
            test: "@TEST@", lesson: number, kind: .gaveUp,
            message: Text(
                en: HarnessText.timedOut(lesson: lesson, seconds: 2, advice: HarnessText.stuckAdvice.en).en,
                zh: HarnessText.timedOut(lesson: lesson, seconds: 2, advice: HarnessText.stuckAdvice.zh).zh))
        func json(_ record: HarnessRecord) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try! encoder.encode(record), as: UTF8.self)
        }
        var text = """
            import Foundation
            import Testing
            #if Solutions
            import Solutions
            #else
            import Exercises
            #endif

            final class Box\(lesson): @unchecked Sendable { var value: Int?? = nil }

            struct Failure\(lesson): Error, CustomStringConvertible { let description: String }

            /// The record kata reads, for the running test, appended in one write to the file
            /// KATA_RESULTS names (nothing without it); the error thrown, with its line in English.
            func fail\(lesson)(_ record: String, _ line: String) -> Failure\(lesson) {
                if let path = ProcessInfo.processInfo.environment["KATA_RESULTS"], let test = Test.current {
                    let data = Array((record.replacingOccurrences(of: "@TEST@", with: String(describing: test.id)) + "\\n").utf8)
                    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
                    if descriptor >= 0 { _ = write(descriptor, data, data.count); close(descriptor) }
                }
                return Failure\(lesson)(description: line)
            }

            @Suite struct Lesson\(lesson)Tests {
                func value(_ x: Int) throws -> Int {
                    var root = URL(fileURLWithPath: #filePath)
                    for _ in 0..<3 { root.deleteLastPathComponent() }
                    try? FileManager.default.createDirectory(at: root.appendingPathComponent("runs"), withIntermediateDirectories: true)
                    FileManager.default.createFile(atPath: root.appendingPathComponent("runs/\(lesson)-\\(ProcessInfo.processInfo.processIdentifier)").path, contents: nil)
                    let box = Box\(lesson)(), done = DispatchSemaphore(value: 0)
                    Thread.detachNewThread { box.value = \(task)(x); done.signal() }
                    guard done.wait(timeout: .now() + 2) == .success, let result = box.value else {
                        throw fail\(lesson)(#"\(json(gaveUp))"#, "\(gaveUp.message.en)")
                    }
                    guard let v = result else {
                        throw fail\(lesson)(#"\(json(stub))"#, "\(stub.message.en)")
                    }
                    return v
                }

            """
        for (index, check) in checks.enumerated() {
            text += "    @Test func t\(index)() throws { let v = try value(\(check.0)); #expect(v == \(check.1)) }\n"
        }
        return text + "}\n"
    }

    /// The ids of the test processes that ran `lesson` ("06").
    func runs(of lesson: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/runs")) ?? []
        return Set(names.filter { $0.hasPrefix(lesson + "-") }.map { String($0.dropFirst(lesson.count + 1)) })
    }

    /// An empty folder of its own, to write a few files in.
    static func empty(_ name: String) -> FixturePackage {
        FixturePackage(root: FileManager.default.temporaryDirectory.appendingPathComponent("kata-\(name)-\(UUID().uuidString)").path)
    }

    /// Makes the package; `git` commits it unless told not to (off the test pool, as ``kata(_:timeout:environment:until:)``).
    static func make(git: Bool = true) async throws -> FixturePackage {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-fixture-\(UUID().uuidString)").path
        let fixture = FixturePackage(root: root)
        try fixture.write("Package.swift", manifest)
        try fixture.write(Lesson.lesson06.exerciseFile, stub06)
        try fixture.write(Lesson.lesson06.stubFile, stub06)
        try fixture.write(Lesson.lesson02.stubFile, stub02)
        try fixture.write(Lesson.lesson06.solutionFile, solved06)
        try fixture.write(Lesson.lesson02.exerciseFile, stub02)
        try fixture.write(Lesson.lesson02.solutionFile, solved02)
        try fixture.write(
            "Tests/LessonTests/Lesson06.swift",
            tests("06", task: "answer", file: Lesson.lesson06.exerciseFile, checks: [("2", "4"), ("0", "0"), ("1", "1"), ("-3", "9")]))
        try fixture.write(
            "Tests/LessonTests/Lesson02.swift",
            tests("02", task: "twice", file: Lesson.lesson02.exerciseFile, checks: [("3", "6"), ("0", "0"), ("1", "2"), ("-2", "-4")]))
        if git {
            try await offPool(timeout: 240, name: "fixture git") {
                for command in [["init", "-q"], ["add", "-A"], ["-c", "user.name=kata", "-c", "user.email=kata@example.com", "commit", "-qm", "fixture"]] {
                    let outcome = try Subprocess.run(["git", "-C", root] + command, timeout: 60)
                    guard outcome.ending == .exited(0) else { throw KataError("git \(command[0]) failed: \(outcome.output)") }
                }
            }
        }
        return fixture
    }

    func write(_ relative: String, _ text: String) throws {
        let path = (root as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Runs the real `kata` binary in the package with `arguments`, at most `timeout` seconds.
    /// With `until`, the command is ended (with its process group) once its output holds that text.
    ///
    /// The wait is on a thread of its own: a build of the package takes minutes on a loaded
    /// machine, and a Swift Testing pool thread (there are as many as cores) held that long is
    /// one the other suites cannot use.
    func kata(_ arguments: [String], timeout: Double = 300, environment: [String: String] = [:], until: String? = nil) async throws -> (
        code: Int32?, output: String, seconds: Double
    ) {
        let binary = try Self.kataBinary()
        let started = Date()
        var command = ["env", "NO_COLOR=1"] + environment.map { "\($0.key)=\($0.value)" }
        command += ["sh", "-c", "cd \"$0\" && exec \"$@\"", root, binary] + arguments
        // Subprocess.run ends the child at `timeout`; the thread's own limit only backs it up.
        let outcome = try await offPool(timeout: timeout + 60, name: "kata \(arguments.first ?? "")") { [command] in
            var seen = ""
            return try Subprocess.run(
                command, timeout: timeout, lines: { seen += $0 + "\n" },
                stalled: { until.map { seen.contains($0) } ?? false })
        }
        let code: Int32? = if case let .exited(code) = outcome.ending { code } else { nil }
        return (code, outcome.output, Date().timeIntervalSince(started))
    }

    /// The `kata` built beside this test binary (`swift test` builds every product), or the one
    /// `KATA_BINARY` names (to see a test fail against an older build).
    static func kataBinary() throws -> String {
        if let chosen = ProcessInfo.processInfo.environment["KATA_BINARY"] { return chosen }
        guard let image = TestImage.path(containing: #dsohandle) else { throw KataError("the loader does not say where the tests were loaded from") }
        return try kataBinary(besideImage: image)
    }

    /// The `kata` in the build folder of the test binary at `image`: found from where the
    /// tests' own code was loaded, not from the process that loaded it (on macOS that is
    /// `swiftpm-testing-helper`, in the toolchain, which opens the test bundle with `dlopen`).
    static func kataBinary(besideImage image: String) throws -> String {
        var candidates: [String] = []
        var directory = URL(fileURLWithPath: image).resolvingSymlinksInPath()
        for _ in 0..<4 {   // `debug/X.xctest` (Linux) … `debug/X.xctest/Contents/MacOS/X` (macOS)
            directory.deleteLastPathComponent()
            candidates.append(directory.appendingPathComponent("kata").path)
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw KataError("no kata binary beside the tests (looked at \(candidates.joined(separator: ", ")))")
        }
        return found
    }
}
