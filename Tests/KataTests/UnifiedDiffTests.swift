import Testing
@testable import KataCLI

@Suite("Mutants are patches: kata reads, applies and writes unified diffs itself")
struct UnifiedDiffTests {
    let original = (1...20).map { "line \($0)\n" }.joined()

    func patch(_ body: String, header: String = "// Mutant: x\n") -> String {
        header + "--- Solutions/f.swift\n+++ Solutions/f.swift\n" + body
    }

    @Test("A hunk replaces its lines; the header is kept apart")
    func apply() throws {
        let diff = try UnifiedDiff.parse(patch("@@ -9,3 +9,3 @@\n line 9\n-line 10\n+line ten\n line 11\n", header: "// Mutant: x\n// Breaks: y\n"))
        #expect(diff.header == ["// Mutant: x", "// Breaks: y"])
        #expect(try diff.apply(to: original) == original.replacingOccurrences(of: "line 10\n", with: "line ten\n"))
    }

    @Test("Lines added or removed elsewhere move a hunk, they do not break it")
    func offset() throws {
        let diff = try UnifiedDiff.parse(
            patch("@@ -9,3 +9,4 @@\n line 9\n-line 10\n+line ten\n+line ten and a half\n line 11\n@@ -15,2 +16,1 @@\n line 15\n-line 16\n"))
        let moved = "new first\nnew second\n" + original.replacingOccurrences(of: "line 13\n", with: "")
        let expected = moved.replacingOccurrences(of: "line 10\n", with: "line ten\nline ten and a half\n").replacingOccurrences(of: "line 16\n", with: "")
        #expect(try diff.apply(to: moved) == expected)
    }

    @Test("A changed context or removed line fails, naming the hunk; so does a patch that is not one")
    func exact() throws {
        let diff = try UnifiedDiff.parse(patch("@@ -1,2 +1,2 @@\n line 1\n-line 2\n+two\n@@ -9,3 +9,3 @@\n line 9\n-line 10\n+line ten\n line 11\n"))
        #expect(throws: UnifiedDiff.Failure.self) { try diff.apply(to: original.replacingOccurrences(of: "line 11\n", with: "line eleven\n")) }
        do {
            _ = try diff.apply(to: original.replacingOccurrences(of: "line 10\n", with: "line 10 \n"))
            Issue.record("a line that differs by one space must not match")
        } catch {
            #expect(error.description.hasPrefix("hunk 2 of 2"), "\(error)")
        }
        #expect(throws: UnifiedDiff.Failure.self) { try UnifiedDiff.parse("// Mutant: no diff\n") }
        #expect(throws: UnifiedDiff.Failure.self) { try UnifiedDiff.parse(patch("@@ -1,2 +1,2 @@\n line 1\n")) }
    }

    @Test("Of two places a hunk matches, the one nearest its stated line is taken")
    func nearest() throws {
        let twice = "a\nx\nb\n" + (1...10).map { "\($0)\n" }.joined() + "a\nx\nb\n"
        let diff = try UnifiedDiff.parse(patch("@@ -14,3 +14,3 @@\n a\n-x\n+y\n b\n"))
        #expect(try diff.apply(to: twice).hasSuffix("a\ny\nb\n"))
        #expect(try diff.apply(to: twice).hasPrefix("a\nx\nb\n"))
    }

    @Test("What make writes, apply reads back: changes at both ends, many hunks, a last line without a line break")
    func roundTrip() throws {
        let cases: [(String, String)] = [
            (original, original.replacingOccurrences(of: "line 1\n", with: "").replacingOccurrences(of: "line 20\n", with: "line 20\nline 21\n")),
            (original, original.replacingOccurrences(of: "line 5\n", with: "five\n").replacingOccurrences(of: "line 15\n", with: "")),
            (original, String(original.dropLast())),
            ("a\n", "b\n"),
            ("", "a\n"),
        ]
        for (old, new) in cases {
            let text = UnifiedDiff.make(from: old, to: new, header: ["// Mutant: m"], oldPath: "f", newPath: "f").text
            #expect(try UnifiedDiff.parse(text).apply(to: old) == new, "\(text)")
        }
        let one = UnifiedDiff.make(
            from: original, to: original.replacingOccurrences(of: "line 10\n", with: "ten\n"), header: ["// Mutant: m"], oldPath: "f", newPath: "f")
        #expect(one.text == "// Mutant: m\n--- f\n+++ f\n@@ -7,7 +7,7 @@\n line 7\n line 8\n line 9\n-line 10\n+ten\n line 11\n line 12\n line 13\n")
    }

    @Test("The converter keeps every `// Word:` header line and refuses a file without its `// Mutant:` line")
    func converter() throws {
        let solution = "// Lesson 06 — x\nlet a = 1\nlet b = 2\n"
        let result = MutantPatcher.patch(
            "// Mutant: b is 3\n// Breaks: the sum\n// Lesson 06 — x\nlet a = 1\nlet b = 3\n", solution: solution, solutionPath: "S.swift")
        let text = try result.get()
        #expect(text.hasPrefix("// Mutant: b is 3\n// Breaks: the sum\n--- S.swift\n"))
        #expect(try UnifiedDiff.parse(text).apply(to: solution) == "// Lesson 06 — x\nlet a = 1\nlet b = 3\n")
        #expect(throws: UnifiedDiff.Failure.self) { try MutantPatcher.patch("let a = 1\n", solution: solution, solutionPath: "S.swift").get() }
        #expect(throws: UnifiedDiff.Failure.self) { try MutantPatcher.patch("// Mutant: same\n" + solution, solution: solution, solutionPath: "S.swift").get() }
        #expect(!MutantPatcher.isHeaderLine("// Lesson 06 — x\n") && !MutantPatcher.isHeaderLine("// see: x\n") && MutantPatcher.isHeaderLine("// Breaks: y\n"))
    }
}
