import RunLoopEngine

extension QuizBank {
    /// TO WRITE: two questions at least, each numbered with the next free number
    /// (`swift run kata quiz --list`), like those of the other lessons' bank files.
    static let lesson25: [QuizQuestion] = []
}
