import Foundation
import RunLoopEngine
import TestSupport
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata quiz: the bank", .inEnglish)
struct QuizBankTests {
    @Test("At least 40 questions, numbered 1…N without a gap, every lesson with at least two")
    func coversEveryLesson() {
        #expect(QuizBank.all.count >= 40)
        #expect(QuizBank.all.map(\.number) == Array(1...QuizBank.all.count))
        for lesson in Catalog.lessons {
            let count = QuizBank.questions(of: lesson.number).count
            #expect(count >= 2, "lesson \(lesson.number) has \(count) quiz question(s): give it at least two")
        }
        #expect(Set(QuizBank.all.map(\.lesson)).isSubset(of: Set(Catalog.lessons.map(\.number))))
    }

    /// Words by which a question leans on the one before it.
    static let pointsElsewhere = [
        "previous question", "as in question", "the question before", "the same,", "the same scroll", "the same screen",
        "the same code", "the same setup", "上一题", "前一题", "同样的代码", "同样的场景", "同样的滑动", "同样的页面", "同上",
    ]

    @Test("Every question stands alone (the interview draws it alone): none of its texts, options or follow-up points at another question")
    func standsAlone() {
        for question in QuizBank.all {
            let texts = (question.texts.map(\.text) + question.choices.map(\.text)).flatMap { [$0.en, $0.zh] }
            for text in texts {
                let leaning = Self.pointsElsewhere.filter { text.lowercased().contains($0) }
                #expect(leaning.isEmpty, "question \(question.number) leans on another question (\(leaning)): say the whole setting in \"\(text)\"")
            }
        }
    }

    @Test("Every question runs on the engine, and its answer is one a learner can give")
    func everyQuestionRuns() throws {
        for question in QuizBank.all {
            let answer = try #require(
                QuizFixture.referenceAnswers[question.number] ?? nil, "question \(question.number) did not run: \(question.run().failure ?? "?")")
            switch question.form {
            case .choice(let choices):
                #expect(
                    answer.count == 1 && choices.contains { $0.value == answer[0] },
                    "question \(question.number): the engine's answer \(answer) is none of the options")
            case .order(let words):
                #expect(!answer.isEmpty && answer.allSatisfy(words.contains), "question \(question.number): \(answer) uses words not offered: \(words)")
            case .times:
                #expect(answer.allSatisfy { Double($0) != nil }, "question \(question.number): \(answer) are not times")
            case .several(let choices):
                #expect(answer.allSatisfy { value in choices.contains { $0.value == value } }, "question \(question.number): \(answer) are not options")
            }
        }
    }

    @Test("The engine's answer, typed in, is right; a wrong one is marked wrong")
    func grading() throws {
        for question in QuizBank.all {
            let right = try #require(QuizFixture.referenceAnswers[question.number] ?? nil)
            let parsed = try question.parse(QuizFixture.typed(question, right))
            #expect(
                question.grade(parsed, against: right).isCorrect,
                "question \(question.number): '\(QuizFixture.typed(question, right))' was not taken as \(right)")
            let wrong = QuizFixture.wrongAnswer(to: question, right)
            let wrongParsed = try question.parse(QuizFixture.typed(question, wrong))
            #expect(!question.grade(wrongParsed, against: right).isCorrect, "question \(question.number): the wrong answer \(wrong) was marked right")
        }
    }

    @Test("Answers are read leniently: spaces, case, ms, none")
    func parsing() throws {
        let times = try #require(QuizBank.all.first { $0.form == .times })
        #expect(try times.parse(" 1000 ms, 3500ms ") == ["1000", "3500"])
        #expect(try times.parse("none") == [])
        #expect(throws: QuizAnswerError.self) { try times.parse("soon") }
        let order = try #require(QuizBank.question(35))
        #expect(try order.parse("Entry, before waiting,EXIT") == ["entry", "beforeWaiting", "exit"])
        #expect(throws: QuizAnswerError.self) { try order.parse("entry, sleep") }
        let choice = try #require(QuizBank.question(10))
        #expect(throws: QuizAnswerError.self) { try choice.parse("z") }
    }
}

// MARK: Wrong engines

/// Replays missed ticks: the next date is always the old one plus one interval.
private struct CatchUpTimers: TimerRescheduling {
    func nextFireDate(after fireDate: Instant, interval: Double, now: Instant) -> Instant { fireDate + interval }
}

/// Forgets to copy the common items into a mode marked common later.
private struct NoCopyCommonModes: CommonModeRules {
    private(set) var commonModes: Set<Loop.Mode> = []
    mutating func addCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> { commonModes }
    mutating func removeCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> { commonModes }
    mutating func markCommon(_ mode: Loop.Mode) -> [Loop.Item] { commonModes.insert(mode); return [] }
}

/// Tells the observers of before/after waiting even when the pass polls.
private struct AlwaysWaitingPass: LoopPassing {
    func runPass(_ pass: Loop.Pass) -> Loop.RunResult? {
        pass.notify(.beforeTimers)
        pass.notify(.beforeSources)
        pass.doBlocks()
        var handledSource = pass.doSources0()
        if handledSource { pass.doBlocks() }
        let poll = handledSource || pass.hasNoTimeLeft
        pass.notify(.beforeWaiting)
        let reason = pass.mainQueueShouldBeServicedWithoutSleeping() ? .mainQueue : pass.waitForWakeReason(poll: poll)
        pass.notify(.afterWaiting)
        if pass.handle(reason) { handledSource = true }
        pass.doBlocks()
        if handledSource && pass.returnsAfterSourceHandled { return .handledSource }
        if pass.deadlineHasPassed { return .timedOut }
        if pass.takeStopRequest() { return .stopped }
        if pass.modeIsEmpty { return .finished }
        return nil
    }
}

/// Services the main queue in every mode, common or not.
private struct MainQueueEverywhere: MainQueueServicing {
    func servicesMainQueue(in mode: Loop.Mode, commonModes: Set<Loop.Mode>) -> Bool { true }
    func service(_ queue: MainQueue) { ReferenceMainQueueServicing().service(queue) }
}

/// Core Animation's commit when the loop wakes, not before it sleeps.
private struct CommitAfterWaking: CoreAnimationCommit {
    func install(on loop: Loop, transaction: Transaction) {
        try? loop.add(Loop.Observer(activities: [.afterWaiting, .exit], order: 2_000_000) { _ in commit(transaction) }, forMode: .common)
    }
    func commit(_ transaction: Transaction) { ReferenceCoreAnimationCommit().commit(transaction) }
}

/// Core Animation's commit in the default mode only.
private struct CommitInDefaultOnly: CoreAnimationCommit {
    func install(on loop: Loop, transaction: Transaction) {
        try? loop.add(Loop.Observer(activities: [.beforeWaiting, .exit], order: 2_000_000) { _ in commit(transaction) }, forMode: .default)
    }
    func commit(_ transaction: Transaction) { ReferenceCoreAnimationCommit().commit(transaction) }
}

/// A commit that lays out every view of a marked window, whether it needs layout or not.
private struct CommitLayingOutEverything: CoreAnimationCommit {
    func install(on loop: Loop, transaction: Transaction) {
        try? loop.add(Loop.Observer(activities: [.beforeWaiting, .exit], order: 2_000_000) { _ in commit(transaction) }, forMode: .common)
    }
    func commit(_ transaction: Transaction) {
        func layOut(_ view: View) {
            view.layoutSubviews()
            view.subviews.forEach(layOut)
        }
        transaction.takeWindows().forEach(layOut)
        transaction.sendToRenderServer()
    }
}

/// A display link that is wrong in one way, the engine's in every other.
private struct WrongDisplayLink: DisplayLinkDriving {
    enum Mistake { case alwaysCommon, catchesUp, ignoresTheRate }
    let mistake: Mistake
    let reference = ReferenceDisplayLink()

    func add(_ link: DisplayLink, to loop: Loop, forMode mode: Loop.Mode) throws(LoopError) {
        if mistake == .ignoresTheRate { link.preferredFramesPerSecond = 0 }
        try reference.add(link, to: loop, forMode: mistake == .alwaysCommon ? .common : mode)
    }
    func setPaused(_ paused: Bool, _ link: DisplayLink) { reference.setPaused(paused, link) }
    func vsyncsPerFrame(preferredFramesPerSecond fps: Int) -> Int { reference.vsyncsPerFrame(preferredFramesPerSecond: fps) }
    func vsync(_ link: DisplayLink, at now: Instant) {
        guard mistake == .catchesUp, let last = link.lastFrameVSync else { return reference.vsync(link, at: now) }
        // Every vsync missed is delivered, one after another, late.
        for frame in (last + 1)...max(last + 1, DisplayLink.vsync(at: now)) {
            link.deliverFrame(vsync: frame, timestamp: DisplayLink.time(ofVSync: frame), targetTimestamp: DisplayLink.time(ofVSync: frame + 1))
        }
    }
}

/// Answers corrected against what current iOS does: each test holds the engine's answer, and
/// grades the answer the question used to have as wrong.
@Suite("kata quiz: corrected answers", .inEnglish)
struct QuizCorrectedAnswersTests {
    /// The engine's answer to question `number`, and whether `old` is graded wrong against it.
    static func check(_ number: Int, is expected: [String], not old: [String]) throws {
        let question = try #require(QuizBank.question(number))
        let right = try #require(QuizFixture.referenceAnswers[number] ?? nil)
        #expect(right == expected, "question \(number): the engine answers \(right), not \(expected)")
        #expect(!question.grade(old, against: right).isCorrect, "question \(number): the old answer \(old) is still taken as right")
    }

    @Test("Question 59: a recognized tap cancels the button's touch, and its action comes before the sleep")
    func tapOverAButton() throws {
        try Self.check(
            59, is: ["touchesBegan", "touchesCancelled", "action", "beforeWaiting"], not: ["touchesBegan", "touchesEnded", "beforeWaiting", "action"])
    }

    @Test("Question 60: the move that begins the pan never reaches the view")
    func panTakesTheTouch() throws {
        try Self.check(60, is: ["1100", "1200"], not: ["1100", "1200", "1300"])
    }

    @Test("Question 57: the frames missed during a long callback are dropped, whatever the next vsync")
    func framesDropped() throws {
        try Self.check(57, is: ["dropped"], not: ["3"])
    }

    @Test("Question 62: the commit comes before the sleep (in both models)")
    func commitBeforeTheSleep() throws {
        try Self.check(62, is: ["this turn"], not: ["next wake-up"])
    }

    @Test("Question 3: a thread's exit removes its loop's sources; timers and observers stay with the object")
    func exitRemovesSources() throws {
        let question = try #require(QuizBank.question(3))
        guard case .choice(let choices) = question.form else { throw QuizCorrectionError.notAChoice }
        let tornDown = try #require(choices.first { $0.value == "torn down" })
        #expect(!tornDown.text.en.contains("timers and observers are removed") && !tornDown.text.en.contains("sources, timers and observers are removed"))
        #expect(tornDown.text.en.contains("its sources are removed"))
        #expect(!tornDown.text.zh.contains("定时器和观察者都被移除"))
        #expect(question.wording.why.en.contains("__CFRunLoopRemoveAllSources"))
    }

    enum QuizCorrectionError: Error { case notAChoice }
}

@Suite("kata quiz: the answer comes from the engine", .inEnglish)
struct QuizFollowsTheEngineTests {
    static let pools = Loop.Mechanisms.reference.with(autoreleasePools: ReferenceAutoreleasePoolObservers())

    /// A wrong engine, and questions whose answer must change on it.
    static let cases: [(String, Loop.Mechanisms, [Int])] = [
        ("timers that replay missed ticks", .reference.with(timers: CatchUpTimers()), [17, 19, 41]),
        ("common modes that forget the items added before", .reference.with(commonModes: NoCopyCommonModes.self), [8]),
        ("a pass that tells before waiting when it polls", .reference.with(pass: AlwaysWaitingPass()), [36, 38]),
        ("a main queue serviced in every mode", pools.with(mainQueue: MainQueueEverywhere()), [44]),
        ("a commit after the loop wakes", pools.with(commit: CommitAfterWaking()), [47, 62]),
        ("a commit that lays out every view, needed or not", pools.with(commit: CommitLayingOutEverything()), [48]),
        ("a commit in the default mode only", pools.with(commit: CommitInDefaultOnly()), [49]),
        ("a display link added to the common modes whatever the mode", .reference.with(displayLink: WrongDisplayLink(mistake: .alwaysCommon)), [56]),
        ("a display link that delivers the frames it missed", .reference.with(displayLink: WrongDisplayLink(mistake: .catchesUp)), [57]),
        ("a display link that ignores the preferred rate", .reference.with(displayLink: WrongDisplayLink(mistake: .ignoresTheRate)), [58]),
    ]

    @Test(
        "On a wrong engine the answer changes, and the reference engine's answer is graded wrong",
        arguments: 0..<cases.count)
    func wrongEngine(_ index: Int) throws {
        let (name, mechanisms, numbers) = Self.cases[index]
        for number in numbers {
            let question = try #require(QuizBank.question(number))
            let right = try #require(QuizFixture.referenceAnswers[number] ?? nil)
            let broken = question.run(mechanisms: mechanisms).answer ?? ["(no answer)"]
            #expect(broken != right, "question \(number) gave the same answer \(right) on \(name): its answer does not come from the engine")
            #expect(!question.grade(right, against: broken).isCorrect)
        }
    }
}

@Suite("kata quiz: the engine code shown is the code that runs", .inEnglish)
struct QuizEngineCodeTests {
    @Test("Each question's marked engine code is its own closure's body, whole")
    func markedCodeIsTheBody() throws {
        for question in QuizBank.all {
            let text = try String(contentsOfFile: "\(QuizFixture.packageRoot)/\(question.sourceFile)", encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let (begin, end) = QuizQuestion.markers(question.number)
            let start = try #require(
                lines.firstIndex(of: "number: \(question.number), lesson: \(question.lesson),"),
                "question \(question.number)'s definition not found in \(question.sourceFile)")
            let opening = try #require(lines[start...].firstIndex(of: ") { stage in"))
            #expect(lines[opening + 1] == begin, "question \(question.number): the engine code must start right after `{ stage in`")
            let close = try #require(lines[opening...].firstIndex(of: end), "question \(question.number): no end marker")
            #expect(lines[close + 1] == "},", "question \(question.number): code after the end marker runs but is not shown")
            #expect(lines.filter { $0 == begin }.count == 1 && lines.filter { $0 == end }.count == 1)
            let code = try #require(question.engineCode(packageRoot: QuizFixture.packageRoot))
            #expect(code.contains("return"), "question \(question.number): its engine code derives no answer")
        }
    }

    @Test("kata quiz N --svg draws the engine's own run of question N, and needs a number")
    func svgDrawsTheEnginesRun() throws {
        let question = try #require(QuizBank.question(41))
        let path = NSTemporaryDirectory() + "kata-quiz-\(UUID().uuidString).svg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = QuizSession(
            packageRoot: QuizFixture.packageRoot, progressRoot: NSTemporaryDirectory(), style: Style(colours: false),
            output: { _ in }, input: { nil })
        #expect(try session.run(QuizRequest(number: 41, svg: path)) == Kata.ExitCode.ok)
        let drawn = try String(contentsOfFile: path, encoding: .utf8)
        let outcome = question.run()
        let expected = outcome.trace.picture(
            title: "quiz 41: \(question.title.en)",
            summary: Catalog.lesson(question.lesson).map { "lesson \($0.paddedNumber): \($0.title)" } ?? "")
        #expect(drawn == expected, "the picture is not the engine's timeline of question 41")
        func parse(_ arguments: [String]) throws(UsageError) -> Invocation { try Invocation.parse(arguments, lessons: 14) }
        #expect(throws: UsageError.self) { _ = try parse(["quiz", "--svg", path]) }
        #expect(throws: UsageError.self) { _ = try parse(["quiz", "41", "--svg", path, "--answer", "b"]) }
        #expect(try parse(["quiz", "41", "--svg", path]) == .quiz(QuizRequest(number: 41, svg: path)))
    }

    @Test("kata quiz N --engine prints the iOS code beside those very lines")
    func engineCommandShowsTheSource() throws {
        let question = try #require(QuizBank.question(17))
        var printed: [String] = []
        let session = QuizSession(
            packageRoot: QuizFixture.packageRoot, progressRoot: NSTemporaryDirectory(), style: Style(colours: false),
            output: { printed.append($0) }, input: { nil })
        #expect(try session.run(QuizRequest(number: 17, engine: true)) == Kata.ExitCode.ok)
        let shown = printed.joined(separator: "\n")
        for line in try #require(question.engineCode(packageRoot: QuizFixture.packageRoot)).split(separator: "\n") {
            #expect(shown.contains(String(line)), "not shown: \(line)")
        }
        #expect(shown.contains("Thread.sleep(forTimeInterval: 2.5)"))
    }
}

@Suite("kata quiz: the command", .inEnglish)
struct QuizCommandTests {
    /// A session that prints into a log and reads `typing`, line by line, as from a terminal.
    func session(_ root: String, typing: [String] = []) -> (QuizSession, () -> String) {
        let log = Log()
        let typed = Lock(typing)
        let session = QuizSession(
            packageRoot: QuizFixture.packageRoot, progressRoot: root, style: Style(colours: false),
            output: { log.add($0) },
            input: { typed.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            complain: { log.add($0) },
            showPrompt: { log.add("> ") })
        return (session, { log.all.joined(separator: "\n") })
    }

    func temporaryRoot() throws -> String {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("kata-quiz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    @Test("The command line: quiz, quiz N, --answer, --engine, --list, --interview")
    func parsing() throws {
        func parse(_ arguments: [String]) throws(UsageError) -> Invocation { try Invocation.parse(arguments, lessons: 14) }
        #expect(try parse(["quiz"]) == .quiz(QuizRequest()))
        #expect(try parse(["quiz", "7", "--answer", "b"]) == .quiz(QuizRequest(number: 7, answers: ["b"])))
        #expect(try parse(["quiz", "12", "--engine"]) == .quiz(QuizRequest(number: 12, engine: true)))
        #expect(try parse(["quiz", "--list"]) == .quiz(QuizRequest(list: true)))
        #expect(try parse(["quiz", "--interview", "--seed", "3", "--answer", "a;b"]) == .quiz(QuizRequest(interview: true, answers: ["a;b"], seed: 3)))
        #expect(try parse(["quiz", "--interview", "--questions", "2, 6,63"]) == .quiz(QuizRequest(interview: true, questions: [2, 6, 63])))
        for wrong in [
            ["--questions", "2"], ["--interview", "--questions", "2,999"], ["--interview", "--questions", ""],
            ["--interview", "--questions", "2", "--seed", "1"],
        ] {
            #expect(throws: UsageError.self, "\(wrong)") { try parse(["quiz"] + wrong) }
        }
        #expect(throws: UsageError.self) { try parse(["quiz", "999"]) }
        #expect(throws: UsageError.self) { try parse(["quiz", "--engine"]) }
        #expect(throws: UsageError.self) { try parse(["quiz", "--answer"]) }
        #expect(throws: UsageError.self) { try parse(["quiz", "3", "--interview"]) }
    }

    @Test("kata quiz N --answer: 0 and ✔ when right, 1 and the difference when wrong, 2 when unreadable; kept in progress")
    func oneQuestion() throws {
        let root = try temporaryRoot()
        let question = try #require(QuizBank.question(17))
        let right = try #require(QuizFixture.referenceAnswers[17] ?? nil)
        let (s1, out1) = session(root)
        #expect(try s1.run(QuizRequest(number: 17, answers: [QuizFixture.typed(question, right)])) == Kata.ExitCode.ok)
        #expect(out1().contains("✔ Right."))
        let (s2, out2) = session(root)
        #expect(try s2.run(QuizRequest(number: 17, answers: ["1000, 2000, 3000"])) == Kata.ExitCode.checkFailed)
        #expect(out2().contains("✗  2 2000"), "the first difference is marked:\n\(out2())")
        #expect(out2().contains("timer \"tick\""), "the engine's timeline is shown")
        #expect(out2().contains("Lessons/06-"))
        let (s3, _) = session(root)
        #expect(try s3.run(QuizRequest(number: 17, answers: ["soon"])) == Kata.ExitCode.usage)
        #expect(Progress.load(from: root).quiz?.answered == [17: false])
        let (s4, out4) = session(root)
        #expect(try s4.run(QuizRequest()) == Kata.ExitCode.usage, "no terminal and no --answer")
        #expect(out4().contains("Question 1 of"), "kata quiz asks the first question not answered yet")
    }

    @Test("kata quiz --interview --answer runs without a terminal: a score, the lessons to revisit, the progress file")
    func interview() throws {
        let root = try temporaryRoot()
        // A fixed sitting (seed 42's draw when the bank had 68 questions): questions added to the
        // bank never change what this screen shows.
        let numbers = [2, 6, 7, 17, 24, 55, 66, 33, 48, 63]
        let drawn = try numbers.map { try #require(QuizBank.question($0)) }
        var answers = try drawn.map { QuizFixture.typed($0, try #require(QuizFixture.referenceAnswers[$0.number] ?? nil)) }
        let (s1, out1) = session(root)
        #expect(try s1.run(QuizRequest(interview: true, answers: [answers.joined(separator: ";")], questions: numbers)) == Kata.ExitCode.ok)
        #expect(out1().contains("Score: 10/10"), "\(out1())")
        answers[9] = QuizFixture.typed(drawn[9], QuizFixture.wrongAnswer(to: drawn[9], QuizFixture.referenceAnswers[drawn[9].number]!))
        let (s2, out2) = session(root)
        #expect(try s2.run(QuizRequest(interview: true, answers: answers, questions: numbers)) == Kata.ExitCode.checkFailed)
        #expect(out2().contains("Score: 9/10"))
        #expect(out2().contains(Catalog.lesson(drawn[9].lesson)!.pagePath), "the lesson to revisit is named")
        let interviews = Progress.load(from: root).quiz?.interviews ?? []
        #expect(interviews.map(\.score) == [10, 9])
        #expect(interviews.last?.revisit == [drawn[9].lesson])
        let (s3, _) = session(root)
        #expect(try s3.run(QuizRequest(interview: true, answers: ["a;b"], questions: numbers)) == Kata.ExitCode.usage)
    }

    @Test("kata quiz --interview --level senior: which fix graded by the engine, a self-graded follow-up, and the kinds missed")
    func seniorInterview() throws {
        let root = try temporaryRoot()
        let drawn = QuizSession.draw(seed: 5, level: .senior)
        let graded = try #require(drawn.firstIndex { $0.candidates != nil }, "seed 5's senior sitting has a which-fix or which-tool question")
        let explained = try #require(drawn.firstIndex { $0.followUp != nil && $0.candidates == nil })
        var answers = try drawn.map { QuizFixture.typed($0, try #require(QuizFixture.referenceAnswers[$0.number] ?? nil)) }
        let right = try #require(QuizFixture.referenceAnswers[drawn[graded].number] ?? nil)
        answers[graded] = QuizFixture.typed(drawn[graded], QuizFixture.wrongAnswer(to: drawn[graded], right))
        answers[explained] += " | n"
        let (s1, out1) = session(root)
        #expect(try s1.run(QuizRequest(interview: true, answers: answers, seed: 5, level: .senior)) == Kata.ExitCode.checkFailed)
        let out = out1()
        #expect(out.contains("Score: 9/10"), "\(out)")
        #expect(out.contains("senior: 10 questions from 10 lessons"))
        let kind = drawn[graded].candidates!.kind.name.en
        #expect(
            out.contains("Kinds of question missed:\n  \(kind): question \(drawn[graded].number)\n  explain why: question \(drawn[explained].number)"), "\(out)"
        )
        #expect(out.contains(Catalog.lesson(drawn[graded].lesson)!.pagePath), "the lesson of the wrong answer is named")
        #expect(out.contains(Catalog.lesson(drawn[explained].lesson)!.pagePath), "the lesson of the follow-up graded n is named")
        let recorded = Progress.load(from: root).quiz?.interviews.last?.revisit
        #expect(recorded == [drawn[graded].lesson, drawn[explained].lesson].sorted())
        // The grading says which options work and why, each as the engine ran it.
        for option in drawn[graded].candidates!.options {
            #expect(out.contains(option.text.en) && out.contains(option.why.en.prefix(40)), "option \(option.value) is not explained: \(out)")
        }
        #expect(out.contains(drawn[explained].followUp!.model.en.prefix(40)), "the model answer is shown")
        #expect(out.contains("Follow-ups: "), "\(out)")
        #expect(out.contains("swift run kata quiz --interview --level senior --seed 5"))
    }

    @Test("At a terminal: an answer kata cannot read is asked for again")
    func asksAgain() throws {
        let root = try temporaryRoot()
        let right = try #require(QuizFixture.referenceAnswers[8] ?? nil)
        let (s1, out1) = session(root, typing: ["soon", right.joined(separator: ",")])
        #expect(try s1.run(QuizRequest(number: 8)) == Kata.ExitCode.ok)
        #expect(out1().contains("'soon' is not a time"))
        #expect(out1().contains("✔ Right."))
        // A fixed sitting (seed 5's draw when the bank had 68 questions).
        let numbers = [5, 9, 11, 15, 19, 27, 54, 35, 43, 47]
        let drawn = try numbers.map { try #require(QuizBank.question($0)) }
        // After a question with a follow-up: the explanation (any line), then the own grade,
        // asked again until it is y or n.
        let lines = try drawn.flatMap { question in
            [QuizFixture.typed(question, try #require(QuizFixture.referenceAnswers[question.number] ?? nil))]
                + (question.followUp == nil ? [] : ["it waits for its mode", "maybe", "y"])
        }
        #expect(drawn.contains { $0.followUp != nil }, "the sitting has a question with a follow-up")
        let (s2, out2) = session(root, typing: ["what?"] + lines)
        #expect(try s2.run(QuizRequest(interview: true, questions: numbers)) == Kata.ExitCode.ok)
        #expect(out2().contains("Score: 10/10"), "\(out2())")
        let followUps = drawn.filter { $0.followUp != nil }.count
        #expect(out2().contains("Follow-ups: \(followUps) of \(followUps) said what the model answer says"), "\(out2())")
        #expect(out2().contains("answer y or n"))
    }

    @Test("The progress file: an old one without quiz still loads; the quiz field round-trips and survives reading")
    func progressField() throws {
        let old = #"{"current": 3, "solved": [1, 2], "hintsShown": {}, "lastResults": {}}"#
        let decoded = try JSONDecoder().decode(Progress.self, from: Data(old.utf8))
        #expect(decoded.current == 3 && decoded.quiz == nil)
        var progress = Progress()
        progress.recordQuiz(4, correct: true)
        let again = try JSONDecoder().decode(Progress.self, from: JSONEncoder().encode(progress))
        #expect(again.quiz?.answered == [4: true])
        let root = try QuizCommandTests().temporaryRoot()
        try FileManager.default.createDirectory(atPath: root + "/.kata", withIntermediateDirectories: true)
        let saved = #"{"current": 1, "quiz": {"answered": {"4": true, "999": false}, "interviews": []}}"#
        try Data(saved.utf8).write(to: URL(fileURLWithPath: Progress.path(in: root)))
        #expect(Progress.load(from: root).quiz?.answered == [4: true], "a question the bank does not have is dropped on reading")
    }
}

@Suite("kata quiz: which fix and which tool, every option run by the engine", .inEnglish)
struct QuizCandidatesTests {
    /// The options each which-fix or which-tool question's wording says work (its options' whys
    /// and its own why): the engine's runs must show exactly these, and no other.
    static let keyed: [Int: [String]] = [
        63: ["common", "tracking"],
        64: ["guarded", "once"],
        65: ["mainQueue", "performCommon"],
        66: ["runUntil", "run"],
        67: ["linkCommon"],
        68: ["default", "common"],
        70: ["mainQueue", "performCommon"],
        79: ["source", "common"],
        75: ["performMine", "timerMine"],
        83: ["completion", "placeholder"],
        86: ["wakeUp", "source"],
        90: ["2000001", "0xFFFFFF"],
    ]

    @Test("Each option is run by the engine: every one keyed right shows the behaviour asked for, every one keyed wrong does not")
    func optionsRunAsKeyed() throws {
        let questions = QuizBank.all.filter { $0.candidates != nil }
        #expect(Set(questions.map(\.number)) == Set(Self.keyed.keys), "every which-fix and which-tool question has its key here")
        for question in questions {
            let candidates = try #require(question.candidates)
            let key = try #require(Self.keyed[question.number])
            let outcome = question.run()
            #expect(outcome.candidates.map(\.candidate.value) == candidates.options.map(\.value), "question \(question.number): every option ran")
            for run in outcome.candidates {
                let reading = run.outcome.answer.map { $0.joined(separator: ", ") } ?? "(failed: \(run.outcome.failure ?? "?"))"
                let shown = candidates.display(run.outcome.answer ?? []).zh
                #expect(
                    StrayEnglish.words(in: shown).isEmpty,
                    "question \(question.number), option \(run.candidate.value): its reading reads '\(shown)' in Chinese: give its words twins in words:")
                let keyedRight = key.contains(run.candidate.value)
                #expect(
                    run.showsNeed == keyedRight,
                    """
                    question \(question.number), option \(run.candidate.value) ("\(run.candidate.text.en)"): keyed \(keyedRight ? "right" : "wrong"), \
                    but its run \(run.showsNeed ? "shows" : "does not show") "\(candidates.need.en)" (\(candidates.reading.en): \(reading)). \
                    Hint: change the option's why and this key, or the option's code, until the run and the words agree.
                    """)
            }
            #expect(outcome.answer == key, "question \(question.number): the engine's answer \(outcome.answer ?? []) is not the key \(key)")
            #expect(!key.isEmpty && key.count < candidates.options.count, "question \(question.number): some options work and some do not")
        }
    }

    @Test("The check can fail: on an engine whose common-mode items reach no mode, adding the timer to .common no longer fixes question 63")
    func keyFollowsTheEngine() throws {
        let question = try #require(QuizBank.question(63))
        let broken = question.run(mechanisms: question.referenceMechanisms.with(commonModes: NoCommonItems.self))
        let common = try #require(broken.candidates.first { $0.candidate.value == "common" })
        #expect(!common.showsNeed && Self.keyed[63]!.contains("common"), "the key says right, the broken engine says wrong: the check above would name it")
        #expect(broken.answer == ["tracking"])
    }
}

/// Common-mode items that reach no mode: `.common` holds nothing.
private struct NoCommonItems: CommonModeRules {
    private(set) var commonModes: Set<Loop.Mode> = []
    mutating func addCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> { [] }
    mutating func removeCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> { [] }
    mutating func markCommon(_ mode: Loop.Mode) -> [Loop.Item] { commonModes.insert(mode); return [] }
}
