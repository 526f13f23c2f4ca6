import RunLoopEngine

extension TraceScenario {
    /// A thread's loop is made the first time the thread asks for it, is the same loop on every
    /// later ask, and is forgotten when the thread exits. CF: `_CFRunLoopGet0`, `__CFFinalizeRunLoop`.
    static let threadGetsItsLoop = TraceScenario(
        name: "thread-gets-its-loop",
        summary: Text(
            en: "a worker asks for its loop (made now), asks again (the same one), runs it, exits (forgotten)",
            zh: "子线程第一次获取自己的 RunLoop（这时才创建），再获取一次（还是同一个），运行它，然后退出（RunLoop 随之被丢弃）"),
        lookFor: Text(
            en: "one loop for the worker: the second ask answers the same loop; after the exit the registry has none",
            zh: "子线程只有一个 RunLoop：第二次获取得到的是同一个；线程退出后，线程表里就没有它了")
    ) { language in
        let registry = LoopRegistry(clock: VirtualClock())
        let box = Lock<Loop?>(nil)
        let traced = Lock<LoopTrace?>(nil)
        let worker = LoopThread(name: "worker", registry: registry) {
            let loop = Loop.current
            traced.withLock { $0 = loop.startTracing() }
            loop.note(
                Text(
                    en: "Loop.current: no loop yet, so one is made for this thread",
                    zh: "`Loop.current`：这个线程还没有 RunLoop，于是现在为它创建一个"), in: language)
            let same = Loop.current === loop
            loop.note(
                Text(en: "Loop.current again: the same loop — \(same)", zh: "再取一次 `Loop.current`：还是同一个 RunLoop 吗？`\(same)`"),
                in: language)
            if let timer = try? Loop.Timer(name: "one-shot", fireDate: loop.now + 1, callout: { _ in }) { try? loop.add(timer, forMode: .default) }
            _ = try? loop.run(mode: .default, timeout: 5)
            box.withLock { $0 = loop }
        }
        try worker.start()
        let id = worker.id
        worker.join(timeout: 5)
        let remembered = id.flatMap { registry.existingLoop(for: $0) } != nil
        box.withLock { $0 }?
            .note(
                Text(
                    en: "the thread exited: the registry still holds its loop — \(remembered)",
                    zh: "线程已经退出：线程表里还留着它的 RunLoop 吗？`\(remembered)`"), in: language)
        return traced.withLock { $0 }
            ?? LoopTrace.failed(Text(en: "the worker recorded nothing", zh: "子线程什么也没有记录下来"), in: language)
    }

    /// One mode runs at a time; a mode with nothing in it returns at once; observers alone do
    /// not keep a mode alive.
    static let emptyModeReturns = TraceScenario(
        name: "empty-mode-returns",
        summary: Text(
            en: "a timer in the default mode; running the tracking mode (only an observer) returns at once",
            zh: "default Mode 里有一个定时器；运行只有一个观察者的 tracking Mode，会立即返回"),
        lookFor: Text(
            en: "tracking: → finished with no entry and no exit; the timer fires only in the default run",
            zh: "tracking 那次运行直接 `→ finished`，没有 `entry` 也没有 `exit`；定时器只在 default 的运行中触发")
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        try loop.add(try Loop.Timer(name: "default timer", fireDate: loop.now + 1) { _ in }, forMode: .default)
        try loop.add(Loop.Observer(name: "watcher", activities: .all) { _ in }, forMode: .tracking)
        let trace = loop.startTracing()
        loop.note(
            Text(
                en: "run the tracking mode: an observer, no source, no timer",
                zh: "运行 tracking Mode：里面只有一个观察者，没有事件源，也没有定时器"), in: language)
        try loop.run(mode: .tracking, timeout: 2)
        loop.note(Text(en: "run the default mode: its timer keeps it alive", zh: "运行 default Mode：里面的定时器让它一直运行"), in: language)
        try loop.run(mode: .default, timeout: 2)
        return trace
    }

    /// `.common` is a set of mode names: an item added to it reaches every common mode, also a
    /// mode marked common after the item was added.
    static let commonModes = TraceScenario(
        name: "common-modes",
        summary: Text(
            en: "a timer added to .common, then the tracking mode marked common: the timer fires in both",
            zh: "一个定时器加到 `.common`，再把 tracking Mode 标记为 common：这个定时器在两个 Mode 里都会触发"),
        lookFor: Text(
            en: "\"common timer\" fires in the default run and in the tracking run; \"default timer\" only in default",
            zh: "`\"common timer\"` 在 default 和 tracking 的运行中都会触发；`\"default timer\"` 只在 default 中触发")
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        try loop.add(try Loop.Timer(name: "common timer", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
        try loop.add(try Loop.Timer(name: "default timer", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .default)
        let trace = loop.startTracing()
        try loop.run(mode: .default, timeout: 1.5)
        loop.note(
            Text(en: "mark tracking common: it gets the common timer", zh: "把 tracking 标记为 common：加在 common 里的定时器也到了它这里"),
            in: language)
        loop.addCommonMode(.tracking)
        try loop.run(mode: .tracking, timeout: 1.5)
        return trace
    }

    /// The four results a run can return, one run each.
    static let runResults = TraceScenario(
        name: "run-results",
        summary: Text(
            en: "four runs: finished (its last timer went), stopped, timed out, handled source",
            zh: "四次运行，结果分别是 `finished`（最后一个定时器已经触发）、`stopped`、`timed out`、`handled source`"),
        lookFor: Text(
            en: "each run's last line: → finished, → stopped, → timed out, → handled source",
            zh: "每次运行的最后一行：`→ finished`、`→ stopped`、`→ timed out`、`→ handled source`")
    ) { _ in
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
        summary: Text(
            en: "a sleeping worker's source is signalled (nothing happens), then its loop is woken (it runs)",
            zh: "休眠中的子线程的事件源被标记（`signal()`），什么也没发生；再唤醒它的 RunLoop，事件源才被处理"),
        lookFor: Text(
            en: "after signal() the loop sleeps on; after wakeUp(): woke: wake-up → before sources → source \"bell\"",
            zh: "`signal()` 之后 RunLoop 继续休眠；`wakeUp()` 之后：`woke: wake-up → before sources → source \"bell\"`")
    ) { language in
        let bell = Loop.Source(name: "bell") {
            Loop.current.note(Text(en: "the bell's work runs on the worker", zh: "事件源 `bell` 的任务在子线程上执行"), in: language)
        }
        let worker = SleepWatchedThread(name: "worker", language: language) { loop in
            try loop.add(bell, forMode: .default)
        }
        let trace = try worker.start()
        guard let loop = worker.loop else {
            return LoopTrace.failed(Text(en: "the worker has no loop", zh: "子线程没有 RunLoop"), in: language)
        }
        bell.signal()
        loop.note(
            Text(
                en: "signal() from another thread: nothing wakes the loop, the bell waits",
                zh: "从另一个线程调用 `signal()`：没有谁唤醒 RunLoop，`bell` 只能等着"), in: language)
        loop.note(Text(en: "wakeUp()", zh: "调用 `wakeUp()`"), in: language)
        _ = loop.wakeUp()
        worker.waitUntilAsleep()
        return worker.stop(trace)
    }

    /// performSelector:afterDelay: is a one-shot timer on the current loop: nothing happens
    /// until that loop runs, and only in the modes asked for.
    static let performAfterDelay = TraceScenario(
        name: "perform-after-delay",
        summary: Text(
            en: "perform(afterDelay: 1) while the loop is not running: nothing; a tracking run: nothing; a default run: it fires",
            zh: "RunLoop 没在运行时调用 `perform(afterDelay: 1)`：什么也不发生；运行 tracking：还是没有；运行 default：它触发了"),
        lookFor: Text(
            en: "no callout before the default run; timer \"perform after delay\" fires in the default run, then → finished",
            zh: "default 运行之前没有任何回调；`timer \"perform after delay\"` 在 default 运行中触发，然后 `→ finished`")
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        let trace = loop.startTracing()
        loop.note(
            Text(
                en: "perform(afterDelay: 1): a one-shot timer in the default mode",
                zh: "`perform(afterDelay: 1)`：在 default Mode 里加一个只触发一次的定时器"), in: language)
        try loop.perform(afterDelay: 1) { Loop.current.note(Text(en: "the delayed work runs", zh: "延迟的任务执行了"), in: language) }
        try loop.add(Loop.Port(name: "scroll"), forMode: .tracking)
        loop.note(Text(en: "2 s pass with the loop not running", zh: "RunLoop 没有运行，2 秒过去了"), in: language)
        clock.advance(by: 2)
        loop.note(Text(en: "a tracking run: the timer is in the default mode only", zh: "运行一次 tracking：定时器只在 default Mode 里"), in: language)
        try loop.run(mode: .tracking, timeout: 1)
        try loop.run(mode: .default, timeout: 5)
        return trace
    }

    /// A loop with nothing to do returns at once; a port keeps it alive (AFNetworking 2's
    /// network thread).
    static let keepAlivePort = TraceScenario(
        name: "keep-alive-port",
        summary: Text(
            en: "run with nothing in the mode: back at once; add a port: the loop sleeps until a message comes",
            zh: "Mode 里什么都没有时运行：立即返回；加一个端口（port）之后：RunLoop 休眠，直到有消息到来"),
        lookFor: Text(
            en: "first run: → finished (empty mode); second run: sleep, woke: port \"network\", port callout, → handled source",
            zh: "第一次运行：`→ finished`（空 Mode）；第二次运行：休眠，`woke: port \"network\"`，端口回调，`→ handled source`")
    ) { language in
        let port = Loop.Port(name: "network") { message in
            Loop.current.note(Text(en: "message: \(message)", zh: "收到消息：`\(message)`"), in: language)
        }
        let worker = SleepWatchedThread(
            name: "network", language: language, setUp: { _ in },
            run: { loop in
                loop.note(Text(en: "run with nothing in the default mode", zh: "default Mode 里什么都没有，运行它"), in: language)
                try loop.run(mode: .default, timeout: 10)
                loop.note(
                    Text(en: "add a port: nothing else to do, but the loop stays", zh: "加一个端口：还是无事可做，但 RunLoop 留了下来"),
                    in: language)
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
        summary: Text(
            en:
                "each tick autoreleases 3 objects into its own pool, gone when it returns; a busy source's objects wait in UIKit's pool and pile up while the loop never sleeps",
            zh:
                "定时器每次触发都把 3 个对象放进它自己的自动释放池，回调一返回就释放了；忙碌事件源的对象留在 UIKit 的池里，RunLoop 一直不休眠，它们就越积越多"
        ),
        lookFor: Text(
            en:
                "each tick finds 0 waiting (its own pool was popped); the busy passes right after the second tick find 0, 3, 6: nothing drains until the loop sleeps",
            zh:
                "定时器每次触发时，待释放的对象都是 0（它自己的池已经 pop 掉了）；第二次触发之后紧接着的几轮忙碌依次是 0、3、6：RunLoop 不休眠，池就不释放"
        )
    ) { language in
        let clock = VirtualClock()
        let mechanisms = Loop.Mechanisms.reference.with(autoreleasePools: ReferenceAutoreleasePoolObservers())
        let loop = Loop(clock: clock, mechanisms: mechanisms)
        let pools = loop.autoreleasePoolStack
        let trace = loop.startTracing()
        @Sendable func garbage(_ place: String) {
            let before = pools.pendingCount
            for _ in 0..<3 { pools.autorelease(Garbage()) }
            Loop.current.note(Text(en: "\(place): \(before) waiting, +3", zh: "`\(place)`：池里有 \(before) 个对象待释放，再放入 3 个"), in: language)
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
                    Loop.current.note(
                        Text(en: "a busy source that signals itself: no sleep between its passes", zh: "一个不停标记自己的事件源：两轮之间没有休眠"),
                        in: language)
                    source.signal()
                }
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 2.5)
        return trace
    }

    /// The main queue is serviced by the main loop, in the common modes only.
    static let mainQueue = TraceScenario(
        name: "main-queue",
        summary: Text(
            en: "work sent to the main queue waits while the main loop runs a private mode, and runs in the default mode",
            zh: "派发到主队列的任务，在主 RunLoop 运行私有 Mode 时一直等着，到了 default Mode 才执行"),
        lookFor: Text(
            en: "the private run times out with no callout; the default run: main queue \"update label\" then \"reload table\"",
            zh: "私有 Mode 的运行超时返回，没有任何回调；default 的运行中：先 `main queue \"update label\"`，再 `\"reload table\"`")
    ) { language in
        let registry = LoopRegistry(clock: VirtualClock())
        let main = SleepWatchedThread(
            name: "main", registry: registry, isMain: true, language: language,
            setUp: { loop in
                try loop.add(Loop.Port(name: "private keep-alive"), forMode: "private")
            },
            run: { loop in
                loop.note(Text(en: "two blocks on the main queue; run a private mode", zh: "往主队列派发两个 Block；运行一个私有 Mode"), in: language)
                registry.mainQueue.async(name: "update label") {}
                registry.mainQueue.async(name: "reload table") {}
                try loop.run(mode: "private", timeout: 1)
                loop.note(Text(en: "run the default mode (a common mode)", zh: "运行 default Mode（它属于 common modes）"), in: language)
                try loop.run(mode: .default, timeout: 1)
            })
        let trace = try main.start()
        return main.join(trace)
    }

    /// Core Animation's commit at before waiting: a tap marks the header three times and the
    /// label once, then works 0.5 s: one layout and one drawing, when the loop is about to sleep;
    /// then a busy source that keeps signalling itself changes the label each pass, and nothing
    /// is drawn until the loop finally sleeps.
    static let uiCommit = TraceScenario(
        name: "ui-commit",
        summary: Text(
            en: "a tap marks the header three times and the label once, then works 0.5 s; later a busy source changes the label on each of its passes",
            zh: "一次点击把 `header` 标记了三次、`label` 标记了一次，接着干了 0.5 秒的活；后来一个忙碌的事件源每轮都改一次 `label`"),
        lookFor: Text(
            en:
                "one [header layoutSubviews] and one [label drawRect:] at 1.5 s, right after before waiting; the three busy passes at 2 s draw nothing until the before waiting that follows them",
            zh:
                "1.5 秒时、紧跟在 `before waiting` 之后，只有一次 `[header layoutSubviews]` 和一次 `[label drawRect:]`；2 秒时忙碌的三轮什么都没画，要等到它们之后的那次 `before waiting`")
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock, mechanisms: Loop.Mechanisms.reference.with(commit: ReferenceCoreAnimationCommit()))
        let trace = loop.startTracing()
        let window = View(name: "window"), header = View(name: "header"), label = View(name: "label")
        window.addSubview(header)
        window.addSubview(label)
        try loop.add(Loop.Port(name: "events"), forMode: .common)
        try loop.add(
            try Loop.Timer(name: "tap", fireDate: loop.now + 1) { _ in
                for _ in 0..<3 { header.setNeedsLayout() }
                label.setNeedsDisplay()
                Loop.current.note(
                    Text(
                        en: "setNeedsLayout() three times, setNeedsDisplay() once, then 0.5 s of work",
                        zh: "调用三次 `setNeedsLayout()`、一次 `setNeedsDisplay()`，然后干 0.5 秒的活"), in: language)
                clock.advance(by: 0.5)
            }, forMode: .default)
        let passes = TickCounter(), again = WeakSource()
        let busy = Loop.Source(name: "busy") {
            let pass = passes.next()
            label.setNeedsDisplay()
            Loop.current.note(
                Text(
                    en: "busy pass \(pass): the label changes; the loop does not sleep",
                    zh: "忙碌的第 \(pass) 轮：`label` 变了；RunLoop 没有休眠"), in: language)
            if pass < 3 { again.source?.signal() }
        }
        again.source = busy
        try loop.add(busy, forMode: .default)
        try loop.add(try Loop.Timer(name: "start work", fireDate: loop.now + 2) { _ in busy.signal() }, forMode: .default)
        try loop.run(mode: .default, timeout: 2.5)
        return trace
    }
}

extension TraceScenario {
    /// Lesson 18: two display links, one in the default mode and one in the common modes; a
    /// slow frame drops the frame it overran, and a scroll stops the default one only.
    static let displayLink = TraceScenario(
        name: "display-link",
        summary: Text(
            en: "two display links at 60 Hz, one added in default and one in common; a 40 ms frame, then a 35 ms scroll",
            zh: "两个 60 Hz 的 display link，一个加到 default，一个加到 common；先是一帧干了 40 ms，接着滑动 35 ms"),
        lookFor: Text(
            en:
                "after the 40 ms frame both links skip to the vsync at 50 ms, one frame dropped; during the scroll only \"in common\" gets frames; \"in default\" resumes with the vsync at 100 ms, the one of the scroll dropped",
            zh:
                "40 ms 的那一帧之后，两个 display link 都跳到 50 ms 的 vsync，丢了一帧；滑动期间只有 `\"in common\"` 有帧；`\"in default\"` 从 100 ms 的 vsync 恢复，滑动期间的那一帧记为丢帧"
        )
    ) { language in
        let clock = VirtualClock()
        let loop = Loop(clock: clock)
        loop.addCommonMode(.tracking)   // as UIKit does
        let trace = loop.startTracing()
        @Sendable func frames(_ name: String, slowFrame: Int?) -> DisplayLink {
            DisplayLink(name: name) { link in
                let frame = link.frames, at = "\(link.timestamp)", dropped = link.droppedFrames
                Loop.current.note(
                    Text(en: "\(name): frame \(frame) at \(at), \(dropped) dropped", zh: "`\(name)`：第 \(frame) 帧，`timestamp` \(at)，已丢 \(dropped) 帧"),
                    in: language)
                if frame == slowFrame {
                    Loop.current.note(Text(en: "this frame takes 40 ms", zh: "这一帧要干 40 ms"), in: language)
                    clock.advance(by: 0.04)
                }
            }
        }
        try frames("in default", slowFrame: nil).add(to: loop, forMode: .default)
        try frames("in common", slowFrame: 1).add(to: loop, forMode: .common)
        try loop.add(
            try Loop.Timer(name: "scroll", fireDate: loop.now + 0.07) { _ in
                Loop.current.note(Text(en: "the user scrolls for 35 ms (tracking)", zh: "用户滑动 35 ms（tracking）"), in: language)
                _ = try? Loop.current.run(mode: .tracking, timeout: 0.035)
                Loop.current.note(Text(en: "the scroll ends", zh: "滑动结束"), in: language)
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 0.12)
        return trace
    }
}

/// Something to autorelease.
private final class Garbage {}
