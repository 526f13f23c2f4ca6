/// Every text the course holds as data, each with the place it comes from: the lessons' catalog
/// entries, their quiz questions and key scenarios, the articles' scenarios, and the fixed texts
/// of the harness and of `kata hint`. What the Chinese checks read, rather than the screens that
/// show these texts beside code, traces and what a student typed.
public enum CourseTexts {
    /// A text and where it comes from (`lesson 06, hint 2`, `quiz 17, why`).
    public struct Entry: Sendable {
        public let place: String
        public let text: Text
    }

    public static var all: [Entry] {
        var entries: [Entry] = []
        for course in CourseLesson.all {
            let lesson = course.lesson
            let place = "lesson \(lesson.paddedNumber)"
            entries += [("title", lesson.titleText), ("behaviour", lesson.behaviourText), ("task", lesson.taskText)].map {
                Entry(place: "\(place), \($0.0)", text: $0.1)
            }
            entries += lesson.hintTexts.enumerated().map { Entry(place: "\(place), hint \($0.offset + 1)", text: $0.element) }
            for question in course.questions {
                entries += question.texts.map { Entry(place: "quiz \(question.number), \($0.part)", text: $0.text) }
                entries += question.choices.map { Entry(place: "quiz \(question.number), option \($0.value)", text: $0.text) }
            }
        }
        for scenario in TraceScenario.all {
            entries += [
                Entry(place: "scenario \(scenario.name), summary", text: scenario.summary),
                Entry(place: "scenario \(scenario.name), look for", text: scenario.lookFor),
            ]
        }
        entries += HarnessText.all.map { Entry(place: "harness", text: $0) }
        entries += HintText.all.map { Entry(place: "kata hint", text: $0) }
        return entries
    }
}

extension QuizQuestion {
    /// Each prose text of the question but its options (``choices``), named by its part: title,
    /// question, why, the comments of its iOS code, a which-fix question's need, reading and
    /// options' whys, the follow-up.
    public var texts: [(part: String, text: Text)] {
        var texts: [(String, Text)] = [("title", title), ("question", wording.question), ("why", wording.why)]
        texts += wording.comments.map { ("comment", $0) }
        if let candidates {
            texts += [("need", candidates.need), ("reading", candidates.reading)]
            for option in candidates.options {
                texts += [("why of option \(option.value)", option.why)] + option.comments.map { ("comment of option \(option.value)", $0) }
            }
        }
        if let followUp { texts += [("follow-up", followUp.question), ("model answer", followUp.model)] }
        return texts
    }

    /// The options of a choice or a several, none for an order or a times question.
    public var choices: [Choice] {
        switch form {
        case .choice(let choices), .several(let choices): choices
        case .order, .times: []
        }
    }
}
