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

    @Test("The package given through a link, the compiler naming the physical path (a Mac's $TMPDIR)")
    func packageThroughLink() throws {
        let folder = try TwoSpellings()
        defer { folder.remove() }
        let line = folder.physical + "/Exercises/06-x/Timer.swift:3:5: error: cannot find 'x' in scope"
        #expect(TestRunner.packageRelative(line, packagePath: folder.linked)
                == "Exercises/06-x/Timer.swift:3:5: error: cannot find 'x' in scope")
    }

    @Test("The package given by its physical path, the compiler naming it through the link")
    func compilerThroughLink() throws {
        let folder = try TwoSpellings()
        defer { folder.remove() }
        let line = folder.linked + "/Exercises/06-x/Timer.swift:3:5: error: cannot find 'x' in scope"
        #expect(TestRunner.packageRelative(line, packagePath: folder.physical)
                == "Exercises/06-x/Timer.swift:3:5: error: cannot find 'x' in scope")
    }

    @Test("Lines about files outside the package, or with no file, are left as they are")
    func othersUntouched() throws {
        let folder = try TwoSpellings()
        defer { folder.remove() }
        #expect(PhysicalPath.of(folder.linked) == PhysicalPath.of(folder.physical))
        for line in ["error: fatalError", "/nowhere/at/all/X.swift:1:1: error: x",
                     folder.base + "/real/Other.swift:1:1: error: x"] {
            #expect(TestRunner.packageRelative(line, packagePath: folder.linked) == line)
        }
    }
}
