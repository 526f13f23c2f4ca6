extension TraceScenario {
    /// A thread's loop is made the first time the thread asks for it, is the same loop on every
    /// later ask, and is forgotten when the thread exits. CF: `_CFRunLoopGet0`, `__CFFinalizeRunLoop`.
    static let threadGetsItsLoop = TraceScenario(
        name: "thread-gets-its-loop",
        summary: "a worker asks for its loop (made now), asks again (the same one), runs it, exits (forgotten)",
        lookFor: "one loop for the worker: the second ask answers the same loop; after the exit the registry has none"
    ) {
        let registry = LoopRegistry(clock: VirtualClock())
        let box = Lock<Loop?>(nil)
        let traced = Lock<LoopTrace?>(nil)
        let worker = LoopThread(name: "worker", registry: registry) {
            let loop = Loop.current
            traced.withLock { $0 = loop.startTracing() }
            loop.note("Loop.current: no loop yet, so one is made for this thread")
            loop.note("Loop.current again: the same loop — \(Loop.current === loop)")
            if let timer = try? Loop.Timer(name: "one-shot", fireDate: loop.now + 1, callout: { _ in }) { try? loop.add(timer, forMode: .default) }
            _ = try? loop.run(mode: .default, timeout: 5)
            box.withLock { $0 = loop }
        }
        try worker.start()
        let id = worker.id
        worker.join(timeout: 5)
        let remembered = id.flatMap { registry.existingLoop(for: $0) } != nil
        box.withLock { $0 }?.note("the thread exited: the registry still holds its loop — \(remembered)")
        return traced.withLock { $0 } ?? LoopTrace.failed("the worker recorded nothing")
    }

    /// One mode runs at a time; a mode with nothing in it returns at once; observers alone do
    /// not keep a mode alive.
    static let emptyModeReturns = TraceScenario(
        name: "empty-mode-returns",
        summary: "a timer in the default mode; running the tracking mode (only an observer) returns at once",
        lookFor: "tracking: → finished with no entry and no exit; the timer fires only in the default run"
    ) {
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        try loop.add(try Loop.Timer(name: "default timer", fireDate: loop.now + 1) { _ in }, forMode: .default)
        try loop.add(Loop.Observer(name: "watcher", activities: .all) { _ in }, forMode: .tracking)
        let trace = loop.startTracing()
        loop.note("run the tracking mode: an observer, no source, no timer")
        try loop.run(mode: .tracking, timeout: 2)
        loop.note("run the default mode: its timer keeps it alive")
        try loop.run(mode: .default, timeout: 2)
        return trace
    }

    /// `.common` is a set of mode names: an item added to it reaches every common mode, also a
    /// mode marked common after the item was added.
    static let commonModes = TraceScenario(
        name: "common-modes",
        summary: "a timer added to .common, then the tracking mode marked common: the timer fires in both",
        lookFor: "\"common timer\" fires in the default run and in the tracking run; \"default timer\" only in default"
    ) {
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        try loop.add(try Loop.Timer(name: "common timer", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
        try loop.add(try Loop.Timer(name: "default timer", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .default)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 1.5)
        loop.note("mark tracking common: it gets the common timer")
        loop.addCommonMode(.tracking)
        try loop.run(mode: .tracking, timeout: 1.5)
        return trace
    }

    /// The four results a run can return, one run each.
    static let runResults = TraceScenario(
        name: "run-results",
        summary: "four runs: finished (its last timer went), stopped, timed out, handled source",
        lookFor: "each run's last line: → finished, → stopped, → timed out, → handled source"
    ) {
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        let trace = loop.startTracing()
        try loop.add(try Loop.Timer(name: "one-shot", fireDate: loop.now + 1) { _ in }, forMode: .default)
        try loop.run(mode: .default, timeout: 10)
        let port = Loop.Port(name: "keep-alive")
        try loop.add(port, forMode: .default)
        try loop.add(try Loop.Timer(name: "calls stop()", fireDate: loop.now + 1) { _ in Loop.current.stop() }, forMode: .default)
        try loop.run(mode: .default, timeout: 10)
        try loop.run(mode: .default, timeout: 1)
        let source = Loop.Source(name: "signalled") {}
        try loop.add(source, forMode: .default)
        source.signal()
        try loop.run(mode: .default, timeout: 10, returnAfterSourceHandled: true)
        return trace
    }

    /// A signalled source0 runs only when its loop looks: a sleeping loop must be woken.
    static let source0Wakeup = TraceScenario(
        name: "source0-wakeup",
        summary: "a sleeping worker's source is signalled (nothing happens), then its loop is woken (it runs)",
        lookFor: "after signal() the loop sleeps on; after wakeUp(): woke: wake-up → before sources → source \"bell\""
    ) {
        let bell = Loop.Source(name: "bell") { Loop.current.note("the bell's work runs on the worker") }
        let worker = SleepWatchedThread(name: "worker") { loop in
            try loop.add(bell, forMode: .default)
        }
        let trace = try worker.start()
        guard let loop = worker.loop else { return LoopTrace.failed("the worker has no loop") }
        bell.signal()
        loop.note("signal() from another thread: nothing wakes the loop, the bell waits")
        loop.note("wakeUp()")
        _ = loop.wakeUp()
        worker.waitUntilAsleep()
        return worker.stop(trace)
    }

    /// performSelector:afterDelay: is a one-shot timer on the current loop: nothing happens
    /// until that loop runs, and only in the modes asked for.
    static let performAfterDelay = TraceScenario(
        name: "perform-after-delay",
        summary: "perform(afterDelay: 1) while the loop is not running: nothing; a tracking run: nothing; a default run: it fires",
        lookFor: "no callout before the default run; timer \"perform after delay\" fires in the default run, then → finished"
    ) {
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        let trace = loop.startTracing()
        loop.note("perform(afterDelay: 1): a one-shot timer in the default mode")
        try loop.perform(afterDelay: 1) { Loop.current.note("the delayed work runs") }
        try loop.add(Loop.Port(name: "scroll"), forMode: .tracking)
        loop.note("2 s pass with the loop not running")
        clock.advance(by: 2)
        loop.note("a tracking run: the timer is in the default mode only")
        try loop.run(mode: .tracking, timeout: 1)
        try loop.run(mode: .default, timeout: 5)
        return trace
    }

    /// A loop with nothing to do returns at once; a port keeps it alive (AFNetworking 2's
    /// network thread).
    static let keepAlivePort = TraceScenario(
        name: "keep-alive-port",
        summary: "run with nothing in the mode: back at once; add a port: the loop sleeps until a message comes",
        lookFor: "first run: → finished (empty mode); second run: sleep, woke: port \"network\", port callout, → handled source"
    ) {
        let port = Loop.Port(name: "network") { message in Loop.current.note("message: \(message)") }
        let worker = SleepWatchedThread(
            name: "network", setUp: { _ in },
            run: { loop in
                loop.note("run with nothing in the default mode")
                try loop.run(mode: .default, timeout: 10)
                loop.note("add a port: nothing else to do, but the loop stays")
                try loop.add(port, forMode: .default)
                try loop.run(mode: .default, timeout: .infinity, returnAfterSourceHandled: true)
            })
        let trace = try worker.start()
        worker.waitUntilAsleep()
        try port.send("response")
        return worker.join(trace)
    }

    /// The two layers of pools on UIKit's main loop: a timer's callout has a pool of its own
    /// (CF's `CFRUNLOOP_ARP_BEGIN(NULL)`), popped when it returns; a source0's callout has none
    /// there (the loop's per-callout flag is off), so what it autoreleases waits in UIKit's pool,
    /// drained before the loop sleeps — and a busy source that never lets it sleep piles it up.
    static let autoreleasePools = TraceScenario(
        name: "autorelease-pools",
        summary:
            "each tick autoreleases 3 objects into its own pool, gone when it returns; a busy source's objects wait in UIKit's pool and pile up while the loop never sleeps",
        lookFor:
            "each tick finds 0 waiting (its own pool was popped); the busy passes right after the second tick find 0, 3, 6: nothing drains until the loop sleeps"
    ) {
        let clock = VirtualClock()
        let mechanisms = Loop.Mechanisms.reference.with(autoreleasePools: ReferenceAutoreleasePoolObservers())
        let loop = Loop(clock: clock, mechanisms: mechanisms)
        let pools = loop.autoreleasePoolStack
        let trace = loop.startTracing()
        @Sendable func garbage(_ place: String) {
            let before = pools.pendingCount
            for _ in 0..<3 { pools.autorelease(Garbage()) }
            Loop.current.note("\(place): \(before) waiting, +3")
        }
        let busy = TickCounter(), again = WeakSource()
        let source = Loop.Source(name: "busy") {
            garbage("busy")
            if busy.next() < 3 { again.source?.signal() }
        }
        again.source = source
        try loop.add(source, forMode: .default)
        let ticks = TickCounter()
        try loop.add(
            try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                garbage("tick")
                if ticks.next() == 2 {
                    Loop.current.note("a busy source that signals itself: no sleep between its passes")
                    source.signal()
                }
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 2.5)
        return trace
    }

    /// The main queue is serviced by the main loop, in the common modes only.
    static let mainQueue = TraceScenario(
        name: "main-queue",
        summary: "work sent to the main queue waits while the main loop runs a private mode, and runs in the default mode",
        lookFor: "the private run times out with no callout; the default run: main queue \"update label\" then \"reload table\""
    ) {
        let registry = LoopRegistry(clock: VirtualClock())
        let main = SleepWatchedThread(
            name: "main", registry: registry, isMain: true,
            setUp: { loop in
                try loop.add(Loop.Port(name: "private keep-alive"), forMode: "private")
            },
            run: { loop in
                loop.note("two blocks on the main queue; run a private mode")
                registry.mainQueue.async(name: "update label") {}
                registry.mainQueue.async(name: "reload table") {}
                try loop.run(mode: "private", timeout: 1)
                loop.note("run the default mode (a common mode)")
                try loop.run(mode: .default, timeout: 1)
            })
        let trace = try main.start()
        return main.join(trace)
    }
}

extension TraceScenario {
    /// Lesson 18: two display links, one in the default mode and one in the common modes; a
    /// slow frame drops the frames it overran, and a scroll stops the default one only.
    static let displayLink = TraceScenario(
        name: "display-link",
        summary: "two display links at 60 Hz, one added in default and one in common; a 40 ms frame, then a 35 ms scroll",
        lookFor:
            "after the 40 ms frame both links skip to the vsync at 50 ms, one frame dropped; during the scroll only \"in common\" gets frames; \"in default\" resumes with the vsync at 100 ms, the one of the scroll dropped"
    ) {
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        loop.addCommonMode(.tracking)   // as UIKit does
        let trace = loop.startTracing()
        func frames(_ name: String, slowFrame: Int?) -> DisplayLink {
            DisplayLink(name: name) { link in
                let dropped = link.droppedFrames
                Loop.current.note("\(link.name): frame \(link.frames) at \(link.timestamp), \(dropped) dropped")
                if link.frames == slowFrame {
                    Loop.current.note("this frame takes 40 ms")
                    clock.advance(by: 0.04)
                }
            }
        }
        try frames("in default", slowFrame: nil).add(to: loop, forMode: .default)
        try frames("in common", slowFrame: 1).add(to: loop, forMode: .common)
        try loop.add(
            try Loop.Timer(name: "scroll", fireDate: loop.now + 0.07) { _ in
                Loop.current.note("the user scrolls for 35 ms (tracking)")
                _ = try? Loop.current.run(mode: .tracking, timeout: 0.035)
                Loop.current.note("the scroll ends")
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 0.12)
        return trace
    }
}

/// Something to autorelease.
private final class Garbage {}
