import Testing

/// Lines to compare (a trace's, usually), each in both languages: read as strings in the
/// language the tests run in (`lines.contains { $0.hasSuffix(…) }`), and given to `kata` in both
/// when they differ (``Harness/expectSameLines(_:_:hint:expectedTitle:sourceLocation:)-(Lines,_,_,_,_)``).
///
///     let (actual, expected) = try await Harness.traceLines(lesson: 6, student: student) { loop, clock in … }
///     Harness.expectSameLines(actual, expected, hint: …)
struct Lines: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// Each line in both languages.
    let texts: [Text]

    init(_ texts: [Text]) { self.texts = texts }

    /// Lines that are the same in both languages: code and the trace's own words.
    init(verbatim lines: [String]) { self.texts = lines.map(Text.verbatim) }

    init(arrayLiteral lines: Text...) { self.texts = lines }

    var startIndex: Int { texts.startIndex }
    var endIndex: Int { texts.endIndex }
    subscript(position: Int) -> String { texts[position].localized }
}

extension Harness {
    /// ``traces(lesson:student:filter:_:)``, each line in both languages.
    static func traceLines(
        lesson: Int, student: Loop.Mechanisms, filter: LoopTrace.Filter = .all,
        _ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void
    ) async throws -> (actual: Lines, expected: Lines) {
        let (actual, expected) = try await traceTexts(lesson: lesson, student: student, filter: filter, scenario)
        return (Lines(actual), Lines(expected))
    }

    /// Expects two lists of lines to be equal; on a mismatch, records one issue with both side
    /// by side, each line in both languages, and a hint.
    static func expectSameLines(
        _ actual: Lines, _ expected: Lines, hint: Text,
        expectedTitle: Text = HarnessText.expectedTitle,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectSameLines(actual.texts, expected.texts, hint: hint, expectedTitle: expectedTitle, sourceLocation: sourceLocation)
    }

    /// ``renaming(_:to:in:)`` in both languages.
    static func renaming(_ kind: String, to name: String, in lines: Lines) -> Lines {
        Lines(lines.texts.map { Text(en: renaming(kind, to: name, in: [$0.en])[0], zh: renaming(kind, to: name, in: [$0.zh])[0]) })
    }
}

extension LoopTrace {
    /// ``lines(_:times:)`` in both languages, as ``Lines``.
    func bilingualLines(_ filter: Filter = .all, times: Bool = true) -> Lines { Lines(texts(filter, times: times)) }
}

/// A log of lines in both languages, written from several threads (the lesson's own ``Log``,
/// whose lines are strings, for texts): what a callout did, to compare as ``Lines``.
final class TextLog: Sendable {
    private let items = Lock<[Text]>([])

    func add(_ item: Text) { items.withLock { $0.append(item) } }
    var count: Int { items.withLock { $0.count } }
    var all: Lines { Lines(items.withLock { $0 }) }
}
