import Testing

/// The clauses of a use lesson's stub that a test holds: `@Test("…", .holds("§3", "§4"))`.
///
/// A clause is one promise of the stub's doc comments (or of the page's task, written again
/// there), marked with its id where the student reads it: `Returns at once. (§6)`. Each clause
/// has a test that fails when it is broken (this trait names it) and a wrong answer in
/// `Mutants/` that breaks it (its `// Breaks: §6` line); `ClauseCoverageTests` (KataTests) reads
/// the three and fails when a clause lacks either. A failing test names its clauses, so the
/// student can find the sentence they broke (``Harness/heldClauses``).
struct Holds: TestTrait {
    /// `["§3", "§4"]`.
    let clauses: [String]
}

extension Trait where Self == Holds {
    /// See ``Holds``.
    static func holds(_ clauses: String...) -> Self { Holds(clauses: clauses) }
}

extension Harness {
    /// The clauses the running test holds (`["§3"]`), for its failure message
    /// (``HarnessText/promise(_:)``); none for a test without ``Holds``.
    static var heldClauses: [String] {
        Test.current?.traits.compactMap({ $0 as? Holds }).first?.clauses ?? []
    }
}
