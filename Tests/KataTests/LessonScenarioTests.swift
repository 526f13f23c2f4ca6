import KataCore
import RunLoopEngine
import TestSupport
import Testing

/// Each lesson's key scenario (the picture on its page) shows what its "look for" line says: the
/// story its lesson's file tells (``ScenarioStory``).
@Suite("Each scenario shows what its lesson page says, the same every time, in both languages")
struct LessonScenarioTests {
    struct Story: Sendable, CustomTestStringConvertible {
        var name: String
        var story: ScenarioStory
        var testDescription: String { name }
    }

    /// One story for each lesson's key scenario, from the lesson's own file.
    static let stories: [Story] = CourseLesson.all.compactMap { entry in
        guard let scenario = entry.scenario, let story = entry.story else { return nil }
        return Story(name: scenario.name, story: story)
    }

    @Test(arguments: stories)
    func theScenarioShowsWhatItsPageSays(_ story: Story) async throws {
        let scenario = try #require(TraceScenario.named(story.name))
        let lines = try await offPool(timeout: 30) { scenario.run(in: .en).lines(times: false) }
        var rest = lines[...]
        for wanted in story.story.inOrder {
            guard let index = rest.firstIndex(where: { $0.contains(wanted) }) else {
                Issue.record("\(story.name): no line with \"\(wanted)\" after the ones before it.\n\(lines.joined(separator: "\n"))")
                return
            }
            rest = rest[(index + 1)...]
        }
        for stray in story.story.never {
            #expect(!lines.contains { $0.contains(stray) }, "\(story.name): a line with \"\(stray)\"\n\(lines.joined(separator: "\n"))")
        }
        if let (line, count) = story.story.count {
            #expect(lines.filter { $0.contains(line) }.count == count, "\(story.name): \(line) should appear \(count) times")
        }
    }

    @Test("Every lesson has a key scenario with a story, and no two lessons share one")
    func everyLesson() {
        for entry in CourseLesson.all {
            #expect(entry.scenario != nil && entry.story != nil, "lesson \(entry.lesson.paddedNumber): a key scenario and its story")
        }
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
    /// is the English run with each note in Chinese (a note written as a string is code, as the
    /// engine's own are, and stays as it is), and nothing else changed.
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
            // A note the same in both languages is written as a plain string, code by its type
            // (`[header layoutSubviews]`, the engine's own); one written in each language is
            // prose, and its Chinese is Chinese.
            let words = translated == note ? [] : StrayEnglish.words(in: translated)
            #expect(words.isEmpty, "\(name): English in the Chinese note \"\(translated)\": \(words)")
        }
    }
}
