import RunLoopEngine

/// One predict-then-run question of `kata quiz`: a scenario as an iOS developer writes it,
/// the same scenario written line for line on the engine, and what to predict.
///
/// There is no stored answer. ``run(mechanisms:)`` runs the engine code on a thread of its own,
/// on a ``VirtualClock``, and the correct answer is what that run derives from its trace or
/// outcome. Change the engine and the answer changes with it.
public struct QuizQuestion: Sendable, Identifiable {
    /// How the learner answers.
    public enum Form: Sendable, Equatable {
        /// Pick one option (a, b, c…). The run's answer is one option's `value`.
        case choice([Choice])
        /// A list of words, in order, from `words` (a word may come more than once).
        case order(words: [String])
        /// A list of times in milliseconds on the virtual clock, in order.
        case times
        /// Pick every option that is right (a, c…), or none: the options of a which-fix or
        /// which-tool question. The run's answer is the right options' values, in their order.
        case several([Choice])
    }

    /// One option of a choice question: the text shown, and the value the run reports when
    /// this option is what happened.
    public struct Choice: Sendable, Equatable {
        public let text: Text
        public let value: String
        public init(en: String, zh: String, value: String) {
            self.text = Text(en: en, zh: zh)
            self.value = value
        }
        /// An option that is a name from the API (`kCFRunLoopRunFinished`): the same in both
        /// languages, marked as code (``Text/code(_:)``).
        public init(code: String, value: String) {
            self.text = Text.code(code)
            self.value = value
        }
    }

    /// The texts a learner reads, each in both languages.
    public struct Wording: Sendable {
        /// What to predict.
        public let question: Text
        /// The scenario as an iOS developer writes it (Swift on RunLoop, Timer, perform…), with
        /// English comments. It is code: the Chinese side is the same code, only its comments
        /// translated (``ios(in:)``).
        public let ios: String
        /// What ``ios`` uses but does not define, each as `name: Type` (`busySource: CFRunLoopSource`),
        /// named in a comment of ``ios`` as a placeholder: the code an app would supply.
        public let placeholders: [String]
        /// The twin of each prose comment in ``ios`` (the text after `// `). A comment that is
        /// code (`// @objc func delayed() { … }`) has none and reads the same in both languages.
        public let comments: [Text]
        /// Why the loop does what it does, in a few sentences.
        public let why: Text
        public init(question: Text, ios: String, placeholders: [String] = [], comments: [Text] = [], why: Text) {
            self.question = question
            self.ios = ios
            self.placeholders = placeholders
            self.comments = comments
            self.why = why
        }

        /// The iOS code with its comments in `language`: each line's `// comment` replaced by
        /// its twin, the code before it untouched.
        public func ios(in language: Language) -> String {
            guard language != .en else { return ios }
            return ios.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                let line = String(line)
                guard let slashes = line.range(of: "// ") else { return line }
                let comment = String(line[slashes.upperBound...])
                guard let twin = comments.first(where: { $0.en == comment }) else { return line }
                return String(line[..<slashes.upperBound]) + twin.in(language)
            }.joined(separator: "\n")
        }

        /// The iOS code in the language of this process.
        public var localizedIOS: String { ios(in: Language.current) }
    }

    /// Where the scenario runs.
    public enum Setting: Sendable, Equatable {
        /// A thread of its own, with a loop of its own.
        case thread
        /// The main thread of an app: the main loop (it services the main queue), with the
        /// tracking mode marked common, UIKit's two autorelease-pool observers and Core
        /// Animation's commit observer.
        case appMain
    }

    /// 1, 2, 3…: `kata quiz N`.
    public let number: Int
    /// The lesson whose page explains the answer.
    public let lesson: Int
    /// A few words: `the timer that stops while scrolling`.
    public let title: Text
    public let wording: Wording
    public let form: Form
    public let setting: Setting
    /// The file that defines the question, relative to the package root: the engine code shown
    /// by `kata quiz N --engine` is read from it, between the question's markers.
    public let sourceFile: String
    /// The options of a which-fix or which-tool question, each run by the engine (nil: a
    /// question that asks for a prediction).
    public let candidates: QuizCandidates?
    /// What an interviewer asks after the answer, with a model answer (nil: no follow-up).
    public let followUp: QuizFollowUp?
    let body: @Sendable (QuizStage) throws -> [String]

    public var id: Int { number }

    init(
        number: Int, lesson: Int, title: Text, form: Form, setting: Setting = .thread, wording: Wording,
        followUp: QuizFollowUp? = nil, file: String = #filePath, body: @escaping @Sendable (QuizStage) throws -> [String]
    ) {
        self.init(
            number: number, lesson: lesson, title: title, form: form, candidates: nil, setting: setting, wording: wording,
            followUp: followUp, file: file, body: body)
    }

    /// A which-fix or which-tool question: `body` runs the question's own code (the problem, or
    /// the need with no tool), and each of `candidates`' options runs on an engine of its own.
    init(
        number: Int, lesson: Int, title: Text, candidates: QuizCandidates, setting: Setting = .thread, wording: Wording,
        followUp: QuizFollowUp? = nil, file: String = #filePath, body: @escaping @Sendable (QuizStage) throws -> [String]
    ) {
        self.init(
            number: number, lesson: lesson, title: title,
            form: .several(candidates.options.map { Choice(en: $0.text.en, zh: $0.text.zh, value: $0.value) }),
            candidates: candidates, setting: setting, wording: wording, followUp: followUp, file: file, body: body)
    }

    private init(
        number: Int, lesson: Int, title: Text, form: Form, candidates: QuizCandidates?, setting: Setting, wording: Wording,
        followUp: QuizFollowUp?, file: String, body: @escaping @Sendable (QuizStage) throws -> [String]
    ) {
        self.number = number
        self.lesson = lesson
        self.title = title
        self.wording = wording
        self.form = form
        self.setting = setting
        self.sourceFile = QuizQuestion.packageRelative(file)
        self.candidates = candidates
        self.followUp = followUp
        self.body = body
    }

    /// What the question asks for, then `explain` if a follow-up comes after it.
    public var kinds: [QuizKind] {
        [candidates?.kind ?? .predict] + (followUp == nil ? [] : [.explain])
    }

    /// `/…/Sources/KataCore/Quiz/Bank/Lesson06.swift` → `Sources/KataCore/Quiz/Bank/Lesson06.swift`.
    static func packageRelative(_ path: String) -> String {
        guard let range = path.range(of: "/Sources/", options: .backwards) else { return path }
        return String(path[path.index(after: range.lowerBound)...])
    }

    /// The mechanisms a run of this question uses unless told otherwise.
    public var referenceMechanisms: Loop.Mechanisms {
        setting == .appMain
            ? Loop.Mechanisms.reference.with(autoreleasePools: ReferenceAutoreleasePoolObservers()).with(commit: ReferenceCoreAnimationCommit())
            : .reference
    }

    /// Runs the scenario on the engine (a thread of its own, a virtual clock, at most 10 s)
    /// and returns what happened: the answer it derives and the trace of its loop. A which-fix or
    /// which-tool question runs its own code, then each option on an engine of its own: its
    /// answer is the options whose runs show the behaviour asked for.
    /// - Parameter mechanisms: the engine to ask; the reference engine by default. Tests pass a
    ///   deliberately wrong mechanism to see the answer follow the engine.
    public func run(mechanisms: Loop.Mechanisms? = nil) -> QuizOutcome {
        let mechanisms = mechanisms ?? referenceMechanisms
        let own = QuizQuestion.run(body, name: "quiz \(number)", setting: setting, mechanisms: mechanisms)
        guard let candidates else { return own }
        // Each option on an engine of its own; the answer is the options whose runs show the need.
        let runs = candidates.options.map { option in
            let outcome = QuizQuestion.run(option.body, name: "quiz \(number) \(option.value)", setting: setting, mechanisms: mechanisms)
            return QuizCandidateRun(candidate: option, outcome: outcome, showsNeed: outcome.answer.map(candidates.holds) ?? false)
        }
        if let failed = runs.first(where: { $0.outcome.failure != nil }) {
            return QuizOutcome(
                answer: nil, trace: failed.outcome.trace, failure: "\(failed.candidate.value): \(failed.outcome.failure ?? "")", candidates: runs)
        }
        return QuizOutcome(
            answer: own.answer == nil ? nil : runs.filter(\.showsNeed).map(\.candidate.value), trace: own.trace, failure: own.failure,
            candidates: runs)
    }

    /// Runs `body` on a thread of its own with a loop of its own (the main thread's, for
    /// ``Setting/appMain``), on a fresh ``VirtualClock``, for at most 10 s.
    static func run(
        _ body: @escaping @Sendable (QuizStage) throws -> [String], name: String, setting: Setting, mechanisms: Loop.Mechanisms
    ) -> QuizOutcome {
        let registry = LoopRegistry(clock: VirtualClock(), mechanisms: mechanisms)
        let stage = QuizStage(registry: registry)
        let outcome = Lock<(answer: [String]?, failure: String?)>((nil, nil))   // written by the scenario thread, read after join
        let thread = LoopThread(name: name, registry: registry, isMain: setting == .appMain) {
            let loop = Loop.current
            if setting == .appMain { loop.addCommonMode(.tracking) }   // UIKit marks tracking common
            stage.trace = loop.startTracing()
            do {
                let answer = try body(stage)
                outcome.withLock { $0.answer = answer }
            } catch {
                outcome.withLock { $0.failure = Text(en: "the scenario threw: \(error)", zh: "场景抛出了错误：\(error)").localized }
            }
        }
        do { try thread.start() } catch {
            return QuizOutcome(answer: nil, trace: LoopTrace(), failure: Text(en: "could not start: \(error)", zh: "无法启动：\(error)").localized)
        }
        guard thread.join(timeout: 10) else {
            return QuizOutcome(
                answer: nil, trace: stage.trace ?? LoopTrace(),
                failure: Text(en: "the scenario did not finish within 10 s", zh: "场景没有在 10 秒内结束").localized)
        }
        stage.finishWorkers()
        let (answer, failure) = outcome.withLock { $0 }
        return QuizOutcome(answer: failure == nil ? answer : nil, trace: stage.trace ?? LoopTrace(), failure: failure)
    }

    /// The letter of choice `index`: a, b, c…
    public static func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(97 + index))) }
}

/// What a run of a question found: the answer, derived from the run, and the trace of the
/// scenario's loop (the timeline `kata quiz` draws; its events carry time, mode, nesting and
/// kind, for any other rendering).
public struct QuizOutcome: Sendable {
    /// The answer the engine gives, as the learner would write it (nil if the run failed).
    public let answer: [String]?
    public let trace: LoopTrace
    /// Why there is no answer.
    public let failure: String?
    /// A which-fix or which-tool question: each option's own run, in the options' order.
    public var candidates: [QuizCandidateRun] = []
}
