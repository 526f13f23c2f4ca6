import RunLoopEngine

extension TraceScenario {
    /// A scheduled timer keeps its target alive: the loop's mode holds the timer and the timer
    /// holds its target until it is invalidated (NSTimer's `target:` argument; CF releases the
    /// context info in `CFRunLoopTimerInvalidate`). Screen A is its clock timer's target and
    /// outlives its dismissal, ticking; screen B's timer targets a weak proxy, so B goes when it
    /// is dismissed and stops its clock as it goes.
    static let timerRetainsTarget = TraceScenario(
        name: "timer-retains-target",
        summary: Text(
            en: "two screens with a 1 s clock, both dismissed at 2.5 s: A is its timer's target, B's timer targets a weak proxy",
            zh: "两个页面各有一个 1 秒的时钟，都在 2.5 秒时被关闭：A 是它的定时器的 target，B 的定时器的 target 是一个弱引用代理"),
        lookFor: Text(
            en:
                "after 2.5 s only timer \"clock A\" fires: loop → default → timer → screen A keeps A alive until its timer is invalidated at 4.5 s; then → finished",
            zh: "2.5 秒之后只有 `timer \"clock A\"` 还在触发：RunLoop → default → 定时器 → 页面 A，让 A 一直活到 4.5 秒它的定时器失效；随后 `→ finished`")
    ) { language in
        let loop = Loop(clock: VirtualClock())
        let trace = loop.startTracing()
        // The navigation stack is the only owner of the screens (no local keeps one).
        let stack = Lock<[ScenarioScreen]>([])
        let clockA = try ScenarioScreen.open("A", on: loop, in: language, into: stack, throughProxy: false)
        try ScenarioScreen.open("B", on: loop, in: language, into: stack, throughProxy: true)
        loop.note(
            Text(
                en: "A: scheduledTimer(target: self); B: scheduledTimer(target: WeakTimerTarget(self))",
                zh: "A：`scheduledTimer(target: self)`；B：`scheduledTimer(target: WeakTimerTarget(self))`"), in: language)
        try loop.add(
            try Loop.Timer(name: "dismiss", fireDate: loop.now + 2.5) { _ in
                loop.note(Text(en: "both screens dismissed: the navigation stack lets them go", zh: "两个页面都被关闭：导航栈不再持有它们"), in: language)
                let screens = stack.withLock { stack -> [ScenarioScreen] in
                    defer { stack = [] }
                    return stack
                }
                _ = screens
            }, forMode: .default)
        try loop.add(
            try Loop.Timer(name: "stop A", fireDate: loop.now + 4.5) { _ in
                loop.note(Text(en: "someone calls invalidate() on clock A", zh: "有人对 `clock A` 调用了 `invalidate()`"), in: language)
                clockA.invalidate()
            }, forMode: .default)
        _ = try loop.run(mode: .default, timeout: 8)
        return trace
    }
}

/// A screen of the scenario: its clock ticks; it notes when it goes, and stops its clock then.
private final class ScenarioScreen: Sendable {
    let name: String
    let loop: Weak<Loop>
    let language: Language
    let clock = Lock<Loop.Timer?>(nil)

    init(name: String, loop: Loop, language: Language) {
        self.name = name
        self.loop = Weak(loop)
        self.language = language
    }

    func tick(_ timer: Loop.Timer) {}

    /// Makes a screen owned by `stack` and starts its clock: its target is the screen itself, or
    /// a weak proxy of it. Returns the clock's timer.
    @discardableResult
    static func open(
        _ name: String, on loop: Loop, in language: Language, into stack: Lock<[ScenarioScreen]>, throughProxy: Bool
    ) throws -> Loop.Timer {
        let screen = ScenarioScreen(name: name, loop: loop, language: language)
        let timer =
            throughProxy
            ? try loop.scheduledTimer(
                name: "clock \(name)", timeInterval: 1, target: WeakTimerProxy(screen, ScenarioScreen.tick), selector: WeakTimerProxy<ScenarioScreen>.fire,
                repeats: true)
            : try loop.scheduledTimer(name: "clock \(name)", timeInterval: 1, target: screen, selector: ScenarioScreen.tick, repeats: true)
        screen.clock.withLock { $0 = timer }
        stack.withLock { $0.append(screen) }
        return timer
    }

    deinit {
        clock.withLock { $0 }?.invalidate()
        loop.object?.note(Text(en: "screen \(name) freed; its `deinit` invalidates its clock", zh: "页面 \(name) 被释放；它的 `deinit` 让它的时钟失效"), in: language)
    }
}

/// A weak proxy as lesson 17 teaches it, for its scenario and its quiz questions: a timer's
/// target in the real target's place, holding it weakly; passes each tick on while it lives,
/// and invalidates the timer once it is gone.
final class WeakTimerProxy<Target: AnyObject & Sendable>: Sendable {
    let target: Weak<Target>
    let action: @Sendable (Target) -> @Sendable (Loop.Timer) -> Void

    init(_ target: Target, _ action: @escaping @Sendable (Target) -> @Sendable (Loop.Timer) -> Void) {
        self.target = Weak(target)
        self.action = action
    }

    func fire(_ timer: Loop.Timer) {
        guard let target = target.object else { return timer.invalidate() }
        action(target)(timer)
    }
}
