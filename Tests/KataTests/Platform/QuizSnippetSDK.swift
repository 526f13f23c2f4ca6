// The quiz snippet check's platform file: the only source of KataTests that names an operating
// system. The quiz's iOS code is written against Apple's SDK; swift-corelibs-foundation (the
// Foundation of the Swift toolchain for Linux) holds the same RunLoop, Timer, Thread and CFRunLoop
// API but spells a few names differently or lacks them. These stand-ins, compiled with the
// snippets on Linux only, give those names their Apple meaning:
//
//   | Apple SDK                               | swift-corelibs (Linux)                 | stand-in                         |
//   |-----------------------------------------|----------------------------------------|----------------------------------|
//   | `CFRunLoopMode.defaultMode` / `.commonModes` | `kCFRunLoopDefaultMode` / `…CommonModes` (a CFString) | static members on CFString |
//   | `NSMachPort()`                          | unavailable                            | a `Port` subclass                |
//   | `RunLoop.getCFRunLoop()`                | internal                               | the current thread's CFRunLoop   |
//   | `autoreleasepool { }`, `Unmanaged.autorelease()` | absent (no Objective-C runtime)  | run the body; keep the retain    |
//
// One spelling has no stand-in: `"MyMode" as CFString` (bridging a Swift String to a CFString with
// `as`), which the Swift overlay of Apple's CoreFoundation provides and swift-corelibs does not:
// QuizSnippetTests type-checks the snippets that write it on Apple platforms only.
enum QuizSnippetSDK {
    /// Swift source compiled with every snippet on this platform.
    static var standIns: String {
        #if canImport(Darwin)
        ""
        #else
        """
        import CoreFoundation
        import Foundation

        extension CFString {
            static var defaultMode: CFString { kCFRunLoopDefaultMode }
            static var commonModes: CFString { kCFRunLoopCommonModes }
        }
        final class NSMachPort: Port {
            override func invalidate() {}
            override var isValid: Bool { true }
        }
        extension RunLoop {
            /// Used by the snippets on the current thread's loop only.
            func getCFRunLoop() -> CFRunLoop { CFRunLoopGetCurrent() }
        }
        func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result { try body() }
        extension Unmanaged {
            func autorelease() -> Unmanaged { self }
        }

        """
        #endif
    }
}
