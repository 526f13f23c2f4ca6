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
        #expect(numbers == [20, 21, 22, 23, 24, 25, 26, 27, 32, 46],
                "the list in this file's doc comment and in the report names these questions: \(numbers)")
    }

    @Test("swiftc -swift-version 6 type-checks every other question's iOS code without an error")
    func typeChecks() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        func write(_ name: String, _ text: String) throws {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        try write("UIKitStandIns.swift", Self.uikitStandIns)
        if !QuizSnippetSDK.standIns.isEmpty { try write("SDKStandIns.swift", QuizSnippetSDK.standIns) }
        let bridging = QuizBank.all.filter { $0.wording.ios.contains("as CFString") }.map(\.number)
        #expect(bridging == [5, 8])
        let compiled = QuizBank.all.filter {
            !Self.needsObjectiveC($0) && (QuizSnippetSDK.bridgesStringsToCFString || !bridging.contains($0.number))
        }
        for question in compiled { try write("Quiz\(question.number).swift", Self.file(for: question)) }
        #expect(compiled.count == QuizBank.all.count - 10 - (QuizSnippetSDK.bridgesStringsToCFString ? 0 : 2))

        let (status, output) = try await Self.swiftc(["-swift-version", "6", "-typecheck"] + files, limit: 300)
        let errors = output.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(status == 0 && errors.isEmpty, "the iOS code of these questions does not compile in Swift 6:\n\(errors.joined(separator: "\n"))\n\(output.prefix(4000))")
    }

    @Test("The check fails on code Swift 6 rejects: a captured var mutated in Thread's @Sendable closure")
    func rejectsSwift5Code() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Old.swift")
        try """
            import CoreFoundation
            import Foundation

            func old() {
                var kept: CFRunLoop?
                let thread = Thread { kept = CFRunLoopGetCurrent() }
                thread.start()
                _ = kept
            }

            """.write(to: file, atomically: true, encoding: .utf8)
        let (status, output) = try await Self.swiftc(["-swift-version", "6", "-typecheck", file.path], limit: 300)
        #expect(status != 0 && output.contains("error:"), "swiftc accepted a mutation of a captured var in a @Sendable closure: \(output)")
    }

    /// Runs `swiftc arguments` (found on the PATH) and returns its exit status and its output.
    static func swiftc(_ arguments: [String], limit: Double) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-snippets-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let ended = await until(limit, every: 0.05) { !process.isRunning }
        if !ended { process.terminate() }
        #expect(ended, "swiftc did not finish within \(limit) s")
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
