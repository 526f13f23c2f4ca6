// Lesson 10 — Stopping run vs the guarded loop      Lessons/10-stopping-run-vs-guarded-loop.md
// 第 10 课 — 停不下来的 run() 与带条件的循环        Lessons/zh-Hans/10-stopping-run-vs-guarded-loop.md
//
// Write `PermanentThread`: a thread that stays alive to run work (its loop kept alive by a port),
// and that can be stopped — it then exits and is freed, with no retain cycle.
//
// 任务：写出 `PermanentThread`：一个为执行任务而常驻的线程（它的 RunLoop 靠一个端口保活），并且
// 能被停止——停止后线程退出并被释放，没有循环引用。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson10Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson10Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// A long-lived worker thread, stoppable. Several can be alive at once, and each stops on its
/// own: stopping one leaves the others running. (§1) Dropping the last reference to one stops its
/// thread, and owner, thread and loop are all freed. (§2)
///
/// 一个可以停止的常驻工作线程。可以同时有好几个在运行，各停各的：停掉一个，其余的照常运行。（§1）丢掉对它的
/// 最后一个引用，它的线程就会停止，持有者、线程和 RunLoop 全都被释放。（§2）
public final class PermanentThread: @unchecked Sendable {
    /// The underlying thread (the tests look at it). Make it in `init`; start it in `start()`.
    /// Its body keeps its loop alive with a port (§3), asleep between jobs in a run that ends only
    /// when there is work — no polling (§4) — and never captures `self`, so that a stopped thread
    /// and its owner are freed: no retain cycle. (§5)
    ///
    /// 底层的线程（测试会检查它）。在 `init` 里创建它，在 `start()` 里启动它。它的函数体用一个端口为 RunLoop
    /// 保活（§3），两份工作之间在一次只有来活才结束的运行里休眠——不轮询（§4）——并且绝不捕获 `self`，这样
    /// 停止后的线程和它的持有者都能被释放：没有循环引用。（§5）
    public let thread: LoopThread

    public init(name: String = "permanent") {
        // Replace this with a thread whose body keeps its loop alive and runs it until stopped.
        // 把这里换成一个线程：它的函数体为 RunLoop 保活，并一直运行它，直到被停止。
        thread = LoopThread(name: name) {}
    }

    /// Starts the thread; its loop then sleeps until there is work.
    ///
    /// 启动线程；之后它的 RunLoop 一直休眠到有活来。
    public func start() throws {
        unsolved(lesson: 10, write: "PermanentThread.start()")
    }

    /// Runs `work` on the thread, through its loop, in the order sent (§6), without waiting for
    /// it. (§7) Work for a thread that has been stopped is an error (`LoopError.threadExited`). (§8)
    ///
    /// 经由线程的 RunLoop 在它上面执行 `work`，按发送的顺序（§6），不等它执行完。（§7）交给已停止线程的工作
    /// 是错误（`LoopError.threadExited`）。（§8）
    public func perform(_ work: @escaping @Sendable () -> Void) throws {
        unsolved(lesson: 10, write: "PermanentThread.perform(_:)")
    }

    /// Stops the thread's loop for good: its run ends and no new run starts (§9); returns only once
    /// the thread has exited, even when the run takes a while to get out. (§10) A stop that comes
    /// while work runs a nested run ends the guarded loop once the work is done; the nested run
    /// ends too (`stopped`) if its mode is common, as `CFRunLoopStop` ends the innermost run. (§11)
    /// Stopping a thread that is not running — twice, or before `start()` — does nothing. (§12)
    ///
    /// 永久停掉线程的 RunLoop：当前运行结束，不再开始新的运行（§9）；线程退出之后才返回，即使运行要花
    /// 一会儿才出来。（§10）工作正在嵌套运行时到来的停止请求，等工作做完后结束带条件的循环；那次嵌套运行若运行的是
    /// 标记为 common 的 Mode，也会随之结束（`stopped`），因为 `CFRunLoopStop` 结束的是最里层的运行。（§11）停止一个没在运行的线程——第二次停止，或在 `start()` 之前停止——什么都不做。（§12）
    public func stop() {
        unsolved(lesson: 10, write: "PermanentThread.stop()")
    }
}
