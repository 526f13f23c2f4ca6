import Testing

/// A lesson test's name in Chinese, on the test itself: `@Test("English name", .zh("中文名"))`.
///
/// Swift Testing prints only the name written first in the attribute, so the harness puts this
/// one before the test's messages in Chinese, and gives it to `kata` with each failure
/// (``Harness/report(_:lesson:message:function:file:table:hint:after:clauses:)``).
struct ChineseName: TestTrait {
    let name: String
}

extension Trait where Self == ChineseName {
    /// The test's name in Chinese.
    static func zh(_ name: String) -> Self { ChineseName(name: name) }
}

/// On a lesson suite: every test in it must carry its Chinese name (``ChineseName``), or it fails
/// before it runs, naming what is missing. Recursive, so it reaches every test of the suite.
struct NamedInChinese: SuiteTrait, TestTrait {
    var isRecursive: Bool { true }

    struct Missing: Error, CustomStringConvertible {
        let test: String
        var description: String { "the lesson test \"\(test)\" has no Chinese name: add .zh(\"…\") to its @Test" }
    }

    func prepare(for test: Test) async throws {
        guard !test.isSuite, ChineseName.of(test) == nil else { return }
        throw Missing(test: test.displayName ?? test.name)
    }
}

extension Trait where Self == NamedInChinese {
    /// Every test of this lesson suite has its Chinese name.
    static var namedInChinese: Self { NamedInChinese() }
}

extension ChineseName {
    /// The Chinese name `test` carries, if any.
    static func of(_ test: Test) -> String? {
        test.traits.lazy.compactMap { ($0 as? ChineseName)?.name }.first
    }
}
