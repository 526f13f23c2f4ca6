import RunLoopEngine

extension Lesson {
    /// The key scenario, if the lesson names one that exists.
    public var keyTraceScenario: TraceScenario? { keyScenario.flatMap(TraceScenario.named) }

    /// The picture for the lesson's page (``imagePath``): the key scenario's timeline, drawn
    /// from a fresh run on the reference engine.
    public func keyPicture() -> String? { keyTraceScenario?.picture() }

    /// The command that draws every lesson's picture again.
    public static let picturesCommand = "swift run kata trace --write-lesson-images"
}
