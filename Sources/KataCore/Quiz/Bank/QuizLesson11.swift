import RunLoopEngine

extension QuizBank {
    static let lesson11: [QuizQuestion] = [
        QuizQuestion(
            number: 35, lesson: 11,
            title: .init(en: "the activities of a run with one timer", zh: "只有一个定时器的运行：依次经过哪些状态"),
            form: .order(words: QuizStage.activityWords + ["once"]),
            wording: .init(
                question: .init(
                    en:
                        "On a thread of its own (not the main thread: no main queue to service), an observer prints the name of every activity; the default mode holds one one-shot timer due in 1 s (it prints `once`). What is printed during a 5 s `CFRunLoopRunInMode`?",
                    zh: "在一个单独的线程上（不是主线程：没有主队列要处理），一个观察者打印每个状态的名字；default Mode 里只有一个 1 秒后到期的一次性定时器（它打印 `once`）。5 秒的 `CFRunLoopRunInMode` 期间打印出什么？"),
                ios: """
                    let thread = Thread {
                        func name(_ activity: CFRunLoopActivity) -> String {
                            switch activity {
                            case .entry: "entry"
                            case .beforeTimers: "beforeTimers"
                            case .beforeSources: "beforeSources"
                            case .beforeWaiting: "beforeWaiting"
                            case .afterWaiting: "afterWaiting"
                            case .exit: "exit"
                            default: "\\(activity.rawValue)"
                            }
                        }
                        let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, activity in
                            print(name(activity))
                        }
                        CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)
                        let timer = Timer(timeInterval: 1, repeats: false) { _ in print("once") }
                        timer.fireDate = Date(timeIntervalSinceNow: 1)
                        RunLoop.current.add(timer, forMode: .default)
                        CFRunLoopRunInMode(.defaultMode, 5, false)
                    }
                    thread.start()
                    """,
                why: .init(
                    en:
                        "Entry, then a pass: before timers, before sources, nothing to do so before waiting; the timer wakes it (after waiting) and fires. The mode is then empty, so the run ends — exit — without another pass.",
                    zh:
                        "先是 `entry`，然后一轮循环：`beforeTimers`、`beforeSources`，没事可做，于是 `beforeWaiting`；定时器唤醒 RunLoop（`afterWaiting`）并触发。之后 Mode 空了，运行结束——`exit`——不再有下一轮。"
                )),
            followUp: .init(
                question: .init(
                    en: "How would you use these activities to measure how long the main thread's callouts take?",
                    zh: "你会怎样用这些状态来测量主线程回调花了多长时间？"),
                model: .init(
                    en:
                        "Observe afterWaiting and beforeSources to note when work begins, and beforeWaiting to note when it ends: the time between is the work of one pass. A stall monitor does the same from another thread, with a semaphore signalled at each activity and a watchdog that counts waits that time out.",
                    zh:
                        "观察 AfterWaiting 和 BeforeSources，记下工作开始的时间；观察 BeforeWaiting，记下结束的时间：两者之差就是一轮循环的工作量。卡顿监控在另一个线程上做同样的事：每个状态都对信号量调用一次 `signal()`，监控线程统计超时的等待。"
                ))
        ) { stage in
            // ▼ quiz 35
            let observer = Loop.Observer(name: "printer", activities: .all) { _ in }

            try Loop.current.add(observer, forMode: .default)
            let timer = try Loop.Timer(name: "once", fireDate: Loop.current.now + 1) { _ in stage.print("once") }

            try Loop.current.add(timer, forMode: .default)
            try Loop.current.run(mode: .default, timeout: 5, returnAfterSourceHandled: false)
            return stage.activitiesAndNotes()
            // ▲ quiz 35
        },
        QuizQuestion(
            number: 36, lesson: 11,
            title: .init(en: "the activities after a touch", zh: "一次触摸之后：依次经过哪些状态"),
            form: .order(words: QuizStage.activityWords + ["touch", "event"]),
            wording: .init(
                question: .init(
                    en:
                        "A touch arrives on a port (its handler prints \"touch\" and signals the event source0, which prints \"event\"). From the wake-up, what is printed until the loop is about to sleep again?",
                    zh: "一次触摸经端口到达（端口的处理方法打印 `touch`，并标记事件 Source0，后者打印 `event`）。从唤醒开始，到 RunLoop 将要再次休眠为止，打印出什么？"),
                ios: """
                    var context = CFRunLoopSourceContext()
                    context.perform = { _ in print("event") }
                    let event = CFRunLoopSourceCreate(nil, 0, &context)!        // UIKit's event source (a source0)
                    let touches = NSMachPort()                                   // the touch port (a source1)
                    // touches' delegate, handleMachMessage: print("touch"); CFRunLoopSourceSignal(event)
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), event, .defaultMode)
                    RunLoop.current.add(touches, forMode: .default)
                    // an observer prints every activity; a touch arrives on the port
                    CFRunLoopRunInMode(.defaultMode, 1, false)
                    // which lines, from afterWaiting to the next beforeWaiting?
                    """,
                comments: [
                    .init(en: "UIKit's event source (a source0)", zh: "UIKit 的事件源（一个 Source0）"),
                    .init(en: "the touch port (a source1)", zh: "触摸端口（一个 Source1）"),
                    .init(
                        en: "touches' delegate, handleMachMessage: print(\"touch\"); CFRunLoopSourceSignal(event)",
                        zh: "`touches` 的代理在 `handleMachMessage:` 里 `print(\"touch\")`，然后 `CFRunLoopSourceSignal(event)`"),
                    .init(en: "an observer prints every activity; a touch arrives on the port", zh: "一个观察者打印每个状态；一次触摸到达端口"),
                    .init(en: "which lines, from afterWaiting to the next beforeWaiting?", zh: "从 AfterWaiting 到下一个 BeforeWaiting，打印出哪些行？"),
                ],
                why: .init(
                    en:
                        "The port wakes the loop (after waiting) and its handler runs. The signalled source0 runs in the next pass (before timers, before sources, event); because a source ran, that pass polls instead of sleeping, so the pass after it comes straight away and only then, with nothing left, says before waiting.",
                    zh:
                        "端口唤醒 RunLoop（`afterWaiting`），它的处理方法执行。被标记的 Source0 在下一轮执行（`beforeTimers`、`beforeSources`、`event`）；因为执行了事件源，这一轮只轮询、不休眠，所以紧接着又是一轮，直到这时无事可做，才发出 `beforeWaiting`。"
                ))
        ) { stage in
            // ▼ quiz 36

            let event = Loop.Source(name: "event") { stage.print("event") }
            let touches = Loop.Port(name: "touches") { _ in
                stage.print("touch"); event.signal()
            }

            try Loop.current.add(event, forMode: .default)
            try Loop.current.add(touches, forMode: .default)
            try touches.send("touch")
            try Loop.current.run(mode: .default, timeout: 1)
            let printed = stage.activitiesAndNotes()
            let woke = printed.firstIndex(of: "afterWaiting") ?? 0
            let sleeps = printed[woke...].firstIndex(of: "beforeWaiting") ?? printed.count - 1
            return Array(printed[woke...sleeps])
            // ▲ quiz 36
        },
        QuizQuestion(
            number: 37, lesson: 11,
            title: .init(en: "two observers of one activity", zh: "监听同一个状态的两个观察者"),
            form: .order(words: ["A", "B"]),
            wording: .init(
                question: .init(
                    en: "Observer A has `order` 10, observer B `order` -10; both watch beforeWaiting, and A was added first. In which order do they print?",
                    zh: "观察者 A 的 `order` 是 10，观察者 B 的 `order` 是 -10；两者都监听 BeforeWaiting，并且 A 先加入。它们按什么顺序打印？"),
                ios: """
                    let a = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, false, 10) { _, _ in print("A") }
                    let b = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, false, -10) { _, _ in print("B") }
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), a, .defaultMode)
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), b, .defaultMode)
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    CFRunLoopRunInMode(.defaultMode, 1, false)
                    """,
                why: .init(
                    en:
                        "Observers are called in ascending `order`, whatever the order they were added in: B (−10) before A (10). UIKit relies on this for its pool observers at the two extremes.",
                    zh: "观察者按 `order` 从小到大调用，与加入的先后无关：B（−10）在 A（10）之前。UIKit 把自动释放池的两个观察者分别放在 `order` 的两个极端，靠的正是这一点。"))
        ) { stage in
            // ▼ quiz 37
            let a = Loop.Observer(name: "A", activities: .beforeWaiting, repeats: false, order: 10) { _ in stage.print("A") }
            let b = Loop.Observer(name: "B", activities: .beforeWaiting, repeats: false, order: -10) { _ in stage.print("B") }
            try Loop.current.add(a, forMode: .default)
            try Loop.current.add(b, forMode: .default)
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try Loop.current.run(mode: .default, timeout: 1)
            return stage.prints()
            // ▲ quiz 37
        },
        QuizQuestion(
            number: 38, lesson: 11,
            title: .init(en: "the activities of a run with no time", zh: "时长为 0 的运行：依次经过哪些状态"),
            form: .order(words: QuizStage.activityWords),
            wording: .init(
                question: .init(
                    en:
                        "On a thread of its own, an observer prints the name of every activity; the mode holds a port and nothing is pending. What is printed by `CFRunLoopRunInMode(.defaultMode, 0, false)`?",
                    zh: "在一个单独的线程上，一个观察者打印每个状态的名字；Mode 里有一个端口，没有待处理的事。`CFRunLoopRunInMode(.defaultMode, 0, false)` 打印出什么？"),
                ios: """
                    let thread = Thread {
                        func name(_ activity: CFRunLoopActivity) -> String {
                            switch activity {
                            case .entry: "entry"
                            case .beforeTimers: "beforeTimers"
                            case .beforeSources: "beforeSources"
                            case .beforeWaiting: "beforeWaiting"
                            case .afterWaiting: "afterWaiting"
                            case .exit: "exit"
                            default: "\\(activity.rawValue)"
                            }
                        }
                        let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, activity in
                            print(name(activity))
                        }
                        CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)
                        RunLoop.current.add(NSMachPort(), forMode: .default)
                        CFRunLoopRunInMode(.defaultMode, 0, false)
                    }
                    thread.start()
                    """,
                why: .init(
                    en:
                        "A run with no time polls: it looks for work without sleeping, so there is no before waiting and no after waiting — entry, one pass, exit (timed out).",
                    zh: "时长为 0 的运行只轮询：找活干但不休眠，所以没有 `beforeWaiting`，也没有 `afterWaiting`——`entry`、一轮循环、`exit`（超时）。"))
        ) { stage in
            // ▼ quiz 38
            let observer = Loop.Observer(name: "printer", activities: .all) { _ in }

            try Loop.current.add(observer, forMode: .default)
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try Loop.current.run(mode: .default, timeout: 0, returnAfterSourceHandled: false)
            return stage.activities()
            // ▲ quiz 38
        },
    ]
}
