import Foundation
import KataCore
import TestSupport
import Testing

/// Every question's iOS code is code an iOS developer could paste: each snippet is written out as
/// the body of a function of its own (its placeholders as the function's parameters) and the
/// whole set is type-checked by `swiftc -swift-version 6`, with Foundation and CoreFoundation.
///
/// The snippet's text is the one `kata quiz` shows (`Wording.ios`), written once in the bank:
/// this check reads it from there rather than keeping a compiled copy beside it.
///
/// Not compiled, and why:
/// - snippets that use `#selector` / `@objc` (`perform(_:with:afterDelay:)`,
///   `perform(_:on:with:waitUntilDone:)`) need the Objective-C runtime, which the toolchain has on
///   Apple platforms only; their engine twin is `Loop.perform(afterDelay:)` / `LoopThread.perform`.
/// - snippets that bridge a String with `as CFString` (questions 5 and 8) are type-checked where
///   the SDK bridges them (Apple platforms), not with swift-corelibs-foundation.
/// - UIKit's `RunLoop.Mode.tracking` (`UITrackingRunLoopMode`) has a stand-in below, the mode of
///   that name; a button's action, where a question says the code runs, is named in a comment.
@Suite("kata quiz: every question's iOS code compiles in Swift 6", .inEnglish)
struct QuizSnippetTests {
    /// What needs the Objective-C runtime: `#selector` and `@objc` in the code itself.
    static func needsObjectiveC(_ question: QuizQuestion) -> Bool {
        question.wording.ios.split(separator: "\n").contains { line in
            let code = line.components(separatedBy: "// ").first ?? ""
            return code.contains("#selector") || code.contains("@objc")
        }
    }

    /// UIKit's names the snippets use, as the mode UIKit defines.
    static let uikitStandIns = """
        import Foundation

        extension RunLoop.Mode {
            /// UIKit: `UITrackingRunLoopMode`.
            static let tracking = RunLoop.Mode("UITrackingRunLoopMode")
        }

        """

    /// The snippet of `question` as a Swift file: its code as the body of `quizN(placeholders…)`.
    static func file(for question: QuizQuestion) -> String {
        let body = question.wording.ios.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        return """
            import CoreFoundation
            import Foundation

            func quiz\(question.number)(\(question.wording.placeholders.joined(separator: ", "))) {
            \(body)
            }

            """
    }

    @Test("The questions whose code needs the Objective-C runtime are exactly those with #selector")
    func objectiveCList() {
        let numbers = QuizBank.all.filter(Self.needsObjectiveC).map(\.number)
        #expect(
            numbers == [20, 21, 22, 23, 24, 25, 26, 27, 32, 46, 59, 60, 61],
            "the list in this file's doc comment and in the report names these questions: \(numbers)")
    }

    @Test("swiftc -swift-version 6 type-checks every other question's iOS code without an error")
    func typeChecks() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("UIKitStandIns.swift", Self.uikitStandIns)
        if !QuizSnippetSDK.standIns.isEmpty { try scratch.write("SDKStandIns.swift", QuizSnippetSDK.standIns) }
        let bridging = QuizBank.all.filter { $0.wording.ios.contains("as CFString") }.map(\.number)
        #expect(bridging == [5, 8])
        let compiled = QuizBank.all.filter {
            !Self.needsObjectiveC($0) && (QuizSnippetSDK.bridgesStringsToCFString || !bridging.contains($0.number))
        }
        for question in compiled { try scratch.write("Quiz\(question.number).swift", Self.file(for: question)) }
        #expect(compiled.count == QuizBank.all.count - 13 - (QuizSnippetSDK.bridgesStringsToCFString ? 0 : 2))

        let (status, output) = try await Self.swiftc(["-swift-version", "6", "-typecheck"] + scratch.files, limit: 300)
        let errors = output.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(
            status == 0 && errors.isEmpty,
            "the iOS code of these questions does not compile in Swift 6:\n\(errors.joined(separator: "\n"))\n\(output.prefix(4000))")
    }

    /// The snippets Foundation runs as they are, off the main thread and without autorelease, and
    /// how their printed lines read as the engine's answer: (question, seconds to let it run, answer).
    static let runnable: [(number: Int, seconds: Double, answer: @Sendable ([String]) -> [String])] = [
        (1, 0.5, { $0 == ["true"] ? ["same"] : $0 == ["false"] ? ["different"] : $0 }),
        (2, 0.5, { $0 }),
        (10, 2, { $0.filter { $0 != "once" } }),   // the timer's own line, then the result
        (16, 1.5, { $0 }),
        (35, 2, { $0 }),
    ]

    @Test("Run by Foundation, the runnable snippets print what the engine answers")
    func runsAsTheEngineAnswers() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        if !QuizSnippetSDK.standIns.isEmpty { try scratch.write("SDKStandIns.swift", QuizSnippetSDK.standIns) }
        var cases: [String] = []
        for (number, seconds, _) in Self.runnable {
            let question = try #require(QuizBank.question(number))
            #expect(question.wording.placeholders.isEmpty && !Self.needsObjectiveC(question))
            try scratch.write("Quiz\(number).swift", Self.file(for: question))
            cases.append("case \"\(number)\": quiz\(number)(); wait = \(seconds)")
        }
        // Each snippet on a thread of its own (not the main thread), given time to print, then exit.
        try scratch.write(
            "main.swift",
            """
            import Foundation

            let which = CommandLine.arguments[1]
            let thread = Thread {
                var wait = 0.0
                switch which {
                \(cases.joined(separator: "\n    "))
                default: print("no snippet \\(which)")
                }
                Thread.sleep(forTimeInterval: wait)
                exit(0)
            }
            thread.start()
            while true { Thread.sleep(forTimeInterval: 1) }

            """)
        let runner = scratch.folder.appendingPathComponent("runner").path
        let (status, output) = try await Self.swiftc(["-swift-version", "6", "-o", runner] + scratch.files, limit: 600)
        try #require(status == 0, "the runnable snippets did not build:\n\(output.prefix(4000))")
        for (number, _, answer) in Self.runnable {
            let question = try #require(QuizBank.question(number))
            let (ran, printed) = try await Self.run(runner, [String(number)], limit: 30)
            let lines = printed.split(separator: "\n").map(String.init)
            let engine = question.run().answer ?? ["(no answer)"]
            #expect(ran == 0 && answer(lines) == engine, "question \(number): Foundation printed \(lines), the engine answers \(engine)")
        }
    }

    @Test("The check fails on code Swift 6 rejects: a captured var mutated in Thread's @Sendable closure")
    func rejectsSwift5Code() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(
            "Old.swift",
            """
            import CoreFoundation
            import Foundation

            func old() {
                var kept: CFRunLoop?
                let thread = Thread { kept = CFRunLoopGetCurrent() }
                thread.start()
                _ = kept
            }

            """)
        let (status, output) = try await Self.swiftc(["-swift-version", "6", "-typecheck"] + scratch.files, limit: 300)
        #expect(status != 0 && output.contains("error:"), "swiftc accepted a mutation of a captured var in a @Sendable closure: \(output)")
    }

    /// Runs `swiftc arguments` (found on the PATH) and returns its exit status and its output.
    static func swiftc(_ arguments: [String], limit: Double) async throws -> (Int32, String) {
        try await run("/usr/bin/env", ["swiftc"] + arguments, limit: limit)
    }

    /// Runs `executable arguments` and returns its exit status and its output (both streams).
    static func run(_ executable: String, _ arguments: [String], limit: Double) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-snippets-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let ended = await until(limit, every: 0.05) { !process.isRunning }
        if !ended { process.terminate() }
        #expect(ended, "\(executable) did not finish within \(limit) s")
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}

/// A temporary folder of Swift files for swiftc, removed at the end of the test.
private final class Scratch {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-snippets-\(UUID().uuidString)")
    private(set) var files: [String] = []

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

    func write(_ name: String, _ text: String) throws {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        files.append(url.path)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
