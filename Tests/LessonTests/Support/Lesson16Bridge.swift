import Testing

// TEMPORARY (lesson16 branch only, until main's `Harness` rename lands): the names lesson 16's
// tests are written with. Delete this file after `git merge main`.
typealias Harness = Kata

struct ChineseName: TestTrait {
    let name: String
}

extension Trait where Self == ChineseName {
    static func zh(_ name: String) -> Self { ChineseName(name: name) }
}

struct NamedInChinese: SuiteTrait, TestTrait {
    var isRecursive: Bool { true }
}

extension Trait where Self == NamedInChinese {
    static var namedInChinese: Self { NamedInChinese() }
}
