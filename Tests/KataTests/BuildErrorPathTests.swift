import Foundation
import Testing
@testable import KataCLI

/// The compiler's errors are shown relative to the package, however either side spells its folder.
@Suite("kata names a file that does not compile relative to the package, through symbolic links")
struct BuildErrorPathTests {
    /// A folder `real/kata/Exercises/` and a symbolic link `link` → `real`: two spellings of the
    /// package, as `/var/folders/…` and `/private/var/folders/…` are on a Mac.
    struct TwoSpellings {
        let base: String
        var physical: String { base + "/real/kata" }
        var linked: String { base + "/link/kata" }

        init() throws {
            base = NSTemporaryDirectory() + "kata-paths-" + UUID().uuidString
            let fileManager = FileManager.default
            try fileManager.createDirectory(atPath: base + "/real/kata/Exercises/06-x", withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: base + "/real/kata/Exercises/06-x/Timer.swift"))
            try Data().write(to: URL(fileURLWithPath: base + "/real/Other.swift"))
            try fileManager.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/real")
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    /// Which spelling of the folder each side uses: `kata`'s package path, and the compiler's.
    enum Sides: String, CaseIterable, CustomTestStringConvertible {
        /// A Mac's $TMPDIR: kata is given `/var/folders/…`, the compiler prints `/private/var/folders/…`.
        case packageThroughLink, compilerThroughLink
        var testDescription: String { rawValue }
    }

    @Test("A compiler error is made relative to the package, whichever side names it through the link", arguments: Sides.allCases)
    func throughALink(_ sides: Sides) throws {
        let folder = try TwoSpellings()
        defer { folder.remove() }
        let (package, compiler) = sides == .packageThroughLink ? (folder.linked, folder.physical) : (folder.physical, folder.linked)
        let line = compiler + "/Exercises/06-x/Timer.swift:3:5: error: cannot find 'x' in scope"
        #expect(TestRunner.packageRelative(line, packagePath: package) == "Exercises/06-x/Timer.swift:3:5: error: cannot find 'x' in scope")
    }

    @Test("Lines about files outside the package, or with no file, are left as they are")
    func othersUntouched() throws {
        let folder = try TwoSpellings()
        defer { folder.remove() }
        #expect(PhysicalPath.of(folder.linked) == PhysicalPath.of(folder.physical))
        for line in [
            "error: fatalError", "/nowhere/at/all/X.swift:1:1: error: x",
            folder.base + "/real/Other.swift:1:1: error: x",
        ] {
            #expect(TestRunner.packageRelative(line, packagePath: folder.linked) == line)
        }
    }
}
