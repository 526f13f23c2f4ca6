import RunLoopEngine

extension QuizBank {
    static let lesson13: [QuizQuestion] = [
        QuizQuestion(
            number: 41, lesson: 13,
            title: .init(en: "the timer that stops while scrolling", zh: "滑动时停下的定时器"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "`Timer.scheduledTimer` ticks every second on the main thread. The user scrolls from 1.5 s to 3.5 s. When does the timer fire in the first 4.2 s?",
                    zh: "`Timer.scheduledTimer` 在主线程上每秒触发一次。用户从 1.5 秒滑动到 3.5 秒。前 4.2 秒里，定时器什么时候触发？"),
                ios: """
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }   // default mode
                    // the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                    // the app's main loop runs on (UIApplicationMain): here its first 4.2 s
                    """,
                comments: [
                    .init(en: "default mode", zh: "放在 default Mode 里"),
                    .init(
                        en: "the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                        zh: "用户从 1.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                    .init(
                        en: "the app's main loop runs on (UIApplicationMain): here its first 4.2 s",
                        zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 4.2 秒"),
                ],
                why: .init(
                    en:
                        "`scheduledTimer` puts the timer in the default mode; during the scroll the main loop runs the tracking mode, so the ticks at 2 and 3 s do not come. When the default mode runs again at 3.5 s the late timer fires once, then keeps its phase: 4 s.",
                    zh:
                        "`scheduledTimer` 把定时器放在 default Mode；滑动期间主 RunLoop 运行 tracking Mode，所以 2 秒和 3 秒的时间点不会到来。3.5 秒 default Mode 恢复运行时，晚了的定时器触发一次，然后保持原来的时间表：4 秒。"
                ))
        ) { stage in
            // ▼ quiz 41
            try Loop.current.add(try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }, forMode: .default)
            try stage.scroll(from: 1.5, to: 3.5)
            try stage.runMainLoop(until: Loop.current.now + 4.2)
            return stage.times(of: "tick")
            // ▲ quiz 41
        },
        QuizQuestion(
            number: 42, lesson: 13,
            title: .init(en: "the ticker in the common modes", zh: "加到 `.common` 的定时器"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A 1 s repeating timer is added with `RunLoop.main.add(timer, forMode: .common)`. The user scrolls from 1.5 s to 3.5 s. When does it fire in the first 4.2 s?",
                    zh: "一个 1 秒的重复定时器用 `RunLoop.main.add(timer, forMode: .common)` 加进去。用户从 1.5 秒滑动到 3.5 秒。前 4.2 秒里它什么时候触发？"),
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .common)
                    // the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                    // the app's main loop runs on (UIApplicationMain): here its first 4.2 s
                    """,
                comments: [
                    .init(
                        en: "the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                        zh: "用户从 1.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                    .init(
                        en: "the app's main loop runs on (UIApplicationMain): here its first 4.2 s",
                        zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 4.2 秒"),
                ],
                why: .init(
                    en:
                        "UIKit marks the tracking mode common, so a timer in the common modes is in the tracking mode too and keeps its ticks while the user scrolls.",
                    zh: "UIKit 把 tracking Mode 标记为 common，所以加到 `.common` 的定时器也在 tracking Mode 里，用户滑动时照常触发。")),
            followUp: .init(
                question: .init(
                    en: "Adding the timer to .common fixes the scroll. When would you rather not, and what would you use instead?",
                    zh: "把定时器加到 .common 就解决了滑动的问题。什么时候你宁可不这样做？换成什么？"),
                model: .init(
                    en:
                        "When the work is heavy: in the common modes it runs during the scroll too, and a slow callout then stalls the gesture. Keep the timer's callout short, move the work off the main thread, or pause the timer while the user scrolls; for work drawn every frame, a display link in .common suits better than a timer.",
                    zh:
                        "当回调的工作很重时：在 common modes 里它滑动时也会执行，一个慢回调就会让手势卡顿。让定时器的回调保持短小，把工作移出主线程，或者在用户滑动时暂停定时器；每帧都要绘制的工作，用加在 .common 的 display link 比定时器更合适。"))
        ) { stage in
            // ▼ quiz 42
            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }

            try Loop.current.add(timer, forMode: .common)
            try stage.scroll(from: 1.5, to: 3.5)
            try stage.runMainLoop(until: Loop.current.now + 4.2)
            return stage.times(of: "tick")
            // ▲ quiz 42
        },
        QuizQuestion(
            number: 43, lesson: 13,
            title: .init(en: "a timer in the tracking mode only", zh: "只在 tracking Mode 里的定时器"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "A 1 s repeating timer is added to the main loop's tracking mode only. The user scrolls from 1.5 s to 3.5 s. When does it fire in the first 4.2 s?",
                    zh: "一个 1 秒的重复定时器只加到了主 RunLoop 的 tracking Mode。用户从 1.5 秒滑动到 3.5 秒。前 4.2 秒里它什么时候触发？"),
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .tracking)
                    // the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                    // the app's main loop runs on (UIApplicationMain): here its first 4.2 s
                    """,
                comments: [
                    .init(
                        en: "the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                        zh: "用户从 1.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                    .init(
                        en: "the app's main loop runs on (UIApplicationMain): here its first 4.2 s",
                        zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 4.2 秒"),
                ],
                why: .init(
                    en:
                        "The timer lives only in the tracking mode: it is late at 1.5 s when the scroll begins and fires at once, then at 2 and 3 s; after the scroll the default mode runs and the timer waits.",
                    zh: "定时器只在 tracking Mode 里：1.5 秒滑动开始时它已经晚了，于是立即触发，然后在 2 秒和 3 秒触发；滑动结束后运行的是 default Mode，定时器只能等着。"))
        ) { stage in
            // ▼ quiz 43
            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }

            try Loop.current.add(timer, forMode: .tracking)
            try stage.scroll(from: 1.5, to: 3.5)
            try stage.runMainLoop(until: Loop.current.now + 4.2)
            return stage.times(of: "tick")
            // ▲ quiz 43
        },
        QuizQuestion(
            number: 63, lesson: 13,
            title: .init(en: "which fix keeps the ticker going during a scroll", zh: "哪些修法能让滑动时定时器照常触发"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(en: "the timer fires at 2 s and at 3 s, while the user scrolls", zh: "用户滑动期间，定时器在 2 秒和 3 秒触发"),
                reading: .init(en: "tick (ms)", zh: "触发时间（毫秒）"),
                options: [
                    QuizCandidate(
                        value: "common", text: .init(en: "also add the timer to the common modes", zh: "再把定时器加到 common modes"),
                        ios: """
                            let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }
                            RunLoop.main.add(timer, forMode: .common)   // the change
                            // the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                            // the app's main loop runs on (UIApplicationMain): here its first 4.2 s
                            """,
                        comments: [
                            .init(en: "the change", zh: "改动在这里"),
                            .init(
                                en: "the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                                zh: "用户从 1.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                            .init(
                                en: "the app's main loop runs on (UIApplicationMain): here its first 4.2 s",
                                zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 4.2 秒"),
                        ],
                        why: .init(
                            en:
                                "The timer is now in the common modes too, and UIKit marks the tracking mode common: the timer is in the mode the loop runs during the scroll, and ticks at 2 and 3 s. The standard fix.",
                            zh:
                                "定时器现在也在 common modes 里，而 UIKit 把 tracking Mode 标记为 common：滑动期间 RunLoop 运行的 Mode 里也有这个定时器，2 秒和 3 秒照常触发。这是标准的修法。"),
                        run: { stage in
                            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }
                            try Loop.current.add(timer, forMode: .default)
                            try Loop.current.add(timer, forMode: .common)
                            try stage.scroll(from: 1.5, to: 3.5)
                            try stage.runMainLoop(until: Loop.current.now + 4.2)
                            return stage.times(of: "tick")
                        }),
                    QuizCandidate(
                        value: "tracking", text: .init(en: "also add the timer to the tracking mode", zh: "再把定时器加到 tracking Mode"),
                        ios: """
                            let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }
                            RunLoop.main.add(timer, forMode: .tracking)   // the change
                            // the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                            // the app's main loop runs on (UIApplicationMain): here its first 4.2 s
                            """,
                        comments: [
                            .init(en: "the change", zh: "改动在这里"),
                            .init(
                                en: "the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                                zh: "用户从 1.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                            .init(
                                en: "the app's main loop runs on (UIApplicationMain): here its first 4.2 s",
                                zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 4.2 秒"),
                        ],
                        why: .init(
                            en:
                                "One timer may be in several modes of its loop: in the default mode and in the tracking mode it fires whichever of the two runs, 2 and 3 s included. It works, but names UIKit's mode where the common modes say what is meant.",
                            zh:
                                "一个定时器可以同时在同一个 RunLoop 的几个 Mode 里：它既在 default Mode 又在 tracking Mode，哪个在运行都会触发，包括 2 秒和 3 秒。这样可行，只是写死了 UIKit 的 Mode；用 common modes 更能表达本意。"
                        ),
                        run: { stage in
                            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }
                            try Loop.current.add(timer, forMode: .default)
                            try Loop.current.add(timer, forMode: .tracking)
                            try stage.scroll(from: 1.5, to: 3.5)
                            try stage.runMainLoop(until: Loop.current.now + 4.2)
                            return stage.times(of: "tick")
                        }),
                    QuizCandidate(
                        value: "tolerance", text: .init(en: "give the timer a tolerance of 1 s", zh: "给定时器 1 秒的容差"),
                        ios: """
                            let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }
                            timer.tolerance = 1   // the change
                            // the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                            // the app's main loop runs on (UIApplicationMain): here its first 4.2 s
                            """,
                        comments: [
                            .init(en: "the change", zh: "改动在这里"),
                            .init(
                                en: "the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                                zh: "用户从 1.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                            .init(
                                en: "the app's main loop runs on (UIApplicationMain): here its first 4.2 s",
                                zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 4.2 秒"),
                        ],
                        why: .init(
                            en:
                                "A tolerance lets the loop fire the timer later than its fire date, in the modes it is in. It is still only in the default mode: no tick comes while the tracking mode runs.",
                            zh:
                                "容差只是允许 RunLoop 在它所在的 Mode 里晚一点触发它。定时器仍然只在 default Mode 里：tracking Mode 运行期间一个时间点也不会到来。"),
                        run: { stage in
                            let timer = try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1, tolerance: 1) { _ in }
                            try Loop.current.add(timer, forMode: .default)
                            try stage.scroll(from: 1.5, to: 3.5)
                            try stage.runMainLoop(until: Loop.current.now + 4.2)
                            return stage.times(of: "tick")
                        }),
                    QuizCandidate(
                        value: "mainQueue",
                        text: .init(en: "schedule the timer from a `DispatchQueue.main.async` block", zh: "在 `DispatchQueue.main.async` 的 Block 里调度定时器"),
                        ios: """
                            DispatchQueue.main.async {   // the change
                                Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }
                            }
                            // the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                            // the app's main loop runs on (UIApplicationMain): here its first 4.2 s
                            """,
                        comments: [
                            .init(en: "the change", zh: "改动在这里"),
                            .init(
                                en: "the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                                zh: "用户从 1.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                            .init(
                                en: "the app's main loop runs on (UIApplicationMain): here its first 4.2 s",
                                zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 4.2 秒"),
                        ],
                        why: .init(
                            en:
                                "The block runs on the main thread, but `scheduledTimer` still puts the timer in the current loop's default mode. Where the code runs does not choose the timer's mode: the ticks at 2 and 3 s do not come.",
                            zh:
                                "这个 Block 确实在主线程上执行，但 `scheduledTimer` 依然把定时器放进当前 RunLoop 的 default Mode。代码在哪里执行，决定不了定时器在哪个 Mode：2 秒和 3 秒的时间点还是不会到来。"),
                        run: { stage in
                            stage.registry.mainQueue.async(name: "schedule the timer") {
                                let timer = try? Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }
                                if let timer { try? Loop.current.add(timer, forMode: .default) }
                            }
                            try stage.scroll(from: 1.5, to: 3.5)
                            try stage.runMainLoop(until: Loop.current.now + 4.2)
                            return stage.times(of: "tick")
                        }),
                ],
                holds: { ticks in ticks.contains("2000") && ticks.contains("3000") }),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread, `Timer.scheduledTimer` ticks every second. The user scrolls from 1.5 s to 3.5 s, and the ticks at 2 s and 3 s never come. Which of these changes make the timer fire at 2 s and 3 s, during the scroll? The engine runs each.",
                    zh:
                        "在主线程上，`Timer.scheduledTimer` 每秒触发一次。用户从 1.5 秒滑动到 3.5 秒，2 秒和 3 秒的时间点一直没有到来。下面哪些改动能让定时器在滑动期间的 2 秒和 3 秒触发？引擎会逐个运行。"),
                ios: """
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }   // default mode
                    // the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                    // the app's main loop runs on (UIApplicationMain): here its first 4.2 s
                    """,
                comments: [
                    .init(en: "default mode", zh: "放在 default Mode 里"),
                    .init(
                        en: "the user scrolls from 1.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                        zh: "用户从 1.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                    .init(
                        en: "the app's main loop runs on (UIApplicationMain): here its first 4.2 s",
                        zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 4.2 秒"),
                ],
                why: .init(
                    en:
                        "A timer fires only while the loop runs a mode it is in. `scheduledTimer` puts it in the default mode, and during a scroll the main loop runs the tracking mode, which UIKit marks common: a fix puts the timer in the tracking mode, through the common modes or by name.",
                    zh:
                        "定时器只在 RunLoop 运行它所在的 Mode 时触发。`scheduledTimer` 把它放在 default Mode，而滑动期间主 RunLoop 运行的是 tracking Mode（UIKit 把它标记为 common）：能修好的改动，都是让定时器进入 tracking Mode，通过 common modes 或者直接写 Mode 名。"
                )),
            followUp: .init(
                question: .init(
                    en: "Why does UIKit run a mode of its own while the finger is down, rather than the default mode?",
                    zh: "手指按在屏幕上时，UIKit 为什么要运行一个自己的 Mode，而不是 default Mode？"),
                model: .init(
                    en:
                        "To keep the scroll smooth: in the tracking mode only what was put there on purpose runs (touch handling, the scroll's own timers, the main queue, whatever is in the common modes), so the app's default-mode timers, delayed performs and network callbacks wait until the finger lifts. The mode is a filter on which work may interrupt the gesture.",
                    zh:
                        "为了让滑动流畅：tracking Mode 里只运行特意放进去的东西（触摸处理、滑动自己的定时器、主队列、common modes 里的东西），应用放在 default Mode 的定时器、延迟的 perform 和网络回调都要等手指抬起来。Mode 是一道过滤器，决定哪些工作可以打断手势。"
                ))
        ) { stage in
            // ▼ quiz 63
            try Loop.current.add(try Loop.Timer(name: "tick", fireDate: Loop.current.now + 1, interval: 1) { _ in }, forMode: .default)
            try stage.scroll(from: 1.5, to: 3.5)
            try stage.runMainLoop(until: Loop.current.now + 4.2)
            return stage.times(of: "tick")
            // ▲ quiz 63
        },
    ]
}
