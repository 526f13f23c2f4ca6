// The conformance tests' platform file: the only test source here that names an operating
// system. Apple's CoreFoundation (macOS's SDK, with its Swift overlay) and swift-corelibs'
// (the CoreFoundation module of the Swift toolchain for Linux) hold the same CFRunLoop API but
// spell a mode differently:
//
//   | what                | Darwin overlay                      | swift-corelibs (Linux)         |
//   |---------------------|-------------------------------------|--------------------------------|
//   | `CFRunLoopMode`     | a struct wrapping a CFString        | CFString itself                |
//   | the default mode    | `CFRunLoopMode.defaultMode`         | `kCFRunLoopDefaultMode`        |
//   | the common modes    | `CFRunLoopMode.commonModes`         | `kCFRunLoopCommonModes`        |
//   | a mode by name      | `CFRunLoopMode(rawValue: cfString)` | the CFString                   |
//
// Everything else the scenarios call (CFRunLoopRunInMode and its result, observers made with a
// handler, version-0 sources, stop, wake-up) is spelled the same on both.
import CoreFoundation
import Foundation

enum CoreFoundationSpelling {
    /// Whether this is Apple's CoreFoundation (macOS), not swift-corelibs' (Linux). Scenarios
    /// that rest on swift-corelibs-foundation's own code are skipped on Apple's, saying why.
    static var isApples: Bool {
        #if canImport(Darwin)
        true
        #else
        false
        #endif
    }

    /// The mode called `name` ("default" and "common": the default mode and the common modes).
    static func mode(_ name: String) -> CFRunLoopMode {
        #if canImport(Darwin)
        switch name {
        case "default": .defaultMode
        case "common": .commonModes
        default: CFRunLoopMode(rawValue: string(name))
        }
        #else
        switch name {
        case "default": kCFRunLoopDefaultMode
        case "common": kCFRunLoopCommonModes
        default: string(name)
        }
        #endif
    }

    /// The mode as the CF object `CFRunLoopPerformBlock` takes (a mode's name, or an array).
    static func modeObject(_ name: String) -> CFTypeRef {
        #if canImport(Darwin)
        mode(name).rawValue
        #else
        mode(name)
        #endif
    }

    private static func string(_ text: String) -> CFString {
        CFStringCreateWithCString(nil, text, CFStringBuiltInEncodings.UTF8.rawValue)
    }
}
