@testable import KataCLI
import KataCore

extension HarnessRecord {
    /// What the lesson harness records when a stub of `lesson` ran (`function` in `file`).
    static func stub(_ lesson: Lesson, function: String = "f()", file: String? = nil, test: String = "") -> HarnessRecord {
        let file = file ?? lesson.exerciseFile
        return HarnessRecord(
            test: test, lesson: lesson.number, kind: .notSolved, message: HarnessText.notSolved(lesson: lesson.paddedNumber, function: function, file: file),
            function: function, file: file)
    }

    /// What the lesson harness records when the student's code of `lesson` did not return within 5 s.
    static func gaveUp(_ lesson: Lesson, test: String = "") -> HarnessRecord {
        HarnessRecord(
            test: test, lesson: lesson.number, kind: .gaveUp,
            message: Text(
                en: HarnessText.timedOut(lesson: lesson.paddedNumber, seconds: 5, advice: HarnessText.stuckAdvice.en).en,
                zh: HarnessText.timedOut(lesson: lesson.paddedNumber, seconds: 5, advice: HarnessText.stuckAdvice.zh).zh))
    }
}

extension TestCaseResult {
    /// A test that failed as `record` says, with the line Swift Testing gives for it (in English).
    static func explained(by record: HarnessRecord, suite: String, name: String) -> TestCaseResult {
        TestCaseResult(
            suite: suite, name: name, failure: record.printed(in: .en), source: record.kind == .wrong ? .recorded : .thrown, record: record,
            gaveUp: record.kind == .gaveUp)
    }
}
