import Foundation
import Testing

/// How lesson tests run the student's code: never on a Swift Testing pool thread (there are
/// only two here), always with a time limit, and with one clear line when the stub is still there.
///
///     @Test func missedTicksAreSkipped() async throws {
///         let trace = try await Harness.attempt(lesson: 6) { try scenario(StudentTimerSchedule()) }
///         Harness.expectSameLines(trace, expected, hint: "…")
///     }
enum Harness {
    /// What went wrong, in one line that names the lesson.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `body` on a thread of its own and waits for it, suspending (not blocking) the test,
    /// at most `timeout` seconds (with a `hangGuard`, at most `timeout` seconds for each run).
    ///
    /// - Throws: `Failure` with one line if a stub of `lesson` ran (the student has not written
    ///   the code yet), if `body` did not return in time (the thread is left behind, the run goes
    ///   on), or if `body` threw.
    /// - Parameter registry: where the thread takes its loop from (`Loop.current`): give one with
    ///   a `VirtualClock` to make the thread's own loop virtual.
    /// - Parameter ifStuck: what to suggest when the code does not return in time.
    /// - Parameter hangGuard: for a body of many runs, where it has got to: the time limit is
    ///   then for each run (it starts again with each), and the failure names the step that did
    ///   not end.
    static func attempt<T: Sendable>(
        lesson: Int, registry: LoopRegistry = .shared, timeout: Double = 5,
        ifStuck: Text = HarnessText.stuckAdvice, hangGuard: HangGuard? = nil,
        _ body: @escaping @Sendable () throws -> T
    ) async throws -> T {
        let before = UnsolvedLedger.shared.count(lesson: lesson)
        let outcome = Lock<Result<T, any Error>?>(nil)
        let thread = LoopThread(name: "lesson \(lesson)", registry: registry) {
            let result = Result { try body() }
            outcome.withLock { $0 = result }
        }
        try thread.start()
        // Stops waiting as soon as a stub has run: a stub returns a placeholder, and the body may
        // then wait out its own time limits for work the stub never did — seconds for nothing,
        // when the verdict (not solved yet) is already known.
        let stubRan = { @Sendable in UnsolvedLedger.shared.count(lesson: lesson) > before }
        var runs = hangGuard?.runs
        while true {
            let seen = runs
            let moved = await until(timeout, every: 0.02) { thread.isFinished || stubRan() || hangGuard?.runs != seen }
            guard moved, !thread.isFinished, !stubRan() else { break }
            runs = hangGuard?.runs   // a new run began: the time limit is its own, from now
        }
        if stubRan(), let stub = UnsolvedLedger.shared.stub(lesson: lesson, since: before) {
            throw notSolved(lesson: lesson, function: stub.function, file: stub.file)
        }
        var result: Result<T, any Error>?   // nil: still running, left behind
        if thread.isFinished, await thread.finish(timeout: 1) { result = outcome.withLock { $0 } }
        let number = Lesson.paddedNumber(lesson)
        switch result {
        case .success(let value): return value
        case .failure(let error):
            let message = Text.rendered { HarnessText.threw(lesson: number, error: HarnessText.describe(error)).localized }
            throw failure(report(.threw, lesson: lesson, message: message))
        case nil:
            var message = Text(
                en: HarnessText.timedOut(lesson: number, seconds: Int(timeout), advice: ifStuck.en).en,
                zh: HarnessText.timedOut(lesson: number, seconds: Int(timeout), advice: ifStuck.zh).zh)
            if let step = hangGuard?.step { message = Text(en: message.en + "\n" + step.en, zh: message.zh + "\n" + step.zh) }
            throw failure(report(.gaveUp, lesson: lesson, message: message))
        }
    }

    /// The failure of a lesson whose stub ran: the one line that names the function to write
    /// and its file, reported to `kata` as such.
    static func notSolved(lesson: Int, function: String, file: String) -> Failure {
        let message = HarnessText.notSolved(lesson: Lesson.paddedNumber(lesson), function: function, file: file)
        return failure(report(.notSolved, lesson: lesson, message: message, function: function, file: file))
    }

    /// `record`'s line, to throw.
    private static func failure(_ record: HarnessRecord) -> Failure { Failure(description: record.printed(in: Language.current)) }

    /// A failure of the running test, with its names and the clauses it holds, sent to `kata`
    /// when `kata` runs the tests (``HarnessRecord/variable``): `kata` shows it in the student's
    /// language without reading what the test printed.
    static func report(
        _ kind: HarnessRecord.Kind, lesson: Int? = nil, message: Text, function: String? = nil, file: String? = nil,
        comparison: HarnessRecord.Comparison? = nil, hint: Text? = nil, after: Text? = nil, clauses: [String]? = nil
    ) -> HarnessRecord {
        let test = Test.current
        let record = HarnessRecord(
            test: test.map { String(describing: $0.id) } ?? "", lesson: lesson ?? currentLesson, kind: kind,
            name: test.flatMap { test in ChineseName.of(test).map { Text(en: test.displayName ?? test.name, zh: $0) } },
            message: message, function: function, file: file, comparison: comparison, hint: hint, after: after, clauses: clauses ?? heldClauses)
        record.send()
        return record
    }

    /// The lesson of the running test, from its suite's name (`Lesson06Tests` → 6); 0 outside one.
    static var currentLesson: Int {
        guard let id = Test.current.map({ String(describing: $0.id) }), let match = id.firstMatch(of: /Lesson(\d\d)/) else { return 0 }
        return Int(match.1) ?? 0
    }

    /// Runs `scenario` twice on a fresh loop on a virtual clock — with the student's mechanisms
    /// (inside ``attempt(lesson:timeout:_:)``) and with the engine's own — and returns both traces.
    /// The scenario adds items and runs the loop itself; the loop allows 10 000 passes per run.
    static func traces(
        lesson: Int, student: Loop.Mechanisms, filter: LoopTrace.Filter = .all,
        _ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void
    ) async throws -> (actual: [String], expected: [String]) {
        let (actual, expected) = try await traceTexts(lesson: lesson, student: student, filter: filter, scenario)
        return (actual.map(\.localized), expected.map(\.localized))
    }

    /// ``traces(lesson:student:filter:_:)`` with each line in both languages (its notes written as
    /// ``Text``): for ``expectSameLines(_:_:hint:expectedTitle:sourceLocation:)-([Text],_,_,_,_)``.
    static func traceTexts(
        lesson: Int, student: Loop.Mechanisms, filter: LoopTrace.Filter = .all,
        _ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void
    ) async throws -> (actual: [Text], expected: [Text]) {
        let actual = try await attempt(lesson: lesson) { try traceTexts(student, filter, scenario) }
        let expected = try traceTexts(.reference, filter, scenario)
        return (actual, expected)
    }

    /// One run of `scenario` on a fresh loop with `mechanisms`: its trace lines.
    static func trace(
        _ mechanisms: Loop.Mechanisms, _ filter: LoopTrace.Filter,
        _ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void
    ) throws -> [String] {
        try traceTexts(mechanisms, filter, scenario).map(\.localized)
    }

    /// ``trace(_:_:_:)`` with each line in both languages.
    static func traceTexts(
        _ mechanisms: Loop.Mechanisms, _ filter: LoopTrace.Filter,
        _ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void
    ) throws -> [Text] {
        let (loop, clock) = virtualLoop(mechanisms: mechanisms)
        let trace = loop.startTracing()
        try scenario(loop, clock)
        return trace.texts(filter)
    }

    /// `lines` with every item of `kind` (`timer`, `source`…) named `name`: for traces of items
    /// the student's code makes and names as it likes.
    static func renaming(_ kind: String, to name: String, in lines: [String]) -> [String] {
        lines.map { $0.replacingOccurrences(of: kind + #" "[^"]*""#, with: "\(kind) \"\(name)\"", options: .regularExpression) }
    }

    /// Expects two lists of lines (trace lines, usually) to be equal; on a mismatch, records one
    /// issue with both side by side and a hint. Lines given as strings are shown as they are, in
    /// either language: lines holding a text (a note, an expected line written from a ``Text``)
    /// are given as texts, the overload below, so that `kata` can show them in both.
    static func expectSameLines(
        _ actual: [String], _ expected: [String], hint: Text,
        expectedTitle: Text = HarnessText.expectedTitle,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard actual != expected else { return }
        expectSameLines(actual.map(Text.verbatim), expected.map(Text.verbatim), hint: hint, expectedTitle: expectedTitle, sourceLocation: sourceLocation)
    }

    /// Expects two lists of lines, each in both languages, to be equal; on a mismatch, records one
    /// issue with both side by side and a hint, and sends `kata` the rows as data
    /// (``HarnessRecord/Comparison``).
    static func expectSameLines(
        _ actual: [Text], _ expected: [Text], hint: Text,
        expectedTitle: Text = HarnessText.expectedTitle,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard actual != expected else { return }
        let comparison = HarnessRecord.Comparison(expected: expected, actual: actual, expectedTitle: expectedTitle, actualTitle: HarnessText.actualTitle)
        let record = report(.wrong, message: HarnessText.mismatch, comparison: comparison, hint: hint)
        Issue.record(Comment(rawValue: record.printed(in: Language.current)), sourceLocation: sourceLocation)
    }
}

extension Text {
    /// The text as the comment of an `#expect`, `#require` or `Issue.record`, in the student's
    /// language (in Chinese with the test's Chinese name first, in 「」: Swift Testing prints
    /// only the English one; and the clauses it holds last, see ``Harness/heldClauses``).
    /// Evaluated only when the check fails: it reports the failure to `kata` too.
    var comment: Comment { Comment(rawValue: Harness.report(.wrong, message: self).printed(in: Language.current)) }
}

extension Tag {
    // The tag of each lesson (`lesson06`) is in LessonTags.swift, written by `swift run kata dev sync`.
    /// ★ lessons.
    @Tag static var level1: Self
    /// ★★ lessons.
    @Tag static var level2: Self
    /// ★★★ lessons.
    @Tag static var level3: Self
    /// The student writes a mechanism of the loop.
    @Tag static var build: Self
    /// The student writes client code on the loop's API.
    @Tag static var use: Self
}
