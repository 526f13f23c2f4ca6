// Foundation's loop at the CoreFoundation level.
//
// What Foundation's Swift API on Linux does NOT expose: `CFRunLoopAddCommonMode` (RunLoop has
// no addCommonMode, and `getCFRunLoop()` is internal there), observers, version-0 sources,
// `CFRunLoopRunInMode` and its result, `CFRunLoopStop`, `CFRunLoopWakeUp`, `CFRunLoopIsWaiting`.
// (It has underscored XCTest-only SPI for some of them — `_observe`, `_Source`, `_stop` — which
// "do not rely on" and which Darwin lacks; this suite does not use it.)
//
// They are reachable all the same: the Swift toolchain for Linux ships the CoreFoundation
// module Foundation is built on (`import CoreFoundation`, headers in usr/lib/swift/CoreFoundation),
// and `CFRunLoopGetCurrent()` is the very loop behind `RunLoop.current`. On macOS the same calls
// reach Apple's own CFRunLoop (`RunLoop.getCFRunLoop()` is public there), the truest reference
// there is. The two spell a mode differently: Platform/CoreFoundationSpelling.swift.
import CoreFoundation
import Foundation
import RunLoopEngine

extension FoundationLoop: CFLoopUnderTest {
    static func cfMode(_ name: String) -> CFRunLoopMode { CoreFoundationSpelling.mode(name) }

    func addCommonMode(_ mode: String) { CFRunLoopAddCommonMode(cf, Self.cfMode(mode)) }

    func performBlock(inModes modes: [String], _ block: @escaping @Sendable () -> Void) {
        guard modes.count > 1 else { return CFRunLoopPerformBlock(cf, CoreFoundationSpelling.modeObject(modes.first ?? "default"), block) }
        // Several modes: a CFArray of their names, the block queued once for all of them.
        let names = modes.map { CoreFoundationSpelling.modeObject($0) }
        var values: [UnsafeRawPointer?] = names.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        let array = withUnsafePointer(to: kCFTypeArrayCallBacks) { CFArrayCreate(nil, &values, values.count, $0) }
        withExtendedLifetime(names) { CFRunLoopPerformBlock(cf, array, block) }
    }

    func runInMode(_ mode: String, seconds: Double, returnAfterSourceHandled: Bool) -> String {
        switch CFRunLoopRunInMode(Self.cfMode(mode), seconds, returnAfterSourceHandled) {
        case .finished: "finished"
        case .stopped: "stopped"
        case .timedOut: "timed out"
        case .handledSource: "handled source"
        @unknown default: "unknown result"
        }
    }

    func stop() { CFRunLoopStop(cf) }
    func wakeUp() { CFRunLoopWakeUp(cf) }
    var isWaiting: Bool { CFRunLoopIsWaiting(cf) }

    func observe(_ mode: String, order: Int, _ callout: @escaping @Sendable (String) -> Void) -> any ItemUnderTest {
        let observer = CFRunLoopObserverCreateWithHandler(nil, 0x0FFF_FFFF, true, order) { _, activity in
            callout(Self.activityName(activity.rawValue))
        }!
        CFRunLoopAddObserver(cf, observer, Self.cfMode(mode))
        return CFItem(observer: observer)
    }

    static func activityName(_ raw: CFOptionFlags) -> String {
        switch raw {
        case 1: "entry"
        case 2: "before timers"
        case 4: "before sources"
        case 32: "before waiting"
        case 64: "after waiting"
        case 128: "exit"
        default: "activity \(raw)"
        }
    }

    func source(order: Int, mode: String, _ perform: @escaping @Sendable () -> Void) -> any SourceUnderTest {
        let source = CFSource(order: order, perform: perform)
        CFRunLoopAddSource(cf, source.source, Self.cfMode(mode))
        return source
    }

    func contains(_ source: any SourceUnderTest, mode: String) -> Bool {
        guard let source = source as? CFSource else { return false }
        return CFRunLoopContainsSource(cf, source.source, Self.cfMode(mode))
    }
}

/// An observer (CF objects are thread-safe).
final class CFItem: ItemUnderTest, @unchecked Sendable {
    let observer: CFRunLoopObserver
    init(observer: CFRunLoopObserver) { self.observer = observer }
    func invalidate() { CFRunLoopObserverInvalidate(observer) }
}

/// A version-0 source whose perform callback runs a Swift closure.
final class CFSource: SourceUnderTest, @unchecked Sendable {
    private(set) var source: CFRunLoopSource!
    private let perform: @Sendable () -> Void

    init(order: Int, perform: @escaping @Sendable () -> Void) {
        self.perform = perform
        var context = CFRunLoopSourceContext()
        context.version = 0
        context.info = Unmanaged.passUnretained(self).toOpaque()   // the source lives as long as the scenario
        // `info` is optional in one CoreFoundation and not in the other: taken as an optional
        // and unwrapped, it compiles against both.
        context.perform = { info in Unmanaged<CFSource>.fromOpaque((info as UnsafeMutableRawPointer?)!).takeUnretainedValue().perform() }
        source = CFRunLoopSourceCreate(nil, order, &context)
    }

    func signal() { CFRunLoopSourceSignal(source) }
    func invalidate() { CFRunLoopSourceInvalidate(source) }
}
