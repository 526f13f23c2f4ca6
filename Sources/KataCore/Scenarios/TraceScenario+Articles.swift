import RunLoopEngine

extension TraceScenario {
    /// The articles' observer log of one touch: a port message (the touch, from the system)
    /// wakes the loop; its handler queues the events and signals the event source0, which
    /// handles one event per pass and signals itself again while events remain — so the loop
    /// goes round without sleeping until the queue is empty.
    static let oneTouch = TraceScenario(
        name: "one-touch",
        summary: Text(
            en: "a touch wakes the main loop through a port; a source0 then handles its events one pass each",
            zh: "一次触摸通过端口唤醒主 RunLoop；随后一个 Source0 每轮处理一个事件"),
        lookFor: Text(
            en: "woke: port → the events run in passes with no before/after waiting (the loop polls) → before waiting",
            zh: "`woke: port` → 事件一轮一轮地处理，中间没有 `before waiting`/`after waiting`（RunLoop 在轮询）→ `before waiting`")
    ) { language in
        // What each event of the touch says when it is handled; the port message names them.
        let handled: [String: Text] = [
            "touchesBegan": Text(en: "touchesBegan", zh: "`touchesBegan`"),
            "gesture recognizers": Text(en: "gesture recognizers", zh: "手势识别"),
            "hit testing": Text(en: "hit testing", zh: "查找触摸落在哪个视图上（`hitTest`）"),
            "touchesEnded": Text(en: "touchesEnded", zh: "`touchesEnded`"),
        ]
        let events = EventQueue()
        let eventSource = Loop.Source(name: "event queue") {
            if let event = events.next() { Loop.current.note(handled[event] ?? Text(en: event, zh: event), in: language) }
            if events.hasMore { events.source?.signal() }
        }
        events.source = eventSource
        let touches = Loop.Port(name: "touches") { message in
            events.append(message.split(separator: ",").map(String.init))
            eventSource.signal()
        }
        let ui = SleepWatchedThread(name: "main", language: language) { loop in
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
        summary: Text(
            en: "a scroll pushes the tracking mode on the main loop's mode stack: the default-mode timer pauses, the common-mode timer ticks on",
            zh: "滑动把 tracking Mode 压入主线程 RunLoop 的 Mode 栈：default Mode 的定时器暂停，加在 common 里的定时器照常触发"),
        lookFor: Text(
            en:
                "the push at 1.5 s stops the default run (it exits) and the driver enters tracking: there only \"common ticker\" fires; the pop at 3.5 s brings the default run back, and \"default ticker\" catches up",
            zh: "1.5 秒的压栈停止了 default 那次运行（它退出），驱动进入 tracking：那里只有 `\"common ticker\"` 触发；3.5 秒出栈，default 那次运行回来，`\"default ticker\"` 补上一次")
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock, name: "main loop")
        loop.addCommonMode(.tracking)   // UIKit marks the tracking mode common
        let modes = RunModeStack(loop: loop)
        modes.push(.default)   // UIApplicationMain: GSEventPushRunLoopMode(kCFRunLoopDefaultMode)
        try loop.add(try Loop.Timer(name: "default ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .default)
        try loop.add(try Loop.Timer(name: "common ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
        let fingerDown = try Loop.Timer(name: "finger down", fireDate: loop.now + 1.5) { _ in
            Loop.current.note(Text(en: "scroll begins: push the tracking mode", zh: "开始滑动：压入 tracking Mode"), in: language)
            modes.push(.tracking)
        }
        let fingerUp = try Loop.Timer(name: "finger up", fireDate: loop.now + 3.5) { _ in
            Loop.current.note(Text(en: "scroll ends: pop it", zh: "滑动结束：把它弹出"), in: language)
            modes.pop()
        }
        try loop.add(fingerDown, forMode: .default)
        try loop.add(fingerUp, forMode: .tracking)
        let trace = loop.startTracing()
        try modes.run(until: loop.now + 4.2)
        return trace
    }

    /// A repeating timer whose callout took too long: the missed ticks are skipped, not
    /// replayed, and the timer keeps its phase.
    static let timerOverrun = TraceScenario(
        name: "timer-overrun",
        summary: Text(
            en: "a 1 s timer's callout takes 2.5 s: the ticks at 2 and 3 s are skipped; it fires again at 4 s",
            zh: "间隔 1 秒的定时器，回调执行了 2.5 秒：2 秒和 3 秒的时间点被跳过，4 秒时再次触发"),
        lookFor: Text(
            en: "ticks at 1000, 4000, 5000 ms: no catch-up burst, no shift to 3500 + 1000",
            zh: "定时器在 1000、4000、5000 ms 触发：没有补触发的连发，也没有整体推迟成 3500 + 1000")
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        let ticks = TickCounter()
        try loop.add(
            try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in
                if ticks.next() == 1 {
                    Loop.current.note(Text(en: "slow work: 2.5 s", zh: "耗时的任务：2.5 秒"), in: language)
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
        summary: Text(
            en: "work performed on a sleeping thread: a source0 is signalled and the loop woken",
            zh: "在休眠的线程上 perform 一段任务：一个 Source0 被标记，RunLoop 被唤醒"),
        lookFor: Text(
            en: "woke: wake-up → after waiting → before sources → source \"perform on worker\"",
            zh: "`woke: wake-up → after waiting → before sources → source \"perform on worker\"`")
    ) { language in
        let worker = SleepWatchedThread(name: "worker", language: language) { loop in
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
        }
        let trace = try worker.start()
        try worker.thread.perform(waitUntilDone: true, timeout: 5) {
            Loop.current.note(Text(en: "the work runs on the worker", zh: "任务在子线程上执行"), in: language)
        }
        worker.waitUntilAsleep()
        return worker.stop(trace)
    }

    /// `run()` cannot be stopped; the guarded loop can.
    static let runVersusGuardedLoop = TraceScenario(
        name: "run-vs-guarded-loop",
        summary: Text(
            en: "stop() at 1 s: run() starts a new run at once; a loop guarded by a flag ends",
            zh: "1 秒时调用 `stop()`：`run()` 立刻开始新的一次运行；带条件的循环则就此结束"),
        lookFor: Text(
            en: "first half: → stopped, then entry again (run() goes on until 3 s); second half: → stopped, and no new entry",
            zh: "前半段：`→ stopped`，接着又是 `entry`（`run()` 一直持续到 3 秒）；后半段：`→ stopped`，之后没有新的 `entry`")
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
        let trace = loop.startTracing()

        loop.note(
            Text(
                en: "run(until: 3 s) — like run(), but bounded so the scenario ends",
                zh: "`run(until: 3 s)`：和 `run()` 一样，只是有时限，好让场景能结束"), in: language)
        try loop.add(try Loop.Timer(name: "stop at 1 s", fireDate: loop.now + 1) { _ in Loop.current.stop() }, forMode: .default)
        try loop.run(until: loop.now + 3)

        loop.note(
            Text(
                en: "the guarded loop: while !shouldStop { run(mode:before:) }",
                zh: "带条件的循环：`while !shouldStop { run(mode:before:) }`"), in: language)
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
