import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata sees a build that missed a change", .inEnglish)
struct StaleBuildTests {
    @Test("A file newer than its last compilation (object, diagnostics, dependencies), or changed after the build began, is stale")
    func staleness() throws {
        let fixture = FixturePackage.empty("stale")
        defer { fixture.remove() }
        let file = Lesson.lesson06.exerciseFile
        let folder = "build/x86_64-unknown-linux-gnu/debug/Exercises.build/"
        let runner = TestRunner(packagePath: fixture.root, scratch: fixture.root + "/build", target: .exercises)
        func set(_ path: String, _ seconds: Double) throws {
            try FileManager.default.setAttributes([.modificationDate: date(seconds)], ofItemAtPath: fixture.root + "/" + path)
        }
        func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + seconds) }
        try fixture.write(file, "x")
        try set(file, 10)
        #expect(runner.staleness(of: file, builtSince: date(11))?.en == "\(file) was never compiled")
        for artifact in ["NextFireDate.swift.o", "NextFireDate.dia", "NextFireDate.d"] { try fixture.write(folder + artifact, "") }
        try set(folder + "NextFireDate.swift.o", 12)
        try set(folder + "NextFireDate.dia", 5)
        try set(folder + "NextFireDate.d", 5)
        #expect(runner.staleness(of: file, builtSince: date(11)) == nil)
        try set(folder + "NextFireDate.swift.o", 9)
        #expect(runner.staleness(of: file, builtSince: date(11))?.en == "\(file) is newer than its last compilation")
        try set(folder + "NextFireDate.dia", 12)   // compiled again, to the same object: the object is left as it was
        #expect(runner.staleness(of: file, builtSince: date(11)) == nil)
        #expect(runner.staleness(of: file, builtSince: date(9.5))?.en == "\(file) changed while it was being built")
    }
}
