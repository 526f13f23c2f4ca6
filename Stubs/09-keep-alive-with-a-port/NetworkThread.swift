// Lesson 09 — Keep alive with a port                      Lessons/09-keep-alive-with-a-port.md
// 第 09 课 — 用端口保活                                   Lessons/zh-Hans/09-keep-alive-with-a-port.md
//
// Write `NetworkThread`: AFNetworking 2's network thread. One long-lived thread whose run loop
// stays alive — asleep, not spinning — so that requests can be performed on it at any time.
//
// 任务：写出 `NetworkThread`：AFNetworking 2 的网络线程。一个常驻线程，它的 RunLoop 一直活着——在
// 休眠，而不是空转——这样任何时候都能把请求交给它执行。
//
// Run just this lesson:   swift test --filter Lesson09Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson09Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// A thread for network callbacks, kept alive by its run loop.
public final class NetworkThread: Sendable {
    /// The app's one network thread, made and started on first use.
    public static let shared: NetworkThread = {
        let thread = NetworkThread()
        try? thread.start()
        return thread
    }()

    /// The underlying thread.
    public let thread: LoopThread

    /// Makes the thread (not started). Its body must keep its loop running for ever.
    public init() {
        // Replace this with a thread whose body keeps its loop alive and runs it.
        thread = LoopThread(name: "network") {}
    }

    /// Starts the thread.
    public func start() throws {
        unsolved(lesson: 9, write: "NetworkThread.start() and the thread's body in init()")
    }

    /// Runs `work` on the network thread, through its loop.
    public func perform(_ work: @escaping @Sendable () -> Void) throws {
        try thread.perform(work)
    }
}
