import Foundation
import KataCore

/// The copies of catalog facts in the lesson tests: each suite's name and tags, on its `@Suite`
/// line (`@Suite("Lesson 06 — Timer skip on overrun", …, .tags(.lesson06, .level2, .build), …)`),
/// written from ``Catalog``; the rest of the file is left as it is.
extension CourseSync {
    /// Each lesson test file, with the text it should have.
    static func suites(root: String) throws -> [(String, String)] {
        try Catalog.lessons.compactMap { lesson in
            let path = "Tests/LessonTests/Lesson\(lesson.paddedNumber)Tests.swift"
            guard let source = read(path, root: root) else { return nil }   // a lesson without tests yet has nothing to keep in step
            return (path, try suiteLine(source, lesson, path: path))
        }
    }

    /// `source` with its suite's name and tags those of `lesson`; the other traits as they are.
    static func suiteLine(_ source: String, _ lesson: Lesson, path: String) throws -> String {
        let number = lesson.paddedNumber
        let regex = try Regex(#"@Suite\("Lesson \#(number) — [^"\n]*"([^\n]*?)\.tags\(\.lesson\#(number), \.level[0-9], \.[a-z]+\)"#)
        let matches = source.matches(of: regex)
        guard matches.count == 1, let match = matches.first, let traits = match.output[1].substring else {
            throw MissingPlace(path: path, place: "one line @Suite(\"Lesson \(number) — …\", …, .tags(.lesson\(number), .levelN, .kind))")
        }
        var text = source
        text.replaceSubrange(
            match.range,
            with: "@Suite(\"\(lesson.suiteName)\"\(traits).tags(.lesson\(number), .level\(lesson.level.rawValue), .\(lesson.kind.rawValue))")
        return text
    }
}
