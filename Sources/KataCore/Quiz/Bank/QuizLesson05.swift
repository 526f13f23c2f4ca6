import RunLoopEngine

extension QuizBank {
    static let lesson05: [QuizQuestion] = [
        QuizQuestion(
            number: 14, lesson: 5,
            title: .init(en: "a source0 signalled without a wake-up", zh: "标记了 Source0，却没有唤醒"),
            form: .times,
            wording: .init(
                question: .init(
                    en:
                        "Just before the loop first goes to sleep, a source0 is signalled — but nobody wakes the loop. A 1 s timer repeats. When does the source's work run (in a 3.5 s run)?",
                    zh: "就在 RunLoop 第一次休眠之前，一个 Source0 被标记了——但没有人唤醒 RunLoop。另有一个 1 秒的重复定时器。这个事件源的工作什么时候执行（运行 3.5 秒）？"),
                ios: """
                    var context = CFRunLoopSourceContext()
                    context.perform = { _ in print("work") }
                    let work = CFRunLoopSourceCreate(nil, 0, &context)!
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), work, .defaultMode)
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, false, 0) { _, _ in
                        CFRunLoopSourceSignal(work)          // no CFRunLoopWakeUp
                    }
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)
                    CFRunLoopRunInMode(.defaultMode, 3.5, false)
                    """,
                comments: [.init(en: "no CFRunLoopWakeUp", zh: "没有调用 `CFRunLoopWakeUp`")],
                why: .init(
                    en:
                        "Signalling a source0 only marks it pending; it does not wake the loop. The loop sleeps until the timer wakes it at 1 s, and the next pass runs the source.",
                    zh: "标记 Source0 只是把它设为待处理，并不会唤醒 RunLoop。RunLoop 一直休眠，直到 1 秒时定时器把它唤醒，下一轮循环才执行这个事件源。"))
        ) { stage in
            // ▼ quiz 14
            let loop = Loop.current

            let work = Loop.Source(name: "work") {}

            try loop.add(work, forMode: .default)
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .default)
            let observer = Loop.Observer(name: "signaller", activities: .beforeWaiting, repeats: false) { _ in
                work.signal()
            }
            try loop.add(observer, forMode: .default)
            try loop.run(mode: .default, timeout: 3.5)
            return stage.times(of: "work")
            // ▲ quiz 14
        },
        QuizQuestion(
            number: 15, lesson: 5,
            title: .init(en: "a source0 signalled, then the loop woken", zh: "标记 Source0，再唤醒 RunLoop"),
            form: .times,
            wording: .init(
                question: .init(
                    en:
                        "Just before the loop first goes to sleep, an observer signals a source0 and then wakes the loop with `CFRunLoopWakeUp`. A 1 s timer repeats. When does the source's work run (in a 3.5 s run)?",
                    zh: "就在 RunLoop 第一次休眠之前，一个观察者标记了一个 Source0，接着用 `CFRunLoopWakeUp` 唤醒 RunLoop。另有一个 1 秒的重复定时器。这个事件源的工作什么时候执行（运行 3.5 秒）？"),
                ios: """
                    var context = CFRunLoopSourceContext()
                    context.perform = { _ in print("work") }
                    let work = CFRunLoopSourceCreate(nil, 0, &context)!
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), work, .defaultMode)
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, false, 0) { _, _ in
                        CFRunLoopSourceSignal(work)
                        CFRunLoopWakeUp(CFRunLoopGetCurrent())
                    }
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)
                    CFRunLoopRunInMode(.defaultMode, 3.5, false)
                    """,
                why: .init(
                    en: "Signal, then wake up: the sleep ends at once, and the next pass runs the source at 0 ms — the pattern every cross-thread source uses.",
                    zh: "先标记，再唤醒：休眠立即结束，下一轮循环在 0 毫秒时执行这个事件源——所有跨线程的事件源都是这么用的。")),
            followUp: .init(
                question: .init(
                    en: "Why must a Source0 be woken as well as signalled, when a Source1 needs neither?",
                    zh: "为什么 Source0 标记之后还得唤醒 RunLoop，而 Source1 两样都不需要？"),
                model: .init(
                    en:
                        "`CFRunLoopSourceSignal` only marks the source: a loop asleep in the kernel waits on its ports and does not look at its Source0s until something wakes it, so the signaller calls `CFRunLoopWakeUp`. A Source1 is a port: the message on it is what wakes the loop.",
                    zh:
                        "`CFRunLoopSourceSignal` 只是把事件源标记为待处理：在内核里休眠的 RunLoop 只等它的端口，不到被唤醒不会去看 Source0，所以标记的一方要调用 `CFRunLoopWakeUp`。Source1 本身就是端口：端口上的消息就会唤醒 RunLoop。"
                ))
        ) { stage in
            // ▼ quiz 15
            let loop = Loop.current

            let work = Loop.Source(name: "work") {}

            try loop.add(work, forMode: .default)
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .default)
            let observer = Loop.Observer(name: "signaller", activities: .beforeWaiting, repeats: false) { _ in
                work.signal()
                Loop.current.wakeUp()
            }
            try loop.add(observer, forMode: .default)
            try loop.run(mode: .default, timeout: 3.5)
            return stage.times(of: "work")
            // ▲ quiz 15
        },
        QuizQuestion(
            number: 16, lesson: 5,
            title: .init(en: "two signalled sources: which runs first", zh: "两个被标记的事件源：谁先执行"),
            form: .order(words: ["A", "B"]),
            wording: .init(
                question: .init(
                    en: "Source A (`order` 2) is signalled first, then source B (`order` 1). In which order do they run?",
                    zh: "先标记事件源 A（`order` 2），再标记事件源 B（`order` 1）。它们按什么顺序执行？"),
                ios: """
                    var a = CFRunLoopSourceContext(); a.perform = { _ in print("A") }
                    var b = CFRunLoopSourceContext(); b.perform = { _ in print("B") }
                    let sourceA = CFRunLoopSourceCreate(nil, 2, &a)!
                    let sourceB = CFRunLoopSourceCreate(nil, 1, &b)!
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), sourceA, .defaultMode)
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), sourceB, .defaultMode)
                    CFRunLoopSourceSignal(sourceA)
                    CFRunLoopSourceSignal(sourceB)
                    CFRunLoopRunInMode(.defaultMode, 1, false)
                    """,
                why: .init(
                    en: "Signalled source0s run by their `order`, lowest first; only equal orders fall back to the order of signalling.",
                    zh: "被标记的 Source0 按 `order` 执行，小的先执行；只有 `order` 相同时，才按标记的先后。"))
        ) { stage in
            // ▼ quiz 16
            let sourceA = Loop.Source(name: "A", order: 2) { stage.print("A") }
            let sourceB = Loop.Source(name: "B", order: 1) { stage.print("B") }

            try Loop.current.add(sourceA, forMode: .default)
            try Loop.current.add(sourceB, forMode: .default)
            sourceA.signal()
            sourceB.signal()
            try Loop.current.run(mode: .default, timeout: 1)
            return stage.prints()
            // ▲ quiz 16
        },
    ]
}
