import RunLoopEngine

extension QuizBank {
    static let lesson16: [QuizQuestion] = [
        QuizQuestion(
            number: 50, lesson: 16,
            title: .init(en: "the monitor that times the sleep", zh: "给休眠计时的监控器"),
            form: .times,
            wording: .init(
                question: .init(
                    en:
                        "An observer times each stretch from beforeWaiting to afterWaiting and prints \"stall\" when one lasts over 100 ms. A timer's callout at 1 s works for 400 ms; another timer fires at 10 s; the run ends once that one has fired (nothing is left to run). When (ms) does it print \"stall\"?",
                    zh:
                        "一个观察者给每一段 BeforeWaiting 到 AfterWaiting 计时，超过 100 ms 就打印 `\"stall\"`。1 秒时一个定时器的回调干了 400 ms 的活；另一个定时器在 10 秒时触发；它触发之后这次运行就结束了（再没有可运行的东西）。它在什么时候（ms）打印 `\"stall\"`？"
                ),
                ios: """
                    let thread = Thread {
                        var slept = CFAbsoluteTimeGetCurrent()
                        let activities = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.afterWaiting.rawValue
                        let observer = CFRunLoopObserverCreateWithHandler(nil, activities, true, 0) { _, activity in
                            if activity == .beforeWaiting {
                                slept = CFAbsoluteTimeGetCurrent()
                            } else if CFAbsoluteTimeGetCurrent() - slept > 0.1 {
                                print("stall")
                            }
                        }
                        CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .commonModes)
                        let work = Timer(timeInterval: 0, repeats: false) { _ in Thread.sleep(forTimeInterval: 0.4) }   // 400 ms of work
                        work.fireDate = Date(timeIntervalSinceNow: 1)
                        RunLoop.current.add(work, forMode: .default)
                        let later = Timer(timeInterval: 0, repeats: false) { _ in }
                        later.fireDate = Date(timeIntervalSinceNow: 10)
                        RunLoop.current.add(later, forMode: .default)
                        CFRunLoopRunInMode(.defaultMode, 10.5, false)
                    }
                    thread.start()
                    """,
                comments: [.init(en: "400 ms of work", zh: "干 400 ms 的活")],
                why: .init(
                    en:
                        "It times the sleeps: 0 → 1000 ms and 1400 → 10000 ms, both reported when the loop wakes. The 400 ms callout lies between afterWaiting and the next beforeWaiting, which it never times: the classic false positive, and a real stall missed.",
                    zh:
                        "它量的是休眠：0 → 1000 ms 和 1400 → 10000 ms，两次都在 RunLoop 醒来时报出来。400 ms 的回调在 AfterWaiting 和下一次 BeforeWaiting 之间，这一段它从来不计时：经典的误报，还漏掉了一次真正的卡顿。"
                ))
        ) { stage in
            // ▼ quiz 50
            let slept = Lock(Loop.current.now)
            let activities: Loop.Activity = [.beforeWaiting, .afterWaiting]
            let observer = Loop.Observer(name: "timer of sleeps", activities: activities) { activity in
                if activity == .beforeWaiting {
                    slept.withLock { $0 = Loop.current.now }
                } else if Loop.current.now - slept.withLock({ $0 }) > 0.1 {
                    stage.print("stall")
                }
            }
            try Loop.current.add(observer, forMode: .common)
            let work = try Loop.Timer(name: "work", fireDate: Loop.current.now + 1) { _ in stage.clock.advance(by: 0.4) }

            try Loop.current.add(work, forMode: .default)
            let later = try Loop.Timer(name: "later", fireDate: Loop.current.now + 10) { _ in }

            try Loop.current.add(later, forMode: .default)
            try Loop.current.run(mode: .default, timeout: 10.5, returnAfterSourceHandled: false)
            return stage.times(ofPrint: "stall")
            // ▲ quiz 50
        },
        QuizQuestion(
            number: 51, lesson: 16,
            title: .init(en: "where a stuck action leaves the loop", zh: "卡住的点击事件停在哪个状态"),
            form: .choice([
                .init(code: "afterWaiting", value: "afterWaiting"),
                .init(code: "beforeTimers", value: "beforeTimers"),
                .init(code: "beforeSources", value: "beforeSources"),
                .init(code: "beforeWaiting", value: "beforeWaiting"),
            ]),
            wording: .init(
                question: .init(
                    en:
                        "An observer in the common modes stores every activity. A touch at 1 s signals the event source (a source0), whose callout — a button's action — blocks for 2 s. While it blocks, which activity does a watchdog find stored?",
                    zh: "一个加在 common modes 里的观察者保存每一个状态。1 秒时一次触摸标记了事件源（一个 Source0），它的回调——一个按钮的点击事件——卡住 2 秒。卡住期间，监控线程读到的、保存下来的状态是哪个？"),
                ios: """
                    let thread = Thread {
                        final class Last: @unchecked Sendable { var activity = CFRunLoopActivity.entry }   // read by a watchdog thread
                        let last = Last()
                        let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, activity in
                            last.activity = activity
                        }
                        CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .commonModes)
                        var context = CFRunLoopSourceContext()
                        context.perform = { _ in Thread.sleep(forTimeInterval: 2) }   // the button's action
                        let event = CFRunLoopSourceCreate(nil, 0, &context)!           // UIKit's event source (a source0)
                        CFRunLoopAddSource(CFRunLoopGetCurrent(), event, .defaultMode)
                        let touch = CFRunLoopTimerCreateWithHandler(nil, CFAbsoluteTimeGetCurrent() + 1, 0, 0, 0) { _ in
                            CFRunLoopSourceSignal(event)
                        }
                        CFRunLoopAddTimer(CFRunLoopGetCurrent(), touch, .defaultMode)
                        CFRunLoopRunInMode(.defaultMode, 4, false)
                    }
                    thread.start()
                    """,
                comments: [
                    .init(en: "read by a watchdog thread", zh: "监控线程会读它"),
                    .init(en: "the button's action", zh: "按钮的点击事件"),
                    .init(en: "UIKit's event source (a source0)", zh: "UIKit 的事件源（一个 Source0）"),
                ],
                why: .init(
                    en:
                        "The touch wakes the loop (afterWaiting) and its callout only signals the source0; the loop then goes round without sleeping — beforeTimers, beforeSources — and runs the source0, which blocks. So the store says beforeSources: one of the two busy activities a stall monitor counts, with afterWaiting.",
                    zh:
                        "触摸唤醒 RunLoop（`afterWaiting`），它的回调只是标记了 Source0；RunLoop 接着不休眠地再转一轮——`beforeTimers`、`beforeSources`——然后执行那个 Source0，它卡住了。所以保存下来的是 `beforeSources`：卡顿监控要计数的两个忙碌状态之一，另一个是 `afterWaiting`。"
                )),
            followUp: .init(
                question: .init(
                    en: "A stall monitor reports afterWaiting or beforeSources that lasted too long. How do you turn the report into a fix?",
                    zh: "卡顿监控报告 AfterWaiting 或 BeforeSources 停留太久。你怎么从这个报告找到修法？"),
                model: .init(
                    en:
                        "The activity only says the loop is inside a callout; the fix needs its stack. Take the main thread's backtrace when the monitoring thread counts the stall (`PLCrashReporter`, or MetricKit's hang diagnostics), group reports by the top frames of the app's code, and move what they show off the main thread or split it up.",
                    zh:
                        "状态只能说明 RunLoop 卡在某个回调里；要修好，需要它的调用栈。监控线程判定卡顿时抓主线程的调用栈（`PLCrashReporter`，或者 MetricKit 的卡死诊断），按应用自己代码的栈顶几帧归类，把它们指出的工作移出主线程或者拆开来做。"))
        ) { stage in
            // ▼ quiz 51
            let last = Lock(Loop.Activity.entry)
            let observer = Loop.Observer(name: "store", activities: .all) { activity in
                last.withLock { $0 = activity }
            }
            try Loop.current.add(observer, forMode: .common)
            let event = Loop.Source(name: "button action") {
                stage.print(QuizStage.word(last.withLock { $0 }))
                stage.clock.advance(by: 2)
            }
            try Loop.current.add(event, forMode: .default)
            let touch = try Loop.Timer(name: "touch", fireDate: Loop.current.now + 1) { _ in event.signal() }
            try Loop.current.add(touch, forMode: .default)
            try Loop.current.run(mode: .default, timeout: 4, returnAfterSourceHandled: false)
            return stage.prints()
            // ▲ quiz 51
        },
        QuizQuestion(
            number: 52, lesson: 16,
            title: .init(en: "the monitor in the default mode only", zh: "只加在 default Mode 里的监控器"),
            form: .choice([
                .init(code: "afterWaiting", value: "afterWaiting"),
                .init(code: "beforeSources", value: "beforeSources"),
                .init(code: "beforeWaiting", value: "beforeWaiting"),
                .init(en: "exit", zh: "Exit（即将退出 RunLoop）", value: "exit"),
            ]),
            wording: .init(
                question: .init(
                    en:
                        "The monitor's observer stores every activity but was added to the default mode only. The app runs the default mode for 1 s, then the tracking mode for 1 s (a scroll), where a timer's callout blocks at 1.5 s. While it blocks, which activity is stored?",
                    zh: "监控器的观察者保存每一个状态，但只加在了 default Mode 里。App 先运行 default Mode 1 秒，再运行 tracking Mode 1 秒（一次滑动），其间 1.5 秒时一个定时器的回调卡住了。卡住期间，保存下来的是哪个状态？"),
                ios: """
                    let thread = Thread {
                        final class Last: @unchecked Sendable { var activity = CFRunLoopActivity.entry }   // read by a watchdog thread
                        let last = Last()
                        let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, activity in
                            last.activity = activity
                        }
                        CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)
                        RunLoop.current.add(NSMachPort(), forMode: .default)   // keeps the default mode alive
                        let cell = Timer(timeInterval: 0, repeats: false) { _ in Thread.sleep(forTimeInterval: 0.3) }   // a slow cell, while scrolling
                        cell.fireDate = Date(timeIntervalSinceNow: 1.5)
                        RunLoop.current.add(cell, forMode: .tracking)
                        RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                        RunLoop.current.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))   // the scroll
                    }
                    thread.start()
                    """,
                comments: [
                    .init(en: "read by a watchdog thread", zh: "监控线程会读它"),
                    .init(en: "keeps the default mode alive", zh: "让 default Mode 一直有事可等"),
                    .init(en: "a slow cell, while scrolling", zh: "滑动时一个很慢的单元格"),
                    .init(en: "the scroll", zh: "滑动"),
                ],
                why: .init(
                    en:
                        "The observer hears nothing from the tracking run; its last news is the default run's exit. A watchdog that counts only afterWaiting and beforeSources sees an ended run, not a busy one, and misses the stall the user feels most. Added to the common modes, it would have stored afterWaiting.",
                    zh:
                        "tracking 那次运行的状态，这个观察者一个回调也收不到；它最后知道的是 default 那次运行的 `exit`。只数 `afterWaiting` 和 `beforeSources` 的监控线程，看到的是一次已经结束的运行，而不是忙碌，于是漏掉了用户感受最明显的那次卡顿。加到 common modes，它保存的就会是 `afterWaiting`。"
                ))
        ) { stage in
            // ▼ quiz 52
            let last = Lock(Loop.Activity.entry)
            let observer = Loop.Observer(name: "store", activities: .all) { activity in
                last.withLock { $0 = activity }
            }
            try Loop.current.add(observer, forMode: .default)
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
            let cell = try Loop.Timer(name: "cell", fireDate: Loop.current.now + 1.5) { _ in
                stage.print(QuizStage.word(last.withLock { $0 }))
                stage.clock.advance(by: 0.3)
            }
            try Loop.current.add(cell, forMode: .tracking)
            _ = try Loop.current.run(mode: .default, before: Loop.current.now + 1)
            _ = try Loop.current.run(mode: .tracking, before: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 52
        },
    ]
}
