import Testing
@testable import KataCore

/// Runs a suite's tests in English (``Language/scoped``), whatever `KATA_LANG`, `LC_ALL` or `LANG`
/// the maintainer's shell has: for suites that compare what kata says with English text.
struct InEnglish: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await Language.$scoped.withValue(.en) { try await function() }
    }
}

extension Trait where Self == InEnglish {
    /// See ``InEnglish``.
    static var inEnglish: Self { InEnglish() }
}
