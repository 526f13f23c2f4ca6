extension TraceScenario {
    /// The articles' observer log of one touch: a port message (the touch, from the system)
    /// wakes the loop; its handler queues the events and signals the event source0, which
    /// handles one event per pass and signals itself again while events remain — so the loop
    /// goes round without sleeping until the queue is empty.
    static let oneTouch = TraceScenario(
        name: "one-touch",
        summary: "a touch wakes the main loop through a port; a source0 then handles its events one pass each",
        lookFor: "woke: port → the events run in passes with no before/after waiting (the loop polls) → before waiting"
    ) {
        let events = EventQueue()
        let eventSource = Loop.Source(name: "event queue") {
            if let event = events.next() { Loop.current.note(event) }
            if events.hasMore { events.source?.signal() }
        }
        events.source = eventSource
        let touches = Loop.Port(name: "touches") { message in
            events.append(message.split(separator: ",").map(String.init))
            eventSource.signal()
        }
        let ui = SleepWatchedThread(name: "main") { loop in
            try loop.add(eventSource, forMode: .default)
            try loop.add(touches, forMode: .default)
        }
        let trace = try ui.start()
        try touches.send("touchesBegan,gesture recognizers,hit testing")
        ui.waitUntilAsleep()
        try touches.send("touchesEnded")
        ui.waitUntilAsleep()
        return ui.stop(trace)
    }

    /// NSTimer and scrolling: a timer in the default mode stops while the loop runs the
    /// tracking mode; a timer in the common modes keeps going.
    static let timerDuringScroll = TraceScenario(
        name: "timer-during-scroll",
        summary: "a scroll runs the tracking mode: the default-mode timer pauses, the common-mode timer ticks on",
        lookFor: "inside the nested tracking run only \"common ticker\" fires; \"default ticker\" catches up after the scroll"
    ) {
        let clock = VirtualClock()
        let loop = Loop(clock: clock, name: "main loop")
        loop.addCommonMode(.tracking)   // UIKit marks the tracking mode common
        try loop.add(try Loop.Timer(name: "default ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .default)
        try loop.add(try Loop.Timer(name: "common ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
        let scroll = try Loop.Timer(name: "finger down", fireDate: loop.now + 1.5) { _ in
            Loop.current.note("scroll begins: run the tracking mode")
            _ = try? Loop.current.run(mode: .tracking, timeout: 2)
            Loop.current.note("scroll ends")
        }
        try loop.add(scroll, forMode: .default)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 4.2)
        return trace
    }

    /// A repeating timer whose callout took too long: the missed ticks are skipped, not
    /// replayed, and the timer keeps its phase.
    static let timerOverrun = TraceScenario(
        name: "timer-overrun",
        summary: "a 1 s timer's callout takes 2.5 s: the ticks at 2 and 3 s are skipped; it fires again at 4 s",
        lookFor: "ticks at 1000, 4000, 5000 ms: no catch-up burst, no shift to 3500 + 1000"
    ) {
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        let ticks = TickCounter()
        try loop.add(
            try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                if ticks.next() == 1 {
                    Loop.current.note("slow work: 2.5 s")
                    clock.advance(by: 2.5)
                }
            }, forMode: .default)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 5.5)
        return trace
    }

    /// performSelector:onThread: — work queued for another thread becomes a signalled source0
    /// on that thread's loop, and a wake-up.
    static let performOnThread = TraceScenario(
        name: "perform-on-thread",
        summary: "work performed on a sleeping thread: a source0 is signalled and the loop woken",
        lookFor: "woke: wake-up → after waiting → before sources → source \"perform on worker\""
    ) {
        let worker = SleepWatchedThread(name: "worker") { loop in
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
        }
        let trace = try worker.start()
        try worker.thread.perform(waitUntilDone: true, timeout: 5) { Loop.current.note("the work runs on the worker") }
        worker.waitUntilAsleep()
        return worker.stop(trace)
    }

    /// `run()` cannot be stopped; the guarded loop can.
    static let runVersusGuardedLoop = TraceScenario(
        name: "run-vs-guarded-loop",
        summary: "stop() at 1 s: run() starts a new run at once; a loop guarded by a flag ends",
        lookFor: "first half: → stopped, then entry again (run() goes on until 3 s); second half: → stopped, and no new entry"
    ) {
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
        let trace = loop.startTracing()

        loop.note("run(until: 3 s) — like run(), but bounded so the scenario ends")
        try loop.add(try Loop.Timer(name: "stop at 1 s", fireDate: loop.now + 1) { _ in Loop.current.stop() }, forMode: .default)
        try loop.run(until: loop.now + 3)

        loop.note("the guarded loop: while !shouldStop { run(mode:before:) }")
        let shouldStop = Flag()
        try loop.add(
            try Loop.Timer(name: "stop at +1 s", fireDate: loop.now + 1) { _ in
                shouldStop.set()
                Loop.current.stop()
            }, forMode: .default)
        while !shouldStop.isSet, try loop.run(mode: .default, before: loop.now + 3) {}
        return trace
    }
}
