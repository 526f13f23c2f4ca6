import Dispatch
import RunLoopEngine

extension QuizBank {
    static let lesson08: [QuizQuestion] = [
        QuizQuestion(
            number: 24, lesson: 8,
            title: .init(en: "`waitUntilDone` on a thread whose loop is not running", zh: "在 RunLoop 没有运行的线程上 `waitUntilDone`"),
            form: .choice([
                .init(en: "the work runs at once, and \"done\" prints", zh: "工作立即执行，打印出 `done`", value: "done"),
                .init(en: "the caller waits, and the work never runs", zh: "调用方一直等着，工作永远不执行", value: "waiting"),
                .init(en: "the work runs on the calling thread instead", zh: "工作改在调用线程上执行", value: "caller"),
            ]),
            wording: .init(
                question: .init(
                    en:
                        "A thread is busy for ever and never runs its run loop (it never exits either). Another thread performs a selector on it with `waitUntilDone: true`. What happens?",
                    zh: "一个线程永远在忙，从不运行它的 RunLoop（也永远不退出）。另一个线程用 `waitUntilDone: true` 在它上面 perform 一个方法。会发生什么？"),
                ios: """
                    let worker = Thread {
                        while true { Thread.sleep(forTimeInterval: 60) }   // busy for ever; never runs its loop, never exits
                    }
                    worker.start()
                    perform(#selector(work), on: worker, with: nil, waitUntilDone: true)   // @objc func work() { print("work") }
                    print("done")
                    """,
                comments: [.init(en: "busy for ever; never runs its loop, never exits", zh: "永远在忙：从不运行它的 RunLoop，也从不退出")],
                why: .init(
                    en:
                        "The perform becomes a source0 on the worker's loop, and only a running loop calls it. The worker never runs its loop, so the work never runs and the caller waits for ever (the engine gives up after 0.3 s to say so). Had the worker exited instead, Foundation would end the wait with `NSDestinationInvalidException`.",
                    zh:
                        "这次 perform 变成工作线程 RunLoop 上的一个 Source0，只有正在运行的 RunLoop 才会调用它。工作线程从不运行它的 RunLoop，所以工作永远不会执行，调用方永远等下去（引擎等 0.3 秒后放弃，好报告这个结果）。如果工作线程退出了，Foundation 会抛出 `NSDestinationInvalidException` 结束这次等待。"
                )),
            followUp: .init(
                question: .init(
                    en: "How would this hang show up in production, and how would you find which thread waits for which?",
                    zh: "这种卡死在线上会是什么样子？你怎么查出是哪个线程在等哪个线程？"),
                model: .init(
                    en:
                        "As a frozen caller: if it is the main thread, the app stops answering, the user quits it, or the system's watchdog kills it when the hang falls in a launch or a scene change; a hang report (a stall monitor's, or MetricKit's) shows the main thread inside `performSelector:onThread:withObject:waitUntilDone:`, waiting. The target thread's stack shows it busy and never inside `CFRunLoopRun`. The fix: a target thread that runs its loop, or no waiting.",
                    zh:
                        "表现为调用方卡住：如果调用方是主线程，应用就不再响应，用户会把它杀掉，卡死若发生在启动或场景切换时，系统的看门狗也会杀掉它；卡死报告（卡顿监控的，或 MetricKit 的）显示主线程停在 `performSelector:onThread:withObject:waitUntilDone:` 里等待。目标线程的调用栈显示它一直在忙，从不进入 `CFRunLoopRun`。修法：让目标线程运行自己的 RunLoop，或者不要等待。"
                ))
        ) { stage in
            // ▼ quiz 24
            let busy = DispatchSemaphore(value: 0)
            let worker = stage.thread("worker") { busy.wait() }
            try worker.start()
            do { try worker.perform(waitUntilDone: true, timeout: 0.3) { stage.print("work") }; stage.print("done") } catch { stage.print("still waiting") }
            busy.signal()
            return [stage.prints().contains("work") ? "caller" : stage.prints().contains("done") ? "done" : "waiting"]
            // ▲ quiz 24
        },
        QuizQuestion(
            number: 25, lesson: 8,
            title: .init(en: "perform on the current thread, without waiting", zh: "在当前线程上 perform，不等待"),
            form: .order(words: ["after the call", "work"]),
            wording: .init(
                question: .init(
                    en: "A thread performs a selector on itself with `waitUntilDone: false`, prints, then runs its loop. In which order do the prints come?",
                    zh: "一个线程用 `waitUntilDone: false` 对自己 perform 一个方法，接着 `print`，然后运行它的 RunLoop。几次 `print` 按什么顺序出现？"),
                ios: """
                    perform(#selector(work), on: Thread.current, with: nil, waitUntilDone: false)
                    print("after the call")
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 1))
                    """,
                why: .init(
                    en:
                        "Without waiting, the work is queued as a source0 on the thread's own loop: it runs when the loop next runs, after the line that follows.",
                    zh: "不等待时，工作作为一个 Source0 排进线程自己的 RunLoop：等 RunLoop 下一次运行时才执行，在紧跟着的那一行之后。"))
        ) { stage in
            // ▼ quiz 25
            try LoopThread.current!.perform(waitUntilDone: false) { stage.print("work") }
            stage.print("after the call")
            try Loop.current.run(until: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 25
        },
        QuizQuestion(
            number: 26, lesson: 8,
            title: .init(en: "perform on the current thread, waiting until done", zh: "在当前线程上 perform，并等待完成"),
            form: .order(words: ["after the call", "work"]),
            wording: .init(
                question: .init(
                    en: "A thread performs a selector on itself with `waitUntilDone: true`, prints, then runs its loop. In which order do the prints come?",
                    zh: "一个线程用 `waitUntilDone: true` 对自己 perform 一个方法，接着 `print`，然后运行它的 RunLoop。几次 `print` 按什么顺序出现？"),
                ios: """
                    perform(#selector(work), on: Thread.current, with: nil, waitUntilDone: true)
                    print("after the call")
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 1))
                    """,
                why: .init(
                    en: "Waiting for work on your own thread could only deadlock, so Foundation runs it at once, inside the call — loop or no loop.",
                    zh: "在自己的线程上等待自己的工作只会死锁，所以 Foundation 在调用内部立即执行它——不管 RunLoop 有没有在运行。"))
        ) { stage in
            // ▼ quiz 26
            try LoopThread.current!.perform(waitUntilDone: true) { stage.print("work") }
            stage.print("after the call")
            try Loop.current.run(until: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 26
        },
        QuizQuestion(
            number: 27, lesson: 8,
            title: .init(en: "perform on the main thread during a scroll", zh: "滑动期间 perform 到主线程"),
            form: .choice([
                .init(en: "during the scroll, in the tracking mode", zh: "滑动期间，在 tracking Mode 里", value: "tracking"),
                .init(en: "after the scroll, in the default mode", zh: "滑动结束后，在 default Mode 里", value: "default"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en: "A worker performs a selector on the main thread (no modes argument) while the user scrolls. When does it run?",
                    zh: "用户滑动时，一个工作线程在主线程上 perform 一个方法（没有传 `modes` 参数）。它什么时候执行？"),
                ios: """
                    let worker = Thread {
                        self.perform(#selector(self.update), on: .main, with: nil, waitUntilDone: false)
                    }
                    worker.start()
                    // meanwhile the user scrolls: UIKit runs the tracking mode for 1 s, then the default mode
                    RunLoop.current.run(mode: .tracking, before: Date(timeIntervalSinceNow: 1))
                    RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
                    // @objc func update() { print(RunLoop.current.currentMode!.rawValue) }
                    """,
                comments: [
                    .init(
                        en: "meanwhile the user scrolls: UIKit runs the tracking mode for 1 s, then the default mode",
                        zh: "与此同时用户在滑动：UIKit 先运行 tracking Mode 1 秒，再运行 default Mode")
                ],
                why: .init(
                    en:
                        "With no `modes` argument, `perform(_:on:with:waitUntilDone:)` uses the common modes, and on the main loop the tracking mode is common: the work runs during the scroll.",
                    zh: "不传 `modes` 参数时，`perform(_:on:with:waitUntilDone:)` 使用 `.common`，而在主 RunLoop 上 tracking Mode 是 common 的：工作在滑动期间就会执行。"))
        ) { stage in
            // ▼ quiz 27
            let main = LoopThread.current!
            let worker = stage.thread("worker") {
                try? main.perform(waitUntilDone: false) { stage.print(Loop.current.currentMode!.name) }
            }
            try worker.start()
            worker.join()
            try Loop.current.run(mode: .tracking, before: Loop.current.now + 1)
            try Loop.current.run(mode: .default, before: Loop.current.now + 1)

            return stage.prints()
            // ▲ quiz 27
        },
        QuizQuestion(
            number: 46, lesson: 8,
            title: .init(en: "`waitUntilDone` on a thread that has ended", zh: "在已经结束的线程上 `waitUntilDone`"),
            form: .choice([
                .init(en: "the work runs, and \"done\" prints", zh: "工作执行了，打印出 `done`", value: "done"),
                .init(en: "the caller waits for ever", zh: "调用方永远等下去", value: "waiting"),
                .init(
                    en: "`NSDestinationInvalidException`: `target thread exited while waiting for the perform`",
                    zh: "抛出 `NSDestinationInvalidException`：`target thread exited while waiting for the perform`", value: "exception"),
                .init(en: "the work runs on the calling thread instead", zh: "工作改在调用线程上执行", value: "caller"),
            ]),
            wording: .init(
                question: .init(
                    en:
                        "A thread's block prints one line and ends, so the thread exits without ever running its run loop. Then another thread performs a selector on it with `waitUntilDone: true`. What happens?",
                    zh: "一个线程的 Block 打印一行就结束了，于是这个线程还没运行过它的 RunLoop 就退出了。之后另一个线程用 `waitUntilDone: true` 在它上面 perform 一个方法。会发生什么？"),
                ios: """
                    let worker = Thread { print("worker ends") }   // the block ends: the thread exits
                    worker.start()
                    while !worker.isFinished { Thread.sleep(forTimeInterval: 0.01) }
                    perform(#selector(work), on: worker, with: nil, waitUntilDone: true)   // @objc func work() { print("work") }
                    print("done")
                    """,
                comments: [.init(en: "the block ends: the thread exits", zh: "Block 结束：线程退出")],
                why: .init(
                    en:
                        "A thread's run loop lives only as long as the thread. Foundation will not wait on a thread that is gone: it raises `NSDestinationInvalidException`, `target thread exited while waiting for the perform` — an uncaught exception that ends the app. The engine reports the same case as an error, `LoopError.threadExited`.",
                    zh:
                        "线程的 RunLoop 只和线程活得一样久。Foundation 不会在已经不存在的线程上等待：它抛出 `NSDestinationInvalidException`，`target thread exited while waiting for the perform`——一个没人捕获的异常，App 就此崩溃。引擎把同样的情况报告为一个错误：`LoopError.threadExited`。"
                ))
        ) { stage in
            // ▼ quiz 46
            let worker = stage.thread("worker") { stage.print("worker ends") }
            try worker.start()
            worker.join()
            do throws(LoopError) { try worker.perform(waitUntilDone: true, timeout: 0.3) { stage.print("work") }; stage.print("done") } catch .threadExited {
                stage.print("exception")
            } catch { stage.print("still waiting") }
            let printed = stage.prints()
            return [printed.contains("exception") ? "exception" : printed.contains("work") ? "caller" : printed.contains("done") ? "done" : "waiting"]
            // ▲ quiz 46
        },
    ]
}
