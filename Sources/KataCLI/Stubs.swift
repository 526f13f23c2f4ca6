import Foundation
import KataCore

/// The exercises' original stubs, kept once, untouched, in `Stubs/NN-slug/` beside the
/// `Exercises/NN-slug/` the student edits (`Lesson.stubFile`). `kata reset` puts one back,
/// `kata dev verify` and the mutant runner build a copy of the package with them as its
/// Exercises, and when an exercise does not compile the shadow build puts its stub in its place.
/// Plain files in the package, not git's history: the course works from a copy without `.git`
/// (a workshop's ZIP), and a student's own commits are never taken for the original.
enum Stubs {
    /// Lesson N's original stub, as bytes.
    static func original(of lesson: Lesson, root: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(lesson.stubFile)) else {
            throw KataError(
                Text(
                    en: "\(lesson.stubFile), the original of \(lesson.exerciseFile), is missing: this copy of the kata is incomplete",
                    zh: "`\(lesson.stubFile)`（`\(lesson.exerciseFile)` 的原始版本）不见了：这份 kata 不完整"))
        }
        return data
    }
}
