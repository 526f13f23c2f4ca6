import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata reset says what would be lost", .inEnglish)
struct ResetTests {
    let stub = "func a() { unsolved(lesson: 6, write: \"a\") }\nfunc b() { unsolved(lesson: 6, write: \"b\") }\n"
    let newerStub = "// clearer comments\nfunc a() { unsolved(lesson: 6, write: \"a\") }\nfunc b() { unsolved(lesson: 6, write: \"b\") }\n"
    let partial = "func a() { 42 }\nfunc b() { unsolved(lesson: 6, write: \"b\") }\n"
    let solved = "func a() { 42 }\nfunc b() { 43 }\n"

    @Test("What would be lost is counted in lines")
    func lineChange() {
        #expect(LineChange(from: stub, to: stub) == LineChange(added: 0, removed: 0))
        #expect(LineChange(from: stub, to: solved) == LineChange(added: 2, removed: 2))
        #expect(LineChange(from: stub, to: partial) == LineChange(added: 1, removed: 1))
        #expect(LineChange(from: "a\n", to: "a\nb\nc\n").summary.en == "2 lines written")
        #expect(LineChange(from: stub, to: partial).summary.en == "1 line written, 1 line of the stub removed")
    }
}
