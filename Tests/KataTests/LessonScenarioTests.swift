import KataCore
import RunLoopEngine
import TestSupport
import Testing

/// Each lesson's key scenario (the picture on its page) shows what its "look for" line says: the
/// lines `inOrder` must appear in its trace, in this order, and no line may contain one of
/// `never` (the stray work the lesson is about: a default-mode timer inside the tracking run, a
/// missed tick replayed).
@Suite("Each scenario shows what its lesson page says, the same every time, in both languages")
struct LessonScenarioTests {
    struct Story: Sendable, CustomTestStringConvertible {
        var name: String
        var inOrder: [String]
        var never: [String] = []
        /// How many lines may contain `count.0`: exactly `count.1`.
        var count: (String, Int)? = nil
        var testDescription: String { name }
    }

    /// One story for each lesson's key scenario.
    static let stories: [Story] = [
        Story(name: "thread-gets-its-loop", inOrder: ["the same loop — true", "timer \"one-shot\"", "→ finished", "still holds its loop — false"]),
        Story(
            name: "empty-mode-returns",
            inOrder: ["tracking  → finished (empty mode: no entry, no exit)", "default   entry", "timer \"default timer\"", "→ finished"],
            never: ["tracking  timer"]),
        Story(
            name: "common-modes",
            inOrder: [
                "default   timer \"common timer\"", "default   timer \"default timer\"", "mark tracking common",
                "tracking  timer \"common timer\"", "tracking  timer \"common timer\"", "tracking  → timed out",
            ],
            never: ["tracking  timer \"default timer\""]),
        Story(name: "run-results", inOrder: ["→ finished", "timer \"calls stop()\"", "→ stopped", "→ timed out", "source \"signalled\"", "→ handled source"]),
        Story(
            name: "source0-wakeup",
            inOrder: ["nothing wakes the loop", "wakeUp()", "woke: wake-up", "before sources", "source \"bell\"", "the bell's work runs"]),
        Story(
            name: "timer-overrun", inOrder: ["timer \"tick\"", "slow work: 2.5 s", "timer \"tick\"", "timer \"tick\"", "→ timed out"],
            count: ("timer \"tick\"", 3)),
        Story(
            name: "perform-after-delay",
            inOrder: ["2 s pass", "tracking  → timed out", "default   timer \"perform after delay\"", "the delayed work runs", "default   → finished"],
            never: ["tracking  timer"]),
        Story(
            name: "perform-on-thread",
            inOrder: ["woke: wake-up", "after waiting", "before sources", "source \"perform on worker\"", "the work runs on the worker", "→ stopped"]),
        Story(
            name: "keep-alive-port",
            inOrder: ["→ finished (empty mode", "add a port", "before waiting", "woke: port \"network\"", "message: response", "→ handled source"]),
        Story(
            name: "run-vs-guarded-loop",
            inOrder: [
                "run(until: 3 s)", "timer \"stop at 1 s\"", "→ stopped", "entry", "→ timed out", "the guarded loop",
                "timer \"stop at +1 s\"", "→ stopped",
            ]),
        Story(
            name: "one-touch",
            inOrder: [
                "woke: port \"touches\"", "source \"event queue\"", "touchesBegan", "gesture recognizers", "hit testing",
                "before waiting", "woke: port \"touches\"", "touchesEnded", "→ stopped",
            ]),
        Story(name: "autorelease-pools", inOrder: ["tick: 0 waiting", "tick: 0 waiting", "busy: 0 waiting", "busy: 3 waiting", "busy: 6 waiting"]),
        Story(
            name: "timer-during-scroll",
            inOrder: [
                "timer \"default ticker\"", "timer \"common ticker\"", "scroll begins", "tracking    timer \"common ticker\"",
                "tracking    timer \"common ticker\"", "scroll ends", "default   timer \"default ticker\"",
            ],
            never: ["tracking    timer \"default ticker\""]),
        Story(
            name: "main-queue", inOrder: ["private   → timed out", "default   main queue \"update label\"", "default   main queue \"reload table\""],
            never: ["private   main queue"]),
        Story(
            name: "ui-commit",
            inOrder: [
                "timer \"tap\"", "then 0.5 s of work", "before waiting", "[header layoutSubviews]", "[label drawRect:]",
                "CA::Transaction::commit(header, label)", "source \"busy\"", "busy pass 3", "before waiting", "[label drawRect:]",
            ],
            count: ("[header layoutSubviews]", 1)),
        Story(
            name: "timer-retains-target",
            inOrder: [
                "timer \"clock A\"", "timer \"clock B\"", "both screens dismissed", "screen B freed", "timer \"clock A\"", "timer \"clock A\"",
                "screen A freed", "→ finished",
            ],
            count: ("timer \"clock B\"", 2)),
        Story(
            name: "display-link",
            inOrder: [
                "in common: frame 1", "this frame takes 40 ms", "in common: frame 2 at 50 ms, 1 dropped", "the user scrolls for 35 ms",
                "tracking    · in common: frame", "the scroll ends", "in default: frame 4 at 100 ms, 2 dropped",
            ],
            never: ["tracking    · in default: frame"]),
        Story(
            name: "stall-monitor",
            inOrder: [
                "timer \"tap\"", "the tap's handler works for 400 ms", "watchdog: stall — busy since 500 ms, after waiting", "scroll begins",
                "tracking    timer \"cell layout\"", "watchdog: stall — busy since 3200 ms, after waiting", "scroll ends",
            ],
            count: ("watchdog: stall", 2)),
        Story(
            name: "touch-journey",
            inOrder: [
                "woke: wake-up", "button.touchesBegan()", "before waiting", "woke: wake-up", "button.touchesMoved()",
                "button.touchesMoved()", "button.touchesCancelled()", "pan.action(began)", "before waiting", "pan.action(ended)",
            ],
            never: ["woke: port", "button.touchesEnded()"], count: ("button.touchesMoved()", 2)),
    ]

    @Test(arguments: stories)
    func theScenarioShowsWhatItsPageSays(_ story: Story) async throws {
        let scenario = try #require(TraceScenario.named(story.name))
        let lines = try await offPool(timeout: 30) { scenario.run(in: .en).lines(times: false) }
        var rest = lines[...]
        for wanted in story.inOrder {
            guard let index = rest.firstIndex(where: { $0.contains(wanted) }) else {
                Issue.record("\(story.name): no line with \"\(wanted)\" after the ones before it.\n\(lines.joined(separator: "\n"))")
                return
            }
            rest = rest[(index + 1)...]
        }
        for stray in story.never {
            #expect(!lines.contains { $0.contains(stray) }, "\(story.name): a line with \"\(stray)\"\n\(lines.joined(separator: "\n"))")
        }
        if let (line, count) = story.count {
            #expect(lines.filter { $0.contains(line) }.count == count, "\(story.name): \(line) should appear \(count) times")
        }
    }

    @Test("The stories cover every scenario drawn on a lesson page")
    func everyLesson() {
        #expect(Set(Self.stories.map(\.name)).count == Catalog.lessons.count, "one story for each lesson's scenario")
        #expect(Set(Self.stories.map(\.name)).count == Self.stories.count)
        for story in Self.stories { #expect(TraceScenario.named(story.name) != nil, "\(story.name)") }
    }

    /// The scenarios on the virtual clock (one on real threads shows real times).
    static let virtualScenarios = TraceScenario.all.filter { !$0.onRealThreads }.map(\.name)

    @Test("Every scenario gives the same trace every time", arguments: virtualScenarios)
    func sameTraceEveryTime(_ name: String) async throws {
        let scenario = try #require(TraceScenario.named(name))
        let (first, second) = try await offPool(timeout: 30) { (scenario.run(in: .en).lines(), scenario.run(in: .en).lines()) }
        #expect(!first.isEmpty && first == second, "scenario \(name)")
        #expect(!first.contains { $0.contains("failed") || $0.contains("did not finish") }, "scenario \(name): \(first)")
    }

    /// The notes are written in both languages where the scenario writes them: a run in Chinese
    /// is the English run with each note in Chinese (a note that is code, as the engine's own
    /// are, stays as it is), and nothing else changed.
    @Test("In Chinese, a scenario's trace is the English one with its notes in Chinese", arguments: virtualScenarios)
    func chineseNotes(_ name: String) async throws {
        let scenario = try #require(TraceScenario.named(name))
        let (english, chinese) = try await offPool(timeout: 30) { (scenario.run(in: .en).events, scenario.run(in: .zhHans).events) }
        #expect(english.count == chinese.count, "\(name): \(english.count) events in English, \(chinese.count) in Chinese")
        for (en, zh) in zip(english, chinese) {
            guard case .note(let note) = en.kind else {
                // As the trace lists them: a wake-up by a port names the port, not the object.
                #expect(LoopTrace.lines([zh]) == LoopTrace.lines([en]), "\(name): only notes change, but \(en.summary) became \(zh.summary)")
                continue
            }
            guard case .note(let translated) = zh.kind else {
                Issue.record("\(name): the note \"\(note)\" became \(zh.summary)")
                continue
            }
            // A note the engine writes is code (`[header layoutSubviews]`): the same in both.
            #expect(
                translated != note || StrayEnglish.words(in: note).isEmpty, "\(name): the note \"\(note)\" has no Chinese of its own")
        }
    }
}
