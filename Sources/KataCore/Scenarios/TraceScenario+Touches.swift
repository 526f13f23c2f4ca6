import RunLoopEngine

extension TraceScenario {
    /// A touch's journey: the event port is on a thread of its own (UIKit's event-fetch thread),
    /// whose callback queues the events, signals the main loop's event source0 and wakes the main
    /// loop; the source0 sends one event per pass through the window; a pan recognized on its
    /// third move cancels the view's touch and acts in that move's pass.
    static let touchJourney = TraceScenario(
        name: "touch-journey",
        summary: Text(
            en: "the event-fetch thread's port receives a touch: down, three moves at once, then a move and the lift; a pan recognizer on the view",
            zh: "事件获取线程的端口收到一次触摸：先按下，再一次来三次移动，最后一次移动和抬起；视图上有一个拖动手势识别器"),
        lookFor: Text(
            en:
                "woke: wake-up (the port is on the other thread); one source0 pass per event; in the pass of the third move: button.touchesCancelled(), then pan.action(began), and no third touchesMoved",
            zh: "`woke: wake-up`（端口在另一个线程上）；每个事件一轮 Source0；第三次移动的那一轮：先 `button.touchesCancelled()`，再 `pan.action(began)`，没有第三次 `touchesMoved`")
    ) { language in
        let app = Lock<TouchApp?>(nil)
        let main = SleepWatchedThread(name: "main", isMain: true, language: language) { loop in
            loop.addCommonMode(.tracking)
            // Each call of the view and the pan, as code, in the reader's words.
            let writer: TouchNoteWriter = { call in Text(en: call, zh: "调用 `\(call)`").in(language) }
            app.withLock { $0 = TouchApp(mainLoop: loop, delivery: ReferenceTouchDelivery(), recognizers: [.pan], writer: writer) }
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
