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

/// A git clone of the kata, as far as `kata reset` can tell: lesson 06's stub, committed.
private func resetFixture() throws -> KataFixture {
    let fixture = try KataFixture(files: [Lesson.lesson06.exerciseFile: stub])
    try fixture.commitAll("the kata")
    return fixture
}

private func backups(_ fixture: KataFixture) -> [Data] {
    let folder = fixture.path(".kata/backups")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    return names.compactMap { FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent($0)) }
}

@Suite("kata reset never loses the student's work")
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

    @Test("A committed answer that keeps the stub's call in a comment is reset, and the stub is really back")
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

    @Test("A temporary folder that does not exist: the error says so, and nothing changes")
    func badTemporaryFolder() async throws {
        let fixture = try resetFixture()
        defer { fixture.remove() }
        try fixture.write(file, stub + "// mine\n")
        let kata = try await fixture.run(["reset", "6", "--yes"], environment: ["TMPDIR": fixture.path("no-such-folder")])
        #expect(kata.status == Kata.ExitCode.buildOrTool)
        #expect(kata.errors.contains("cannot write a file in the temporary folder"), "\(kata.errors)")
        #expect(fixture.read(file) == Data((stub + "// mine\n").utf8))
    }

    @Test("Only calls in code count as the stub's; comments and strings do not")
    func codeOnly() {
        #expect(StubHistory.stubCalls(in: "unsolved(lesson: 6, a)\n// unsolved(lesson: 6, b)\n/* unsolved(lesson: 6, c) /* nested */ unsolved(lesson: 6, d) */", lesson: 6) == 1)
        #expect(StubHistory.stubCalls(in: "let s = \"unsolved(lesson: 6, x)\"\nlet t = \"\"\"\nunsolved(lesson: 6, y)\n\"\"\"\nunsolved(lesson: 6, z)", lesson: 6) == 1)
        #expect(SwiftCode.withoutComments("a // b\nc /* d\ne */ f \"g\\\"h\" i") == "a  \nc \n  f   i")
        let answer = stub.replacingOccurrences(of: "    unsolved(", with: "    return 42\n    // unsolved(")
        #expect(answer != stub)
        #expect(StubHistory.original(among: [answer, stub], lesson: 6) == stub)
    }
}

@Suite("kata's progress file: anything in it, any state of it")
struct ProgressFileTests {
    /// Runs `kata hint 6` with `.kata/progress.json` holding `text`.
    func hint(with text: String) async throws -> (KataFixture, KataFixture.Running) {
        let fixture = try KataFixture(files: [".kata/progress.json": text])
        return (fixture, try await fixture.run(["hint", "6"]))
    }

    @Test("Hint counts out of range are clamped: no trap", arguments: ["-5", "-9223372036854775808", "9223372036854775807", "4", "3"])
    func clampedHints(count: String) async throws {
        let (fixture, kata) = try await hint(with: #"{"hintsShown":{"6":\#(count)}}"#)
        defer { fixture.remove() }
        #expect(kata.status == 0, "exit \(kata.status): \(kata.errors)")
        let expected = count.hasPrefix("-") ? "Hint 1/3" : "That was the last hint"
        #expect(kata.output.contains(expected), "\(kata.output)")
    }

    @Test("Garbage, empty, or another shape: one line on stderr, the file kept aside, a fresh start",
          arguments: ["garbage", "", "[1, 2]", #"{"current": "x"}"#, #"{"hintsShown": {"six": 1}}"#, #"{"current": 1e400}"#, "\u{FEFF}{"])
    func unreadable(text: String) async throws {
        let (fixture, kata) = try await hint(with: text)
        defer { fixture.remove() }
        #expect(kata.status == 0)
        #expect(kata.output.contains("Hint 1/3"), "the command's work is done")
        let lines = kata.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("kata: .kata/progress.json"), "one line: \(kata.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.path(".kata"))
        let aside = try #require(names.first { $0.hasPrefix("progress.json.unreadable-") }, "kept aside: \(names)")
        #expect(fixture.read(".kata/" + aside) == Data(text.utf8))
        #expect(Progress.load(from: fixture.root, warn: { Issue.record("a second warning: \($0)") }).hintsShown == [6: 1])
    }

    @Test("A progress file that cannot be written: the hint is shown, and one line on stderr says what and where",
          arguments: [("folder", "cannot write .kata/progress.json: it is a folder"), ("kata-is-a-file", "cannot write .kata/progress.json: .kata is a file, not a folder")])
    func unwritable(kind: String, message: String) async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        if kind == "folder" { try fixture.write(".kata/progress.json/x", "") } else { try fixture.write(".kata", "") }
        let kata = try await fixture.run(["hint", "6"])
        #expect(kata.status == 0)
        #expect(kata.output.contains("Hint 1/3"), "the hint is not lost: \(kata.output)")
        #expect(kata.errors.contains(message), "\(kata.errors)")
        #expect(!kata.errors.contains("NSCocoaErrorDomain") && !kata.output.contains("NSCocoaErrorDomain"))
        #expect(kata.errors.split(separator: "\n").count <= 2, "a line or two, not a dump: \(kata.errors)")
    }

    @Test("A pipe or a device in place of the file is not read: one line on stderr, the hint is shown")
    func notARegularFile() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.path(".kata"), withIntermediateDirectories: true)
        try #require(KataFixture.tool(["mkfifo", fixture.path(".kata/progress.json")]) != nil)
        let kata = try await fixture.run(["hint", "6"], limit: 15)
        #expect(kata.status == 0 && kata.output.contains("Hint 1/3"), "\(kata.output)")
        #expect(kata.errors.contains("kata: .kata/progress.json is not a regular file"), "\(kata.errors)")
    }

    @Test("Loaded values are brought into range")
    func clamping() {
        var progress = Progress()
        progress.current = 99
        progress.solved = [0, 3, 15, -1]
        progress.hintsShown = [6: -5, 7: Int.max, 99: 1]
        progress.lastResults = [2: [5, 5], 3: [6, 5], 4: [-1, 2], 5: [1], 99: [1, 1]]
        let clamped = progress.clamped(to: Catalog.lessons)
        #expect(clamped.current == 14)
        #expect(clamped.solved == [3])
        #expect(clamped.hintsShown == [6: 0, 7: Lesson.lesson07.hints.count])
        #expect(clamped.lastResults == [2: [5, 5]])
        progress.current = Int.min
        #expect(progress.clamped(to: Catalog.lessons).current == 1)
    }

    @Test("The next hint never traps, whatever count was stored")
    func nextHint() {
        for stored in [Int.min, -5, 0, 2, 3, 4, Int.max] {
            var progress = Progress()
            progress.hintsShown = [6: stored]
            let shown = progress.nextHint(of: 6, available: 3)
            #expect(shown.map { (1...3).contains($0) } == true, "stored \(stored) → \(String(describing: shown))")
        }
    }
}

@Suite("kata's errors go to stderr")
struct ErrorOutputTests {
    @Test("Every `kata:` error is on stderr, with nothing on stdout", arguments: [
        ["hint", "99"], ["trace", "no-such-scenario"], ["frobnicate"], ["show"], ["reset", "6", "--bogus"], ["help", "me"],
    ])
    func errors(arguments: [String]) async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        let kata = try await fixture.run(arguments)
        #expect(kata.status == Kata.ExitCode.usage)
        #expect(kata.output.isEmpty, "stdout: \(kata.output)")
        #expect(kata.errors.hasPrefix("kata: "), "stderr: \(kata.errors)")
    }

    @Test("Outside the package: the error on stderr; normal output stays on stdout")
    func outside() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        try FileManager.default.removeItem(atPath: fixture.path("Package.swift"))
        let outside = try await fixture.run(["hint", "6"])
        #expect(outside.status == Kata.ExitCode.usage)
        #expect(outside.output.isEmpty && outside.errors.contains("kata: run kata inside the RunLoop Kata package"), "\(outside.errors)")

        try fixture.write("Package.swift", "let package = Package(name: \"RunLoopKata\")\n")
        let inside = try await fixture.run(["hint", "6"])
        #expect(inside.output.contains("Hint 1/3") && inside.errors.isEmpty, "\(inside.errors)")
    }
}

@Suite("kata takes any command line without a trap")
struct ArgumentFuzzTests {
    static let oddValues = ["0", "-1", "15", "99", "-9223372036854775808", "9223372036854775807", "99999999999999999999999",
                            "abc", "", " ", "#", "#0", "##6", "6.5", "0x6", "1e3", "--", "-", "---", "６", "6\u{0}", "\u{202E}6",
                            String(repeating: "9", count: 5_000), "--yes", "-y", "--solution", "--bogus", "-h6"]

    /// Every command with each odd value, in each place an argument can go.
    static var lines: [[String]] {
        var lines: [[String]] = []
        for command in Invocation.commands + ["help", "", "-x", "--version"] {
            for value in oddValues {
                lines.append([command, value])
                lines.append([command, value, value])
                lines.append([command, "6", value])
                lines.append([command, value, "6"])
            }
        }
        return lines
    }

    @Test("The parser answers every odd command line with an invocation or a usage error")
    func parser() {
        var parsed = 0, refused = 0
        for line in Self.lines {
            do {
                _ = try Invocation.parse(line, lessons: 14)
                parsed += 1
            } catch {
                #expect(!error.description.isEmpty)
                refused += 1
            }
        }
        #expect(refused > parsed, "most odd lines are refused (\(refused) refused, \(parsed) parsed)")
    }

    @Test("The binary: every odd line the parser refuses ends with a usage error on stderr, never a trap")
    func binary() async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        // One line per command and kind of mistake (the parser test above covers every line).
        // A NUL cannot be passed on a command line.
        var seen = Set<String>(), sample: [[String]] = []
        for line in Self.lines where !line.contains(where: { $0.contains("\u{0}") }) {
            do {
                _ = try Invocation.parse(line, lessons: 14)
            } catch {
                let kind = line[0] + ":" + error.description.prefix { $0 != "'" && $0 != "," }
                if seen.insert(kind).inserted { sample.append(line) }
            }
        }
        #expect(sample.count > 20)
        for line in sample {
            let kata = try await fixture.run(line, limit: 15)
            #expect(kata.status == Kata.ExitCode.usage, "kata \(line): exit \(kata.status) \(kata.errors)")
            #expect(kata.output.isEmpty && kata.errors.hasPrefix("kata: "), "kata \(line): \(kata.output) / \(kata.errors)")
        }
    }

    @Test("Odd values of KATA_STALL_SECONDS fall back to 30 s", arguments: [
        ("nan", 30.0), ("-1", 30), ("0", 30), ("inf", 30), ("1e309", 30), ("abc", 30), ("", 30), ("2.5", 2.5), ("45", 45),
    ])
    func stallLimit(text: String, seconds: Double) {
        #expect(TestRunner.stallLimit(text) == seconds)
        #expect(TestRunner.stallLimit(nil) == 30)
    }

    @Test("Valid hint numbers with odd spellings work; the hint command never traps", arguments: ["6", "#6", "+6", "06", "0006"])
    func hintSpellings(text: String) async throws {
        let fixture = try KataFixture()
        defer { fixture.remove() }
        let kata = try await fixture.run(["hint", text])
        #expect(kata.status == 0 && kata.output.contains("Lesson 06"), "\(kata.output) \(kata.errors)")
    }
}

@Suite("kata reads any results file without a trap")
struct ResultsFileFuzzTests {
    /// A small deterministic generator, so that a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let eventLines = [
        StreamFixture.suite("Lesson06Tests"), StreamFixture.test("Lesson06Tests", "a()"),
        StreamFixture.event("testStarted", "Lesson06Tests", "a()"), StreamFixture.event("issueRecorded", "Lesson06Tests", "a()"),
        StreamFixture.event("testEnded", "Lesson06Tests", "a()"), #"{"kind":"event","payload":{"kind":"runEnded"},"version":0}"#,
    ]

    /// Cuts, repeats, splices and corrupts the pieces of a valid file.
    static func mangled(_ pieces: [String], seed: UInt64, count: Int = 300) -> [String] {
        var generator = Generator(state: seed)
        let junk = ["", "{", "}", "[]", "null", "\u{0}", "\u{FFFD}", "{\"kind\":7}", "{\"payload\":[]}", "<", "</testcase>", "&#xD800;", "\"", "\\"]
        return (0..<count).map { _ in
            (0..<generator.next(8)).map { _ -> String in
                let piece = generator.next(4) == 0 ? junk[generator.next(junk.count)] : pieces[generator.next(pieces.count)]
                let scalars = Array(piece.unicodeScalars)
                let cut = scalars.isEmpty ? 0 : generator.next(scalars.count + 1)
                return generator.next(3) == 0 ? String(String.UnicodeScalarView(scalars.prefix(cut))) : piece
            }.joined(separator: generator.next(2) == 0 ? "\n" : "")
        }
    }

    @Test("Event streams: cut, spliced, corrupted")
    func eventStreams() {
        for text in Self.mangled(Self.eventLines, seed: 6) {
            // What is read comes from the text: every test found is named in it.
            let stream = EventStream.parse(text)
            #expect(stream.tests.allSatisfy { text.contains($0.suite) }, "\(text)")
        }
    }

    @Test("xUnit reports: cut, spliced, corrupted")
    func xUnitReports() {
        let pieces = XUnitReportTests.sample.split(separator: "\n").map(String.init)
        for text in Self.mangled(pieces, seed: 13) {
            #expect(XUnitReport.parse(text).allSatisfy { $0.suite.isEmpty || text.contains($0.suite) }, "\(text)")
        }
    }
}
