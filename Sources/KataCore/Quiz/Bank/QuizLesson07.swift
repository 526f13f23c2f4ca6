import RunLoopEngine

extension QuizBank {
    static let lesson07: [QuizQuestion] = [
        QuizQuestion(
            number: 20, lesson: 7,
            title: .init(en: "`afterDelay` on a background thread", zh: "子线程上的 `afterDelay`"),
            form: .choice([
                .init(en: "never", zh: "永远不会", value: "never"), .init(en: "after 1 s", zh: "1 秒后", value: "ran"),
                .init(en: "at once", zh: "立即", value: "at once"),
            ]),
            wording: .init(
                question: .init(
                    en: "A background thread calls `perform(_:with:afterDelay:)` with 1 s, then its work is done and it returns. When does the selector run?",
                    zh: "一个子线程调用 `perform(_:with:afterDelay:)`，延迟 1 秒，然后它的工作做完就返回了。这个方法什么时候执行？"),
                ios: """
                    let thread = Thread {
                        self.perform(#selector(self.refresh), with: nil, afterDelay: 1)
                        // the block ends: the thread never runs its run loop
                    }
                    thread.start()
                    """,
                comments: [.init(en: "the block ends: the thread never runs its run loop", zh: "闭包结束：这个线程从来没有运行它的 RunLoop")],
                why: .init(
                    en:
                        "`afterDelay` is only a timer added to the calling thread's loop. A background thread's loop runs only if the thread runs it; this one never does, and the thread exits — the timer never fires.",
                    zh: "`afterDelay` 只是往调用线程的 RunLoop 里加了一个定时器。子线程的 RunLoop 只有线程自己去运行时才会运行；这个线程从没运行过，然后就退出了——定时器永远不会触发。"))
        ) { stage in
            // ▼ quiz 20
            let thread = stage.thread("worker") {
                _ = try? Loop.current.perform(afterDelay: 1, name: "refresh") { stage.print("refresh") }

            }
            try thread.start()
            thread.join()
            return choose(stage.prints().contains("refresh"), "ran", "never")
            // ▲ quiz 20
        },
        QuizQuestion(
            number: 21, lesson: 7,
            title: .init(en: "`afterDelay` during a scroll", zh: "滑动期间的 `afterDelay`"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread, `perform(_:with:afterDelay:)` with 1 s. The user scrolls from 0.5 s to 3.5 s. When does the selector run (the app runs 5 s)?",
                    zh: "在主线程上调用 `perform(_:with:afterDelay:)`，延迟 1 秒。用户从 0.5 秒滑动到 3.5 秒。这个方法什么时候执行（App 运行 5 秒）？"),
                ios: """
                    perform(#selector(refresh), with: nil, afterDelay: 1)   // default mode
                    // the user scrolls from 0.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                    // the app's main loop runs on (UIApplicationMain): here its first 5 s
                    """,
                comments: [
                    .init(en: "default mode", zh: "放在 default Mode 里"),
                    .init(
                        en: "the user scrolls from 0.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                        zh: "用户从 0.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                    .init(
                        en: "the app's main loop runs on (UIApplicationMain): here its first 5 s",
                        zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 5 秒"),
                ],
                why: .init(
                    en:
                        "`afterDelay`'s timer is in the default mode only. During the scroll the loop runs the tracking mode, so the timer waits; it fires as soon as the default mode runs again, at 3.5 s.",
                    zh: "`afterDelay` 的定时器只在 default Mode 里。滑动期间 RunLoop 运行的是 tracking Mode，所以定时器只能等着；default Mode 一恢复运行，它就触发，也就是 3.5 秒。")),
            followUp: .init(
                question: .init(
                    en: "Where else does the default mode hold work back during a scroll, besides `perform(_:with:afterDelay:)`?",
                    zh: "除了 `perform(_:with:afterDelay:)`，滑动期间 default Mode 还会把哪些工作压住？"),
                model: .init(
                    en:
                        "Everything put in the default mode only: `Timer.scheduledTimer`, `NSURLConnection` and `NSStream` delegates scheduled in the default mode, `RunLoop.main.perform` without modes and Combine's `RunLoop.main` scheduler, a display link added in `.default`. The main queue and anything in the common modes still run.",
                    zh:
                        "所有只放在 default Mode 里的东西：`Timer.scheduledTimer`、调度在 default Mode 的 `NSURLConnection` 和 `NSStream` 代理、不带 Mode 的 `RunLoop.main.perform` 和 Combine 的 `RunLoop.main` 调度器、加在 `.default` 的 display link。主队列和 common modes 里的东西照常运行。"
                ))
        ) { stage in
            // ▼ quiz 21
            try Loop.current.perform(afterDelay: 1, name: "refresh") {}
            try stage.scroll(from: 0.5, to: 3.5)
            try stage.runMainLoop(until: Loop.current.now + 5)
            return stage.times(of: "refresh")
            // ▲ quiz 21
        },
        QuizQuestion(
            number: 22, lesson: 7,
            title: .init(en: "`afterDelay` in the common modes during a scroll", zh: "滑动期间，加到 `.common` 的 `afterDelay`"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread, `perform(_:with:afterDelay:inModes:)` with 1 s, in the common modes. The user scrolls from 0.5 s to 3.5 s. When does the selector run (the app runs 5 s)?",
                    zh: "在主线程上调用 `perform(_:with:afterDelay:inModes:)`，延迟 1 秒，指定在 `.common` 里。用户从 0.5 秒滑动到 3.5 秒。这个方法什么时候执行（App 运行 5 秒）？"),
                ios: """
                    perform(#selector(refresh), with: nil, afterDelay: 1, inModes: [.common])
                    // the user scrolls from 0.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts
                    // the app's main loop runs on (UIApplicationMain): here its first 5 s
                    """,
                comments: [
                    .init(
                        en: "the user scrolls from 0.5 s to 3.5 s: UIKit pushes the tracking mode, and pops it when the finger lifts",
                        zh: "用户从 0.5 秒滑到 3.5 秒：UIKit 压入 tracking Mode，手指抬起时再把它弹出"),
                    .init(
                        en: "the app's main loop runs on (UIApplicationMain): here its first 5 s",
                        zh: "App 的主线程 RunLoop 一直在运行（`UIApplicationMain`）：这里看它的前 5 秒"),
                ],
                why: .init(
                    en:
                        "On the main loop UIKit marks the tracking mode common, so a timer in the common modes is in the tracking mode too: it fires on time, at 1 s, in the middle of the scroll.",
                    zh: "在主 RunLoop 上，UIKit 把 tracking Mode 标记为 common，所以加到 `.common` 的定时器也在 tracking Mode 里：它在 1 秒准时触发，正是滑动当中。"))
        ) { stage in
            // ▼ quiz 22
            try Loop.current.perform(afterDelay: 1, inModes: [.common], name: "refresh") {}
            try stage.scroll(from: 0.5, to: 3.5)
            try stage.runMainLoop(until: Loop.current.now + 5)
            return stage.times(of: "refresh")
            // ▲ quiz 22
        },
        QuizQuestion(
            number: 23, lesson: 7,
            title: .init(en: "`afterDelay` 0", zh: "延迟为 0 的 `afterDelay`"),
            form: .order(words: ["after the call", "delayed"]),
            wording: .init(
                question: .init(
                    en: "`perform(_:with:afterDelay: 0)`, then a `print`, then the loop runs. In which order do the two prints come?",
                    zh: "先调用 `perform(_:with:afterDelay: 0)`，再 `print` 一行，然后运行 RunLoop。两次 `print` 按什么顺序出现？"),
                ios: """
                    perform(#selector(delayed), with: nil, afterDelay: 0)   // @objc func delayed() { print("delayed") }
                    print("after the call")
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 1))
                    """,
                why: .init(
                    en:
                        "Even with 0 s, `afterDelay` adds a timer; nothing runs until the loop runs and looks at its timers. The line after the call always comes first.",
                    zh: "即使延迟是 0 秒，`afterDelay` 也是加一个定时器；在 RunLoop 运行并检查它的定时器之前，什么都不会执行。调用后面的那一行总是先出现。"))
        ) { stage in
            // ▼ quiz 23
            try Loop.current.perform(afterDelay: 0, name: "delayed") { stage.print("delayed") }
            stage.print("after the call")
            try Loop.current.run(until: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 23
        },
        QuizQuestion(
            number: 66, lesson: 7,
            title: .init(en: "which fix makes `afterDelay` run on a background thread", zh: "哪些修法能让子线程上的 `afterDelay` 执行"),
            candidates: QuizCandidates(
                kind: .whichFix,
                need: .init(en: "the selector runs, 1 s after the call", zh: "这个方法在调用 1 秒后执行"),
                reading: .init(en: "refresh (ms)", zh: "`refresh` 执行的时间（毫秒）"),
                options: [
                    QuizCandidate(
                        value: "runUntil", text: .init(en: "run the thread's loop for 2 s after the call", zh: "调用之后让线程的 RunLoop 运行 2 秒"),
                        ios: """
                            let thread = Thread {
                                self.perform(#selector(self.refresh), with: nil, afterDelay: 1)
                                RunLoop.current.run(until: Date(timeIntervalSinceNow: 2))   // the change
                            }
                            thread.start()
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "The delayed perform is a one-shot timer in this thread's loop, and now the loop runs: it sleeps until 1 s, fires the timer, and returns at 2 s. The fix when the thread may wait; on a thread that must not, perform on one whose loop runs.",
                            zh:
                                "延迟的 perform 是这个线程 RunLoop 里的一次性定时器，现在 RunLoop 运行了：休眠到 1 秒，触发定时器，2 秒时返回。线程可以等的时候就这样修；线程不能等的话，就 perform 到一个 RunLoop 在运行的线程上。"),
                        run: { stage in
                            let thread = stage.thread("worker") {
                                _ = try? Loop.current.perform(afterDelay: 1, name: "refresh") { stage.print("refresh") }
                                _ = try? Loop.current.run(until: Loop.current.now + 2)
                            }
                            try thread.start()
                            thread.join()
                            return stage.times(ofPrint: "refresh")
                        }),
                    QuizCandidate(
                        value: "run", text: .init(en: "call `RunLoop.current.run()` after it", zh: "在它之后调用 `RunLoop.current.run()`"),
                        ios: """
                            let thread = Thread {
                                self.perform(#selector(self.refresh), with: nil, afterDelay: 1)
                                RunLoop.current.run()   // the change
                            }
                            thread.start()
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "`run()` runs the loop while its mode has something to wait for: the timer keeps the default mode from being empty until it fires at 1 s; then the mode is empty and `run()` returns. It works, and the thread ends after the call.",
                            zh:
                                "`run()` 在 Mode 里还有可等的东西时一直运行：定时器让 default Mode 在 1 秒触发之前都不是空的；触发之后 Mode 空了，`run()` 返回。可行，而且调用完线程就结束了。"),
                        run: { stage in
                            let thread = stage.thread("worker") {
                                _ = try? Loop.current.perform(afterDelay: 1, name: "refresh") { stage.print("refresh") }
                                _ = try? Loop.current.run()
                            }
                            try thread.start()
                            thread.join()
                            return stage.times(ofPrint: "refresh")
                        }),
                    QuizCandidate(
                        value: "zero", text: .init(en: "perform with a delay of 0", zh: "把延迟改成 0"),
                        ios: """
                            let thread = Thread {
                                self.perform(#selector(self.refresh), with: nil, afterDelay: 0)   // the change
                            }
                            thread.start()
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "`afterDelay: 0` is still a timer, due at once: it needs a running loop like any other, and this thread still never runs its loop. The selector never runs.",
                            zh:
                                "`afterDelay: 0` 依然是一个定时器，只是立刻到点：和别的定时器一样需要 RunLoop 在运行，而这个线程依然从不运行它的 RunLoop。这个方法永远不会执行。"),
                        run: { stage in
                            let thread = stage.thread("worker") {
                                _ = try? Loop.current.perform(afterDelay: 0, name: "refresh") { stage.print("refresh") }
                            }
                            try thread.start()
                            thread.join()
                            return stage.times(ofPrint: "refresh")
                        }),
                    QuizCandidate(
                        value: "sleep", text: .init(en: "keep the thread alive for 2 s with `Thread.sleep`", zh: "用 `Thread.sleep` 让线程多活 2 秒"),
                        ios: """
                            let thread = Thread {
                                self.perform(#selector(self.refresh), with: nil, afterDelay: 1)
                                Thread.sleep(forTimeInterval: 2)   // the change
                            }
                            thread.start()
                            """,
                        comments: [.init(en: "the change", zh: "改动在这里")],
                        why: .init(
                            en:
                                "A sleeping thread is alive, but its loop is not running: nothing looks at the timer while the thread sleeps, and when the block ends the thread exits with the timer still waiting. The selector never runs.",
                            zh:
                                "休眠的线程还活着，但它的 RunLoop 没有运行：线程休眠期间没人去看这个定时器，闭包结束时线程带着还在等的定时器退出了。这个方法永远不会执行。"),
                        run: { stage in
                            let thread = stage.thread("worker") {
                                _ = try? Loop.current.perform(afterDelay: 1, name: "refresh") { stage.print("refresh") }
                                stage.clock.advance(by: 2)
                            }
                            try thread.start()
                            thread.join()
                            return stage.times(ofPrint: "refresh")
                        }),
                ],
                holds: { times in times == ["1000"] }),
            wording: .init(
                question: .init(
                    en:
                        "A background thread calls `perform(_:with:afterDelay:)` with 1 s, then its block ends, and `refresh` never runs. Which of these changes make `refresh` run, 1 s after the call? The engine runs each.",
                    zh:
                        "一个子线程调用 `perform(_:with:afterDelay:)`，延迟 1 秒，然后它的闭包就结束了，`refresh` 一直没有执行。下面哪些改动能让 `refresh` 在调用 1 秒后执行？引擎会逐个运行。"),
                ios: """
                    let thread = Thread {
                        self.perform(#selector(self.refresh), with: nil, afterDelay: 1)
                        // the block ends: the thread never runs its run loop
                    }
                    thread.start()
                    """,
                comments: [.init(en: "the block ends: the thread never runs its run loop", zh: "闭包结束：这个线程从来没有运行它的 RunLoop")],
                why: .init(
                    en:
                        "`afterDelay` adds a one-shot timer to the calling thread's loop, and only a running loop fires a timer. A fix runs this thread's loop until the timer has fired; keeping the thread alive, or a shorter delay, does not.",
                    zh:
                        "`afterDelay` 往调用线程的 RunLoop 里加一个一次性定时器，只有在运行的 RunLoop 才会触发定时器。能修好的改动，都是让这个线程的 RunLoop 一直运行到定时器触发；让线程多活一会儿，或者把延迟改短，都不行。"
                )),
            followUp: .init(
                question: .init(
                    en: "The work only needs to happen 1 s later, on any thread. What would you use instead of a thread with a loop?",
                    zh: "这项工作只需要在 1 秒后执行，在哪个线程上都行。你会用什么来代替带 RunLoop 的线程？"),
                model: .init(
                    en:
                        "GCD: `DispatchQueue.global().asyncAfter(deadline: .now() + 1)` or a `DispatchSourceTimer` on a queue of your own, or a Task that sleeps for 1 s. Neither needs a run loop, so nothing has to keep a thread running; `perform(_:with:afterDelay:)` belongs on a thread whose loop already runs, such as the main thread.",
                    zh:
                        "用 GCD：`DispatchQueue.global().asyncAfter(deadline: .now() + 1)`，或者放在自己队列上的 `DispatchSourceTimer`，或者一个用 `Task.sleep` 等 1 秒的 Task。它们都不需要 RunLoop，也就不需要让某个线程一直运行；`perform(_:with:afterDelay:)` 适合用在 RunLoop 已经在运行的线程上，比如主线程。"
                ))
        ) { stage in
            // ▼ quiz 66
            let thread = stage.thread("worker") {
                _ = try? Loop.current.perform(afterDelay: 1, name: "refresh") { stage.print("refresh") }
            }
            try thread.start()
            thread.join()
            return stage.times(ofPrint: "refresh")
            // ▲ quiz 66
        },

    ]
}
