import Foundation
import KataCore

extension Commands {
    /// The maintainers' check: Solutions all green, untouched Exercises all red, nothing crashed.
    static func verify(_ context: Context) throws -> Int32 {
        let style = context.style
        var problems: [String] = []

        print(style.bold("1/2 Every lesson against Solutions/ must pass"))
        var solutions = context.runner(.solutions)
        solutions.echoBuild = false
        try solutions.build()
        let solved = try solutions.run()
        for lesson in Catalog.lessons {
            let result = solved.result(for: lesson)
            let ok = result.status == .solved
            print("  \(lesson.paddedNumber) \(lesson.title.padded(34)) \(result.passed)/\(result.total)  " + (ok ? style.green("✔") : style.red("✘ \(result.status.rawValue)")))
            if !ok { problems.append("Lesson \(lesson.paddedNumber) against its solution: \(result.status.rawValue)" + (result.failureLines.first.map { " — \($0)" } ?? "")) }
        }

        print(style.bold("\n2/2 Every lesson against the untouched Exercises/ must fail, each on its own, without a crash"))
        let pristine = try pristineCopy(context)
        defer { try? FileManager.default.removeItem(atPath: pristine) }
        var exercises = context.runner(.exercises, package: pristine)
        exercises.echoBuild = false
        try exercises.build()
        let red = try exercises.run()
        for lesson in Catalog.lessons {
            let result = red.result(for: lesson)
            let ok = result.total >= 4 && result.passed == 0 && result.breakage == nil
            print("  \(lesson.paddedNumber) \(lesson.title.padded(34)) \(result.passed)/\(result.total)  " + (ok ? style.green("✔ red") : style.red("✘ \(result.status.rawValue)")))
            if !ok {
                let why = result.breakage.map { "its tests \($0.rawValue)" }
                    ?? (result.total < 4 ? "only \(result.total) tests ran (4 or more expected)" : "\(result.passed) tests pass on the stub")
                problems.append("Lesson \(lesson.paddedNumber) on its untouched stub: \(why)")
            }
        }

        if problems.isEmpty {
            print("\n" + style.green("✔ The kata is well formed: \(Catalog.lessons.count) lessons green against Solutions, red against untouched Exercises, no crash."))
            return 0
        }
        print("\n" + style.red("✘ \(problems.count) problem(s):"))
        for problem in problems { print("  - \(problem)") }
        return 1
    }

    /// A copy of the package whose Exercises/ are as committed in git's HEAD (or as they are, outside git).
    /// Its build folder stays in the student's package (`.build/kata-exercises`), so builds are reused.
    static func pristineCopy(_ context: Context) throws -> String {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("kata-verify-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Tests", "Solutions", "Exercises"] {
            try FileManager.default.copyItem(atPath: context.path(item), toPath: (copy as NSString).appendingPathComponent(item))
        }
        let archive = try Subprocess.run(["git", "-C", context.root, "archive", "--format=tar", "-o", "\(copy)/exercises.tar", "HEAD", "Exercises"], timeout: 60)
        if archive.ending == .exited(0) {
            try FileManager.default.removeItem(atPath: "\(copy)/Exercises")
            let unpack = try Subprocess.run(["tar", "-xf", "\(copy)/exercises.tar", "-C", copy], timeout: 60)
            guard unpack.ending == .exited(0) else { throw KataError("could not unpack the committed Exercises: \(unpack.output)") }
            try? FileManager.default.removeItem(atPath: "\(copy)/exercises.tar")
        } else {
            print(context.style.yellow("  (not a git checkout: using Exercises/ as they are)"))
        }
        return copy
    }
}
