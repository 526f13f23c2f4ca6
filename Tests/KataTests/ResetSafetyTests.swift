import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

/// A lesson 06 exercise as the kata ships it, small: one function, one stub call.

private let stub = """
    // Lesson 06 — a stand-in for the stub
    public func nextFireDate() -> Int {
        // Replace this line with your code.
        unsolved(lesson: 6, write: "nextFireDate()", returning: 0)
    }

    """

/// The kata, as far as `kata reset` can tell: lesson 06's exercise and its original in Stubs/.
private func resetFixture() throws -> KataFixture {
    try KataFixture(files: [Lesson.lesson06.exerciseFile: stub, Lesson.lesson06.stubFile: stub])
}

private func backups(_ fixture: KataFixture) -> [Data] {
    let folder = fixture.path(".kata/backups")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    return names.compactMap { FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent($0)) }
}

@Suite("kata reset never loses the student's work", .inEnglish)
struct ResetSafetyTests {
    let file = Lesson.lesson06.exerciseFile

    @Test("A byte that is not UTF-8: the copy holds every byte of the file, and the stub is back")
    func bytes() async throws {
        let fixture = try resetFixture()
        defer { fixture.remove() }
        var work = Data(stub.utf8)
        work.append(contentsOf: [0x2F, 0x2F, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A])   // "// caf\xe9\n", Latin-1
        try fixture.write(file, work)
        let kata = try await fixture.run(["reset", "6", "--yes"])
        #expect(kata.status == 0, "\(kata.errors)")
        #expect(backups(fixture) == [work], "the copy is the file, byte for byte")
        #expect(fixture.read(file) == Data(stub.utf8))
    }

    @Test("Two resets in the same second keep two copies")
    func twoCopies() async throws {
        let fixture = try resetFixture()
        defer { fixture.remove() }
        try fixture.write(file, stub + "// one\n")
        _ = try await fixture.run(["reset", "6", "-y"])
        try fixture.write(file, stub + "// two\n")
        _ = try await fixture.run(["reset", "6", "-y"])
        let kept = Set(backups(fixture).map { String(decoding: $0, as: UTF8.self) })
        #expect(kept == [stub + "// one\n", stub + "// two\n"])
    }

    @Test("A committed answer that keeps the stub's call in a comment is reset from Stubs/, and the stub is really back")
    func commentedOutCall() async throws {
        let fixture = try resetFixture()
        defer { fixture.remove() }
        let answer = stub.replacingOccurrences(of: "    unsolved(", with: "    return 42 // my answer\n    // unsolved(")
        #expect(answer != stub)
        try fixture.write(file, answer)
        try fixture.commitAll("my answer")

        let first = try await fixture.run(["reset", "6", "--yes"])
        #expect(!first.output.contains("already the original stub"), "\(first.output)")
        #expect(fixture.read(file) == Data(stub.utf8), "the answer is gone, the stub is back")

        try fixture.write(file, answer + "// and a further edit\n")
        let second = try await fixture.run(["reset", "6", "--yes"])
        #expect(second.output.contains("back to its stub"))
        #expect(fixture.read(file) == Data(stub.utf8), "\"back to its stub\" is true")
    }

    @Test("Answering no keeps nothing and mentions no copy; answering yes keeps one and says where")
    func askFirst() async throws {
        let fixture = try resetFixture()
        defer { fixture.remove() }
        try fixture.write(file, stub + "// mine\n")
        let no = try await fixture.run(["reset", "6"], input: "n\n")
        #expect(no.output.contains("Nothing changed."))
        #expect(!no.output.contains("copy") && !no.output.contains("kept"), "no word of a copy: \(no.output)")
        #expect(backups(fixture).isEmpty)
        #expect(fixture.read(file) == Data((stub + "// mine\n").utf8))

        let yes = try await fixture.run(["reset", "6"], input: "y\n")
        #expect(yes.output.contains("A copy of your version is kept in .kata/backups/06-NextFireDate.swift."), "\(yes.output)")
        #expect(backups(fixture) == [Data((stub + "// mine\n").utf8)])
    }

    @Test("No copy can be kept (.kata is a file): nothing changes, and stderr says why")
    func noCopyNoReset() async throws {
        let fixture = try resetFixture()
        defer { fixture.remove() }
        try fixture.write(file, stub + "// mine\n")
        try fixture.write(".kata", "in the way")
        let kata = try await fixture.run(["reset", "6", "--yes"])
        #expect(kata.status == Kata.ExitCode.buildOrTool)
        #expect(kata.errors.contains("cannot keep a copy in .kata/backups: .kata is a file, not a folder"), "\(kata.errors)")
        #expect(fixture.read(file) == Data((stub + "// mine\n").utf8), "the work is untouched")
    }

    @Test("The exercise is a folder: refused, untouched; missing: the stub is written")
    func oddExercise() async throws {
        let fixture = try resetFixture()
        defer { fixture.remove() }
        try FileManager.default.removeItem(atPath: fixture.path(file))
        try fixture.write(file + "/inside.txt", "a folder where the file was")
        let folder = try await fixture.run(["reset", "6", "--yes"])
        #expect(folder.status == Kata.ExitCode.buildOrTool)
        #expect(folder.errors.contains("is a folder, not a file"), "\(folder.errors)")
        #expect(fixture.read(file + "/inside.txt") != nil)

        try FileManager.default.removeItem(atPath: fixture.path(file))
        let missing = try await fixture.run(["reset", "6", "--yes"])
        #expect(missing.status == 0, "\(missing.errors)")
        #expect(fixture.read(file) == Data(stub.utf8))
        #expect(backups(fixture).isEmpty, "nothing to keep")
    }

    @Test("A temporary folder that does not exist does not matter: reset runs no tool, it copies from Stubs/")
    func badTemporaryFolder() async throws {
        let fixture = try resetFixture()
        defer { fixture.remove() }
        try fixture.write(file, stub + "// mine\n")
        let kata = try await fixture.run(["reset", "6", "--yes"], environment: ["TMPDIR": fixture.path("no-such-folder")])
        #expect(kata.status == 0, "\(kata.errors)")
        #expect(fixture.read(file) == Data(stub.utf8))
        #expect(backups(fixture) == [Data((stub + "// mine\n").utf8)])
    }
}
