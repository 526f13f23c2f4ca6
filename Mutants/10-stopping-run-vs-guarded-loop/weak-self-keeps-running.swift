// Mutant: the body reads the flag through a weak owner and goes on while the owner is gone (`self?.flag != true`)
// Lesson 10 — Stopping run vs the guarded loop      Lessons/10-stopping-run-vs-guarded-loop.md
// 第 10 课 — 停不下来的 run() 与带条件的循环        Lessons/zh-Hans/10-stopping-run-vs-guarded-loop.md
//
// Write `PermanentThread`: a thread that stays alive to run work (its loop kept alive by a port),
// and that can be stopped — it then exits and is freed, with no retain cycle.
//
// 任务：写出 `PermanentThread`：一个为执行任务而一直活着的线程（它的 RunLoop 靠一个端口保活），并且
// 能被停止——停止后线程退出并被释放，没有循环引用。
//
// Run just this lesson:   swift test --filter Lesson10Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson10Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine
import Synchronization

/// A long-lived worker thread, stoppable.
public final class PermanentThread: @unchecked Sendable {
    // @unchecked: `thread` is immutable and thread-safe; the flag is atomic.

    /// The underlying thread (the tests look at it). Make it in `init`; start it in `start()`.
    public let thread: LoopThread
    /// Shared with the thread's body. The body must never capture `self`: the thread would then
    /// keep its owner alive, and the owner's `deinit` — which stops the thread — would never run.
    private let shouldStop = StopFlag()

    public init(name: String = "permanent") {
        let box = WeakBox()
        thread = LoopThread(name: name) {
            let loop = Loop.current
            // An empty mode returns at once: a port nobody sends to keeps the loop waiting.
            try? loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            // Not `loop.run()`: a stop ends only its inner run, and it starts another at once.
            // One run at a time, and a flag that says when to stop starting new ones.
            while box.owner?.shouldStop.isSet != true {
                _ = try? loop.run(mode: .default, before: .distantFuture)
            }
        }

        box.owner = self
    }
    private final class WeakBox: @unchecked Sendable { weak var owner: PermanentThread? }

    deinit { stop() }   // the owner goes away: the thread goes with it

    /// Starts the thread; its loop then sleeps until there is work.
    public func start() throws {
        try thread.start()
    }

    /// Runs `work` on the thread, through its loop, without waiting.
    public func perform(_ work: @escaping @Sendable () -> Void) throws {
        try thread.perform(work)
    }

    /// Stops the thread's loop for good and waits until the thread has exited.
    /// Stopping a thread that is not running does nothing.
    public func stop() {
        guard thread.phase == .running else { return }
        let shouldStop = self.shouldStop
        // Set the flag and stop the run *on the thread*, so the guarded loop sees the flag
        // right after its run returns, whatever it was doing.
        try? thread.perform(waitUntilDone: true) {
            shouldStop.set()
            Loop.current.stop()
        }
        if LoopThread.current !== thread { thread.join() }   // never wait for yourself
    }
}

/// A flag set once, read from any thread.
private final class StopFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
