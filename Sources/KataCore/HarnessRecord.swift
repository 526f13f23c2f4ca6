import Foundation

import RunLoopEngine

/// One teaching failure of a lesson test, as data: what the lesson harness tells `kata` about a
/// test besides what Swift Testing's event stream says (passed or failed, crashed, hung).
///
/// `kata` names a file in ``variable`` for each test process it starts; the harness appends one
/// record per failure to it, one JSON object a line, in both languages. `kata` reads the kind
/// (the stub still there, a wrong answer, code that never returned, code that threw) and shows
/// the payload in the student's language: it never reads what the tests printed for a person.
/// Without the variable (a plain `swift test`) nothing is written.
public struct HarnessRecord: Codable, Sendable, Equatable {
    /// The record's format; a record of another version is skipped.
    public static let currentVersion = 2

    /// The environment variable that names the file the records go to.
    public static let variable = "KATA_RESULTS"

    public enum Kind: String, Codable, Sendable {
        /// A stub of the lesson ran: the student has not written `function` in `file` yet.
        case notSolved
        /// The code ran and did something else than expected.
        case wrong
        /// The code did not return in time; it may still be running in the test process.
        case gaveUp
        /// The code threw an error.
        case threw
    }

    public var version: Int = currentVersion
    /// The test, as Swift Testing's event stream names it:
    /// `LessonTests.Lesson06Tests/onTime()/Lesson06Tests.swift:15:6`.
    public var test: String
    /// The lesson's number.
    public var lesson: Int
    public var kind: Kind
    /// The test's name in both languages (the English one is its `@Test("…")`), if known.
    public var name: Text?
    /// The one line (the stub's, the time limit's, the error) or, for a wrong answer, the
    /// explanation's first part.
    public var message: Text
    /// For ``Kind/notSolved``: the function to write and its file (`Exercises/06-…/X.swift`).
    public var function: String?
    public var file: String?
    /// Expected and actual side by side, row by row, each line in both languages.
    public var comparison: Comparison?
    /// What to look at.
    public var hint: Text?
    /// A closing line (how to run the same scenario again).
    public var after: Text?
    /// The clauses of the stub the test holds (`["§3", "§4"]`).
    public var clauses: [String] = []

    public init(
        test: String, lesson: Int, kind: Kind, name: Text? = nil, message: Text, function: String? = nil, file: String? = nil,
        comparison: Comparison? = nil, hint: Text? = nil, after: Text? = nil, clauses: [String] = []
    ) {
        self.test = test
        self.lesson = lesson
        self.kind = kind
        self.name = name
        self.message = message
        self.function = function
        self.file = file
        self.comparison = comparison
        self.hint = hint
        self.after = after
        self.clauses = clauses
    }

    /// One line of the explanation, and what it is (a screen colours the hint and the rows of
    /// the comparison that differ).
    public struct Line: Equatable, Sendable {
        public enum Role: Equatable, Sendable {
            case message, hint, closing
            /// The comparison's column titles and rule.
            case tableTitle
            /// A row of the comparison; `differs`: its two sides are not the same.
            case row(differs: Bool)
        }
        public var text: String
        public var role: Role

        public init(text: String, role: Role) {
            self.text = text
            self.role = role
        }
    }

    /// The explanation in `language`: the message, the comparison, the hint after its label, the
    /// closing line, the clauses the test holds — each part on lines of its own.
    public func explanation(in language: Language) -> [Line] {
        func lines(_ text: String, _ role: Line.Role) -> [Line] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(text: String($0), role: role) }
        }
        var out = lines(message.in(language), .message)
        if let comparison { out += comparison.lines(in: language) }
        if let hint { out += lines(HarnessText.hint.in(language) + hint.in(language), .hint) }
        if let after { out += lines(after.in(language), .closing) }
        if !clauses.isEmpty { out += lines(HarnessText.promise(clauses).in(language), .closing) }
        return out
    }

    /// What a test prints in `language` for this failure, as Swift Testing shows it: the one line
    /// of a stub, a time limit or an error; for a wrong answer, the explanation, led in Chinese by
    /// the test's Chinese name in 「」 (Swift Testing prints only the English one).
    public func printed(in language: Language) -> String {
        guard kind == .wrong else { return message.in(language) }
        let lead = language == .zhHans ? name.map { "「\($0.zh)」" } ?? "" : ""
        return lead + explanation(in: language).map(\.text).joined(separator: "\n")
    }

    // MARK: the file

    /// Appends the record, one line, to `path`: a single `write` to a file opened for appending,
    /// so records from several threads and processes never interleave. Returns false when the
    /// file cannot be written.
    @discardableResult
    public func append(to path: String) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(self) else { return false }
        data.append(0x0A)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return written == data.count
    }

    /// Appends the record to the file the environment names (``variable``); nothing without it.
    public func send(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment[Self.variable], !path.isEmpty else { return }
        append(to: path)
    }

    /// The records of a file's text, in order. A line that is not a whole record of this
    /// version (torn by a crash in the middle of a write, or garbled) is skipped; the others are kept.
    public static func read(_ text: String) -> [HarnessRecord] {
        let decoder = JSONDecoder()
        return text.split(separator: "\n").compactMap { line in
            guard let record = try? decoder.decode(HarnessRecord.self, from: Data(line.utf8)), record.version == currentVersion else { return nil }
            return record
        }
    }
}

extension Text {
    /// The text `make` writes, once in each language (it runs twice, with ``Language/current``
    /// set to each): for text put together by code that speaks the language of the moment.
    public static func rendered(_ make: () -> String) -> Text {
        Text(en: Language.$scoped.withValue(.en) { make() }, zh: Language.$scoped.withValue(.zhHans) { make() })
    }
}
