// Mutant: a thread with no loop (never started, or exited) is skipped quietly instead of reported
// Lesson 08 — Perform on thread is a source0        Lessons/08-perform-on-thread-is-a-source0.md
// 第 08 课 — performSelector:onThread: 就是一个 Source0   Lessons/zh-Hans/08-perform-on-thread-is-a-source0.md
//
// Write `perform(on:waitUntilDone:modes:_:)`, this course's
// `performSelector:onThread:withObject:waitUntilDone:modes:` — the way Foundation really does it.
//
// 任务：写出 `perform(on:waitUntilDone:modes:_:)`，也就是本课程里的
// `performSelector:onThread:withObject:waitUntilDone:modes:`——照 Foundation 真正的做法来写。
//
// Run just this lesson:   swift test --filter Lesson08Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson08Tests      （或：swift run kata watch）

import Dispatch
import KataCore
import RunLoopEngine

/// Runs `work` on `thread`, through its run loop, when that loop runs one of `modes`.
///
/// - Parameters:
///   - waitUntilDone: return only after the work has run. Called on `thread` itself, run the
///     work at once instead (as Foundation does).
///   - modes: the modes the work may run in. Left out, the common modes: Foundation's variant
///     without a `modes:` argument uses `kCFRunLoopCommonModes`, so where tracking is common
///     (the main loop) the work runs during a scroll too.
/// - Throws: `LoopError.threadNotStarted` / `LoopError.threadExited` when the thread cannot run
///   anything (a thread that has exited must be reported, never silently ignored) — also when
///   it exits while `waitUntilDone` waits for work it never ran.
public func perform(on thread: LoopThread, waitUntilDone: Bool = false, modes: [Loop.Mode] = [.common],
                    _ work: @escaping @Sendable () -> Void) throws {
    // The target's loop; this throws if the thread was never started or has exited.
    guard let loop = thread.loop else { return }
    if waitUntilDone && thread.id == ThreadID.current {
        work()   // waiting for our own loop to do it would wait for ever
        return
    }
    // The work travels as a version-0 source: added to the target loop's modes, signalled,
    // and the loop woken — a signal alone would leave a sleeping loop asleep.
    let delivery = Delivery(work)
    let source = Loop.Source(name: "perform") { delivery.run() }
    delivery.source = source
    for mode in modes {
        try loop.add(source, forMode: mode)
    }
    source.signal()
    loop.wakeUp()
    if waitUntilDone {
        try delivery.waitUntilRun(orUntil: thread)
    }
}

/// One piece of work on its way to another thread: it runs once, then its source leaves the loop.
private final class Delivery: @unchecked Sendable {
    // @unchecked: `source` is set once, before the source can run.
    private let work: @Sendable () -> Void
    private let done = DispatchSemaphore(value: 0)
    weak var source: Loop.Source?

    init(_ work: @escaping @Sendable () -> Void) { self.work = work }

    /// On the target thread: do the work, take the source out of the loop, tell the caller.
    func run() {
        work()
        source?.invalidate()
        done.signal()
    }

    /// On the caller's thread: wait for the work — and if the thread exits before it ran, say so.
    func waitUntilRun(orUntil thread: LoopThread) throws {
        while done.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            guard thread.isFinished else { continue }
            // The work runs on that thread, so it has run by now or it never will: one last look.
            guard done.wait(timeout: .now()) == .success else {
                throw LoopError.threadExited(thread: thread.name)
            }
            return
        }
    }
}
