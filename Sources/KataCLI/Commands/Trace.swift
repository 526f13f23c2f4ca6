import RunLoopEngine

extension Commands {
    /// Draws a named scenario's timeline, or lists the scenarios.
    static func trace(_ context: Context, name: String?) -> Int32 {
        let style = context.style
        guard let name else {
            print(style.bold("Scenarios") + "  (swift run kata trace NAME)\n")
            for scenario in TraceScenario.all { print("  \(scenario.name.padded(22)) \(scenario.summary)") }
            return 0
        }
        guard let scenario = TraceScenario.named(name) else {
            Kata.complain("kata: no scenario '\(name)'. Scenarios: " + TraceScenario.all.map(\.name).joined(separator: ", "))
            return 2
        }
        print(style.bold(scenario.name) + " — " + scenario.summary + "\n")
        for line in scenario.run().timeline().split(separator: "\n", omittingEmptySubsequences: false) {
            print(colour(String(line), style))
        }
        print("\n" + style.dim("Look for: ") + scenario.lookFor)
        return 0
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
