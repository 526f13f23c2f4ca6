import Foundation
import KataCore
import RunLoopEngine
import TestSupport
import Testing
@testable import KataCLI

/// Every question's iOS code is code an iOS developer could paste. Each snippet is written into a
/// file of its own as a method of the app's view controller, `quizN(placeholders…)`: on the main
/// actor where the question runs on the main thread (a button's action), `nonisolated` where it
/// runs on a thread of its own. `swiftc -swift-version 6 -typecheck` checks the files together,
/// after a prelude of stand-ins for UIKit, with Foundation and CoreFoundation.
///
/// The snippet's text is the one `kata quiz` shows (`Wording.ios`), written once in the bank:
/// this check reads it from there rather than keeping a compiled copy beside it.
///
/// What stands in for UIKit (``uikitStandIns``, on every platform):
/// - `UIViewController`: `ViewController`, an `NSObject` subclass isolated to the main actor, as
///   UIKit's is; it holds `shouldStop`, the flag question 32's comment declares in the class.
/// - `RunLoop.Mode.tracking` (`UITrackingRunLoopMode`): the mode of that name.
/// - the `@objc` methods the `#selector` snippets name (``selectorTargets``, Apple platforms only),
///   declared as the snippets' comments declare them.
///
/// The snippets Linux's toolchain cannot compile as they are (``appleOnly``) are type-checked in full
/// on Apple platforms, where the toolchain has the Objective-C runtime (`canImport(ObjectiveC)`):
/// - the questions that use `#selector` / `@objc`: `perform(_:with:afterDelay:)` and
///   `perform(_:on:with:waitUntilDone:)` (their engine twin is `Loop.perform(afterDelay:)` /
///   `LoopThread.perform`), `Timer.scheduledTimer(timeInterval:target:selector:…)` (twin:
///   `Loop.scheduledTimer(name:timeInterval:target:selector:repeats:)`), a gesture recognizer's
///   action (twin: `TouchApp` with its recognizers);
/// - the questions that bridge a String with `as CFString`, which the Swift overlay of Apple's
///   CoreFoundation provides and swift-corelibs-foundation does not.
/// Which questions these are is read from the bank (``appleOnlyNumbers``), never listed by hand.
///
/// On Linux the `#selector` and `@objc` ones are type-checked too, by the compiler's own rules
/// with Objective-C interop switched on, against stand-ins for what only Apple's SDK holds
/// (`QuizSnippetSDK.objectiveCStandIns`); questions 5 and 8 are checked on Apple platforms only.
@Suite("kata quiz: every question's iOS code compiles in Swift 6", .inEnglish)
struct QuizSnippetTests {
    /// Whether this toolchain has the Objective-C runtime, which `#selector`, `@objc` and
    /// `as CFString` need: on Apple platforms.
    static var hasObjectiveC: Bool {
        #if canImport(ObjectiveC)
        true
        #else
        false
        #endif
    }

    /// What the Linux toolchain cannot compile: `#selector`, `@objc` or `as CFString` in the code
    /// itself (not in a comment).
    static func appleOnly(_ question: QuizQuestion) -> Bool {
        writes(question, any: ["#selector", "@objc", "as CFString"])
    }

    /// Whether the code of `question`'s snippet, outside its comments, holds one of `spellings`.
    static func writes(_ question: QuizQuestion, any spellings: [String]) -> Bool {
        snippets(of: question).map(\.code).joined(separator: "\n").split(separator: "\n").contains { line in
            let code = line.components(separatedBy: "// ").first ?? ""
            return spellings.contains { code.contains($0) }
        }
    }

    /// The questions ``appleOnly`` finds, read from the bank: a question added with `#selector`
    /// is one of them without a list to edit.
    static var appleOnlyNumbers: [Int] { QuizBank.all.filter(appleOnly).map(\.number).sorted() }
    static var skippedOffApple: String {
        "the iOS code of questions \(appleOnlyNumbers.map(String.init).joined(separator: ", ")) (#selector, @objc, as CFString) needs the Objective-C runtime: type-checked on macOS only"
    }

    /// The stand-ins for UIKit every snippet is compiled with.
    static let uikitStandIns = """
        import Foundation

        extension RunLoop.Mode {
            /// UIKit: `UITrackingRunLoopMode`.
            static let tracking = RunLoop.Mode("UITrackingRunLoopMode")
        }

        /// UIKit: the app's `UIViewController` subclass, an `NSObject` on the main actor. Each
        /// snippet is one of its methods.
        @MainActor final class ViewController: NSObject {
            /// Question 32: read and set on the worker thread only.
            nonisolated(unsafe) var shouldStop = false
            /// Questions 53–55: the navigation stack, on the quiz's thread only.
            nonisolated(unsafe) var screens: [NSObject] = []
        }

        """

    /// The methods the `#selector` snippets name, as their comments declare them (Apple platforms).
    static let selectorTargets = """
        import CoreFoundation
        import Foundation

        extension ViewController {
            @objc func refresh() {}
            @objc func delayed() { print("delayed") }
            @objc func work() { print("work") }
            @objc func update() { print(RunLoop.current.currentMode!.rawValue) }
            @objc nonisolated func stopThread() { shouldStop = true; CFRunLoopStop(CFRunLoopGetCurrent()) }
            @objc func tapped() { print("action") }
            @objc func panned() { print(RunLoop.current.currentMode!.rawValue) }
            /// Questions 59–61: the view under the finger.
            var button: UIView { UIView() }
            var view: UIView { UIView() }
            @objc nonisolated func goBack() { screens.removeAll() }
        }

        /// Questions 53–55: a screen a timer targets, and a weak proxy in its place.
        final class ClockScreen: NSObject {
            @objc func tick(_ timer: Timer) { print("tick") }
            @objc func saveDraft(_ timer: Timer) { print("saved") }
            deinit { print("deinit") }
        }

        final class WeakProxy: NSObject {
            weak var target: ClockScreen?
            init(_ target: NSObject) { self.target = target as? ClockScreen }   // a screen of `screens`
            @objc func fire(_ timer: Timer) {
                guard let target else { return timer.invalidate() }
                target.tick(timer)
            }
        }

        /// UIKit: a view and its gesture recognizers (questions 59–61).
        class UIView: NSObject {
            func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {}
        }
        class UIGestureRecognizer: NSObject {
            var cancelsTouchesInView = true
            init(target: Any?, action: Selector?) {}
        }
        final class UITapGestureRecognizer: UIGestureRecognizer {}
        final class UIPanGestureRecognizer: UIGestureRecognizer {}

        """

    /// The snippets of `question`: its own code as `quizN`, and the code of each option of a
    /// which-fix or which-tool question as `quizN_a`, `quizN_b`…
    static func snippets(of question: QuizQuestion) -> [(name: String, code: String)] {
        [("\(question.number)", question.wording.ios)]
            + (question.candidates?.options ?? []).enumerated().map { ("\(question.number)_\(QuizQuestion.letter($0))", $1.ios) }
    }

    /// The snippets of `question` as a Swift file: each code as the body of a method
    /// `quizN(placeholders…)` (`quizN_a`… for its options).
    static func file(for question: QuizQuestion) -> String {
        snippets(of: question).map { name, code in
            file(name: name, code: code, placeholders: question.wording.placeholders, onMainThread: question.setting == .appMain)
        }.joined(separator: "\n")
    }

    /// `code` as the body of the view controller's method `quizN(placeholders…)`: on the main
    /// actor when it runs on the main thread, else `nonisolated`.
    static func file(number: Int, code: String, placeholders: [String] = [], onMainThread: Bool) -> String {
        file(name: "\(number)", code: code, placeholders: placeholders, onMainThread: onMainThread)
    }

    static func file(name: String, code: String, placeholders: [String] = [], onMainThread: Bool) -> String {
        let body = code.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")
        return """
            import CoreFoundation
            import Foundation

            extension ViewController {
                \(onMainThread ? "" : "nonisolated ")func quiz\(name)(\(placeholders.joined(separator: ", "))) {
            \(body)
                }
            }

            """
    }

    @Test("swiftc -swift-version 6 type-checks the iOS code of every question Linux's toolchain compiles too")
    func typeChecks() async throws {
        let compiled = QuizBank.all.filter { !Self.appleOnly($0) }
        let errors = try await Self.typeCheck(compiled)
        #expect(errors == nil, "the iOS code of these questions does not compile in Swift 6:\n\(errors ?? "")")
    }

    @Test(
        "On Apple platforms, swiftc -swift-version 6 type-checks the #selector, @objc and as CFString snippets too",
        .enabled(if: hasObjectiveC, Comment(rawValue: skippedOffApple)))
    func typeChecksAppleOnly() async throws {
        let compiled = QuizBank.all.filter(Self.appleOnly)
        let errors = try await Self.typeCheck(compiled, preludes: ["SelectorTargets.swift": Self.selectorTargets])
        #expect(errors == nil, "the iOS code of these questions does not compile in Swift 6:\n\(errors ?? "")")
    }

    @Test(
        "Off Apple platforms, swiftc -swift-version 6 type-checks the #selector and @objc snippets with Objective-C interop on",
        .enabled(if: QuizSnippetSDK.objectiveCStandIns != nil, "this toolchain has the Objective-C runtime: typeChecksAppleOnly checks them"))
    func typeChecksSelectorsWithInterop() async throws {
        let compiled = QuizBank.all.filter { Self.appleOnly($0) && !Self.writes($0, any: ["as CFString"]) }
        #expect(!compiled.isEmpty, "no question uses #selector or @objc: is the check reading the bank?")
        let errors = try await Self.typeCheck(compiled, preludes: ["SelectorTargets.swift": Self.selectorTargets], objectiveC: true)
        #expect(errors == nil, "the iOS code of these questions does not compile in Swift 6:\n\(errors ?? "")")
    }

    /// Selector code Swift 6 rejects, each through the same preludes and interop as a question,
    /// with the error swiftc gives for it.
    static let wrongSelectorCode: [(code: String, error: String)] = [
        ("perform(#selector(notExposed), with: nil, afterDelay: 1)", "not exposed to Objective-C"),
        (
            "var count = 0\nlet thread = Thread { count += 1; self.perform(#selector(self.refresh), with: nil, afterDelay: 1) }\nthread.start()",
            "mutation of captured var 'count' in concurrently-executing code"
        ),
        ("perform(#selector(refresh), afterDelay: 1)", "missing argument for parameter 'with'"),
    ]

    @Test(
        "The interop check fails on selector code Swift 6 rejects: a method not @objc, a captured var, a wrong API",
        .enabled(if: QuizSnippetSDK.objectiveCStandIns != nil), arguments: 0..<wrongSelectorCode.count)
    func interopRejects(index: Int) async throws {
        let (code, error) = Self.wrongSelectorCode[index]
        let scratch = try Scratch()
        defer { scratch.remove() }
        let targets = Self.selectorTargets + "extension ViewController { func notExposed() {} }\n"
        try await scratch.writePreludes(["SelectorTargets.swift": targets], objectiveC: true)
        try scratch.write("Wrong.swift", Self.file(number: 0, code: code, onMainThread: true))
        let (status, output) = try await Self.swiftc(Self.typeCheckArguments(scratch, objectiveC: true), limit: 300)
        let errors = output.split(separator: "\n").filter { $0.contains("Wrong.swift") && $0.contains("error:") }
        #expect(status != 0 && errors.contains { $0.contains(error) }, "swiftc did not reject \(code) with \"\(error)\": \(output)")
    }

    /// Type-checks `questions`' snippets with the UIKit stand-ins, this platform's SDK stand-ins
    /// and `preludes` (and, with `objectiveC`, the Objective-C stand-ins and interop): nil when
    /// swiftc accepts them, else its errors and output.
    static func typeCheck(_ questions: [QuizQuestion], preludes: [String: String] = [:], objectiveC: Bool = false) async throws -> String? {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await scratch.writePreludes(preludes, objectiveC: objectiveC)
        for question in questions { try scratch.write("Quiz\(question.number).swift", Self.file(for: question)) }
        let (status, output) = try await Self.swiftc(Self.typeCheckArguments(scratch, objectiveC: objectiveC), limit: 300)
        let errors = output.split(separator: "\n").filter { $0.contains(": error:") }
        return status == 0 && errors.isEmpty ? nil : "\(errors.joined(separator: "\n"))\n\(output.prefix(4000))"
    }

    /// The snippets Foundation runs as they are, off the main thread and without autorelease, and
    /// how their printed lines read as the engine's answer: (question, seconds to let it run, answer).
    static let runnable: [(number: Int, seconds: Double, answer: @Sendable ([String]) -> [String])] = [
        (1, 0.5, { $0 == ["true"] ? ["same"] : $0 == ["false"] ? ["different"] : $0 }),
        (2, 0.5, { $0 }),
        (10, 2, { $0.filter { $0 != "once" } }),   // the timer's own line, then the result
        (12, 4, { $0.filter { $0 != "tick" } }),   // three ticks, then the result
        (13, 1.5, { $0 }),
        (28, 1, { $0 == ["run returned"] ? ["at once"] : $0.isEmpty ? ["never"] : $0 }),
        (16, 1.5, { $0 }),
        (35, 2, { $0 }),
    ]

    @Test("Run by Foundation, the runnable snippets print what the engine answers")
    func runsAsTheEngineAnswers() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await scratch.writePreludes()
        var cases: [String] = []
        for (number, seconds, _) in Self.runnable {
            let question = try #require(QuizBank.question(number))
            #expect(question.wording.placeholders.isEmpty && !Self.appleOnly(question))
            try scratch.write("Quiz\(number).swift", Self.file(for: question))
            let run = "controller.quiz\(number)(); Thread.sleep(forTimeInterval: \(seconds)); exit(0)"
            cases.append("case \"\(number)\": " + (question.setting == .appMain ? run : "Thread { \(run) }.start()"))
        }
        // A main-thread snippet runs on the main thread, the others on a thread of their own; each
        // is given time to print, then the runner exits.
        try scratch.write(
            "main.swift",
            """
            import Foundation

            @MainActor func start(_ which: String) {
                let controller = ViewController()
                switch which {
                \(cases.joined(separator: "\n    "))
                default: print("no snippet \\(which)"); exit(1)
                }
            }
            start(CommandLine.arguments[1])
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

    /// Code Swift 5 accepted and Swift 6 rejects, put through the same prelude and wrapping as a
    /// question: the check can fail.
    static let swift5Code = """
        var kept: CFRunLoop?
        let thread = Thread { kept = CFRunLoopGetCurrent() }
        thread.start()
        _ = kept
        """

    @Test("The check fails on code Swift 6 rejects: a captured var mutated in Thread's @Sendable closure", arguments: [false, true])
    func rejectsSwift5Code(onMainThread: Bool) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await scratch.writePreludes()
        try scratch.write("Old.swift", Self.file(number: 0, code: Self.swift5Code, onMainThread: onMainThread))
        let (status, output) = try await Self.swiftc(["-swift-version", "6", "-typecheck"] + scratch.files, limit: 300)
        #expect(
            status != 0 && output.contains("Old.swift") && output.contains("error:"),
            "swiftc accepted a mutation of a captured var in a @Sendable closure: \(output)")
    }

    /// swiftc's arguments to type-check the files of `scratch` in Swift 6 (with `objectiveC`, with
    /// Objective-C interop and the stand-in module `writePreludes` built).
    private static func typeCheckArguments(_ scratch: Scratch, objectiveC: Bool) -> [String] {
        let interop = objectiveC ? (QuizSnippetSDK.objectiveCStandIns?.flags ?? []) + ["-I", scratch.folder.path] : []
        return ["-swift-version", "6", "-typecheck"] + interop + scratch.files
    }

    /// Runs `swiftc arguments` (found on the PATH) and returns its exit status and its output.
    static func swiftc(_ arguments: [String], limit: Double) async throws -> (Int32, String) {
        try await run("swiftc", arguments, limit: limit)
    }

    /// Runs `executable arguments` (a bare name looked up on PATH) and returns its exit status
    /// (128 + the signal, if one ended it) and its output (both streams). Started as `kata` starts
    /// its children (``ChildProcess``: `posix_spawn`, a process group of its own), its end
    /// collected with `waitpid` between suspensions of the test; past `limit` seconds its group is
    /// ended. Not Foundation's `Process` (see `TestChildProcess.swift`).
    static func run(_ executable: String, _ arguments: [String], limit: Double) async throws -> (Int32, String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-snippets-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let child = try ChildProcess.spawn([executable] + arguments, outputPath: log.path)
        let ending = Lock<ChildProcess.Ending?>(nil)
        let collect: @Sendable () -> Bool = {
            ending.withLock { ending in
                if ending == nil { ending = child.ending() }
                return ending != nil
            }
        }
        let ended = await until(limit, every: 0.05, collect)
        if !ended {
            Signals.forceEnd(-child.pid)   // the group: swiftc's own children too
            _ = await until(5, every: 0.05, collect)
        }
        #expect(ended, "\(executable) did not finish within \(limit) s")
        let status: Int32 =
            switch ending.withLock({ $0 }) {
            case nil: -1
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
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

    /// The stand-ins every snippet is compiled with (UIKit's, and this platform's SDK's), then
    /// `more` (file name: text). With `objectiveC`, also this platform's Objective-C stand-ins:
    /// their module built into this folder, their Foundation source, and `more` adapted to them.
    func writePreludes(_ more: [String: String] = [:], objectiveC: Bool = false) async throws {
        try write("UIKitStandIns.swift", QuizSnippetTests.uikitStandIns)
        if !QuizSnippetSDK.standIns.isEmpty { try write("SDKStandIns.swift", QuizSnippetSDK.standIns) }
        var adapt: (String) -> String = { $0 }
        if objectiveC, let standIns = QuizSnippetSDK.objectiveCStandIns {
            adapt = standIns.adapt
            let source = folder.appendingPathComponent("ObjectiveCModule.swift")
            try standIns.module.write(to: source, atomically: true, encoding: .utf8)
            let module = folder.appendingPathComponent("ObjectiveC.swiftmodule").path
            let (status, output) = try await QuizSnippetTests.swiftc(
                ["-swift-version", "6", "-parse-as-library", "-module-name", "ObjectiveC", "-emit-module", "-emit-module-path", module, source.path],
                limit: 300)
            #expect(status == 0, "the stand-in ObjectiveC module did not build:\n\(output.prefix(4000))")
            try write("ObjectiveCStandIns.swift", standIns.foundation)
        }
        for (name, text) in more.sorted(by: { $0.key < $1.key }) { try write(name, adapt(text)) }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
