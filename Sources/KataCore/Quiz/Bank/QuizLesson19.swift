import RunLoopEngine

extension QuizBank {
    static let lesson19: [QuizQuestion] = [
        QuizQuestion(
            number: 59, lesson: 19,
            title: .init(en: "a tap over a button: the touches, the action and the sleep", zh: "在按钮上点一下：触摸、`action` 和休眠"),
            form: .order(words: ["touchesBegan", "touchesEnded", "touchesCancelled", "beforeWaiting", "action"]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A button overrides `touchesBegan`, `touchesEnded` and `touchesCancelled` (each prints its name) and has a tap gesture recognizer with UIKit's defaults (`cancelsTouchesInView` and `delaysTouchesEnded` `true`) whose `action` prints `\"action\"`; an observer of the main loop prints beforeWaiting. A finger taps the button on current iOS: what is printed, in order, from the touch to the first beforeWaiting after the action?",
                    zh:
                        "一个按钮重写了 `touchesBegan`、`touchesEnded` 和 `touchesCancelled`（各自打印自己的名字），还带着一个点击手势识别器，属性都是 UIKit 的默认值（`cancelsTouchesInView` 和 `delaysTouchesEnded` 都是 `true`），它的 `action` 打印 `\"action\"`；主线程 RunLoop 上的一个观察者打印 BeforeWaiting。在当前的 iOS 上，手指点一下这个按钮：从触摸开始，到 `action` 之后的第一个 BeforeWaiting 为止，依次打印什么？"
                ),
                ios: """
                    // the button's class prints "touchesBegan", "touchesEnded" and "touchesCancelled"
                    // @objc func tapped() { print("action") }
                    let tap = UITapGestureRecognizer(target: self, action: #selector(tapped))
                    button.addGestureRecognizer(tap)
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                        print("beforeWaiting")
                    }
                    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
                    // a finger taps the button at 1 s
                    """,
                comments: [
                    .init(
                        en: "the button's class prints \"touchesBegan\", \"touchesEnded\" and \"touchesCancelled\"",
                        zh: "按钮的类打印 `\"touchesBegan\"`、`\"touchesEnded\"` 和 `\"touchesCancelled\"`"),
                    .init(en: "a finger taps the button at 1 s", zh: "1 秒时手指点一下按钮"),
                ],
                why: .init(
                    en:
                        "The event source0 sends one event per pass through `-[UIWindow sendEvent:]`, which updates the gesture recognizers before the view gets the touch (published stacks since iOS 12: `sendEvent` → `-[UIGestureEnvironment _updateForEvent:window:]` → `_UIGestureEnvironmentUpdate` → the `action`). First pass: `touchesBegan`. Next pass: the lift recognizes the tap; `delaysTouchesEnded` held that ended touch back, and a recognized tap cancels it (`cancelsTouchesInView`): `touchesCancelled`, never `touchesEnded`, then the `action`, all in that pass; each pass that ran a source polls, so beforeWaiting comes last. The classic account (ibireme, 2015) has the `action` wait for a beforeWaiting observer; current stacks do not show it there.",
                    zh:
                        "事件 Source0 每轮通过 `-[UIWindow sendEvent:]` 发一个事件，它先更新手势识别器，再把触摸交给视图（iOS 12 起公开的调用栈：`sendEvent` → `-[UIGestureEnvironment _updateForEvent:window:]` → `_UIGestureEnvironmentUpdate` → `action`）。第一轮：`touchesBegan`。下一轮：抬起让点击手势被识别出来；`delaysTouchesEnded` 扣住了这个抬起的触摸，识别出的点击把它取消（`cancelsTouchesInView`）：是 `touchesCancelled`，不是 `touchesEnded`，接着是 `action`，都在这一轮里；执行了事件源的每一轮都只轮询，所以 BeforeWaiting 在最后。经典的说法（2015 年流传最广的《深入理解RunLoop》）是 `action` 要等一个 BeforeWaiting 观察者；现在的调用栈里看不到它在那里。"
                ))
        ) { stage in
            // ▼ quiz 59
            let app = TouchApp(mainLoop: Loop.current, delivery: ReferenceTouchDelivery(), recognizers: [.tap])
            try Loop.current.add(app.port, forMode: .common)
            let finger = try Loop.Timer(name: "finger", fireDate: Instant(seconds: 1)) { _ in try? app.port.send("began ended") }
            try Loop.current.add(finger, forMode: .common)
            try Loop.current.run(mode: .default, timeout: 2)
            return QuizBank.touchOrder(stage.activitiesAndNotes())
            // ▲ quiz 59
        },
        QuizQuestion(
            number: 60, lesson: 19,
            title: .init(en: "a pan takes the touch: which moves does the view hear?", zh: "拖动手势接管触摸：视图收到哪几次移动？"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A view overrides `touchesMoved` (it prints `\"touchesMoved\"`) and has a pan gesture recognizer (`cancelsTouchesInView` `true`, the default) that begins at the finger's third move. The finger goes down at 1000 ms and moves at 1100, 1200, 1300 and 1400 ms, each event on its own. At which times does the view print `\"touchesMoved\"`?",
                    zh:
                        "一个视图重写了 `touchesMoved`（打印 `\"touchesMoved\"`），还带着一个拖动手势识别器（`cancelsTouchesInView` 为 `true`，默认值），它在手指第三次移动时开始。手指在 1000 ms 按下，在 1100、1200、1300 和 1400 ms 移动，每个事件单独到达。视图在哪些时刻打印 `\"touchesMoved\"`？"
                ),
                ios: """
                    // the view's class prints "touchesMoved" in touchesMoved(_:with:)
                    // @objc func panned() { print(RunLoop.current.currentMode!.rawValue) }
                    let pan = UIPanGestureRecognizer(target: self, action: #selector(panned))
                    view.addGestureRecognizer(pan)   // begins at the third move
                    // finger down at 1000 ms; moves at 1100, 1200, 1300, 1400 ms
                    """,
                comments: [
                    .init(en: "the view's class prints \"touchesMoved\" in touchesMoved(_:with:)", zh: "视图的类在 `touchesMoved(_:with:)` 里打印 `\"touchesMoved\"`"),
                    .init(en: "begins at the third move", zh: "第三次移动时开始"),
                    .init(en: "finger down at 1000 ms; moves at 1100, 1200, 1300, 1400 ms", zh: "1000 ms 手指按下；1100、1200、1300、1400 ms 移动"),
                ],
                why: .init(
                    en:
                        "Recognizers see each move before the view, in the same delivery (`-[UIWindow sendEvent:]`, published stacks since iOS 12). The third move (1300 ms) begins the pan: the view's touch is cancelled (`touchesCancelled`) and the pan's `action` sent before the view would get that move, and with `cancelsTouchesInView` the gesture's pending touches are not delivered to the view (Apple's documentation): only 1100 and 1200 reach it; the move at 1400 ms is the pan's alone.",
                    zh:
                        "识别器在同一次分发里（`-[UIWindow sendEvent:]`，iOS 12 起公开的调用栈）比视图先看到每次移动。第三次移动（1300 ms）让拖动手势开始：视图的触摸被取消（`touchesCancelled`），拖动手势的 `action` 被发出，这时视图还没拿到这次移动；而 `cancelsTouchesInView` 让手势还没送出的触摸不再交给视图（Apple 的文档）：只有 1100 和 1200 到了视图；1400 ms 的移动只属于拖动手势了。"
                ))
        ) { stage in
            // ▼ quiz 60
            let app = TouchApp(mainLoop: Loop.current, delivery: ReferenceTouchDelivery(), view: "view", recognizers: [.pan])
            try Loop.current.add(app.port, forMode: .common)
            for (ms, message) in [(1000, "began"), (1100, "moved"), (1200, "moved"), (1300, "moved"), (1400, "moved")] {
                let finger = try Loop.Timer(name: "finger", fireDate: Instant(seconds: Double(ms) / 1000)) { _ in try? app.port.send(message) }
                try Loop.current.add(finger, forMode: .common)
            }
            try Loop.current.run(mode: .default, timeout: 2)
            return stage.times(ofNote: "view.touchesMoved()")
            // ▲ quiz 60
        },
        QuizQuestion(
            number: 61, lesson: 19,
            title: .init(en: "a pan during a scroll", zh: "滑动期间的拖动手势"),
            form: .choice([
                .init(en: "during the scroll, in the tracking mode", zh: "滑动期间，在 tracking Mode 里", value: "tracking"),
                .init(en: "after the scroll, in the default mode", zh: "滑动结束后，在 default Mode 里", value: "default"),
                .init(en: "never: the tracking mode has no event source", zh: "永远不会：tracking Mode 里没有事件源", value: "never"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "While a scroll view scrolls (the main loop runs the tracking mode from 500 to 2500 ms), a finger pans a view that has a pan gesture recognizer: down at 1000 ms, three moves at 1100 ms. The pan's action prints the main loop's current mode. When and where does it run?",
                    zh:
                        "一个 `UIScrollView` 正在滑动（主线程 RunLoop 从 500 到 2500 ms 运行 tracking Mode），手指在一个带拖动手势识别器的视图上拖动：1000 ms 按下，1100 ms 移动三次。拖动手势的 `action` 打印主线程 RunLoop 的当前 Mode。它在什么时候、在哪里执行？"
                ),
                ios: """
                    // @objc func panned() { print(RunLoop.current.currentMode!.rawValue) }
                    let pan = UIPanGestureRecognizer(target: self, action: #selector(panned))
                    view.addGestureRecognizer(pan)
                    // a scroll runs the tracking mode from 500 to 2500 ms
                    // finger down at 1000 ms; three moves at 1100 ms
                    """,
                comments: [
                    .init(en: "a scroll runs the tracking mode from 500 to 2500 ms", zh: "滑动让 RunLoop 从 500 到 2500 ms 运行 tracking Mode"),
                    .init(en: "finger down at 1000 ms; three moves at 1100 ms", zh: "1000 ms 手指按下；1100 ms 移动三次"),
                ],
                why: .init(
                    en:
                        "UIKit adds the event source0 to the common modes and marks the tracking mode common; the gestures are updated, and their actions sent, inside that source0's delivery of each event: touches are delivered and gestures act while a scroll tracks.",
                    zh: "UIKit 把事件 Source0 加到 common modes，又把 tracking Mode 标记为 common；手势的更新和 `action` 的发出都在这个 Source0 对每个事件的分发里：滑动期间，触摸照常分发，手势照常执行 `action`。"))
        ) { stage in
            // ▼ quiz 61
            let app = TouchApp(mainLoop: Loop.current, delivery: ReferenceTouchDelivery(), view: "view", recognizers: [.pan])
            try Loop.current.add(app.port, forMode: .common)
            // The finger on the scroll view: the tracking mode from 500 to 2500 ms.
            let scroll = try Loop.Timer(name: "finger down", fireDate: Instant(seconds: 0.5)) { _ in
                _ = try? Loop.current.run(mode: .tracking, timeout: 2)
            }
            try Loop.current.add(scroll, forMode: .default)
            for (ms, message) in [(1000, "began"), (1100, "moved moved moved")] {
                let finger = try Loop.Timer(name: "finger", fireDate: Instant(seconds: Double(ms) / 1000)) { _ in try? app.port.send(message) }
                try Loop.current.add(finger, forMode: .common)
            }
            try Loop.current.run(mode: .default, timeout: 3)
            let modes = stage.modes(ofNote: "pan.action(began)")
            return [modes.first ?? "never"]
            // ▲ quiz 61
        },
    ]

    /// The touches, the gesture's action and the before-waitings after the first touch, in the
    /// order the loop's trace has them: from the first touch to the first before-waiting after
    /// the action.
    static func touchOrder(_ lines: [String]) -> [String] {
        var order: [String] = []
        for line in lines {
            if let dot = line.firstIndex(of: "."), line[line.index(after: dot)...].hasPrefix("touches"), line.hasSuffix("()") {
                order.append(String(line[line.index(after: dot)...].dropLast(2)))
            } else if line.contains(".action(") && !order.contains("action") {
                order.append("action")
            } else if line == "beforeWaiting" && !order.isEmpty && order.last != "beforeWaiting" {
                order.append("beforeWaiting")
                if order.contains("action") { break }
            }
        }
        return order
    }
}
