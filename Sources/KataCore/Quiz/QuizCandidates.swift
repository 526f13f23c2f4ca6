import RunLoopEngine

/// The options of a *which fix* or *which tool* question: code, each run by the engine.
///
/// The question's own code (``QuizQuestion/Wording/ios``) shows the problem; each option is that
/// code changed (a fix) or the need met with another tool. The engine runs every option as a
/// scenario of its own, and an option is right when its run shows the behaviour asked for
/// (``need``): several may be, or none. Nothing stores which: it is what the runs show.
public struct QuizCandidates: Sendable {
    /// Whether the options fix the question's code or choose a tool for a stated need.
    public let kind: QuizKind
    /// The behaviour an option's run must show: `the ticker fires at 2 s and 3 s, during the scroll`.
    public let need: Text
    /// What each run reports, as shown beside it: `tick (ms)`.
    public let reading: Text
    public let options: [QuizCandidate]
    /// How a reading's words read in each language (`exits`: 退出), where they are not numbers.
    public let words: [String: Text]
    /// Whether a run's reading shows ``need``.
    let holds: @Sendable ([String]) -> Bool

    init(
        kind: QuizKind, need: Text, reading: Text, words: [String: Text] = [:], options: [QuizCandidate],
        holds: @escaping @Sendable ([String]) -> Bool
    ) {
        precondition(kind == .whichFix || kind == .whichTool, "options that are code answer a which-fix or which-tool question")
        self.kind = kind
        self.need = need
        self.reading = reading
        self.options = options
        self.words = words
        self.holds = holds
    }

    /// Whether `reading` shows the behaviour asked for.
    public func shows(_ reading: [String]) -> Bool { holds(reading) }

    /// `reading` as the learner reads it: its words in both languages, joined.
    public func display(_ reading: [String]) -> Text {
        guard !reading.isEmpty else { return QuizQuestion.none }
        // A word with no twin is the run's own (a mode's name, `MyMode`): code, marked as code.
        let shown = reading.map { words[$0] ?? Text.code($0) }
        return Text(en: shown.map(\.en).joined(separator: ", "), zh: shown.map(\.zh).joined(separator: ", "))
    }
}

/// One option of a ``QuizCandidates``: a code change or a tool, as iOS code and as the same
/// scenario on the engine.
public struct QuizCandidate: Sendable {
    /// How the answer names it: `common`.
    public let value: String
    /// The option in a few words: `add the timer to the common modes`.
    public let text: Text
    /// The option's iOS code, whole (the question's code with the change made): type-checked
    /// like every question's code.
    public let ios: String
    /// The twin of each prose comment in ``ios``, as ``QuizQuestion/Wording/comments``.
    public let comments: [Text]
    /// Why its run does or does not show the behaviour.
    public let why: Text
    /// The scenario with this option, on the engine: returns the run's reading.
    let body: @Sendable (QuizStage) throws -> [String]

    init(
        value: String, text: Text, ios: String, comments: [Text] = [], why: Text,
        run body: @escaping @Sendable (QuizStage) throws -> [String]
    ) {
        self.value = value
        self.text = text
        self.ios = ios
        self.comments = comments
        self.why = why
        self.body = body
    }

    /// ``ios`` with its comments in `language`.
    public func ios(in language: Language) -> String {
        QuizQuestion.Wording(question: text, ios: ios, comments: comments, why: why).ios(in: language)
    }
}

/// What the engine's run of one option showed.
public struct QuizCandidateRun: Sendable {
    public let candidate: QuizCandidate
    /// The run: its answer is the reading; its trace, the option's timeline.
    public let outcome: QuizOutcome
    /// Whether the reading shows the behaviour asked for (false when the run failed).
    public let showsNeed: Bool
}
