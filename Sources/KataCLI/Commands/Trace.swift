import Foundation
import KataCore
import RunLoopEngine
import TraceViews

extension Commands {
    /// Draws a named scenario's timeline (as text, or as an SVG picture into a file), or lists the
    /// scenarios.
    static func trace(_ context: Context, name: String?, svg: String? = nil) -> Int32 {
        let style = context.style
        guard let name else {
            print(
                style.bold(Text(en: "Scenarios", zh: "场景").localized)
                    + Text(
                        en: "  (swift run kata trace NAME, or a lesson's number N; --svg FILE for a picture)\n",
                        zh: "  （`swift run kata trace NAME`，或者一课的编号 N；加 `--svg FILE` 画成图片）\n"
                    ).localized)
            for scenario in TraceScenario.all { print("  \(scenario.name.padded(22)) \(scenario.summary.localized)") }
            return Kata.ExitCode.ok
        }
        // A lesson's number names the scenario its page draws.
        let lessonScenario = Int(name).flatMap(Catalog.lesson)?.keyScenario
        guard let scenario = TraceScenario.named(lessonScenario ?? name) else {
            let names = TraceScenario.all.map(\.name).joined(separator: ", ")
            Kata.complain(
                "kata: "
                    + Text(
                        en: "no scenario '\(name)'. Scenarios: \(names), or a lesson's number",
                        zh: "没有 `\(name)` 这个场景。可选的场景：\(names)，或者一课的编号"
                    ).localized)
            return Kata.ExitCode.usage
        }
        if let svg {
            guard write(scenario.picture(in: .current), to: svg) else { return Kata.ExitCode.usage }
            print(
                Text(
                    en: "Wrote \(svg): the timeline of \(scenario.name), as a picture.",
                    zh: "已写入 \(svg)：\(scenario.name) 的时间线图片。"
                ).localized)
            return Kata.ExitCode.ok
        }
        print(style.bold(scenario.name) + " — " + scenario.summary.localized + "\n")
        for line in scenario.run(in: .current).timeline(in: .current).split(separator: "\n", omittingEmptySubsequences: false) {
            print(colour(String(line), style))
        }
        print("\n" + style.dim(Text(en: "Look for: ", zh: "留意：").localized) + scenario.lookFor.localized)
        return Kata.ExitCode.ok
    }

    /// Draws each lesson's key scenario into its pages' pictures: `Lessons/images/NN-slug.svg` for
    /// the English page, `Lessons/images/zh-Hans/NN-slug.svg` for the Chinese one.
    static func writeLessonImages(_ context: Context) -> Int32 {
        for lesson in Catalog.lessons {
            for language in Language.allCases {
                guard let picture = lesson.keyPicture(in: language) else {
                    let named = lesson.keyScenario ?? "none"
                    Kata.complain(
                        "kata: "
                            + Text(
                                en: "lesson \(lesson.paddedNumber) names no scenario that exists ('\(named)')",
                                zh: "第 \(lesson.paddedNumber) 课指定的场景不存在（`\(named)`）"
                            ).localized)
                    return Kata.ExitCode.checkFailed
                }
                let path = lesson.imagePath(in: language)
                guard write(picture, to: context.path(path)) else { return Kata.ExitCode.usage }
                print(
                    Text(
                        en: "Wrote \(path)  (\(lesson.keyScenario ?? ""))",
                        zh: "已写入 \(path)（\(lesson.keyScenario ?? "")）"
                    ).localized)
            }
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
            complain(
                "kata: "
                    + Text(
                        en: "cannot write \(path): \(error.localizedDescription)",
                        zh: "无法写入 \(path)：\(error.localizedDescription)"
                    ).localized)
            return false
        }
    }

    /// Colours a timeline line by what it shows.
    private static func colour(_ line: String, _ style: Style) -> String {
        if line.contains(" timer \"") || line.contains(" source \"") || line.contains(" port \"") || line.contains(" block \"")
            || line.contains(" main queue \"")
        {
            return style.green(line)
        }
        if line.contains("woke:") || line.contains("→ ") { return style.yellow(line) }
        if line.contains(" · ") { return style.bold(line) }
        return style.dim(line)
    }
}
