import Testing

/// Lesson 17: a screen's timers on a loop with a virtual clock. Who keeps whom alive is read from
/// weak references and from the moment the screen's captured state is freed (a note in the trace),
/// never from real sleeps.

@Suite("Lesson 17 — The timer keeps its target alive", .serialized, .tags(.lesson17, .level2, .use), .namedInChinese)
struct Lesson17Tests {
    static func shows(_ count: Int) -> Text { Text(en: "clock shows \(count)", zh: "时钟显示 \(count)") }
    static let dismissed = Text(en: "screen dismissed", zh: "页面被关闭")
    static let freed = Text(en: "screen freed", zh: "页面被释放")
    static let saved = Text(en: "draft saved", zh: "草稿已保存")
    static let stopped = Text(en: "stop()", zh: "stop()")
    static let startedAgain = Text(en: "start(on:) again", zh: "再次 `start(on:)`")
    static let heard = Text(en: "listener heard the tick", zh: "接收方收到了触发")
    static let letGo = Text(en: "listener let go", zh: "不再持有接收方")
    static let listenerFreed = Text(en: "listener freed", zh: "接收方被释放")

    /// `text` after `time` (`+1000 ms  default   · `), in both languages: a timeline line.
    static func timed(_ time: String, _ text: Text) -> Text { Text(en: time + text.en, zh: time + text.zh) }

    /// Writes `note` into `loop`'s trace when it is freed: captured by the screen's closures, it
    /// goes exactly when the screen goes.
    final class FreedSignal: Sendable {
        let loop: Weak<Loop>
        let note: Text
        init(_ loop: Loop, _ note: Text) {
            self.loop = Weak(loop)
            self.note = note
        }
        /// Writes `text` into the loop's trace now.
        func write(_ text: Text) { loop.object?.note(text) }
        deinit { loop.object?.note(note) }
    }

    /// What one story left behind: its trace lines, whether the screen outlived it, and the chain
    /// that kept it (found by invalidating the loop's timers one at a time).
    struct Outcome: Sendable {
        var lines: [Text]
        var stillAlive: Bool
        var chain: String?
        /// The same chain in Chinese: `主 RunLoop → default Mode → 定时器 "clock" → ClockScreen`.
        var chainZh: String?
    }

    /// A screen's calls and a weak proxy's, whichever module's `ClockScreen` and
    /// `WeakTimerTarget` they are (the student's, or the Solution's in the generated call sequences).
    struct ScreenCode: Sendable {
        /// A screen that shows each count with `show` and saves with `save`; its calls hold it
        /// weakly, so that `screen` is its only owner.
        let makeScreen: @Sendable (_ show: @escaping @Sendable (Int) -> Void, _ save: @escaping @Sendable () -> Void) -> ScreenCalls
        /// A repeating timer of `interval` on `loop` whose target is a weak proxy of `listener`;
        /// returns it with a question: does the proxy still have a target?
        let proxyTimer: @Sendable (_ listener: Listener, _ interval: Double, _ loop: Loop) throws -> (Loop.Timer, @Sendable () -> Bool)
    }

    /// One screen and its calls.
    struct ScreenCalls: Sendable {
        let screen: any AnyObject & Sendable
        let start: @Sendable (Loop) throws -> Void
        let stop: @Sendable () -> Void
        let saveDraft: @Sendable (Double, Loop) throws -> Void
    }

    /// The student's `ClockScreen` and `WeakTimerTarget`.
    static let studentCode = ScreenCode(
        makeScreen: { show, save in
            let screen = ClockScreen(show: show, save: save)
            return ScreenCalls(
                screen: screen, start: { [weak screen] in try screen?.start(on: $0) }, stop: { [weak screen] in screen?.stop() },
                saveDraft: { [weak screen] in try screen?.saveDraft(after: $0, on: $1) })
        },
        proxyTimer: { listener, interval, loop in
            let proxy = WeakTimerTarget(target: listener, action: Listener.heard)
            let timer = try loop.scheduledTimer(name: "proxy", timeInterval: interval, target: proxy, selector: WeakTimerTarget<Listener>.fire, repeats: true)
            return (timer, { proxy.target != nil })
        })

    /// A loop on a virtual clock that starts at `start` seconds; the navigation stack owns a
    /// `ClockScreen`; `story` schedules things (it gets the loop and the stack); the loop runs its
    /// default mode for `seconds`. The screen's label and save write notes; its freeing writes one.
    static func story(
        start: Double = 0, seconds: Double, tracking: Bool = false, lines filter: LoopTrace.Filter = [.notes, .results],
        _ story: @escaping @Sendable (Loop, Lock<ClockScreen?>) throws -> Void
    ) async throws -> Outcome {
        try await Harness.attempt(lesson: 17) { () -> Outcome in
            let origin = Instant(seconds: start)
            let loop = Loop(clock: VirtualClock(startingAt: origin), name: "main loop")
            loop.passLimit = 10_000
            // A UI loop: tracking is common; the touches' port keeps the tracking mode from being empty.
            if tracking {
                loop.addCommonMode(.tracking)
                try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            }
            let trace = loop.startTracing()
            let stack = Lock<ClockScreen?>(Self.screen(on: loop))
            let screen = Weak(stack.withLock { $0 })
            try story(loop, stack)
            if tracking { _ = try loop.run(mode: .tracking, timeout: 1.5) }
            _ = try loop.run(mode: .default, timeout: seconds)
            var outcome = Outcome(
                lines: trace.events.compactMap { event -> Text? in
                    guard let line = LoopTrace.texts([event], filter, times: false).first else { return nil }
                    return Self.timed("+\(Int(((event.time - origin) * 1000).rounded())) ms  ", line)
                }, stillAlive: false, chain: nil, chainZh: nil)
            loop.stopTracing()
            stack.withLock { $0 = nil }
            outcome.stillAlive = screen.object != nil
            if outcome.stillAlive, let chain = Self.chain(in: loop, holding: { screen.object != nil }) {
                outcome.chain = chain.en
                outcome.chainZh = chain.zh
            }
            // Whatever a wrong answer left scheduled goes, so that nothing outlives the test.
            for mode in loop.allModes { for case .timer(let timer) in loop.items(inMode: mode) { timer.invalidate() } }
            return outcome
        }
    }

    /// A screen whose label and save write notes into `loop`'s trace, and whose freeing writes
    /// one (the signal lives in the screen's closures only, so it goes when they go).
    static func screen(on loop: Loop) -> ClockScreen {
        let signal = FreedSignal(loop, Self.freed)
        return ClockScreen(show: { count in signal.write(Self.shows(count)) }, save: { signal.write(Self.saved) })
    }

    /// `main loop → default mode → timer "clock" → the screen`, in both languages: the first timer
    /// whose invalidation frees what `alive` watches (an invalidated timer lets go of its target).
    static func chain(in loop: Loop, holding alive: () -> Bool) -> (en: String, zh: String)? {
        for mode in loop.allModes.sorted(by: { $0.name < $1.name }) {
            for case .timer(let timer) in loop.items(inMode: mode) {
                timer.invalidate()
                if !alive() {
                    return (
                        "main loop → \(mode.name) mode → timer \"\(timer.name)\" → ClockScreen",
                        "主 RunLoop → \(mode.name) Mode → 定时器 `\"\(timer.name)\"` → `ClockScreen`"
                    )
                }
            }
        }
        return nil
    }

    /// The failure that names who keeps a dismissed screen.
    static func expectFreed(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
        guard outcome.stillAlive else { return }
        Issue.record(
            Text(
                en:
                    "The screen outlived its dismissal. Held by: \(outcome.chain ?? "(no timer of the loop: something else keeps it)"). The loop's mode keeps the timer and the timer keeps its target until it is invalidated: make the timer's target a `WeakTimerTarget`, not the screen, and let the proxy hold the screen only weakly (`Weak(target)`).",
                zh:
                    "页面关闭之后没有被释放。留住它的引用链：\(outcome.chainZh ?? "（不是 RunLoop 的定时器：别的东西留住了它）")。RunLoop 的 Mode 持有定时器，定时器在失效之前一直持有它的 target：让定时器的 target 是一个 `WeakTimerTarget`，而不是页面本身，并且让代理只弱引用页面（`Weak(target)`）。"
            ).comment, sourceLocation: sourceLocation)
    }

    /// Schedules `body` at `time` seconds from the start, in the default mode (a test's own timer).
    static func at(_ time: Double, on loop: Loop, _ body: @escaping @Sendable () -> Void) throws {
        try loop.add(try Loop.Timer(name: "the test", fireDate: loop.now + time) { _ in body() }, forMode: .default)
    }

    static func dismiss(at time: Double, _ loop: Loop, _ stack: Lock<ClockScreen?>) throws {
        try at(time, on: loop) { [weak loop] in
            loop?.note(Self.dismissed)
            let screen = stack.withLock { stack -> ClockScreen? in
                defer { stack = nil }
                return stack
            }
            _ = screen   // let go here, after the lock
        }
    }

    static func startClock(_ loop: Loop, _ stack: Lock<ClockScreen?>) throws {
        let screen = stack.withLock { $0 }
        try screen?.start(on: loop)
    }

    @Test("A dismissed screen is freed and stops ticking", .zh("关闭的页面被释放，时钟也不再走"), .holds("§5"))
    func dismissedScreenIsFreed() async throws {
        let outcome = try await Self.story(seconds: 6) { loop, stack in
            try Self.startClock(loop, stack)
            try Self.dismiss(at: 2.5, loop, stack)
        }
        Harness.expectSameLines(
            outcome.lines.filter { !$0.en.contains("→") },
            [
                Self.timed("+1000 ms  default   · ", Self.shows(1)), Self.timed("+2000 ms  default   · ", Self.shows(2)),
                Self.timed("+2500 ms  default   · ", Self.dismissed), Self.timed("+2500 ms  default   · ", Self.freed),
            ],
            hint: Text(
                en:
                    "The loop keeps the timer, and a timer made with `scheduledTimer(…target: self…)` keeps the screen: it is never freed and ticks on. Give the timer a `WeakTimerTarget(target: self, action: ClockScreen.tick)` as its target, with `WeakTimerTarget<ClockScreen>.fire` as the selector. Already done? Then the proxy holds the screen strongly: the same chain, one link longer. Keep it in a `Weak`: `held = Weak(target)`.",
                zh:
                    "RunLoop 持有定时器，而用 `scheduledTimer(…target: self…)` 建的定时器持有页面：页面永远不会被释放，时钟一直走。让定时器的 target 是 `WeakTimerTarget(target: self, action: ClockScreen.tick)`，`selector` 是 `WeakTimerTarget<ClockScreen>.fire`。已经这样写了？那就是代理强引用了页面：还是同一条链，只是多了一环。把页面存进 `Weak`：`held = Weak(target)`。"
            ),
            expectedTitle: Text(en: "expected (times from the start)", zh: "期望（从开始算起的时间）"))
        Self.expectFreed(outcome)
    }

    @Test(
        "A screen that goes stops its clock at once: the mode is empty and the run finishes", .zh("页面一释放就停掉时钟：Mode 空了，运行随即结束"),
        .holds("§11"))
    func goingStopsTheClock() async throws {
        let outcome = try await Self.story(seconds: 6) { loop, stack in
            try Self.startClock(loop, stack)
            try Self.dismiss(at: 2.5, loop, stack)
        }
        Harness.expectSameLines(
            outcome.lines.filter { $0.en.contains("→") }, [.verbatim("+2500 ms  default   → finished")],
            hint: Text(
                en:
                    "When the screen goes, its clock's timer is still in the default mode until something invalidates it: the loop wakes once more for a tick no one receives, and only then is its mode empty. Call `stop()` in `deinit` (lessons 04 and 09: a mode with no timer or source left finishes the run).",
                zh:
                    "页面释放了，可它的时钟定时器在失效之前还在 default Mode 里：RunLoop 还要为一次没人接收的触发再醒一次，之后 Mode 才空。在 `deinit` 里调用 `stop()`（第 04 课和第 09 课：没有定时器也没有源的 Mode 会让运行结束）。"),
            expectedTitle: Text(en: "expected: the run's result", zh: "期望：运行的结果"))
    }

    /// A test's target for the proxy: notes each tick it hears; notes when it is freed.
    final class Listener: Sendable {
        let signal: FreedSignal
        init(_ loop: Loop) { signal = FreedSignal(loop, Lesson17Tests.listenerFreed) }
        func heard(_ timer: Loop.Timer) { timer.loop?.note(Lesson17Tests.heard) }
    }

    /// A repeating 1 s timer whose target is a `WeakTimerTarget` of a listener that the test lets
    /// go at 2.5 s; the run lasts 6 s at most. Returns the lines, whether the proxy still holds a
    /// target and whether the timer is still valid afterwards.
    static func proxyStory(lines filter: LoopTrace.Filter) async throws -> (lines: [Text], target: Bool, timerValid: Bool) {
        try await Harness.attempt(lesson: 17) { () -> ([Text], Bool, Bool) in
            let loop = Loop(clock: VirtualClock(), name: "main loop")
            loop.passLimit = 10_000
            let trace = loop.startTracing()
            let holder = Lock<Listener?>(Listener(loop))
            let proxy = WeakTimerTarget(target: holder.withLock { $0! }, action: Listener.heard)
            let timer = try loop.scheduledTimer(
                name: "proxy", timeInterval: 1, target: proxy, selector: WeakTimerTarget<Listener>.fire, repeats: true)
            try Self.at(2.5, on: loop) { [weak loop] in
                loop?.note(Self.letGo)
                let listener = holder.withLock { holder -> Listener? in
                    defer { holder = nil }
                    return holder
                }
                _ = listener
            }
            _ = try loop.run(mode: .default, timeout: 6)
            let lines = trace.texts(filter)
            let result = (lines, proxy.target != nil, timer.isValid)
            timer.invalidate()
            return result
        }
    }

    @Test(
        "The proxy passes each tick on while its target lives, and never keeps it alive", .zh("target 还没被释放时，代理转交每一次触发，而且从不强引用它"),
        .holds("§1", "§2"))
    func proxyForwardsWeakly() async throws {
        let outcome = try await Self.proxyStory(lines: .notes)
        Harness.expectSameLines(
            Array(outcome.lines.prefix(4)),
            [
                Self.timed("   1000 ms  default   · ", Self.heard), Self.timed("   2000 ms  default   · ", Self.heard),
                Self.timed("   2500 ms  default   · ", Self.letGo), Self.timed("   2500 ms  default   · ", Self.listenerFreed),
            ],
            hint: Text(
                en:
                    "`fire(_:)` sends `action(target)(timer)` once per fire; the proxy keeps the target in a `Weak`, so letting the listener go frees it at once.",
                zh: "`fire(_:)` 每次触发调用一次 `action(target)(timer)`；代理把 target 存在 `Weak` 里，所以别人一不再持有接收方，它就立即被释放。"),
            expectedTitle: HarnessText.expected)
        #expect(
            !outcome.target,
            Text(en: "the proxy still has a target after it was let go: hold it weakly", zh: "别人都不再持有 target 之后，代理还强引用着它：要用弱引用").comment)
    }

    @Test(
        "A proxy whose target is gone invalidates its timer instead of waking the loop for nothing",
        .zh("target 已经没了的代理让定时器失效，而不是让 RunLoop 白白醒来"), .holds("§3"))
    func proxyInvalidatesWhenTargetIsGone() async throws {
        let outcome = try await Self.proxyStory(lines: [.callouts, .notes, .results])
        let after = outcome.lines.drop { !$0.en.hasSuffix(Self.letGo.en) }.filter { !$0.en.contains("the test") }
        Harness.expectSameLines(
            Array(after),
            [
                Self.timed("   2500 ms  default   · ", Self.letGo), Self.timed("   2500 ms  default   · ", Self.listenerFreed),
                .verbatim("   3000 ms  default   timer \"proxy\""), .verbatim("   3000 ms  default   → finished"),
            ],
            hint: Text(
                en:
                    "When `target` is nil, `fire(_:)` calls `timer.invalidate()`: the timer leaves the mode after that one useless wake-up, the mode is empty and the run finishes. Without it the loop wakes every second for no one.",
                zh: "`target` 为 `nil` 时，`fire(_:)` 调用 `timer.invalidate()`：这一次白白醒来之后定时器离开 Mode，Mode 空了，运行结束。不这样做，RunLoop 每秒都为没人接收的触发醒来。"),
            expectedTitle: HarnessText.expected)
        #expect(!outcome.timerValid, Text(en: "the timer is still valid after its target went", zh: "target 没了之后定时器仍然有效").comment)
    }

    @Test(
        "The clock ticks once a second from now, in the default mode only", .zh("时钟从现在起每秒走一次，只在 default Mode 里"),
        .holds("§4"))
    func ticksInTheDefaultMode() async throws {
        // The clock has been running for a while; a tracking mode (marked common) runs first for 1.5 s.
        let outcome = try await Self.story(start: 1000.25, seconds: 2, tracking: true) { loop, stack in
            try Self.startClock(loop, stack)
        }
        Harness.expectSameLines(
            outcome.lines.filter { !$0.en.contains("→") },
            [
                Self.timed("+1500 ms  default   · ", Self.shows(1)), Self.timed("+2000 ms  default   · ", Self.shows(2)),
                Self.timed("+3000 ms  default   · ", Self.shows(3)),
            ],
            hint: Text(
                en:
                    "`scheduledTimer(name:timeInterval:target:selector:repeats:)` puts a repeating timer in the default mode, first due `timeInterval` from now: interval 1, `repeats: true`, no mode argument. While the tracking mode runs it waits; it fires once, late, when default runs.",
                zh:
                    "`scheduledTimer(name:timeInterval:target:selector:repeats:)` 把重复定时器放进 default Mode，第一次在从现在起 `timeInterval` 之后：间隔 1，`repeats: true`，不传 Mode 参数。tracking Mode 运行时它等着；default 运行时它晚一点触发一次。"
            ),
            expectedTitle: Text(en: "expected (times from the start)", zh: "期望（从开始算起的时间）"))
    }

    @Test("Starting a running clock keeps one timer", .zh("时钟在走时再启动，仍然只有一个定时器"), .holds("§6"))
    func startTwice() async throws {
        let outcome = try await Self.story(seconds: 3.2) { loop, stack in
            try Self.startClock(loop, stack)
            try Self.at(0.5, on: loop) { try? Self.startClock(loop, stack) }
        }
        Harness.expectSameLines(
            outcome.lines.filter { !$0.en.contains("→") },
            [
                Self.timed("+1000 ms  default   · ", Self.shows(1)), Self.timed("+2000 ms  default   · ", Self.shows(2)),
                Self.timed("+3000 ms  default   · ", Self.shows(3)),
            ],
            hint: Text(
                en: "`start(on:)` makes a timer only when `clock` holds none: a second timer would tick in between, and the first could never be stopped.",
                zh: "`start(on:)` 只在 `clock` 里还没有定时器时才新建一个：第二个定时器会在中间插进来触发，第一个也再也停不掉。"),
            expectedTitle: Text(en: "expected (times from the start)", zh: "期望（从开始算起的时间）"))
    }

    @Test(
        "stop() ends the ticks and empties the mode, so the run finishes", .zh("`stop()` 结束触发并清空 Mode，运行随即结束"), .holds("§7"))
    func stopEmptiesTheMode() async throws {
        let outcome = try await Self.story(seconds: 6) { loop, stack in
            try Self.startClock(loop, stack)
            try Self.at(2.5, on: loop) { [weak loop] in
                loop?.note(Self.stopped)
                stack.withLock { $0 }?.stop()
            }
        }
        Harness.expectSameLines(
            outcome.lines,
            [
                Self.timed("+1000 ms  default   · ", Self.shows(1)), Self.timed("+2000 ms  default   · ", Self.shows(2)),
                Self.timed("+2500 ms  default   · ", Self.stopped), .verbatim("+2500 ms  default   → finished"),
            ],
            hint: Text(
                en:
                    "`stop()` calls `invalidate()` on the clock's timer: that is the only way a repeating timer leaves the loop's modes (forgetting it in `clock` does not). Then the default mode holds nothing and `run` returns finished.",
                zh: "`stop()` 对时钟的定时器调用 `invalidate()`：这是重复定时器离开 RunLoop 各个 Mode 的唯一办法（只在 `clock` 里把它忘掉不算）。之后 default Mode 里什么都没有，`run` 返回 `finished`。"),
            expectedTitle: Text(en: "expected (times from the start)", zh: "期望（从开始算起的时间）"))
    }

    @Test("A stopped clock starts again", .zh("停掉的时钟可以再次启动"), .holds("§8"))
    func restart() async throws {
        let outcome = try await Self.story(seconds: 3.5) { loop, stack in
            try Self.startClock(loop, stack)
            try Self.at(1.5, on: loop) { [weak loop] in
                loop?.note(Self.stopped)
                stack.withLock { $0 }?.stop()
            }
            try Self.at(2.2, on: loop) { [weak loop] in
                loop?.note(Self.startedAgain)
                if let loop { try? Self.startClock(loop, stack) }
            }
        }
        Harness.expectSameLines(
            outcome.lines.filter { !$0.en.contains("→") },
            [
                Self.timed("+1000 ms  default   · ", Self.shows(1)), Self.timed("+1500 ms  default   · ", Self.stopped),
                Self.timed("+2200 ms  default   · ", Self.startedAgain), Self.timed("+3200 ms  default   · ", Self.shows(2)),
            ],
            hint: Text(
                en: "`stop()` leaves `clock` nil after invalidating the timer; otherwise `start(on:)` believes the clock still runs and does nothing.",
                zh: "`stop()` 让定时器失效之后要把 `clock` 置为 `nil`；否则 `start(on:)` 以为时钟还在走，什么也不做。"),
            expectedTitle: Text(en: "expected (times from the start)", zh: "期望（从开始算起的时间）"))
    }

    @Test("The draft is saved once, after the delay", .zh("草稿在延迟之后保存一次"), .holds("§9"))
    func saveOnce() async throws {
        let outcome = try await Self.story(start: 500.5, seconds: 5) { loop, stack in
            try stack.withLock { $0 }?.saveDraft(after: 1.5, on: loop)
        }
        Harness.expectSameLines(
            outcome.lines, [Self.timed("+1500 ms  default   · ", Self.saved), .verbatim("+1500 ms  default   → finished")],
            hint: Text(
                en:
                    "A one-shot timer: `scheduledTimer(name: \"save draft\", timeInterval: delay, target: self, selector: ClockScreen.saveDraft, repeats: false)`. It fires once and leaves the mode, so the run finishes.",
                zh:
                    "一次性定时器：`scheduledTimer(name: \"save draft\", timeInterval: delay, target: self, selector: ClockScreen.saveDraft, repeats: false)`。它触发一次就离开 Mode，运行随即结束。"
            ),
            expectedTitle: Text(en: "expected (times from the start)", zh: "期望（从开始算起的时间）"))
    }

    @Test(
        "The save keeps a dismissed screen until it has saved, then lets it go", .zh("保存草稿的定时器把关闭的页面留到保存完，然后释放它"),
        .holds("§10"))
    func saveOutlivesDismissal() async throws {
        let outcome = try await Self.story(seconds: 5) { loop, stack in
            try stack.withLock { $0 }?.saveDraft(after: 2, on: loop)
            try Self.dismiss(at: 0.5, loop, stack)
        }
        Harness.expectSameLines(
            outcome.lines,
            [
                Self.timed("+500 ms  default   · ", Self.dismissed), Self.timed("+2000 ms  default   · ", Self.saved),
                Self.timed("+2000 ms  default   · ", Self.freed), .verbatim("+2000 ms  default   → finished"),
            ],
            hint: Text(
                en:
                    "Here the strong reference is what you want: with the screen itself as the target of a one-shot timer, the draft is saved although the screen was dismissed, and the timer lets the screen go as soon as it has fired. A weak proxy here would lose the draft.",
                zh: "这里要的正是强引用：让页面自己做一次性定时器的 target，页面虽然被关闭了，草稿照样保存；定时器一触发完就释放对页面的强引用。这里用弱引用代理，草稿就丢了。"),
            expectedTitle: Text(en: "expected (times from the start)", zh: "期望（从开始算起的时间）"))
        Self.expectFreed(outcome)
    }
}
