import RunLoopEngine

extension QuizBank {
    static let lesson01: [QuizQuestion] = [
        QuizQuestion(
            number: 1, lesson: 1,
            title: .init(en: "`RunLoop.current` twice on one thread", zh: "同一线程上两次取 `RunLoop.current`"),
            form: .choice([
                .init(en: "the same loop both times", zh: "两次拿到的是同一个 RunLoop", value: "same"),
                .init(en: "a new loop each time", zh: "每次都是一个新的 RunLoop", value: "different"),
            ]),
            wording: .init(
                question: .init(
                    en: "On one thread, the code asks for `RunLoop.current` twice. Does it get the same loop?",
                    zh: "在同一个线程上，代码两次获取 `RunLoop.current`。两次拿到的是同一个 RunLoop 吗？"),
                ios: """
                    let first = RunLoop.current
                    let second = RunLoop.current
                    print(first === second)
                    """,
                why: .init(
                    en: "A thread has one loop, made on its first request and kept in a table keyed by the thread; every later request returns it.",
                    zh: "每个线程只有一个 RunLoop：第一次获取时创建，存进一张以线程为键的表；之后再获取，返回的都是它。"))
        ) { stage in
            // ▼ quiz 1
            let first = Loop.current
            let second = Loop.current
            return choose(first === second, "same", "different")
            // ▲ quiz 1
        },
        QuizQuestion(
            number: 2, lesson: 1,
            title: .init(en: "`RunLoop.current` on a background thread", zh: "子线程上的 `RunLoop.current`"),
            form: .choice([
                .init(en: "the main loop", zh: "主线程的 RunLoop", value: "main"),
                .init(en: "a loop of its own, made on this request", zh: "它自己的 RunLoop，在这次获取时创建", value: "own"),
            ]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en: "The main thread starts a thread that asks for `RunLoop.current`. Which loop does it get?",
                    zh: "主线程启动一个子线程，子线程获取 `RunLoop.current`。它拿到的是哪个 RunLoop？"),
                ios: """
                    let thread = Thread {
                        let loop = RunLoop.current
                        print(loop === RunLoop.main ? "main" : "own")
                    }
                    thread.start()
                    """,
                why: .init(
                    en:
                        "`RunLoop.current` is the calling thread's loop: a background thread gets a loop of its own, made the first time it asks. Only the main thread's loop is the main loop.",
                    zh: "`RunLoop.current` 是调用它的线程自己的 RunLoop：子线程拿到的是它自己的 RunLoop，在第一次获取时创建。只有主线程的 RunLoop 才是主 RunLoop。")),
            followUp: .init(
                question: .init(
                    en: "Why is a background thread's loop made only when the thread first asks for it, and what does that mean for a thread GCD lends you?",
                    zh: "为什么子线程的 RunLoop 要等线程第一次要它时才创建？这对 GCD 借给你的线程意味着什么？"),
                model: .init(
                    en:
                        "`CFRunLoopGetCurrent` makes the loop lazily and keeps it in a table keyed by the thread, so a thread that never asks pays nothing. A GCD worker thread belongs to the pool: nothing ever runs the loop you make there, so a timer or a delayed perform scheduled on it never fires, and running the loop yourself would hold the pool's thread. Use a thread you own, or a `DispatchSourceTimer`.",
                    zh:
                        "`CFRunLoopGetCurrent` 是懒创建的，创建后存进以线程为键的线程表，从来不要的线程不付任何代价。GCD 的工作线程属于线程池：你在上面创建的 RunLoop 没有人去运行，所以调度在它上面的定时器或延迟的 perform 永远不会触发；自己去运行这个 RunLoop，又会占住线程池的线程。要么用自己的线程，要么用 `DispatchSourceTimer`。"
                ))
        ) { stage in
            // ▼ quiz 2
            let main = Loop.current
            let thread = stage.thread("worker") {
                let loop = Loop.current
                stage.print(loop === main ? "main" : "own")
            }
            try thread.start()
            thread.join()
            return stage.prints()
            // ▲ quiz 2
        },
        QuizQuestion(
            number: 3, lesson: 1,
            title: .init(en: "a thread's loop after the thread exits", zh: "线程退出之后，它的 RunLoop"),
            form: .choice([
                .init(
                    en:
                        "its sources are removed and it can never run anything again; the object, with its timers and observers, stays while you hold it",
                    zh: "它的事件源被移除，再也不能运行任何东西；只要你还持有它，这个对象本身还在，连同它的定时器和观察者", value: "torn down"),
                .init(en: "it keeps its sources and timers, ready to run again", zh: "它保留自己的事件源和定时器，随时可以再运行", value: "alive"),
                .init(en: "it becomes the main loop", zh: "变成主 RunLoop", value: "main"),
            ]),
            wording: .init(
                question: .init(
                    en: "A thread asks for its loop, keeps a reference to it, and exits. What is that loop now?",
                    zh: "一个线程获取自己的 RunLoop，保留一个对它的引用，然后退出。这个 RunLoop 现在是什么状态？"),
                ios: """
                    final class Kept: @unchecked Sendable { var loop: CFRunLoop? }   // set on the thread, read after it exits
                    let kept = Kept()
                    let thread = Thread { kept.loop = CFRunLoopGetCurrent() }
                    thread.start()
                    // … after the thread has exited: what is kept.loop?
                    """,
                comments: [
                    .init(en: "set on the thread, read after it exits", zh: "在线程里赋值，线程退出后再读"),
                    .init(en: "… after the thread has exited: what is kept.loop?", zh: "…… 线程退出之后：`kept.loop` 是什么状态？"),
                ],
                why: .init(
                    en:
                        "When the thread exits, CF's loop table forgets its loop and `__CFFinalizeRunLoop` removes the sources of every mode and of the common items (`__CFRunLoopRemoveAllSources`); timers and observers leave only when the object is freed (`__CFRunLoopDeallocate`). Your reference keeps the `CFRunLoop` object, and its timers and observers, allocated, but no thread is left to run it: it can run nothing again. (The engine removes everything at the exit: `docs/DIFFERENCES.md`.)",
                    zh:
                        "线程退出时，Core Foundation 的 RunLoop 表会忘掉它的 RunLoop，`__CFFinalizeRunLoop` 移除每个 Mode 和 common item 里的事件源（`__CFRunLoopRemoveAllSources`）；定时器和观察者要等这个对象被释放时才离开（`__CFRunLoopDeallocate`）。你的引用让这个 `CFRunLoop` 对象连同它的定时器和观察者还留在内存里，但已经没有线程来运行它了：它再也不能运行任何东西。（引擎在线程退出时把所有东西都移除：见 `docs/zh-Hans/DIFFERENCES.md`。）"
                ))
        ) { stage in
            // ▼ quiz 3
            let kept = Lock<Loop?>(nil)
            let thread = stage.thread("worker") { kept.withLock { $0 = Loop.current } }
            try thread.start()
            thread.join()
            return choose(kept.withLock { $0 }?.isTornDown == true, "torn down", "alive")
            // ▲ quiz 3
        },
    ]
}
