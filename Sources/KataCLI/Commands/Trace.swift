import Foundation
import KataCore
import RunLoopEngine

extension Commands {
    /// Draws a named scenario's timeline (as text, or as an SVG picture into a file), lists the
    /// scenarios, or draws every lesson's picture into Lessons/images/.
    static func trace(_ context: Context, name: String?, svg: String? = nil, lessonImages: Bool = false) -> Int32 {
        let style = context.style
        if lessonImages { return writeLessonImages(context) }
        guard let name else {
            print(style.bold("Scenarios") + "  (swift run kata trace NAME, --svg FILE for a picture)\n")
            for scenario in TraceScenario.all { print("  \(scenario.name.padded(22)) \(scenario.summary)") }
            return Kata.ExitCode.ok
        }
        guard let scenario = TraceScenario.named(name) else {
            Kata.complain("kata: no scenario '\(name)'. Scenarios: " + TraceScenario.all.map(\.name).joined(separator: ", "))
            return Kata.ExitCode.usage
        }
        if let svg {
            guard write(scenario.picture(), to: svg) else { return Kata.ExitCode.usage }
            print("Wrote \(svg): the timeline of \(scenario.name), as a picture.")
            return Kata.ExitCode.ok
        }
        print(style.bold(scenario.name) + " — " + scenario.summary + "\n")
        for line in scenario.run().timeline().split(separator: "\n", omittingEmptySubsequences: false) {
            print(colour(String(line), style))
        }
        print("\n" + style.dim("Look for: ") + scenario.lookFor)
        return Kata.ExitCode.ok
    }

    /// Draws each lesson's key scenario into its page's picture, `Lessons/images/NN-slug.svg`.
    static func writeLessonImages(_ context: Context) -> Int32 {
        for lesson in Catalog.lessons {
            guard let picture = lesson.keyPicture() else {
                Kata.complain("kata: lesson \(lesson.paddedNumber) names no scenario that exists ('\(lesson.keyScenario ?? "none")')")
                return Kata.ExitCode.checkFailed
            }
            guard write(picture, to: context.path(lesson.imagePath)) else { return Kata.ExitCode.usage }
            print("Wrote \(lesson.imagePath)  (\(lesson.keyScenario ?? ""))")
        }
        return Kata.ExitCode.ok
    }

    /// Writes `text` to `path`, making its folder; says why not and answers false on failure.
    static func write(_ text: String, to path: String, complain: (String) -> Void = { Kata.complain($0) }) -> Bool {
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return true
        } catch {
            complain("kata: cannot write \(path): \(error.localizedDescription)")
            return false
        }
    }

    /// Colours a timeline line by what it shows.
    private static func colour(_ line: String, _ style: Style) -> String {
        if line.contains(" timer \"") || line.contains(" source \"") || line.contains(" port \"") || line.contains(" block \"") || line.contains(" main queue \"") {
            return style.green(line)
        }
        if line.contains("woke:") || line.contains("→ ") { return style.yellow(line) }
        if line.contains(" · ") { return style.bold(line) }
        return style.dim(line)
    }
}
