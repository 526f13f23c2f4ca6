/// What a question asks of the candidate. Every question is one of the first three; an
/// ``explain`` follow-up may come after any of them.
public enum QuizKind: String, Sendable, Hashable, CaseIterable {
    /// Predict what the loop does.
    case predict
    /// Choose the code changes whose runs show the behaviour asked for.
    case whichFix
    /// Choose the tools that meet a stated need.
    case whichTool
    /// Explain the answer; a model answer follows, and the candidate grades their own.
    case explain

    /// `which fix`: the kind as the score names it.
    public var name: Text {
        switch self {
        case .predict: Text(en: "predict the loop", zh: "预测 RunLoop 的行为")
        case .whichFix: Text(en: "which fix", zh: "选出修复")
        case .whichTool: Text(en: "which tool", zh: "选出工具")
        case .explain: Text(en: "explain why", zh: "解释原因")
        }
    }

    /// The kinds added to "predict the loop": what a senior sitting leans on.
    public var isBeyondPrediction: Bool { self != .predict }
}

/// The follow-up of an *explain* question: what an interviewer asks next, and a model answer
/// the candidate holds their own against.
public struct QuizFollowUp: Sendable {
    /// `Why does the tick at 2 s not come?`
    public let question: Text
    /// What a strong answer says, in a few sentences.
    public let model: Text

    public init(question: Text, model: Text) {
        self.question = question
        self.model = model
    }
}
