import RunLoopEngine

extension QuizBank {
    /// The placeholder and its comment of the questions whose snippet sets a label's text.
    static let setLabelTextPlaceholder = "setLabelText: @escaping @Sendable (String) -> Void"
    static let setLabelTextComment = Text(
        en: "setLabelText (a placeholder): label.text = text, on a UILabel whose draw(_:) prints \"draw\"",
        zh: "`setLabelText`（示意，实现从略）：`label.text = text`，这个 `UILabel` 的 `draw(_:)` 会打印 `\"draw\"`")

    static let lesson15: [QuizQuestion] = [
        QuizQuestion(
            number: 47, lesson: 15,
            title: .init(en: "a label changed before 2 s of work", zh: "改了 `label`，接着干 2 秒的活"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app, a timer at 1 s sets a label's text (which marks the label for drawing), then works 2 s on the main thread. When is the label drawn (its draw(_:) runs)?",
                    zh: "在 iOS App 的主线程上，一个 1 秒的定时器设置了 `label` 的文字（这会把 `label` 标记为需要绘制），接着在主线程上干了 2 秒的活。`label` 什么时候被绘制（它的 `draw(_:)` 什么时候执行）？"),
                ios: """
                    // setLabelText (a placeholder): label.text = text, on a UILabel whose draw(_:) prints "draw"
                    let timer = Timer(timeInterval: 0, repeats: false) { _ in
                        setLabelText("Loading…")
                        Thread.sleep(forTimeInterval: 2)   // 2 s of work on the main thread
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .default)
                    RunLoop.main.run(until: Date(timeIntervalSinceNow: 5))
                    """,
                placeholders: [setLabelTextPlaceholder],
                comments: [
                    setLabelTextComment,
                    .init(en: "2 s of work on the main thread", zh: "在主线程上干 2 秒的活"),
                ],
                why: .init(
                    en:
                        "Setting the text only marks the label. Core Animation's observer on the main loop (`before waiting` and `exit`, `order` 2000000) commits when the loop is about to sleep, and the loop cannot get there before the timer's callout returns at 3 s: the label is drawn at 3 s, after the work it was meant to announce. That is the classic model; on iOS 18 and later published crash stacks show the commit run from UIKit's update cycle, a run-loop source (`…SOURCE0_PERFORM_FUNCTION__` → `_UIUpdateSequenceRun` → `_UIApplicationFlushCATransaction`), which cannot run during the timer's callout either: 3 s in both.",
                    zh:
                        "设置文字只是给 `label` 打上标记。Core Animation 在主线程 RunLoop 上的观察者（`before waiting` 和 `exit`，`order` 2000000）在 RunLoop 即将进入休眠时提交，而定时器的回调 3 秒才返回，RunLoop 在那之前到不了那里：`label` 在 3 秒才被绘制，那时它要提示的活已经干完了。这是经典的模型；iOS 18 及以后，公开的崩溃调用栈显示提交由 UIKit 的更新周期、一个 RunLoop 事件源来执行（`…SOURCE0_PERFORM_FUNCTION__` → `_UIUpdateSequenceRun` → `_UIApplicationFlushCATransaction`），它同样不能在定时器的回调期间执行：两种模型都是 3 秒。"
                ))
        ) { stage in
            // ▼ quiz 47
            let label = View(name: "label")
            let timer = try Loop.Timer(name: "tap", fireDate: Loop.current.now + 1) { _ in
                label.setNeedsDisplay()
                stage.clock.advance(by: 2)
            }
            try Loop.current.add(timer, forMode: .default)
            try Loop.current.add(Loop.Port(name: "the app's other sources"), forMode: .default)
            try Loop.current.run(until: Loop.current.now + 5)
            return stage.times(ofNote: "[label drawRect:]")
            // ▲ quiz 47
        },
        QuizQuestion(
            number: 48, lesson: 15,
            title: .init(en: "`setNeedsLayout` three times, then `layoutIfNeeded`", zh: "三次 `setNeedsLayout`，再 `layoutIfNeeded`"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app, a timer at 1 s calls header.setNeedsLayout() three times, then header.layoutIfNeeded(), then works 1 s. When does the header's layoutSubviews() run? (Give every time it runs.)",
                    zh:
                        "在 iOS App 的主线程上，一个 1 秒的定时器调用三次 `header.setNeedsLayout()`，再调用 `header.layoutIfNeeded()`，然后干 1 秒的活。`header` 的 `layoutSubviews()` 什么时候执行？（执行几次就写几个时间。）"
                ),
                ios: """
                    // setNeedsLayout, layoutIfNeeded (placeholders): those of header, a UIView whose layoutSubviews() prints "layout"
                    let timer = Timer(timeInterval: 0, repeats: false) { _ in
                        for _ in 0..<3 { setNeedsLayout() }
                        layoutIfNeeded()
                        Thread.sleep(forTimeInterval: 1)   // 1 s of work on the main thread
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .default)
                    RunLoop.main.run(until: Date(timeIntervalSinceNow: 3))
                    """,
                placeholders: ["setNeedsLayout: @escaping @Sendable () -> Void", "layoutIfNeeded: @escaping @Sendable () -> Void"],
                comments: [
                    .init(
                        en: "setNeedsLayout, layoutIfNeeded (placeholders): those of header, a UIView whose layoutSubviews() prints \"layout\"",
                        zh: "`setNeedsLayout`、`layoutIfNeeded`（示意，实现从略）：`header` 的这两个方法，`header` 是一个 `UIView`，它的 `layoutSubviews()` 会打印 `\"layout\"`"),
                    .init(en: "1 s of work on the main thread", zh: "在主线程上干 1 秒的活"),
                ],
                why: .init(
                    en:
                        "setNeedsLayout() sets one flag, however often it is called. layoutIfNeeded() finds it set and lays the header out at once, at 1 s, clearing it; the commit at the before waiting after the callout (2 s) finds nothing left to lay out: once, at 1 s.",
                    zh:
                        "`setNeedsLayout()` 不管调用多少次，都只打上一个标记。`layoutIfNeeded()` 看到标记，就在 1 秒时立即给 `header` 布局，并清掉标记；回调结束后（2 秒）`before waiting` 时的提交发现已经没有要布局的了：只有一次，在 1 秒。"
                )),
            followUp: .init(
                question: .init(
                    en: "Why does UIKit lay views out in the commit before the sleep rather than at each `setNeedsLayout()`?",
                    zh: "UIKit 为什么把布局放到休眠之前的提交里做，而不是每次调用 `setNeedsLayout()` 就做？"),
                model: .init(
                    en:
                        "To coalesce: a pass may change a view many times, and laying out once, before the loop sleeps, costs one layout per frame instead of one per change. `setNeedsLayout()` only marks the view; `layoutIfNeeded()` is the way to have it now, when the next lines need the new frames.",
                    zh:
                        "为了合并：一轮循环里一个视图可能被改很多次，在 RunLoop 休眠之前统一布局一次，每帧只付一次布局的代价，而不是每改一次付一次。`setNeedsLayout()` 只是做个标记；接下来的代码需要新的 `frame` 时，用 `layoutIfNeeded()` 立刻布局。"
                )
            )
        ) { stage in
            // ▼ quiz 48
            let header = View(name: "header") { _ in stage.print("layout") }
            let timer = try Loop.Timer(name: "tap", fireDate: Loop.current.now + 1) { _ in
                for _ in 0..<3 { header.setNeedsLayout() }
                header.layoutIfNeeded()
                stage.clock.advance(by: 1)
            }
            try Loop.current.add(timer, forMode: .default)
            try Loop.current.add(Loop.Port(name: "the app's other sources"), forMode: .default)
            try Loop.current.run(until: Loop.current.now + 3)
            return stage.times(ofPrint: "layout")
            // ▲ quiz 48
        },
        QuizQuestion(
            number: 49, lesson: 15,
            title: .init(en: "a label changed during a scroll", zh: "滑动期间改了 `label`"),
            form: .choice([
                .init(en: "during the scroll, in the tracking mode", zh: "滑动期间，在 tracking Mode 里", value: "tracking"),
                .init(en: "after the scroll, in the default mode", zh: "滑动结束后，在 default Mode 里", value: "default"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app, the user scrolls from 1 s to 3 s (UIKit runs the main loop in the tracking mode). A timer in the common modes sets a label's text at 2 s. When is the label drawn?",
                    zh: "在 iOS App 的主线程上，用户从 1 秒滑动到 3 秒（UIKit 让主线程的 RunLoop 运行 tracking Mode）。一个加在 common modes 里的定时器在 2 秒时设置 `label` 的文字。`label` 什么时候被绘制？"),
                ios: """
                    // setLabelText (a placeholder): label.text = text, on a UILabel whose draw(_:) prints "draw"
                    let timer = Timer(timeInterval: 0, repeats: false) { _ in setLabelText("2 s") }
                    timer.fireDate = Date(timeIntervalSinceNow: 2)
                    RunLoop.main.add(timer, forMode: .common)
                    // the user scrolls from 1 s to 3 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                    // the app's main loop runs on (UIApplicationMain): here its first 4 s
                    """,
                placeholders: [setLabelTextPlaceholder],
                comments: [
                    setLabelTextComment,
                    .init(
                        en: "the user scrolls from 1 s to 3 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                        zh: "用户从 1 秒滑到 3 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                    .init(
                        en: "the app's main loop runs on (UIApplicationMain): here its first 4 s",
                        zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 4 秒"),
                ],
                why: .init(
                    en:
                        "Core Animation's observer is one of the common mode items, so the tracking mode has it too: the label is committed at the before waiting of the tracking run, during the scroll. An observer in the default mode alone would wait for the finger to lift. That is the classic model; on iOS 18 and later the commit is run from UIKit's update-cycle source (published crash stacks), whose modes the stacks do not show — but a scroll view's own movement is committed during the scroll, so it runs in the tracking mode too: during the scroll in both.",
                    zh:
                        "Core Animation 的观察者是 `common mode items` 之一，所以 tracking Mode 里也有它：`label` 在 tracking 运行的 `before waiting` 时提交，也就是滑动期间。只加在 default Mode 里的观察者，就要等手指离开屏幕。这是经典的模型；iOS 18 及以后，提交由 UIKit 的更新周期事件源执行（公开的崩溃调用栈），调用栈看不出它在哪些 Mode 里——但 `UIScrollView` 自己的移动在滑动期间就被提交了，所以它也在 tracking Mode 里执行：两种模型都是滑动期间。"
                ))
        ) { stage in
            // ▼ quiz 49
            let label = View(name: "label")
            let timer = try Loop.Timer(name: "update", fireDate: Loop.current.now + 2) { _ in label.setNeedsDisplay() }
            try Loop.current.add(timer, forMode: .common)
            try stage.scroll(from: 1, to: 3)
            try stage.runMainLoop(until: Loop.current.now + 4)
            return Array(stage.modes(ofNote: "[label drawRect:]").prefix(1))
            // ▲ quiz 49
        },
        QuizQuestion(
            number: 62, lesson: 15,
            title: .init(en: "a label changed, then nothing until 5 s", zh: "改了 `label`，之后到 5 秒什么都没有"),
            form: .choice([
                .init(en: "before the loop sleeps, in the same turn", zh: "RunLoop 休眠之前，就在同一轮里", value: "this turn"),
                .init(en: "only when the loop wakes again at 5 s", zh: "要等 RunLoop 在 5 秒再醒来", value: "next wake-up"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app, a timer at 1 s sets a label's text and returns; nothing else happens until a timer at 5 s. Is the label drawn before the main loop goes to sleep after the 1 s timer, or only when it wakes again at 5 s?",
                    zh: "在 iOS App 的主线程上，一个 1 秒的定时器设置了 `label` 的文字就返回了；到 5 秒的定时器之前什么都不发生。`label` 是在 1 秒的定时器之后、主线程 RunLoop 休眠之前被绘制，还是要等它在 5 秒再醒来？"),
                ios: """
                    // setLabelText (a placeholder): label.text = text, on a UILabel whose draw(_:) prints "draw"
                    let update = Timer(timeInterval: 0, repeats: false) { _ in setLabelText("1 s") }
                    update.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(update, forMode: .default)
                    let later = Timer(timeInterval: 0, repeats: false) { _ in print("5 s") }
                    later.fireDate = Date(timeIntervalSinceNow: 5)
                    RunLoop.main.add(later, forMode: .default)
                    RunLoop.main.run(until: Date(timeIntervalSinceNow: 6))
                    """,
                placeholders: [setLabelTextPlaceholder],
                comments: [
                    setLabelTextComment
                ],
                why: .init(
                    en:
                        "Before it sleeps, in both models, for different reasons. The classic model (this lesson's exercise): Core Animation's observer at `before waiting` (`order` 2000000) commits just before the loop sleeps. iOS 18 and later (published crash stacks): the commit runs from UIKit's update cycle, a run-loop source (`__CFRUNLOOP_IS_CALLING_OUT_TO_A_SOURCE0_PERFORM_FUNCTION__` → `_UIUpdateSequenceRun` → `_UIApplicationFlushCATransaction`; on iOS 26 through `UC::DriverCore::continueProcessing`); a source0 signalled during the timer's callout runs in the next pass, and a pass that ran a source0 polls instead of sleeping (`CFRunLoop.c`), so the commit comes first. That UIKit signals it for a label's change is inferred, not documented.",
                    zh:
                        "两种模型都是在休眠之前，但原因不同。经典模型（本课的练习）：Core Animation 在 `before waiting` 的观察者（`order` 2000000）就在 RunLoop 休眠之前提交。iOS 18 及以后（公开的崩溃调用栈）：提交由 UIKit 的更新周期、一个 RunLoop 事件源执行（`__CFRUNLOOP_IS_CALLING_OUT_TO_A_SOURCE0_PERFORM_FUNCTION__` → `_UIUpdateSequenceRun` → `_UIApplicationFlushCATransaction`；iOS 26 上经过 `UC::DriverCore::continueProcessing`）；在定时器回调期间被标记的 Source0 在下一轮执行，而执行了 Source0 的一轮只轮询、不休眠（`CFRunLoop.c`），所以提交在前。UIKit 会为 `label` 的改动标记它，这是推断，没有文档。"
                ))
        ) { stage in
            // ▼ quiz 62
            let label = View(name: "label")
            let update = try Loop.Timer(name: "update", fireDate: Loop.current.now + 1) { _ in label.setNeedsDisplay() }
            try Loop.current.add(update, forMode: .default)
            let later = try Loop.Timer(name: "later", fireDate: Loop.current.now + 5) { _ in }
            try Loop.current.add(later, forMode: .default)
            try Loop.current.run(until: Loop.current.now + 6)
            let drawn = stage.times(ofNote: "[label drawRect:]").first.flatMap(Double.init)
            return choose(drawn.map { $0 < 5000 } ?? false, "this turn", "next wake-up")
            // ▲ quiz 62
        },
    ]
}
