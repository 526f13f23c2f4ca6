import Foundation

import RunLoopEngine

/// The language the student reads: every student-facing string comes in both (``Text``).
///
/// Chosen once per process, first match wins:
/// 1. `kata --lang en|zh-Hans` (the `kata` command only; the lesson tests have no options);
/// 2. `KATA_LANG=en|zh-Hans`: set for one shell or one command, it is the most recent wish;
/// 3. the language `kata --lang` chose last time, remembered in `.kata/progress.json` (the
///    `kata` command only, once it has found the package);
/// 4. the system's language: `LC_ALL`, else `LANG`, starting with `zh` → 简体中文;
/// 5. English.
/// A value that names no language (`KATA_LANG=klingon`, a garbled remembered value) is skipped.
public enum Language: String, Sendable, CaseIterable {
    case en
    case zhHans = "zh-Hans"

    /// The language's name in itself: a link to a page's twin says it (`[简体中文](…)`).
    public var name: String {
        switch self {
        case .en: "English"
        case .zhHans: "简体中文"
        }
    }

    /// `en` / `zh-Hans` (also `zh`, `zh_CN`, `zh-CN`, any case) → the language; anything else → nil.
    public init?(code: String) {
        let code = code.lowercased()
        if code == "en" || code.hasPrefix("en_") || code.hasPrefix("en-") {
            self = .en
        } else if code == "zh" || code.hasPrefix("zh-") || code.hasPrefix("zh_") {
            self = .zhHans
        } else {
            return nil
        }
    }

    /// The rules above, on the given option value and environment: the one place they are written.
    public static func resolve(option: String? = nil, remembered: String? = nil, environment: [String: String]) -> Language {
        if let option, let chosen = Language(code: option) { return chosen }
        if let variable = environment["KATA_LANG"], let chosen = Language(code: variable) { return chosen }
        if let remembered, let chosen = Language(code: remembered) { return chosen }
        // POSIX: LC_ALL, when set, overrides LANG.
        let system = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
        return system.lowercased().hasPrefix("zh") ? .zhHans : .en
    }

    /// The language of this process: read from the environment once, unless `kata --lang` chose
    /// (or a task runs in ``scoped``).
    public static var current: Language { scoped ?? chosen.withLock { $0 } ?? fromEnvironment }

    /// The language of one task and its child tasks, whatever the process chose: a test of the
    /// English screens runs in English on a Chinese system, without changing the language of the
    /// lesson tests that run beside it in the same process.
    @TaskLocal public static var scoped: Language?

    /// Called by `kata` when `--lang` is given, before anything is printed.
    public static func choose(_ language: Language) { chosen.withLock { $0 = language } }

    /// Called by `kata` once it has read the language it remembers (no `--lang` given): the
    /// rules above, with that value in its place.
    public static func remember(_ remembered: String?) {
        choose(resolve(remembered: remembered, environment: ProcessInfo.processInfo.environment))
    }

    private static let fromEnvironment = resolve(environment: ProcessInfo.processInfo.environment)
    private static let chosen = Lock<Language?>(nil)
}

/// One student-facing string in both languages, side by side. Both are required: a string
/// without its translation does not compile. Codable: the lesson tests send it to `kata` as it is
/// (``HarnessRecord``), and `kata` picks the language.
public struct Text: Sendable, Hashable, Codable {
    public let en: String
    public let zh: String

    public init(en: String, zh: String) {
        self.en = en
        self.zh = zh
    }

    /// The two languages written with ``Wording``'s `\(code: …)` for the names of code in them:
    /// `Text(en: "Write \(code: "loop(for:)")", zh: "写出 \(code: "loop(for:)")")`.
    public init(en: Wording, zh: Wording) {
        self.init(en: en.string, zh: zh.string)
    }

    /// The same string in both languages: code, a trace's own words (`timer "tick"`), a number.
    public static func verbatim(_ string: String) -> Text { Text(en: string, zh: string) }

    /// A name of code, the same in both languages, marked as code (``codeSpan(_:)``).
    public static func code(_ name: String) -> Text { verbatim(codeSpan(name)) }

    /// `name` in the course's one code markup, a span in backticks: the terminal shows it as it
    /// is, a page renders it as code, a picture draws it in the code font (`SVGText`), and the
    /// Chinese checks read it as code, never as prose. A name holds no backtick of its own.
    public static func codeSpan(_ name: String) -> String {
        precondition(!name.contains("`"), "a code name with a backtick in it: \(name)")
        return "`" + name + "`"
    }

    /// One language's string, in which a name of code is typed, `\(code: name)`, rather than
    /// left for a reader (or a check) to guess: `"请在 \(code: file) 中写出 \(code: function)"`.
    /// Any other interpolation is the value as `String(describing:)` writes it.
    public struct Wording: ExpressibleByStringInterpolation, Sendable {
        public let string: String

        public init(stringLiteral value: String) { string = value }
        public init(stringInterpolation: Interpolation) { string = stringInterpolation.string }

        public struct Interpolation: StringInterpolationProtocol {
            var string = ""
            public init(literalCapacity: Int, interpolationCount: Int) { string.reserveCapacity(literalCapacity) }
            public mutating func appendLiteral(_ literal: String) { string += literal }
            public mutating func appendInterpolation<Value>(_ value: Value) { string += String(describing: value) }
            public mutating func appendInterpolation(code name: String) { string += Text.codeSpan(name) }
        }
    }

    /// The string in `language`.
    public func `in`(_ language: Language) -> String { language == .en ? en : zh }

    /// The string in `language` without its code marks, for a medium that shows code as plain
    /// text (a link's text in a table of lessons): `Stopping run()`, not ``Stopping `run()` ``.
    public func plain(in language: Language) -> String { self.in(language).replacingOccurrences(of: "`", with: "") }

    /// The string in the language of this process (``Language/current``).
    public var localized: String { self.in(Language.current) }

    /// Each language's strings one after the other: a line put together from texts and words.
    public static func + (left: Text, right: Text) -> Text { Text(en: left.en + right.en, zh: left.zh + right.zh) }
    public static func + (left: String, right: Text) -> Text { verbatim(left) + right }
    public static func + (left: Text, right: String) -> Text { left + verbatim(right) }
}

/// A note's text rides in the trace beside its line (``TraceEvent/content``), so that a trace
/// can be listed in either language whichever one the note was written in.
extension Text: TraceNoteContent {}
