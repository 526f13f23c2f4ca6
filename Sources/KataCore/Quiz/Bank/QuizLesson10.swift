import RunLoopEngine

extension QuizBank {
    static let lesson10: [QuizQuestion] = [
        QuizQuestion(
            number: 31, lesson: 10,
            title: .init(en: "CFRunLoopStop on a thread inside run()", zh: "对正在 run() 的线程调用 CFRunLoopStop"),
            form: .choice([
                .init(en: "the thread exits", zh: "线程退出", value: "exits"),
                .init(en: "the thread keeps running its loop", zh: "线程继续运行它的 RunLoop", value: "keeps running"),
            ]),
            wording: .init(
                question: .init(
                    en: "A thread keeps its loop alive with a port and calls run(). Another thread calls CFRunLoopStop on that loop. Does the thread exit?",
                    zh: "一个线程用端口给 RunLoop 保活，然后调用 run()。另一个线程对这个 RunLoop 调用 CFRunLoopStop。这个线程会退出吗？"),
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
                        "run() is a loop of runs: `while run(mode: .default, before: .distantFuture) {}`. CFRunLoopStop ends the run in progress, and the while starts another at once. Only an empty default mode ends run().",
                    zh:
                        "run() 是一个不断发起运行的循环：`while run(mode: .default, before: .distantFuture) {}`。CFRunLoopStop 结束的是正在进行的那次运行，`while` 立刻又发起下一次。只有 default Mode 空了，run() 才会结束。"
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
                        "A thread keeps its loop alive with a port and runs `while !shouldStop && run(mode:before:)`. Work performed on it sets shouldStop and stops the loop. Does the thread exit?",
                    zh: "一个线程用端口给 RunLoop 保活，运行的是 `while !shouldStop && run(mode:before:)`。perform 到它上面的工作把 shouldStop 设为 true，并停止 RunLoop。这个线程会退出吗？"),
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
            title: .init(en: "CFRunLoopRun and a stop", zh: "CFRunLoopRun 遇上停止"),
            form: .times,
            wording: .init(
                question: .init(
                    en: "A port keeps the loop alive; a timer calls CFRunLoopStop at 1 s. When does CFRunLoopRun() return?",
                    zh: "一个端口给 RunLoop 保活；一个定时器在 1 秒时调用 CFRunLoopStop。CFRunLoopRun() 什么时候返回？"),
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
                        "CFRunLoopRun repeats runs until one ends stopped or finished: the stop at 1 s ends it. Foundation's run() is the one that ignores stop.",
                    zh: "CFRunLoopRun 反复运行，直到某次运行以 `kCFRunLoopRunStopped` 或 `kCFRunLoopRunFinished` 结束：1 秒时的停止就让它返回了。无视停止的是 Foundation 的 run()。"))
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
            title: .init(en: "run(until:) and a stop", zh: "run(until:) 遇上停止"),
            form: .times,
            wording: .init(
                question: .init(
                    en: "A port keeps the loop alive; a timer calls CFRunLoopStop at 1 s. When does RunLoop.current.run(until: 3 s from now) return?",
                    zh: "一个端口给 RunLoop 保活；一个定时器在 1 秒时调用 CFRunLoopStop。RunLoop.current.run(until: 3 秒之后) 什么时候返回？"),
                ios: """
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    let stopper = Timer(timeInterval: 0, repeats: false) { _ in CFRunLoopStop(CFRunLoopGetCurrent()) }
                    stopper.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(stopper, forMode: .default)
                    RunLoop.current.run(until: Date(timeIntervalSinceNow: 3))
                    print("returned")
                    """,
                why: .init(
                    en: "run(until:) is run() with an end date: the stop ends one inner run, and the loop of runs goes on until the date, 3 s.",
                    zh: "run(until:) 就是带截止时间的 run()：停止只结束了里面的一次运行，外层的循环继续发起运行，直到截止时间，也就是 3 秒。"))
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
    ]
}
