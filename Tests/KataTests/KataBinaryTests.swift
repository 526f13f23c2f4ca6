import Foundation
import Testing
@testable import KataCLI

/// The tests that run `kata` find it in the build folder of the test binary, from where the
/// tests' own code was loaded: on macOS the process is `swiftpm-testing-helper` (in the
/// toolchain), which opens the test bundle with `dlopen`, so neither its arguments nor
/// `Bundle.main` lead to the build folder.
@Suite("The tests find the kata they were built with")
struct KataBinaryTests {
    @Test("The tests' own image is the test binary, and kata is beside it")
    func fromTheTestImage() throws {
        let image = try #require(TestImage.path(containing: #dsohandle))
        // The native build system links every test target into `<Package>PackageTests`; Swift Build
        // makes a library for each (`KataTests.so`), which its `KataTests-test-runner` loads.
        let name = (image as NSString).lastPathComponent
        #expect(name.contains("PackageTests") || name.hasPrefix("KataTests."), "the tests' code was loaded from \(image)")
        let kata = try FixturePackage.kataBinary(besideImage: image)
        #expect(FileManager.default.isExecutableFile(atPath: kata))
        #expect((kata as NSString).lastPathComponent == "kata")
    }

    @Test("Every layout: Linux's test executable, Swift Build's library of a test target, macOS's test bundle opened by another program")
    func bothLayouts() throws {
        let debug = NSTemporaryDirectory() + "kata-binary-" + UUID().uuidString + "/debug"
        defer { try? FileManager.default.removeItem(atPath: (debug as NSString).deletingLastPathComponent) }
        let bundleCode = debug + "/KataPackageTests.xctest/Contents/MacOS"
        try FileManager.default.createDirectory(atPath: bundleCode, withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try FixturePackage.kataBinary(besideImage: bundleCode + "/KataPackageTests") }
        #expect(FileManager.default.createFile(atPath: debug + "/kata", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        let kata = PhysicalPath.of(debug + "/kata")
        #expect(PhysicalPath.of(try FixturePackage.kataBinary(besideImage: bundleCode + "/KataPackageTests")) == kata)
        #expect(PhysicalPath.of(try FixturePackage.kataBinary(besideImage: debug + "/KataPackageTests.xctest")) == kata)
        #expect(PhysicalPath.of(try FixturePackage.kataBinary(besideImage: debug + "/KataTests.so")) == kata, "Swift Build's library of one test target")
    }
}
