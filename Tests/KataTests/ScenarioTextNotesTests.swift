import Foundation
import RunLoopEngine
import Testing
@testable import KataCore

/// The notes the engine's scenarios write (`loop.note("scroll ends")`) have their Chinese twins in
/// `ScenarioText.notes`: `kata trace` and the Chinese lesson pictures show them, and the engine
/// keeps its English.
@Suite("ScenarioText: every note a scenario writes has its Chinese twin", .inEnglish)
struct ScenarioTextNotesTests {
    /// Every scenario's trace, run once for the whole suite.
    static let traces: [(scenario: String, trace: LoopTrace)] = TraceScenario.all.map { ($0.name, $0.run()) }

    static func notes(of trace: LoopTrace) -> [String] {
        trace.events.compactMap { if case .note(let text) = $0.kind { text } else { nil } }
    }

    @Test("Every note every scenario writes matches exactly one entry, whose Chinese has no English prose")
    func everyNoteHasATwin() {
        var problems: [String] = []
        for (scenario, trace) in Self.traces {
            for note in Self.notes(of: trace) {
                let entries = ScenarioText.entries(matching: note)
                guard entries.count == 1, let twin = ScenarioText.note(note) else {
                    problems.append(
                        entries.isEmpty
                            ? "\(scenario): \"\(note)\" has no Chinese twin: add Text(en:zh:) to ScenarioText.notes (Sources/KataCore/Language/ScenarioNotes.swift)"
                            : "\(scenario): \"\(note)\" matches \(entries.count) entries: \(entries.map(\.en))")
                    continue
                }
                let stray = StrayEnglish.words(in: twin.zh)
                if !stray.isEmpty { problems.append("\(scenario): \"\(twin.zh)\" has English prose: \(stray.joined(separator: " "))") }
            }
        }
        #expect(Self.traces.contains { !Self.notes(of: $0.trace).isEmpty }, "no scenario wrote a note: nothing was checked")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("In Chinese, each scenario's timeline shows the twins; in English it is the engine's own", arguments: TraceScenario.all.map(\.name))
    func timelines(_ name: String) throws {
        let scenario = try #require(TraceScenario.named(name))
        let trace = scenario.run()
        #expect(trace.notes(in: .en).timeline() == trace.timeline())
        let chinese = trace.notes(in: .zhHans)
        #expect(chinese.events.count == trace.events.count)
        for (english, translated) in zip(trace.events, chinese.events) {
            guard case .note(let note) = english.kind else {
                #expect(translated == english, "only notes change: \(english.summary) became \(translated.summary)")
                continue
            }
            guard case .note(let zh) = translated.kind else { Issue.record("a note became \(translated.summary)"); continue }
            let stray = StrayEnglish.words(in: zh)
            #expect(
                stray.isEmpty && zh != note,
                "\(scenario.name): the Chinese timeline still says \"\(zh)\" (English: \(stray.joined(separator: " ")))")
        }
    }

    @Test("A note built from values is matched by its template, and its values are kept")
    func templates() throws {
        let busy = try #require(ScenarioText.note("busy: 6 waiting, +3"))
        #expect(busy == Text(en: "busy: 6 waiting, +3", zh: "`busy`：池里有 6 个对象待释放，再放入 3 个"))
        #expect(ScenarioText.note("Loop.current again: the same loop — false")?.zh == "再取一次 `Loop.current`：还是同一个 RunLoop 吗？`false`")
        #expect(ScenarioText.note("message: a: b")?.zh == "收到消息：`a: b`")
        // A brace that is no slot is text, matched as it is.
        #expect(ScenarioText.note("the guarded loop: while !shouldStop { run(mode:before:) }") != nil)
        #expect(
            ScenarioText.note("timer \"t\": next fire date 2000 ms is not after 2000 ms; the timer was invalidated")?.zh
                == "定时器 `t`：下次触发时间 2000 ms 不晚于 2000 ms，这个定时器已被作废")
        // Not a note of the table: no twin, not a wrong one.
        for stranger in ["busy: 6 waiting, +4", ": 6 waiting, +3", "scroll ends!", "message: ", "wakeUp() now", "slow work: 3 s"] {
            #expect(ScenarioText.note(stranger) == nil, "\(stranger) should have no twin")
        }
        // A value that looks like a slot is put in as it is.
        #expect(ScenarioText.note("message: {1}")?.zh == "收到消息：`{1}`")
    }

    /// The engine's note literals: `note("…")` and `.failed("…")` in Sources/RunLoopEngine, each
    /// `\(value)` read as a slot.
    static func engineNoteLiterals() throws -> [(file: String, shape: String)] {
        let folder = CatalogConsistencyTests.root + "/Sources/RunLoopEngine"
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        var found: [(String, String)] = []
        for file in files {
            let source = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for opener in ["note(\"", ".failed(\""] {
                for chunk in source.components(separatedBy: opener).dropFirst() {
                    found.append((file, shape(ofLiteral: chunk)))
                }
            }
        }
        return found
    }

    /// The literal at the start of `chunk` (just after its opening quote), up to its closing
    /// quote, with each `\(…)` as `{}` and `\"` as `"`.
    static func shape(ofLiteral chunk: String) -> String {
        var out = "", depth = 0
        var characters = Array(chunk)[...]
        while let character = characters.popFirst() {
            if depth > 0 {
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                continue
            }
            if character == "\\", let next = characters.first {
                characters.removeFirst()
                if next == "(" { depth = 1; out += "{}" } else { out.append(next) }
                continue
            }
            if character == "\"" { break }
            out.append(character)
        }
        return out
    }

    /// An entry's English with each `{n}` as `{}`.
    static func shape(ofEntry english: String) -> String {
        english.replacingOccurrences(of: "\\{[0-9]+\\}", with: "{}", options: .regularExpression)
    }

    @Test("Every note literal in the engine's source has its entry, and every entry is a note the engine writes")
    func sourceAndTableAgree() throws {
        let literals = try Self.engineNoteLiterals()
        #expect(literals.count >= 30, "found only \(literals.count) note literals: is the scan still reading the engine?")
        let entries = Set((ScenarioText.notes + ScenarioText.troubleNotes).map { Self.shape(ofEntry: $0.en) })
        let missing = literals.filter { !entries.contains($0.shape) }.map { "\($0.file): \"\($0.shape)\"" }
        #expect(
            missing.isEmpty,
            """
            these notes of the engine have no Chinese twin in ScenarioText.notes (Sources/KataCore/Language/ScenarioNotes.swift); \
            write each value as {1}, {2}…:
            \(missing.joined(separator: "\n"))
            """)
        // An entry no literal writes must be a note a scenario writes at run time (the touch's events).
        let written = Set(Self.traces.flatMap { Self.notes(of: $0.trace) })
        let shapes = Set(literals.map(\.shape))
        let stale = (ScenarioText.notes + ScenarioText.troubleNotes).filter { !shapes.contains(Self.shape(ofEntry: $0.en)) && !written.contains($0.en) }
        #expect(stale.isEmpty, "entries the engine never writes (did its English change?): \(stale.map(\.en))")
    }
}
