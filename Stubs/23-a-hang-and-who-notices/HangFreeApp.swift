// Lesson 23 — A hang, and who notices                Lessons/23-a-hang-and-who-notices.md
// 第 23 课 — 卡死，以及谁会察觉                     Lessons/zh-Hans/23-a-hang-and-who-notices.md
//
// Two pieces of a profile screen's app code, each shown below as it was first written: the way
// that blocks the main thread. One waits on a semaphore for a network callback that the main
// queue delivers, behind the wait; the other sends work to the main queue with `sync` from the
// main thread. Write both so that nothing blocks the main loop: the tests watch the main loop
// with the system's hang detection and watchdog and with lesson 16's stall monitor.
//
// 任务：一个个人资料页的两段 App 代码，下面各自附上了它最初的写法，也就是阻塞主线程的写法。一段在信号量上等一个
// 网络回调，而这个回调由主队列送来，排在这次等待后面；另一段在主线程上用 `sync` 把任务交给主队列。把两段都改成
// 什么都不阻塞主 RunLoop：测试会用系统的 hang 检测和看门狗、以及第 16 课的卡顿监控看着主 RunLoop。
//
// Each § number below marks one promise of this specification: a test holds it, and a
// failing test names the promises it checks.
// 下面每个 § 编号标出这份说明里的一条要求：每条都有测试把关，测试失败时会列出它检查的是哪几条。
//
// Run just this lesson:   swift test --filter Lesson23Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson23Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// The profile screen's load, called on the main thread (a button's action, a main-loop callout).
/// It used to wait for the response:
///
///     let semaphore = Semaphore(clock: Loop.current.clock)     // DispatchSemaphore(value: 0)
///     let profile = Lock<String?>(nil)
///     session.dataTask("profile") { data in
///         profile.withLock { $0 = data }
///         semaphore.signal()
///     }
///     _ = try semaphore.wait(timeout: 2)    // the completion is queued on the main queue, behind this wait
///     show(profile.withLock { $0 } ?? "timed out")
///
/// and hung: the completion handler can only run when the main loop serves the main queue, and
/// the main loop cannot turn while its thread waits. Write it so that nothing blocks the main
/// thread: start the task named `"profile"` (§1) and call `show` with its data from the
/// completion handler, on the main thread, later, never inside the call (§2), once per load
/// (§3). The function returns at once; the main loop stays free while the response is on its
/// way: no hang, no stall, no watchdog. (§4)
///
/// 个人资料页的加载，在主线程上调用（一个按钮的点击回调，也就是主 RunLoop 的一个回调）。它以前是等着响应的
/// （见上面的代码），结果卡死了：完成回调只有在主 RunLoop 处理主队列时才能执行，而主线程在等待时主 RunLoop
/// 转不起来。把它改成不阻塞主线程：发起名为 `"profile"` 的任务（§1），在完成回调里用拿到的数据调用 `show`，
/// 在主线程上稍后调用，绝不在调用里面（§2），每次加载只调用一次（§3）。函数立即返回；响应还在路上的时候
/// 主 RunLoop 照常转：没有 hang，没有卡顿，看门狗也不出手。（§4）
public func loadProfile(session: NetworkSession, show: @escaping @Sendable (String) -> Void) {
    unsolved(lesson: 23, write: "loadProfile(session:show:)")
}

/// The label's refresh, called on the main thread. It used to be
///
///     try queue.sync(name: "refresh") { update() }      // DispatchQueue.main.sync { … }
///
/// which on the main thread is what libdispatch crashes on ("dispatch_sync called on queue
/// already owned by current thread"; the engine throws ``LoopError/syncOnCurrentQueue(_:)``).
/// Hand `update` to the main queue as work named `"refresh"` without waiting for it (§5): it runs
/// later, never inside the call (§6), whenever the main loop serves the main queue, in every
/// common mode: during a scroll too (§7); refreshes run in the order asked. (§8)
///
/// 标签的刷新，在主线程上调用。它以前是 `try queue.sync(name: "refresh") { update() }`
/// （`DispatchQueue.main.sync { … }`），在主线程上这正是 libdispatch 会让 App 崩溃的写法（"dispatch_sync
/// called on queue already owned by current thread"；引擎会抛出 `LoopError.syncOnCurrentQueue`）。
/// 把 `update` 作为名为 `"refresh"` 的任务交给主队列，不等它执行（§5）：它稍后执行，绝不在调用里面
/// （§6），只要主 RunLoop 处理主队列就执行，在每个标记为 common 的 Mode 里：滑动期间也一样（§7）；
/// 多次刷新按请求的顺序执行。（§8）
public func refreshLabel(queue: MainQueue, update: @escaping @Sendable () -> Void) {
    unsolved(lesson: 23, write: "refreshLabel(queue:update:)")
}
