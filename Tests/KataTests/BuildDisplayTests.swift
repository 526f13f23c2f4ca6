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
        #expect(BuildDisplay.studentDiagnostic("/home/me/kata/Exercises/06-timer-skip-on-overrun/NextFireDate.swift:28:13: warning: never used")
                == "Exercises/06-timer-skip-on-overrun/NextFireDate.swift:28:13: warning: never used")
        #expect(BuildDisplay.studentDiagnostic("/home/me/kata/Sources/RunLoopEngine/Loop.swift:1:1: warning: x") == nil)
        #expect(BuildDisplay.studentDiagnostic("/home/me/kata/Exercises/X.swift:1:1: error: x") == nil)
    }
}
