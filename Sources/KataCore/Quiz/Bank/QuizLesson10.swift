import RunLoopEngine

extension QuizBank {
    static let lesson10: [QuizQuestion] = [
        QuizQuestion(
            number: 31, lesson: 10,
            title: .init(en: "`CFRunLoopStop` on a thread inside `run()`", zh: "对正在 `run()` 的线程调用 `CFRunLoopStop`"),
            form: .choice([
                .init(en: "the thread exits", zh: "线程退出", value: "exits"),
                .init(en: "the thread keeps running its loop", zh: "线程继续运行它的 RunLoop", value: "keeps running"),
            ]),
            wording: .init(
                question: .init(
                    en: "A thread keeps its loop alive with a port and calls `run()`. Another thread calls `CFRunLoopStop` on that loop. Does the thread exit?",
                    zh: "一个线程用端口给 RunLoop 保活，然后调用 `run()`。另一个线程对这个 RunLoop 调用 `CFRunLoopStop`。这个线程会退出吗？"),
                ios: """
                    final class Kept: @unchecked Sendable { var loop: CFRunLoop? }   // set by the thread, read once its loop sleeps
                    let kept = Kept()
                    let thread = Thread {
                        kept.loop = CFRunLoopGetCurrent()
                        RunLoop.current.add(NSMachPort(), forMode: .default)
                        RunLoop.current.run()
                        print("run returned")
                    }
                    thread.start()
                    CFRunLoopStop(kept.loop)         // once the thread's loop sleeps
                    """,
                comments: [
                    .init(en: "set by the thread, read once its loop sleeps", zh: "由线程赋值，等它的 RunLoop 休眠后再读"),
                    .init(en: "once the thread's loop sleeps", zh: "等那个线程的 RunLoop 休眠之后"),
                ],
                why: .init(
                    en:
                        "`run()` is a loop of runs: `while run(mode: .default, before: .distantFuture) {}`. `CFRunLoopStop` ends the run in progress, and the `while` starts another at once. Only an empty default mode ends `run()`.",
                    zh:
                        "`run()` 是一个不断发起运行的循环：`while run(mode: .default, before: .distantFuture) {}`。`CFRunLoopStop` 结束的是正在进行的那次运行，`while` 立刻又发起下一次。只有 default Mode 空了，`run()` 才会结束。"
                ))
        ) { stage in
            // ▼ quiz 31
            let port = Loop.Port(name: "keep-alive")
            let thread = stage.thread("worker") {

                try? Loop.current.add(port, forMode: .default)
                try? Loop.current.run()
                stage.print("run returned")
            }
            try thread.start()
            _ = waitUntil { thread.loop?.isWaiting == true }
            thread.loop?.stop()
            let answer = choose(thread.join(timeout: 0.3), "exits", "keeps running")
            try? thread.perform(waitUntilDone: true, timeout: 1) { Loop.current.remove(.port(port), fromMode: .default) }
            return answer
            // ▲ quiz 31
        },
        QuizQuestion(
            number: 32, lesson: 10,
            title: .init(en: "the guarded loop", zh: "带条件的循环"),
            form: .choice([
                .init(en: "the thread exits", zh: "线程退出", value: "exits"),
                .init(en: "the thread keeps running its loop", zh: "线程继续运行它的 RunLoop", value: "keeps running"),
            ]),
            wording: .init(
                question: .init(
                    en:
                        "A thread keeps its loop alive with a port and runs `while !shouldStop && run(mode:before:)`. Work performed on it sets `shouldStop` and stops the loop. Does the thread exit?",
                    zh: "一个线程用端口给 RunLoop 保活，运行的是 `while !shouldStop && run(mode:before:)`。perform 到它上面的工作把 `shouldStop` 设为 `true`，并停止 RunLoop。这个线程会退出吗？"),
                ios: """
                    let thread = Thread {
                        RunLoop.current.add(NSMachPort(), forMode: .default)
                        while !self.shouldStop && RunLoop.current.run(mode: .default, before: .distantFuture) {}
                    }
                    thread.start()
                    perform(#selector(stopThread), on: thread, with: nil, waitUntilDone: false)
                    // in the class: nonisolated(unsafe) var shouldStop = false (read and set on the thread only), and
                    // @objc nonisolated func stopThread() { shouldStop = true; CFRunLoopStop(CFRunLoopGetCurrent()) }
                    """,
                comments: [
                    .init(
                        en: "in the class: nonisolated(unsafe) var shouldStop = false (read and set on the thread only), and",
                        zh: "类里要有：`nonisolated(unsafe) var shouldStop = false`（只在那个线程上读写），以及")
                ],
                why: .init(
                    en:
                        "The stop ends the run in progress, and the flag keeps the while from starting another: the thread leaves its loop and exits. This is the stoppable permanent thread.",
                    zh: "停止结束了正在进行的运行，而标志位让 `while` 不再发起下一次：线程离开循环并退出。这就是可以停止的常驻线程。"))
        ) { stage in
            // ▼ quiz 32
            let shouldStop = Lock(false)
            let thread = stage.thread("worker") {
                try? Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
                while !shouldStop.withLock({ $0 }), (try? Loop.current.run(mode: .default, before: .distantFuture)) == true {}
            }
            try thread.start()
            try thread.perform(waitUntilDone: false) {
                shouldStop.withLock { $0 = true }; Loop.current.stop()
            }

            return choose(thread.join(timeout: 5), "exits", "keeps running")
            // ▲ quiz 32
        },
        QuizQuestion(
            number: 33, lesson: 10,
            title: .init(en: "`CFRunLoopRun` and a stop", zh: "`CFRunLoopRun` 遇上停止"),
            form: .times,
            wording: .init(
                question: .init(
                    en: "A port keeps the loop alive; a timer calls `CFRunLoopStop` at 1 s. When does `CFRunLoopRun()` return?",
                    zh: "一个端口给 RunLoop 保活；一个定时器在 1 秒时调用 `CFRunLoopStop`。`CFRunLoopRun()` 什么时候返回？"),
                ios: """
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    let stopper = Timer(timeInterval: 0, repeats: false) { _ in CFRunLoopStop(CFRunLoopGetCurrent()) }
                    stopper.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(stopper, forMode: .default)
                    CFRunLoopRun()
                    print("returned")
                    """,
                why: .init(
                    en:
                        "`CFRunLoopRun` repeats runs until one ends stopped or finished: the stop at 1 s ends it. Foundation's `run()` is the one that ignores stop.",
                    zh: "`CFRunLoopRun` 反复运行，直到某次运行以 `kCFRunLoopRunStopped` 或 `kCFRunLoopRunFinished` 结束：1 秒时的停止就让它返回了。无视停止的是 Foundation 的 `run()`。")),
            followUp: .init(
                question: .init(
                    en: "`CFRunLoopRun()` ends at a stop, Foundation's `run()` does not. Which would you call in a long-lived thread, and why?",
                    zh: "`CFRunLoopRun()` 遇到停止就结束，Foundation 的 `run()` 不会。常驻线程里你会调用哪一个？为什么？"),
                model: .init(
                    en:
                        "Neither alone: `CFRunLoopRun()` returns at any stop, whoever sent it, and also when the mode runs empty; `run()` never returns. The guarded loop, `run(mode:before:)` while a flag says go on, states the intent: the thread runs until its owner sets the flag, and a stop without the flag only costs one turn.",
                    zh:
                        "单用哪个都不够：`CFRunLoopRun()` 遇到任何一次停止都会返回，不管是谁发的，Mode 变空时也会返回；`run()` 则永远不返回。带条件的循环，也就是标志位允许时反复 `run(mode:before:)`，把意图写清楚了：线程一直运行，直到持有者设置标志位；没有标志位的停止只多转一圈。"
                ))
        ) { stage in
            // ▼ quiz 33
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
            let stopper = try Loop.Timer(name: "stopper", fireDate: Loop.current.now + 1) { _ in Loop.current.stop() }

            try Loop.current.add(stopper, forMode: .default)
            try Loop.current.runUntilStopped()
            stage.print("returned")
            return stage.times(ofPrint: "returned")
            // ▲ quiz 33
        },
        QuizQuestion(
            number: 34, lesson: 10,
            title: .init(en: "`run(until:)` and a stop", zh: "`run(until:)` 遇上停止"),
            form: .times,
            wording: .init(
                question: .init(
                    en: "A port keeps the loop alive; a timer calls `CFRunLoopStop` at 1 s. When does `RunLoop.current.run(until: 3 s from now)` return?",
                    zh: "一个端口给 RunLoop 保活；一个定时器在 1 秒时调用 `CFRunLoopStop`。`RunLoop.current.run(until: 3 秒之后)` 什么时候返回？"),
                ios: """
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    let stopper = Timer(timeInterval: 0, repeats: false) { _ in CFRunLoopStop(CFRunLoopGetCurrent()) }
                    stopper.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(stopper, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 3))
                    print("returned")
                    """,
                why: .init(
                    en: "`run(until:)` is `run()` with an end date: the stop ends one inner run, and the loop of runs goes on until the date, 3 s.",
                    zh: "`run(until:)` 就是带截止时间的 `run()`：停止只结束了里面的一次运行，外层的循环继续发起运行，直到截止时间，也就是 3 秒。"))
        ) { stage in
            // ▼ quiz 34
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
            let stopper = try Loop.Timer(name: "stopper", fireDate: Loop.current.now + 1) { _ in Loop.current.stop() }

            try Loop.current.add(stopper, forMode: .default)
            try Loop.current.run(until: Loop.current.now + 3)
            stage.print("returned")
            return stage.times(ofPrint: "returned")
            // ▲ quiz 34
        },
        QuizQuestion(
            number: 64, lesson: 10,
            title: .init(en: "which fix lets the permanent thread stop", zh: "哪些修法能让常驻线程停下来"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(en: "once `stopThread` has run, the thread leaves its loop and exits", zh: "`stopThread` 执行之后，线程离开 RunLoop 并退出"),
                reading: .init(en: "the thread", zh: "线程"),
                words: ["exits": .init(en: "exits", zh: "退出"), "keeps running": .init(en: "keeps running", zh: "一直在运行")],
                options: [
                    QuizCandidate(
                        value: "guarded",
                        text: .init(
                            en: "the guarded loop: `run(mode:before:)` while `shouldStop` is `false`",
                            zh: "带条件的循环：`shouldStop` 为 `false` 时反复 `run(mode:before:)`"),
                        ios: """
                            let thread = Thread {
                                RunLoop.current.add(NSMachPort(), forMode: .default)
                                while !self.shouldStop && RunLoop.current.run(mode: .default, before: .distantFuture) {}   // the change
                            }
                            thread.start()
                            perform(#selector(stopThread), on: thread, with: nil, waitUntilDone: false)
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "`CFRunLoopStop` ends the run in progress and the flag keeps the `while` from starting another: the thread exits. The shape to ship: it serves any number of performs until asked to stop.",
                            zh: "`CFRunLoopStop` 结束正在进行的那次运行，标志位让 `while` 不再发起下一次：线程退出。这是该上线的写法：停止之前，它可以处理任意多次 perform。"),
                        run: { stage in
                            let shouldStop = Lock(false)
                            let thread = stage.thread("worker") {
                                try? Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
                                while !shouldStop.withLock({ $0 }), (try? Loop.current.run(mode: .default, before: .distantFuture)) == true {}
                            }
                            return try QuizBank.stopping(thread, stage: stage) { shouldStop.withLock { $0 = true } }
                        }),
                    QuizCandidate(
                        value: "runUntil", text: .init(en: "`run(until: .distantFuture)` in place of `run()`", zh: "用 `run(until: .distantFuture)` 代替 `run()`"),
                        ios: """
                            let thread = Thread {
                                RunLoop.current.add(NSMachPort(), forMode: .default)
                                RunLoop.current.run(until: .distantFuture)   // the change
                            }
                            thread.start()
                            perform(#selector(stopThread), on: thread, with: nil, waitUntilDone: false)
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "`run(until:)` is `run()` with a date: it runs the loop again each time a run ends, until the date. The stop ends one run and the next begins: the thread never exits.",
                            zh: "`run(until:)` 就是带截止日期的 `run()`：每次运行结束，它都再运行一次，直到那个日期。停止只结束了一次运行，下一次马上开始：线程永远不会退出。"),
                        run: { stage in
                            let port = Loop.Port(name: "keep-alive")
                            let thread = stage.thread("worker") {
                                try? Loop.current.add(port, forMode: .default)
                                try? Loop.current.run(until: .distantFuture)
                            }
                            return try QuizBank.stopping(thread, stage: stage, port: port) {}
                        }),
                    QuizCandidate(
                        value: "once", text: .init(en: "one `run(mode:before:)`, no `while`", zh: "只调用一次 `run(mode:before:)`，不要 `while`"),
                        ios: """
                            let thread = Thread {
                                RunLoop.current.add(NSMachPort(), forMode: .default)
                                RunLoop.current.run(mode: .default, before: .distantFuture)   // the change
                            }
                            thread.start()
                            perform(#selector(stopThread), on: thread, with: nil, waitUntilDone: false)
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "The thread exits, but not only because of the stop: `run(mode:before:)` returns after the first source it handles, and the perform of `stopThread` is one. A thread that must serve more than one perform loses its loop after the first.",
                            zh: "线程确实退出了，但不只是因为停止：`run(mode:before:)` 处理完第一个事件源就返回，而 `stopThread` 的 perform 本身就是一个事件源。要处理不止一次 perform 的线程，处理完第一次就没有 RunLoop 了。"),
                        run: { stage in
                            let thread = stage.thread("worker") {
                                try? Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
                                _ = try? Loop.current.run(mode: .default, before: .distantFuture)
                            }
                            return try QuizBank.stopping(thread, stage: stage) {}
                        }),
                    QuizCandidate(
                        value: "stopTwice", text: .init(en: "perform `stopThread` twice", zh: "把 `stopThread` perform 两次"),
                        ios: """
                            let thread = Thread {
                                RunLoop.current.add(NSMachPort(), forMode: .default)
                                RunLoop.current.run()
                            }
                            thread.start()
                            perform(#selector(stopThread), on: thread, with: nil, waitUntilDone: false)
                            perform(#selector(stopThread), on: thread, with: nil, waitUntilDone: false)   // the change
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "`run()` ignores every stop alike: each `CFRunLoopStop` ends one run in the default mode, and `run()` starts the next. Two stops end two runs; the thread stays.",
                            zh: "`run()` 对每一次停止都一样不理会：每次 `CFRunLoopStop` 结束一次 default Mode 的运行，`run()` 就再开始下一次。两次停止结束两次运行，线程还在。"),
                        run: { stage in
                            let port = Loop.Port(name: "keep-alive")
                            let thread = stage.thread("worker") {
                                try? Loop.current.add(port, forMode: .default)
                                try? Loop.current.run()
                            }
                            return try QuizBank.stopping(thread, stage: stage, port: port, times: 2) {}
                        }),
                ],
                holds: { reading in reading == ["exits"] }),
            wording: .init(
                question: .init(
                    en:
                        "A permanent thread keeps its loop alive with a port and calls `RunLoop.current.run()`. To stop it, the view controller performs `stopThread` on that thread, which sets `shouldStop` and calls `CFRunLoopStop(CFRunLoopGetCurrent())`; the thread never exits. Which of these changes make it exit once `stopThread` has run? The engine runs each.",
                    zh:
                        "一个常驻线程用端口让自己的 RunLoop 保活，然后调用 `RunLoop.current.run()`。为了停止它，视图控制器在那个线程上 perform `stopThread`：它把 `shouldStop` 设为 `true`，再调用 `CFRunLoopStop(CFRunLoopGetCurrent())`；可线程一直不退出。下面哪些改动能让它在 `stopThread` 执行之后退出？引擎会逐个运行。"
                ),
                ios: """
                    let thread = Thread {
                        RunLoop.current.add(NSMachPort(), forMode: .default)
                        RunLoop.current.run()
                    }
                    thread.start()
                    perform(#selector(stopThread), on: thread, with: nil, waitUntilDone: false)
                    // in the class: nonisolated(unsafe) var shouldStop = false (read and set on the thread only), and
                    // @objc nonisolated func stopThread() { shouldStop = true; CFRunLoopStop(CFRunLoopGetCurrent()) }
                    """,
                comments: [
                    .init(
                        en: "in the class: nonisolated(unsafe) var shouldStop = false (read and set on the thread only), and",
                        zh: "类里要有：`nonisolated(unsafe) var shouldStop = false`（只在那个线程上读写），以及")
                ],
                why: .init(
                    en:
                        "`CFRunLoopStop` ends the run in progress, nothing more: `run()` and `run(until:)` start another at once. A thread stops when its code stops asking for runs: the guarded loop, or a single run that happens to end.",
                    zh:
                        "`CFRunLoopStop` 只结束正在进行的那次运行：`run()` 和 `run(until:)` 会立刻再开始一次。线程的代码不再发起运行，线程才会停下：带条件的循环，或者碰巧结束的单次运行。"
                )),
            followUp: .init(
                question: .init(
                    en: "The thread has exited. What else must be true for its `NSThread` object, and the loop, to be freed?",
                    zh: "线程已经退出了。它的 `NSThread` 对象和 RunLoop 要被释放，还需要满足什么条件？"),
                model: .init(
                    en:
                        "No one may still hold them: the view controller usually keeps the thread in a property, and a `Thread(target:selector:)` retains its target, so controller and thread can hold each other until the thread's body returns. Drop the property (or make it weak) once the thread has exited; the loop goes with its thread, since the thread table lets go of it when the thread ends.",
                    zh:
                        "不能再有谁持有它们：视图控制器通常用一个属性持有线程，而 `Thread(target:selector:)` 会持有它的 target，所以在线程的函数体返回之前，控制器和线程可能互相持有。线程退出后就把这个属性置空（或者用弱引用）；RunLoop 跟着线程走：线程结束时，线程表就不再持有它。"
                ))
        ) { stage in
            // ▼ quiz 64
            let port = Loop.Port(name: "keep-alive")
            let thread = stage.thread("worker") {
                try? Loop.current.add(port, forMode: .default)
                try? Loop.current.run()
            }
            return try QuizBank.stopping(thread, stage: stage, port: port) {}
            // ▲ quiz 64
        },
    ]
}

extension QuizBank {
    /// Starts `thread`, waits until its loop sleeps, then performs stopThread on it `times` times
    /// (`flag`, then a stop of the loop that runs it): "exits" if the thread ends within 0.5 s,
    /// else "keeps running". A thread left running has `port` taken out of its loop, so that its
    /// loop runs dry and the scenario ends.
    static func stopping(
        _ thread: LoopThread, stage: QuizStage, port: Loop.Port? = nil, times: Int = 1, flag: @escaping @Sendable () -> Void
    ) throws -> [String] {
        try thread.start()
        _ = waitUntil { thread.loop?.isWaiting == true }
        for _ in 0..<times {
            try thread.perform(waitUntilDone: false) {
                flag()
                Loop.current.stop()
            }
        }
        let answer = choose(thread.join(timeout: 0.5), "exits", "keeps running")
        if let port, answer == ["keeps running"] {
            try? thread.perform(waitUntilDone: true, timeout: 1) { Loop.current.remove(.port(port), fromMode: .default) }
        }
        return answer
    }
}
