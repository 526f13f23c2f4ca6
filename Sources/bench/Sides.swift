// The two loops under measurement, behind the few operations the benchmark needs. Each side does
// the same work with its own public API:
//
// | operation              | Foundation (swift-corelibs, the real CFRunLoop)       | engine                          |
// |------------------------|--------------------------------------------------------|---------------------------------|
// | a thread with a loop   | `Thread`, `RunLoop.current`                            | `LoopThread`, `Loop.current`    |
// | post work to a loop    | `perform(inModes: [.default])` + `CFRunLoopWakeUp`     | `perform(inModes:)` + `wakeUp()`|
// | a one-shot timer       | `Timer(fire:interval:0…)` + `add(_:forMode: .default)` | `Loop.Timer` + `add`            |
// | run                    | `run(mode: .default, before:)`                         | `run(mode: .default, before:)`  |
// | stop                   | `CFRunLoopStop`                                        | `stop()`                        |
//
// `CFRunLoopWakeUp` and `CFRunLoopStop` come from CoreFoundation (on Linux, the toolchain's
// CoreFoundation module): Foundation's Swift API has no wake-up and no stop (`perform(inModes:)` does not
// wake the loop), so without them work posted to a sleeping Foundation loop would wait forever.
#if canImport(CoreFoundation)
import CoreFoundation
#endif
import Foundation
import RunLoopEngine
import Synchronization

/// Which implementation: one of the two loops, or the floor, the same work with no loop
/// (Floor.swift).
enum Side: String, CaseIterable {
    case engine, foundation, floor
}

/// A loop running on a thread of its own, that other threads post work to.
protocol HostedLoop: AnyObject, Sendable {
    /// Queues `work` for the loop's thread and wakes the loop.
    func post(_ work: @escaping @Sendable () -> Void)
    /// Ends the loop's thread and waits for it.
    func shutDown()
}

/// The work one side runs on its own loop thread, start to end.
protocol LoopWork: Sendable {
    /// Adds a one-shot timer firing `seconds` from now in the default mode.
    func oneShot(in seconds: Double, _ callout: @escaping @Sendable () -> Void)
    /// Adds a one-shot timer firing at `monotonic` (nanoseconds on the monotonic clock).
    func oneShot(atMonotonic nanoseconds: Int64, _ callout: @escaping @Sendable () -> Void)
    /// Queues a block for the default mode (no wake-up: we are on the loop's thread).
    func perform(_ block: @escaping @Sendable () -> Void)
    /// `run(mode: .default, before: now + seconds)`.
    @discardableResult
    func run(for seconds: Double) -> Bool
}

extension Side {
    /// Starts a thread whose loop runs until ``HostedLoop/shutDown()``, kept alive by a timer
    /// in the distant future.
    func host() -> HostedLoop {
        switch self {
        case .engine: EngineHost()
        case .foundation: FoundationHost()
        case .floor: preconditionFailure("the floor has no loop to host: Floor measures it")
        }
    }

    /// Runs `body` on a new thread of this side, with that thread's loop, and waits for it.
    func onLoopThread<T: Sendable>(_ body: @escaping @Sendable (LoopWork) -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        switch self {
        case .engine:
            let thread = LoopThread(name: "bench engine") {
                result.withLock { $0 = body(EngineWork(loop: Loop.current)) }
                done.signal()
            }
            try! thread.start()
            done.wait()
            thread.join()
        case .foundation:
            let thread = Thread {
                result.withLock { $0 = body(FoundationWork(loop: RunLoop.current)) }
                done.signal()
            }
            thread.start()
            done.wait()
        case .floor:
            preconditionFailure("the floor has no loop: Floor measures it")
        }
        return result.withLock { $0! }
    }
}

// MARK: Engine

final class EngineHost: HostedLoop, @unchecked Sendable {
    // @unchecked: `loop` is written once before `init` returns.
    private var loop: Loop!
    private let thread: LoopThread
    private let done = Flag()

    init() {
        let ready = DispatchSemaphore(value: 0)
        let box = Mutex<Loop?>(nil)
        let done = done
        thread = LoopThread(name: "bench host") {
            let loop = Loop.current
            _ = try? loop.scheduleTimer(after: 1e9) { _ in }   // keep-alive
            box.withLock { $0 = loop }
            ready.signal()
            while !done.isSet { _ = try? loop.run(mode: .default, before: .distantFuture) }
        }
        try! thread.start()
        ready.wait()
        loop = box.withLock { $0 }
    }

    func post(_ work: @escaping @Sendable () -> Void) {
        loop.perform(inModes: [.default], work)
        loop.wakeUp()
    }

    func shutDown() {
        let loop = loop!
        post { [done] in
            done.set()
            loop.stop()
        }
        thread.join()
    }
}

struct EngineWork: LoopWork {
    let loop: Loop

    func oneShot(in seconds: Double, _ callout: @escaping @Sendable () -> Void) {
        _ = try? loop.scheduleTimer(after: seconds) { _ in callout() }
    }

    /// A fire date already past (adding many timers on a loaded machine can outlast the lead)
    /// is now, as CF takes it: `scheduleTimer(after:)` rejects a negative delay as misuse.
    func oneShot(atMonotonic nanoseconds: Int64, _ callout: @escaping @Sendable () -> Void) {
        oneShot(in: max(0, Double(nanoseconds - SystemClock.monotonicNanoseconds()) / 1e9), callout)
    }

    func perform(_ block: @escaping @Sendable () -> Void) { loop.perform(inModes: [.default], block) }

    func run(for seconds: Double) -> Bool { (try? loop.run(mode: .default, before: loop.now + seconds)) ?? false }
}

// MARK: Foundation

final class FoundationHost: HostedLoop, Sendable {
    private let loop: LoopHandle
    private let finished = DispatchSemaphore(value: 0)
    private let done = Flag()

    init() {
        let ready = DispatchSemaphore(value: 0)
        let loop = LoopHandle()
        let (done, finished) = (done, finished)
        let thread = Thread {
            loop.takeCurrent()
            loop.loop.add(Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }, forMode: .default)   // keep-alive
            ready.signal()
            while !done.isSet { _ = loop.loop.run(mode: .default, before: .distantFuture) }
            finished.signal()
        }
        thread.start()
        ready.wait()
        self.loop = loop
    }

    func post(_ work: @escaping @Sendable () -> Void) {
        loop.loop.perform(inModes: [.default], block: work)
        #if canImport(CoreFoundation)
        CFRunLoopWakeUp(loop.cf)
        #endif
    }

    func shutDown() {
        #if canImport(CoreFoundation)
        post { [done, loop] in
            done.set()
            CFRunLoopStop(loop.cf)
        }
        #endif
        finished.wait()
    }

    /// The loop (not Sendable), taken on its thread and handed to the benchmark's: RunLoop's
    /// perform and the CF calls used from other threads are thread-safe.
    private final class LoopHandle: @unchecked Sendable {
        private(set) var loop: RunLoop!
        #if canImport(CoreFoundation)
        private(set) var cf: CFRunLoop!
        #endif

        func takeCurrent() {
            loop = RunLoop.current
            #if canImport(CoreFoundation)
            cf = CFRunLoopGetCurrent()
            #endif
        }
    }
}

/// A flag set once, from any thread.
final class Flag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}

struct FoundationWork: LoopWork, @unchecked Sendable {
    // @unchecked: used on its loop's thread only.
    let loop: RunLoop

    func oneShot(in seconds: Double, _ callout: @escaping @Sendable () -> Void) {
        loop.add(Timer(fire: Date(timeIntervalSinceNow: seconds), interval: 0, repeats: false) { _ in callout() }, forMode: .default)
    }

    func oneShot(atMonotonic nanoseconds: Int64, _ callout: @escaping @Sendable () -> Void) {
        oneShot(in: Double(nanoseconds - SystemClock.monotonicNanoseconds()) / 1e9, callout)
    }

    func perform(_ block: @escaping @Sendable () -> Void) { loop.perform(inModes: [.default], block: block) }

    func run(for seconds: Double) -> Bool { loop.run(mode: .default, before: Date(timeIntervalSinceNow: seconds)) }
}
