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
//   | `Thread.main`                           | `Thread.mainThread`                    | a static member                  |
//   | `autoreleasepool { }`, `Unmanaged.autorelease()` | absent (no Objective-C runtime)  | run the body; keep the retain    |
//
// The Objective-C spellings (`#selector`, `@objc`) are checked on Linux too, by the compiler's own
// rules: swiftc type-checks with Objective-C interop switched on (`-enable-objc-interop`, a frontend
// flag), against stand-ins for what only Apple's SDK and runtime hold:
//
//   | Apple SDK                               | stand-in                                               |
//   |-----------------------------------------|--------------------------------------------------------|
//   | the `ObjectiveC` module's `Selector`    | a module `ObjectiveC` holding a `Selector` struct      |
//   | NSObject's `perform(_:with:afterDelay:)`, `perform(_:on:with:waitUntilDone:)`, Timer's `target:selector:` API | declared with the signatures Apple's SDK imports (an imported method's result is discardable) |
//   | NSTimer, an Objective-C class           | the prelude's `@objc` methods take the timer as `Any`  |
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
        extension Thread {
            static var main: Thread { mainThread }
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

    /// What lets this platform's swiftc type-check `#selector` and `@objc` (nil where the toolchain
    /// has the Objective-C runtime): the flags, the source of a stand-in `ObjectiveC` module to
    /// build first, and Swift source compiled with the snippets.
    static var objectiveCStandIns: (flags: [String], module: String, foundation: String, adapt: @Sendable (String) -> String)? {
        #if canImport(ObjectiveC)
        nil
        #else
        (
            flags: ["-Xfrontend", "-enable-objc-interop"],
            module: """
            /// The Objective-C runtime's selector: `#selector(…)` makes one.
            public struct Selector: ExpressibleByStringLiteral, Hashable, Sendable {
                public let name: String
                public init(_ name: String) { self.name = name }
                public init(stringLiteral name: String) { self.name = name }
            }

            """,
            foundation: """
            import Foundation
            import ObjectiveC

            /// NSObject (NSDelayedPerforming, NSThreadPerformAdditions), as Apple's SDK imports it.
            extension NSObject {
                func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {}
                func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval, inModes modes: [RunLoop.Mode]) {}
                func perform(_ aSelector: Selector, on thr: Thread, with arg: Any?, waitUntilDone wait: Bool) {}
                func perform(_ aSelector: Selector, on thr: Thread, with arg: Any?, waitUntilDone wait: Bool, modes array: [String]?) {}
                func performSelector(onMainThread aSelector: Selector, with arg: Any?, waitUntilDone wait: Bool) {}
                class func cancelPreviousPerformRequests(withTarget aTarget: Any) {}
            }

            /// NSTimer's target–selector API, as Apple's SDK imports it.
            extension Timer {
                @discardableResult
                class func scheduledTimer(
                    timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector, userInfo: Any?, repeats yesOrNo: Bool
                ) -> Timer { Timer(timeInterval: ti, repeats: yesOrNo) { _ in } }
                convenience init(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector, userInfo: Any?, repeats yesOrNo: Bool) {
                    self.init(timeInterval: ti, repeats: yesOrNo) { _ in }
                }
            }

            """,
            adapt: { prelude in
                // The prelude's `@objc` methods that take the firing timer: swift-corelibs'
                // Timer is not an Objective-C class, so there they take it as `Any` (`id`).
                "import ObjectiveC\n"
                    + prelude.replacingOccurrences(of: "(_ timer: Timer)", with: "(_ timer: Any)")
                    .replacingOccurrences(of: "timer.invalidate()", with: "(timer as! Timer).invalidate()")
            }
        )
        #endif
    }
}
