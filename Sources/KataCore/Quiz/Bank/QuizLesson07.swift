import RunLoopEngine

extension QuizBank {
    static let lesson07: [QuizQuestion] = [
        QuizQuestion(
            number: 20, lesson: 7,
            title: .init(en: "afterDelay on a background thread", zh: "子线程上的 afterDelay"),
            form: .choice([
                .init(en: "never", zh: "永远不会", value: "never"), .init(en: "after 1 s", zh: "1 秒后", value: "ran"),
                .init(en: "at once", zh: "立即", value: "at once"),
            ]),
            wording: .init(
                question: .init(
                    en: "A background thread calls perform(_:with:afterDelay:) with 1 s, then its work is done and it returns. When does the selector run?",
                    zh: "一个子线程调用 perform(_:with:afterDelay:)，延迟 1 秒，然后它的工作做完就返回了。这个方法什么时候执行？"),
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
                        "afterDelay is only a timer added to the calling thread's loop. A background thread's loop runs only if the thread runs it; this one never does, and the thread exits — the timer never fires.",
                    zh: "afterDelay 只是往调用线程的 RunLoop 里加了一个定时器。子线程的 RunLoop 只有线程自己去运行时才会运行；这个线程从没运行过，然后就退出了——定时器永远不会触发。"))
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
            title: .init(en: "afterDelay during a scroll", zh: "滑动期间的 afterDelay"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread, perform(_:with:afterDelay:) with 1 s. The user scrolls from 0.5 s to 3.5 s. When does the selector run (the app runs 5 s)?",
                    zh: "在主线程上调用 perform(_:with:afterDelay:)，延迟 1 秒。用户从 0.5 秒滑动到 3.5 秒。这个方法什么时候执行（App 运行 5 秒）？"),
                ios: """
                    perform(#selector(refresh), with: nil, afterDelay: 1)   // default mode
                    // the user scrolls from 0.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does
                    let fingerDown = Timer(timeInterval: 0, repeats: false) { _ in
                        RunLoop.current.run(mode: .tracking, before: Date(timeIntervalSinceNow: 3))
                    }
                    fingerDown.fireDate = Date(timeIntervalSinceNow: 0.5)
                    RunLoop.current.add(fingerDown, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 5))
                    """,
                comments: [
                    .init(en: "default mode", zh: "放在 default Mode 里"),
                    .init(
                        en: "the user scrolls from 0.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does",
                        zh: "用户从 0.5 秒滑到 3.5 秒：这期间 UIKit 运行 tracking Mode，就像这个定时器做的那样"),
                ],
                why: .init(
                    en:
                        "afterDelay's timer is in the default mode only. During the scroll the loop runs the tracking mode, so the timer waits; it fires as soon as the default mode runs again, at 3.5 s.",
                    zh: "afterDelay 的定时器只在 default Mode 里。滑动期间 RunLoop 运行的是 tracking Mode，所以定时器只能等着；default Mode 一恢复运行，它就触发，也就是 3.5 秒。")),
            followUp: .init(
                question: .init(
                    en: "Where else does the default mode hold work back during a scroll, besides perform(_:with:afterDelay:)?",
                    zh: "除了 perform(_:with:afterDelay:)，滑动期间 default Mode 还会把哪些工作压住？"),
                model: .init(
                    en:
                        "Everything put in the default mode only: Timer.scheduledTimer, NSURLConnection and NSStream delegates scheduled in the default mode, RunLoop.main.perform without modes and Combine's RunLoop.main scheduler, a display link added in .default. The main queue and anything in the common modes still run.",
                    zh:
                        "所有只放在 default Mode 里的东西：Timer.scheduledTimer、调度在 default Mode 的 NSURLConnection 和 NSStream 代理、不带 Mode 的 RunLoop.main.perform 和 Combine 的 RunLoop.main 调度器、加在 .default 的 display link。主队列和 common modes 里的东西照常运行。"
                ))
        ) { stage in
            // ▼ quiz 21
            try Loop.current.perform(afterDelay: 1, name: "refresh") {}
            try stage.scroll(from: 0.5, to: 3.5)
            try Loop.current.run(until: Loop.current.now + 5)
            return stage.times(of: "refresh")
            // ▲ quiz 21
        },
        QuizQuestion(
            number: 22, lesson: 7,
            title: .init(en: "afterDelay in the common modes during a scroll", zh: "滑动期间，加到 `.common` 的 afterDelay"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread, perform(_:with:afterDelay:inModes:) with 1 s, in the common modes. The user scrolls from 0.5 s to 3.5 s. When does the selector run (the app runs 5 s)?",
                    zh: "在主线程上调用 perform(_:with:afterDelay:inModes:)，延迟 1 秒，指定在 `.common` 里。用户从 0.5 秒滑动到 3.5 秒。这个方法什么时候执行（App 运行 5 秒）？"),
                ios: """
                    perform(#selector(refresh), with: nil, afterDelay: 1, inModes: [.common])
                    // the user scrolls from 0.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does
                    let fingerDown = Timer(timeInterval: 0, repeats: false) { _ in
                        RunLoop.current.run(mode: .tracking, before: Date(timeIntervalSinceNow: 3))
                    }
                    fingerDown.fireDate = Date(timeIntervalSinceNow: 0.5)
                    RunLoop.current.add(fingerDown, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 5))
                    """,
                comments: [
                    .init(
                        en: "the user scrolls from 0.5 s to 3.5 s: UIKit runs the tracking mode meanwhile, as this timer does",
                        zh: "用户从 0.5 秒滑到 3.5 秒：这期间 UIKit 运行 tracking Mode，就像这个定时器做的那样")
                ],
                why: .init(
                    en:
                        "On the main loop UIKit marks the tracking mode common, so a timer in the common modes is in the tracking mode too: it fires on time, at 1 s, in the middle of the scroll.",
                    zh: "在主 RunLoop 上，UIKit 把 tracking Mode 标记为 common，所以加到 `.common` 的定时器也在 tracking Mode 里：它在 1 秒准时触发，正是滑动当中。"))
        ) { stage in
            // ▼ quiz 22
            try Loop.current.perform(afterDelay: 1, inModes: [.common], name: "refresh") {}
            try stage.scroll(from: 0.5, to: 3.5)
            try Loop.current.run(until: Loop.current.now + 5)
            return stage.times(of: "refresh")
            // ▲ quiz 22
        },
        QuizQuestion(
            number: 23, lesson: 7,
            title: .init(en: "afterDelay 0", zh: "延迟为 0 的 afterDelay"),
            form: .order(words: ["after the call", "delayed"]),
            wording: .init(
                question: .init(
                    en: "perform(_:with:afterDelay: 0), then a print, then the loop runs. In which order do the two prints come?",
                    zh: "先调用 perform(_:with:afterDelay: 0)，再 `print` 一行，然后运行 RunLoop。两次 `print` 按什么顺序出现？"),
                ios: """
                    perform(#selector(delayed), with: nil, afterDelay: 0)   // @objc func delayed() { print("delayed") }
                    print("after the call")
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 1))
                    """,
                why: .init(
                    en:
                        "Even with 0 s, afterDelay adds a timer; nothing runs until the loop runs and looks at its timers. The line after the call always comes first.",
                    zh: "即使延迟是 0 秒，afterDelay 也是加一个定时器；在 RunLoop 运行并检查它的定时器之前，什么都不会执行。调用后面的那一行总是先出现。"))
        ) { stage in
            // ▼ quiz 23
            try Loop.current.perform(afterDelay: 0, name: "delayed") { stage.print("delayed") }
            stage.print("after the call")
            try Loop.current.run(until: Loop.current.now + 1)
            return stage.prints()
            // ▲ quiz 23
        },
    ]
}
