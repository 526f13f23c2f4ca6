import Foundation
import Testing
@testable import KataCLI
@testable import KataCore

@Suite("kata shows a build briefly", .inEnglish)
struct BuildDisplayTests {
    @Test("Build steps are counted; warnings about the exercises are kept, relative; the rest is left out")
    func lines() {
        #expect(BuildDisplay.step("[12/206] Compiling RunLoopEngine Loop.swift")! == (12, 206))
        #expect(BuildDisplay.step("Building for debugging...") == nil)
        #expect(
            BuildDisplay.studentDiagnostic("/home/me/kata/Exercises/06-timer-skip-on-overrun/NextFireDate.swift:28:13: warning: never used")
                == "Exercises/06-timer-skip-on-overrun/NextFireDate.swift:28:13: warning: never used")
        #expect(BuildDisplay.studentDiagnostic("/home/me/kata/Sources/RunLoopEngine/Loop.swift:1:1: warning: x") == nil)
        #expect(BuildDisplay.studentDiagnostic("/home/me/kata/Exercises/X.swift:1:1: error: x") == nil)
    }

    @Test("The progress line estimates the time left from the pace so far, once there is a pace to go by")
    func estimate() {
        // 100 of 400 steps in 30 s: 300 more at that pace, 90 s.
        #expect(BuildDisplay.progress(done: 100, total: 400, elapsed: 30).en == "building 100/400 · 0:30 so far, about 1:30 left")
        #expect(BuildDisplay.progress(done: 100, total: 400, elapsed: 30).zh == "编译中 100/400 · 已用 0:30，大约还要 1:30")
        // Too early to tell: under 10 s, or under 5 % of the steps.
        #expect(BuildDisplay.progress(done: 100, total: 400, elapsed: 9).en == "building 100/400 · 0:09 so far")
        #expect(BuildDisplay.progress(done: 10, total: 400, elapsed: 60).en == "building 10/400 · 1:00 so far")
        #expect(BuildDisplay.progress(done: 400, total: 400, elapsed: 125).en == "building 400/400 · 2:05 so far")
        #expect(BuildDisplay.clock(59.6) == "1:00")
    }
}
