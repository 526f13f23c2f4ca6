import RunLoopEngine

extension QuizBank {
    static let lesson17: [QuizQuestion] = [
        QuizQuestion(
            number: 53, lesson: 17,
            title: .init(en: "the popped screen's timer", zh: "已经返回的页面的定时器"),
            form: .times,
            wording: .init(
                question: .init(
                    en:
                        "A screen schedules a 1 s repeating timer with itself as the target; the navigation stack lets the screen go at 2.5 s and nothing calls invalidate. When does tick run in the first 5.2 s?",
                    zh: "一个页面以自己为 target 调度了一个 1 秒的重复定时器；导航栈在 2.5 秒时把这个页面 pop 出去，没有人调用 `invalidate`。前 5.2 秒里 `tick` 什么时候执行？"),
                ios: """
                    // ClockScreen: NSObject, with @objc func tick(_ timer: Timer) { print("tick") }
                    // @objc func goBack() { screens.removeAll() }   (screens: the navigation stack)
                    screens = [ClockScreen()]
                    Timer.scheduledTimer(
                        timeInterval: 1, target: screens[0], selector: #selector(ClockScreen.tick(_:)), userInfo: nil, repeats: true)
                    perform(#selector(goBack), with: nil, afterDelay: 2.5)   // the user goes back
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 5.2))
                    """,
                comments: [
                    .init(
                        en: "ClockScreen: NSObject, with @objc func tick(_ timer: Timer) { print(\"tick\") }",
                        zh: "`ClockScreen` 继承 `NSObject`，带有 `@objc func tick(_ timer: Timer) { print(\"tick\") }`"),
                    .init(
                        en: "@objc func goBack() { screens.removeAll() }   (screens: the navigation stack)",
                        zh: "`@objc func goBack() { screens.removeAll() }`   （`screens`：导航栈）"),
                    .init(en: "the user goes back", zh: "用户返回上一页"),
                ],
                why: .init(
                    en:
                        "The loop's default mode holds the timer and the timer holds its target until it is invalidated: loop → mode → timer → screen. Letting the screen go at 2.5 s removes only the stack's reference, so the screen lives on and ticks at 3, 4 and 5 s; its `deinit` never runs.",
                    zh:
                        "RunLoop 的 default Mode 持有定时器，定时器在失效之前一直持有它的 target：RunLoop → Mode → 定时器 → 页面。2.5 秒 pop 页面，去掉的只是导航栈的那一个引用，页面没有被释放，在 3、4、5 秒照样调用 `tick`；它的 `deinit` 永远不会执行。"
                ))
        ) { stage in
            // ▼ quiz 53
            let stack = Lock<[QuizScreen]>([QuizScreen(stage)])
            try Loop.current.scheduledTimer(
                name: "tick", timeInterval: 1, target: stack.withLock { $0[0] }, selector: QuizScreen.tick, repeats: true)
            try Loop.current.scheduleTimer(name: "the user goes back", after: 2.5) { _ in stack.withLock { $0.removeAll() } }
            try Loop.current.run(until: Loop.current.now + 5.2)
            return stage.times(of: "tick")
            // ▲ quiz 53
        },
        QuizQuestion(
            number: 54, lesson: 17,
            title: .init(en: "the weak proxy's last wake-up", zh: "弱引用代理的最后一次唤醒"),
            form: .times,
            wording: .init(
                question: .init(
                    en:
                        "A screen schedules a 1 s repeating timer whose target is a weak proxy: the proxy passes each tick on while the screen lives and invalidates the timer once the screen is gone. The navigation stack lets the screen go at 2.5 s; the screen's `deinit` does not touch the timer. When does the timer fire in the first 5.2 s?",
                    zh: "一个页面调度了一个 1 秒的重复定时器，它的 target 是一个弱引用代理：页面还没被释放时，代理转交每一次触发；页面没了，代理就让定时器失效。导航栈在 2.5 秒时把这个页面 pop 出去；页面的 `deinit` 不碰定时器。前 5.2 秒里定时器什么时候触发？"
                ),
                ios: """
                    // WeakProxy: NSObject, with weak var target: ClockScreen? and
                    // @objc func fire(_ timer: Timer) { guard let target else { return timer.invalidate() }; target.tick(timer) }
                    screens = [ClockScreen()]
                    Timer.scheduledTimer(
                        timeInterval: 1, target: WeakProxy(screens[0]), selector: #selector(WeakProxy.fire(_:)), userInfo: nil, repeats: true)
                    perform(#selector(goBack), with: nil, afterDelay: 2.5)   // the user goes back
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 5.2))
                    """,
                comments: [
                    .init(
                        en: "WeakProxy: NSObject, with weak var target: ClockScreen? and", zh: "`WeakProxy` 继承 `NSObject`，带有 `weak var target: ClockScreen?` 和"),
                    .init(en: "the user goes back", zh: "用户返回上一页"),
                ],
                why: .init(
                    en:
                        "The timer keeps the proxy, and the proxy keeps the screen only weakly, so the screen is freed at 2.5 s. The timer is still scheduled: it fires once more at 3 s, the proxy finds no target and invalidates it, and it never fires again. A `deinit` that invalidates the timer would save that last wake-up.",
                    zh:
                        "定时器持有的是代理，代理对页面只持弱引用，所以页面在 2.5 秒时被释放。定时器还在调度中：它在 3 秒再触发一次，代理发现 target 没了，就让它失效，之后再也不触发。要是页面的 `deinit` 让定时器失效，连这最后一次唤醒也省了。"
                ))
        ) { stage in
            // ▼ quiz 54
            let stack = Lock<[QuizScreen]>([QuizScreen(stage)])
            try Loop.current.scheduledTimer(
                name: "proxy", timeInterval: 1, target: WeakTimerProxy(stack.withLock { $0[0] }, QuizScreen.tick), selector: WeakTimerProxy<QuizScreen>.fire,
                repeats: true)
            try Loop.current.scheduleTimer(name: "the user goes back", after: 2.5) { _ in stack.withLock { $0.removeAll() } }
            try Loop.current.run(until: Loop.current.now + 5.2)
            return stage.times(of: "proxy")
            // ▲ quiz 54
        },
        QuizQuestion(
            number: 55, lesson: 17,
            title: .init(en: "the one-shot timer's target", zh: "一次性定时器的 target"),
            form: .choice([
                .init(en: "at 0.5 s, when the stack lets it go", zh: "0.5 秒，导航栈把它 pop 出去的时候", value: "500"),
                .init(en: "at 2 s, right after the save", zh: "2 秒，刚保存完的时候", value: "2000"),
                .init(en: "never: the timer leaks it", zh: "永远不会：定时器让它泄漏了", value: "never"),
            ]),
            wording: .init(
                question: .init(
                    en:
                        "A screen schedules a one-shot timer (`repeats: false`) with itself as the target, to save a draft in 2 s; the stack lets the screen go at 0.5 s. When does the screen's `deinit` run?",
                    zh: "一个页面以自己为 target 调度了一个一次性定时器（`repeats: false`），2 秒后保存草稿；导航栈在 0.5 秒时把这个页面 pop 出去。页面的 `deinit` 什么时候执行？"),
                ios: """
                    // ClockScreen: NSObject, with @objc func saveDraft(_ timer: Timer) { print("saved") } and deinit { print("deinit") }
                    screens = [ClockScreen()]
                    Timer.scheduledTimer(
                        timeInterval: 2, target: screens[0], selector: #selector(ClockScreen.saveDraft(_:)), userInfo: nil, repeats: false)
                    perform(#selector(goBack), with: nil, afterDelay: 0.5)   // the user goes back
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 5))
                    """,
                comments: [
                    .init(
                        en: "ClockScreen: NSObject, with @objc func saveDraft(_ timer: Timer) { print(\"saved\") } and deinit { print(\"deinit\") }",
                        zh: "`ClockScreen` 继承 `NSObject`，带有 `@objc func saveDraft(_ timer: Timer) { print(\"saved\") }` 和 `deinit { print(\"deinit\") }`"),
                    .init(en: "the user goes back", zh: "用户返回上一页"),
                ],
                why: .init(
                    en:
                        "Until it fires, the timer keeps its target, so the screen outlives the stack's reference and the draft is saved at 2 s. A one-shot timer invalidates itself after it fires, and invalidating lets go of the target: the screen is freed right after the save.",
                    zh:
                        "触发之前，定时器一直持有它的 target，所以导航栈 pop 之后页面还没有被释放，草稿在 2 秒时保存。一次性定时器触发后自己失效，失效时就释放了对 target 的强引用：保存一完，页面随即被释放。"
                )),
            followUp: .init(
                question: .init(
                    en: "A one-shot timer lets its target go after firing. Why is that not enough for a repeating timer, and what do you do?",
                    zh: "一次性定时器触发后就释放了对 target 的强引用。为什么重复定时器不能靠这一点？你该怎么做？"),
                model: .init(
                    en:
                        "A repeating timer never fires its last time: it stays scheduled, holding its target, until `invalidate()` is called. Invalidate it when the screen leaves (`viewWillDisappear` or an explicit stop), or use the block API with `[weak self]` and invalidate when `self` is gone; `deinit` is too late, since the timer is what keeps the screen alive.",
                    zh:
                        "重复定时器永远没有“最后一次”触发：在调用 `invalidate()` 之前，它一直在调度中，一直持有 target。页面离开时就让它失效（`viewWillDisappear`，或者显式的停止方法），或者用 Block 形式的 API 配 `[weak self]`，在 `self` 不在时让它失效；`deinit` 太晚了，因为正是定时器强引用着页面，页面根本不会被释放。"
                ))
        ) { stage in
            // ▼ quiz 55
            let stack = Lock<[QuizScreen]>([QuizScreen(stage)])
            try Loop.current.scheduledTimer(
                name: "save draft", timeInterval: 2, target: stack.withLock { $0[0] }, selector: QuizScreen.tick, repeats: false)
            try Loop.current.scheduleTimer(name: "the user goes back", after: 0.5) { _ in stack.withLock { $0.removeAll() } }
            try Loop.current.run(until: Loop.current.now + 5)
            return [stage.times(ofPrint: "deinit").first ?? "never"]
            // ▲ quiz 55
        },
    ]
}

/// The questions' screen: `tick` is its selector; it prints `deinit` as it goes.
final class QuizScreen: Sendable {
    let stage: QuizStage
    init(_ stage: QuizStage) { self.stage = stage }
    func tick(_ timer: Loop.Timer) {}
    deinit { stage.print("deinit") }
}
