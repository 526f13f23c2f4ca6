extension TraceScenario {
    /// A touch's journey, as since iOS 13: the event port is on a thread of its own (UIKit's
    /// event fetch thread), whose callback queues the events, signals the main loop's event
    /// source0 and wakes the main loop; the source0 sends one event per pass; a pan recognized on
    /// its third move cancels the view's touches and acts at that turn's before waiting.
    static let touchJourney = TraceScenario(
        name: "touch-journey",
        summary:
            "the event fetch thread's port receives a touch: began, then three moves at once, then a move and the lift; a pan recognizer on the view",
        lookFor:
            "woke: wake-up (not a port: the port is on the other thread); one source0 pass per event; at before waiting after the third move: touchesCancelled, then pan action: began"
    ) {
        let app = Lock<TouchApp?>(nil)
        let main = SleepWatchedThread(name: "main", isMain: true) { loop in
            loop.addCommonMode(.tracking)
            app.withLock { $0 = TouchApp(mainLoop: loop, delivery: ReferenceTouchDelivery(), recognizers: [.pan]) }
        }
        let trace = try main.start()
        guard let touches = app.withLock({ $0 }) else { return main.stop(trace) }
        let fetch = LoopThread(name: "com.apple.uikit.eventfetch-thread") {
            let loop = Loop.current
            try? loop.add(touches.port, forMode: .default)
            _ = try? loop.run(mode: .default, timeout: .infinity)
        }
        try fetch.start()
        for message in ["began", "moved moved moved", "moved ended"] {
            try touches.port.send(message)
            main.waitUntilAsleep()
        }
        fetch.loop?.stop()
        fetch.join(timeout: 5)
        return main.stop(trace)
    }
}
