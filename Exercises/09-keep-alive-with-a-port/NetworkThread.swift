// Lesson 09 — Keep alive with a port                      Lessons/09-keep-alive-with-a-port.md
// 第 09 课 — 用端口保活                                   Lessons/zh-Hans/09-keep-alive-with-a-port.md
//
// Write `NetworkThread`: AFNetworking 2's network thread. One long-lived thread whose run loop
// stays alive — asleep, not spinning — so that requests can be performed on it at any time.
//
// 任务：写出 `NetworkThread`：AFNetworking 2 的网络线程。一个常驻线程，它的 RunLoop 一直在运行——在
// 休眠，而不是空转——这样任何时候都能把请求交给它执行。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson09Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson09Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// A thread for network callbacks, kept alive by its run loop (AFNetworking 2's network thread).
///
/// 处理网络回调的线程，靠它的 RunLoop 保活（AFNetworking 2 的网络线程）。
public final class NetworkThread: Sendable {
    /// The app's one network thread (§1), made and started on first use. (§2)
    ///
    /// 整个 App 唯一的网络线程（§1），第一次用到时创建并启动。（§2）
    public static let shared: NetworkThread = {
        let thread = NetworkThread()
        try? thread.start()
        return thread
    }()

    /// The underlying thread.
    ///
    /// 底层的线程。
    public let thread: LoopThread

    /// Makes the thread, not started. (§3) Its body keeps its loop running for ever: a port in the
    /// loop's default mode keeps it alive (§4), asleep in one run until work comes — no spinning,
    /// no polling, no sleep() (§5) — and the port alone: with the port gone, the run returns and
    /// the thread exits. (§6)
    ///
    /// 创建线程，但不启动。（§3）它的函数体让 RunLoop 永远运行下去：RunLoop 的 default Mode 里的一个端口为它
    /// 保活（§4），在一次运行里休眠到有活来——不空转，不轮询，不 `sleep()`（§5）——而且只靠这个端口：端口
    /// 没了，运行就返回，线程随之退出。（§6）
    public init() {
        // Replace this with a thread whose body keeps its loop alive and runs it.
        // 把这里换成一个线程：它的函数体为 RunLoop 保活，并运行它。
        thread = LoopThread(name: "network") {}
    }

    /// Starts the thread: it then stays alive, its loop asleep. (§7)
    ///
    /// 启动线程：之后线程一直常驻，它的 RunLoop 在休眠。（§7）
    public func start() throws {
        unsolved(lesson: 9, write: "NetworkThread.start() and the thread's body in init()")
    }

    /// Runs `work` on the network thread, through its loop (§8), in the order sent, at any time —
    /// also long after the first request. (§9)
    ///
    /// 经由网络线程的 RunLoop，在它上面执行 `work`（§8），按发送的顺序，任何时候都行——第一个请求之后
    /// 很久也一样。（§9）
    public func perform(_ work: @escaping @Sendable () -> Void) throws {
        try thread.perform(work)
    }
}
