// The two loops under test, behind one small interface, so that each scenario is written once
// and run twice. Each operation maps one-to-one onto a public API of its side:
//
// | operation            | Foundation (swift-corelibs)                  | engine                                 |
// |----------------------|----------------------------------------------|----------------------------------------|
// | timer(…)             | Timer(fire:interval:repeats:block:) + add    | Loop.Timer(…) + add(_:forMode:)        |
// | run(_:for:)          | run(mode:before:)                            | run(mode:before:)                      |
// | run(), run(until:)   | run(), run(until:)                           | run(), run(until:)                     |
// | perform(inModes:)    | perform(inModes:block:)                      | perform(inModes:)                      |
// | currentMode          | currentMode                                  | currentMode                            |
//
// and, for the scenarios that need CoreFoundation (see CoreFoundationScenarios.swift):
//
// | addCommonMode        | CFRunLoopAddCommonMode                       | addCommonMode(_:)                      |
// | runInMode            | CFRunLoopRunInMode                           | run(mode:timeout:returnAfterSourceHandled:) |
// | performBlock         | CFRunLoopPerformBlock                        | perform(inModes:)                      |
// | stop, wakeUp         | CFRunLoopStop, CFRunLoopWakeUp               | stop(), wakeUp()                       |
// | isWaiting            | CFRunLoopIsWaiting                           | isWaiting                              |
// | observe              | CFRunLoopObserverCreateWithHandler + add     | Loop.Observer + add(_:forMode:)        |
// | source               | CFRunLoopSourceCreate (version 0) + add      | Loop.Source + add(_:forMode:)          |
//
// The first table's Foundation column is Foundation's Swift `RunLoop`: on Linux swift-corelibs'
// wrappers over CFRunLoop, on macOS Apple's Objective-C `NSRunLoop`, other code over the same
// CFRunLoop. So:
// - blocks are queued with `performBlock` (CFRunLoopPerformBlock) in the scenarios whose claim
//   is about blocks, and runs whose result is the claim use `runInMode` (CFRunLoopRunInMode);
// - the other scenarios use `run(mode:before:)` only to run the loop once in a mode, which both
//   Foundations document the same way (false, without running, for a mode with nothing in it;
//   otherwise one CFRunLoopRunInMode returning after a source, and true);
// - the scenarios that state what the wrapper itself does (`run()` looping over
//   `run(mode:before:)`, its Bool for a mode never made) carry the tag `.foundationWrapper`.
//
// Modes are named by strings; "default" and "common" are the default mode and the common modes.
// Times are seconds on the side's own clock (Foundation: since the reference date; engine: the
// loop's clock).
import CoreFoundation
import Foundation
import RunLoopEngine

/// A run loop as a scenario sees it.
protocol LoopUnderTest: AnyObject, Sendable {
    /// Now, in seconds, on this side's clock.
    var now: Double { get }
    /// The innermost run's mode, "no mode" when not running.
    var currentMode: String { get }
    /// `run(mode:before:)`, `seconds` from now.
    func run(_ mode: String, for seconds: Double) -> Bool
    /// `run()`.
    func run()
    /// `run(until:)`, `seconds` from now.
    func run(untilSecondsFromNow seconds: Double)
    /// A timer first due at `fireDate` (this side's clock), repeating every `interval` if > 0.
    @discardableResult
    func timer(at fireDate: Double, interval: Double, mode: String, _ callout: @escaping @Sendable (any TimerUnderTest) -> Void) -> any TimerUnderTest
    /// `perform(inModes:block:)`.
    func perform(inModes modes: [String], _ block: @escaping @Sendable () -> Void)
    /// Starts a thread of this side that runs `body` with its own loop; returns a function that
    /// waits (at most 10 s) until the thread has exited and its loop is torn down.
    func startThread(_ body: @escaping @Sendable (any LoopUnderTest) -> Void) -> @Sendable () -> Void
}

extension LoopUnderTest {
    /// A timer `seconds` from now.
    @discardableResult
    func timer(
        in seconds: Double, interval: Double = 0, mode: String = "default",
        _ callout: @escaping @Sendable (any TimerUnderTest) -> Void
    ) -> any TimerUnderTest {
        timer(at: now + seconds, interval: interval, mode: mode, callout)
    }
}

/// A timer as a scenario sees it.
protocol TimerUnderTest: AnyObject, Sendable {
    var isValid: Bool { get }
    func invalidate()
    /// When it fires next (this side's clock); settable.
    var fireDate: Double { get set }
}

/// The CoreFoundation level of a loop: what Foundation's Swift API on Linux does not expose.
protocol CFLoopUnderTest: LoopUnderTest {
    func addCommonMode(_ mode: String)
    /// `CFRunLoopPerformBlock`: `block` queued once for `modes` (one name, or an array of them).
    func performBlock(inModes modes: [String], _ block: @escaping @Sendable () -> Void)
    /// `CFRunLoopRunInMode`: the result's name ("finished", "stopped", "timed out", "handled source").
    func runInMode(_ mode: String, seconds: Double, returnAfterSourceHandled: Bool) -> String
    func stop()
    func wakeUp()
    var isWaiting: Bool { get }
    /// An observer of every activity, told with the activity's name ("entry", "before timers"…).
    @discardableResult
    func observe(_ mode: String, order: Int, _ callout: @escaping @Sendable (String) -> Void) -> any ItemUnderTest
    /// A version-0 source, added to `mode`.
    func source(order: Int, mode: String, _ perform: @escaping @Sendable () -> Void) -> any SourceUnderTest
    func contains(_ source: any SourceUnderTest, mode: String) -> Bool
}

protocol ItemUnderTest: AnyObject, Sendable {
    func invalidate()
}

protocol SourceUnderTest: ItemUnderTest {
    func signal()
}

// MARK: - Foundation

/// Foundation's `RunLoop`. @unchecked Sendable: a scenario uses the loop on its own thread,
/// except for operations CF makes thread-safe (perform, stop, wake-up, isWaiting, contains).
final class FoundationLoop: LoopUnderTest, @unchecked Sendable {
    let loop: RunLoop
    /// The CFRunLoop behind `loop` (the same object as `RunLoop.current`'s, taken on its thread).
    let cf: CFRunLoop = CFRunLoopGetCurrent()

    /// Made on the loop's own thread only.
    private init(_ loop: RunLoop) { self.loop = loop }

    /// The calling thread's loop.
    static var current: FoundationLoop { FoundationLoop(RunLoop.current) }

    static func mode(_ name: String) -> RunLoop.Mode {
        switch name {
        case "default": .default
        case "common": .common
        default: RunLoop.Mode(name)
        }
    }

    var now: Double { Date().timeIntervalSinceReferenceDate }

    var currentMode: String {
        guard let mode = loop.currentMode else { return "no mode" }
        return mode == .default ? "default" : mode.rawValue
    }

    func run(_ mode: String, for seconds: Double) -> Bool {
        loop.run(mode: Self.mode(mode), before: Date(timeIntervalSinceNow: seconds))
    }

    func run() { loop.run() }

    func run(untilSecondsFromNow seconds: Double) { loop.run(until: Date(timeIntervalSinceNow: seconds)) }

    func timer(at fireDate: Double, interval: Double, mode: String, _ callout: @escaping @Sendable (any TimerUnderTest) -> Void) -> any TimerUnderTest {
        let timer = Timer(fire: Date(timeIntervalSinceReferenceDate: fireDate), interval: interval, repeats: interval > 0) { timer in
            callout(FoundationTimer(timer))
        }
        loop.add(timer, forMode: Self.mode(mode))
        return FoundationTimer(timer)
    }

    func perform(inModes modes: [String], _ block: @escaping @Sendable () -> Void) {
        loop.perform(inModes: modes.map(Self.mode), block: block)
    }

    func startThread(_ body: @escaping @Sendable (any LoopUnderTest) -> Void) -> @Sendable () -> Void {
        let thread = Thread { body(FoundationLoop.current) }
        thread.start()
        let handle = Lock<Thread?>(nil)
        handle.withLock { $0 = thread }
        return {
            waitFor { handle.withLock({ $0 })?.isFinished ?? true }
            // CF tears the loop down in a thread-specific-data destructor, after the body.
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

final class FoundationTimer: TimerUnderTest, @unchecked Sendable {
    // @unchecked: Foundation's Timer is thread-safe (a CFRunLoopTimer with its own lock).
    let timer: Timer

    init(_ timer: Timer) { self.timer = timer }

    var isValid: Bool { timer.isValid }
    func invalidate() { timer.invalidate() }
    var fireDate: Double {
        get { timer.fireDate.timeIntervalSinceReferenceDate }
        set { timer.fireDate = Date(timeIntervalSinceReferenceDate: newValue) }
    }
}

// MARK: - Engine

final class EngineLoop: CFLoopUnderTest, Sendable {
    let loop: Loop
    /// Errors become log lines of the scenario (never crashes).
    let log: Log

    init(_ loop: Loop, log: Log) {
        self.loop = loop
        self.log = log
    }

    static func mode(_ name: String) -> Loop.Mode {
        switch name {
        case "default": .default
        case "common": .common
        default: Loop.Mode(name)
        }
    }

    var now: Double { loop.now.seconds }

    var currentMode: String { loop.currentMode?.name ?? "no mode" }

    func run(_ mode: String, for seconds: Double) -> Bool {
        do { return try loop.run(mode: Self.mode(mode), before: loop.now + seconds) } catch {
            // Foundation returns false when asked to run another thread's loop; the engine
            // throws and says why (another thread's loop, or the loop of an exited thread).
            switch error {
            case .wrongThread, .loopTornDown: return false
            default:
                log("error: \(error)")
                return false
            }
        }
    }

    func run() {
        do { try loop.run() } catch { log("error: \(error)") }
    }

    func run(untilSecondsFromNow seconds: Double) {
        do { try loop.run(until: loop.now + seconds) } catch { log("error: \(error)") }
    }

    func timer(at fireDate: Double, interval: Double, mode: String, _ callout: @escaping @Sendable (any TimerUnderTest) -> Void) -> any TimerUnderTest {
        do {
            let timer = try Loop.Timer(fireDate: Instant(seconds: fireDate), interval: interval) { callout(EngineTimer($0)) }
            do { try loop.add(timer, forMode: Self.mode(mode)) } catch LoopError.loopTornDown {
                // CF lets anyone add a timer to the loop of an exited thread; it never fires.
            }
            return EngineTimer(timer)
        } catch {
            log("error: \(error)")
            return EngineTimer(nil)
        }
    }

    func perform(inModes modes: [String], _ block: @escaping @Sendable () -> Void) {
        loop.perform(inModes: modes.map(Self.mode), block)
    }

    func startThread(_ body: @escaping @Sendable (any LoopUnderTest) -> Void) -> @Sendable () -> Void {
        let log = log
        let thread = LoopThread(name: "scenario thread") { body(EngineLoop(Loop.current, log: log)) }
        do { try thread.start() } catch { log("error: \(error)") }
        return { _ = thread.join(timeout: 10) }
    }

    // CoreFoundation level

    func addCommonMode(_ mode: String) { loop.addCommonMode(Self.mode(mode)) }

    func performBlock(inModes modes: [String], _ block: @escaping @Sendable () -> Void) {
        loop.perform(inModes: modes.map(Self.mode), block)
    }

    func runInMode(_ mode: String, seconds: Double, returnAfterSourceHandled: Bool) -> String {
        do { return try loop.run(mode: Self.mode(mode), timeout: seconds, returnAfterSourceHandled: returnAfterSourceHandled).description } catch {
            return "error: \(error)"
        }
    }

    func stop() { loop.stop() }
    func wakeUp() { loop.wakeUp() }
    var isWaiting: Bool { loop.isWaiting }

    func observe(_ mode: String, order: Int, _ callout: @escaping @Sendable (String) -> Void) -> any ItemUnderTest {
        let observer = Loop.Observer(activities: .all, order: order) { callout($0.description) }
        do { try loop.add(observer, forMode: Self.mode(mode)) } catch { log("error: \(error)") }
        return EngineItem(invalidate: observer.invalidate)
    }

    func source(order: Int, mode: String, _ perform: @escaping @Sendable () -> Void) -> any SourceUnderTest {
        let source = Loop.Source(order: order, perform: perform)
        do { try loop.add(source, forMode: Self.mode(mode)) } catch { log("error: \(error)") }
        return EngineSource(source)
    }

    func contains(_ source: any SourceUnderTest, mode: String) -> Bool {
        guard let source = (source as? EngineSource)?.source else { return false }
        return loop.contains(.source(source), inMode: Self.mode(mode))
    }
}

final class EngineTimer: TimerUnderTest, Sendable {
    let timer: Loop.Timer?

    init(_ timer: Loop.Timer?) { self.timer = timer }

    var isValid: Bool { timer?.isValid ?? false }
    func invalidate() { timer?.invalidate() }
    var fireDate: Double {
        get { timer?.fireDate.seconds ?? 0 }
        set { timer?.fireDate = Instant(seconds: newValue) }
    }
}

final class EngineItem: ItemUnderTest, Sendable {
    private let invalidation: @Sendable () -> Void
    init(invalidate: @escaping @Sendable () -> Void) { invalidation = invalidate }
    func invalidate() { invalidation() }
}

final class EngineSource: SourceUnderTest, Sendable {
    let source: Loop.Source
    init(_ source: Loop.Source) { self.source = source }
    func signal() { source.signal() }
    func invalidate() { source.invalidate() }
}
