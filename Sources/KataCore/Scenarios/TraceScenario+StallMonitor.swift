import Dispatch
import RunLoopEngine

extension TraceScenario {
    /// A stall monitor (卡顿监控) on a main loop, on the virtual clock: the classic observer in the
    /// common modes and its watchdog (waits of 20 ms on a semaphore, five timeouts in a row while
    /// the loop is after waiting or before sources make a stall), played by a ``VirtualWatchdog``
    /// so the reports land at their exact times.
    static let stallMonitor = TraceScenario(
        name: "stall-monitor",
        summary: Text(
            en: "a stall monitor (100 ms, 5 samples) watches a 400 ms callout, 2 s of idle sleep, then a stall while scrolling",
            zh: "一个卡顿监控（阈值 100 ms，采样 5 次）看着一个 400 ms 的回调、2 秒的闲置休眠，然后是滑动中的一次卡顿"),
        lookFor: Text(
            en: "\"watchdog: stall\" once, 100 ms into the 400 ms callout; nothing in the 2 s sleep; once in the nested tracking run",
            zh: "「监控线程：卡顿」在 400 ms 的回调里出现一次，开始后 100 ms；2 秒的休眠里一次也没有；嵌套的 tracking 运行里出现一次")
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock, name: "main loop")
        loop.addCommonMode(.tracking)   // UIKit marks UITrackingRunLoopMode common
        try loop.add(Loop.Port(name: "event port"), forMode: .common)
        let monitor = ScenarioStallMonitor(threshold: 0.1, samples: 5) { stall in
            Loop.current.note(ScenarioStallMonitor.reported(stall), in: language)
        }
        let watchdog = try VirtualWatchdog(clock: clock, interval: monitor.interval, woke: monitor.watchdogWoke)
        try watchdog.start(on: loop)
        try monitor.install(on: loop, signal: watchdog.signal)
        let trace = loop.startTracing()
        try loop.add(
            try Loop.Timer(name: "tap", fireDate: loop.now + 0.5) { _ in
                Loop.current.note(Text(en: "the tap's handler works for 400 ms", zh: "点击的处理代码干了 400 ms 的活"), in: language)
                watchdog.work(0.4)
            }, forMode: .default)
        try loop.add(
            try Loop.Timer(name: "finger down", fireDate: loop.now + 3) { _ in
                let ui = Loop.current
                ui.note(Text(en: "scroll begins: run the tracking mode", zh: "开始滑动：运行 tracking Mode"), in: language)
                if let cell = try? Loop.Timer(name: "cell layout", fireDate: ui.now + 0.2, callout: { _ in watchdog.work(0.3) }) {
                    try? ui.add(cell, forMode: .tracking)
                }
                _ = try? ui.run(mode: .tracking, timeout: 0.8)
                ui.note(Text(en: "scroll ends", zh: "滑动结束"), in: language)
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 4)
        return trace
    }

    /// The same monitor on real threads and the real clock: the watchdog is a thread of its own
    /// that waits on a semaphore, and reports while the loop's thread is still inside the slow
    /// callout. Times vary from run to run by a little.
    static let stallMonitorLive = TraceScenario(
        name: "stall-monitor-live",
        summary: Text(
            en: "the same monitor on real threads: a watchdog thread waits on a semaphore while a callout blocks for 400 ms",
            zh: "同一个监控器跑在真实线程上：一个回调把线程堵住 400 ms 时，监控线程在信号量上等待"),
        lookFor: Text(
            en: "\"watchdog: stall\" written by the watchdog thread about 100 ms into the callout, before the callout ends; none in the idle sleep",
            zh: "「监控线程：卡顿」由监控线程写下，大约在回调开始后 100 ms，回调结束之前；闲置休眠里一次也没有"),
        onRealThreads: true
    ) { language in
        let loop = Loop(clock: RealClock.shared, name: "main loop")
        try loop.add(Loop.Port(name: "event port"), forMode: .common)
        let monitor = ScenarioStallMonitor(threshold: 0.1, samples: 5) { stall in
            // On the watchdog's thread: the loop's thread is still busy.
            loop.note(ScenarioStallMonitor.reported(stall), in: language)
        }
        let semaphore = DispatchSemaphore(value: 0)
        let stopped = Flag()
        let interval = monitor.interval
        let watchdog = LoopThread(name: "watchdog") {
            while !stopped.isSet {
                let signalled = semaphore.wait(timeout: .now() + interval) == .success
                monitor.watchdogWoke(signalled: signalled, at: loop.now)
            }
        }
        try monitor.install(on: loop, signal: { semaphore.signal() })
        let trace = loop.startTracing()
        try watchdog.start()
        try loop.add(
            try Loop.Timer(name: "tap", fireDate: loop.now + 0.1) { _ in
                Loop.current.note(Text(en: "the tap's handler blocks the thread for 400 ms", zh: "点击的处理代码把线程堵了 400 ms"), in: language)
                _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.4)   // a real block, no loop in between
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 1)
        stopped.set()
        watchdog.join(timeout: 1)
        return trace
    }
}

/// The reference stall monitor of the scenarios (lesson 16's answer): an observer of every
/// activity in the common modes records the activity and its time and signals the watchdog; the
/// watchdog counts timed-out waits in a row while the loop is after waiting or before sources and
/// reports the `samples`-th, once per stall.
package final class ScenarioStallMonitor: Sendable {
    package struct Stall: Sendable {
        let activity: Loop.Activity
        let since: Instant
    }

    private struct State {
        var activity: Loop.Activity?
        var since = Instant.zero
        var count = 0
        var reported = false
    }

    let samples: Int
    /// How long each wait of the watchdog lasts.
    package let interval: Double
    private let report: @Sendable (Stall) -> Void
    private let state = Lock(State())

    /// The note a report writes into the trace.
    package static func reported(_ stall: Stall) -> Text {
        Text(
            en: "watchdog: stall — busy since \(stall.since), \(stall.activity)",
            zh: "监控线程：卡顿——从 \(stall.since) 起一直忙，停在 `\(stall.activity)`")
    }

    package init(threshold: Double, samples: Int, report: @escaping @Sendable (Stall) -> Void) {
        self.samples = samples
        self.interval = threshold / Double(samples)
        self.report = report
    }

    package func install(on loop: Loop, signal: @escaping @Sendable () -> Void) throws {
        let clock = loop.clock
        let observer = Loop.Observer(name: "stall monitor", activities: .all) { [state] activity in
            state.withLock {
                $0.activity = activity; $0.since = clock.now
            }
            signal()
        }
        try loop.add(observer, forMode: .common)
    }

    package func watchdogWoke(signalled: Bool, at now: Instant) {
        let stall = state.withLock { state -> Stall? in
            guard !signalled else {
                state.count = 0
                state.reported = false
                return nil
            }
            guard let activity = state.activity, activity == .afterWaiting || activity == .beforeSources else {
                state.count = 0
                return nil
            }
            state.count += 1
            guard state.count >= samples, !state.reported else { return nil }
            state.reported = true
            return Stall(activity: activity, since: state.since)
        }
        if let stall { report(stall) }
    }
}
