import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata takes any command line without a trap", .inEnglish)
struct ArgumentFuzzTests {
    static let oddValues = [
        "0", "-1", String((Catalog.lessons.map(\.number).max() ?? 0) + 1), "99", "-9223372036854775808", "9223372036854775807", "99999999999999999999999",
        "abc", "", " ", "#", "#0", "##6", "6.5", "0x6", "1e3", "--", "-", "---", "６", "6\u{0}", "\u{202E}6",
        String(repeating: "9", count: 5_000), "--yes", "-y", "--solution", "--bogus", "-h6",
    ]

    /// Every command with each odd value, in each place an argument can go.
    static var lines: [[String]] {
        var lines: [[String]] = []
        for command in Invocation.commands + ["dev", "help", "", "-x", "--version"] {
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
                // One line, and the help it points to exists: `kata X --help` for X that has one.
                #expect(!error.description.contains("\n"), "\(line): \(error.description)")
                #expect(
                    error.command.map { Help.commands[$0] != nil || $0 == "dev" } ?? true,
                    "\(line) points to \(error.command ?? "")'s help, which does not exist")
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

    @Test(
        "Odd values of KATA_STALL_SECONDS fall back to 30 s",
        arguments: [
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
