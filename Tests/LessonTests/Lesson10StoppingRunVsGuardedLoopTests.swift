import Foundation
import Testing

/// Lesson 10: the student's permanent thread, on real threads with short time limits.
@Suite("Lesson 10 — Stopping run vs the guarded loop", .serialized, .tags(.lesson10, .level3, .use))
struct Lesson10Tests {
    static let stuck = "did stop() wait for a thread that never exits? `run()` cannot be stopped: run one mode at a time in a loop guarded by a flag"

    static func attempt<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await Kata.attempt(lesson: 10, timeout: 3, ifStuck: stuck, body)
    }

    @Test("Work performed on the thread runs there, in order")
    func runsWork() async throws {
        let (ran, threadIDs, permanentID) = try await Self.attempt { () -> ([String], Set<ThreadID>, ThreadID?) in
            let permanent = PermanentThread(name: "worker")
            try permanent.start()
            let log = Log()
            let ids = IDs()
            for n in 1...3 { try permanent.perform { log.add("work \(n)"); ids.add(ThreadID.current) } }
            for _ in 0..<200 where log.count < 3 { Thread.sleep(forTimeInterval: 0.005) }
            let id = permanent.thread.id
            permanent.stop()
            return (log.all, ids.all, id)
        }
        #expect(ran == ["work 1", "work 2", "work 3"])
        #expect(threadIDs.count == 1 && threadIDs.first == permanentID, "all work runs on the permanent thread")
    }

    @Test("Between jobs the loop sleeps: kept alive by a port, not by spinning")
    func sleepsBetweenJobs() async throws {
        let (asleep, alive) = try await Self.attempt { () -> (Bool, Bool) in
            let permanent = PermanentThread()
            try permanent.start()
            var asleep = false
            for _ in 0..<200 where !asleep {
                asleep = permanent.thread.loop?.isWaiting == true
                if !asleep { Thread.sleep(forTimeInterval: 0.005) }
            }
            let alive = !permanent.thread.isFinished
            permanent.stop()
            return (asleep, alive)
        }
        #expect(alive, "the thread exited by itself: its loop had nothing to wait for (an empty mode returns at once) — add a port")
        #expect(asleep, "the thread's loop never went to sleep: keep it alive with a port, and run it with a far deadline, not in a busy loop")
    }

    @Test("stop() ends the thread: run() would not")
    func stopEndsTheThread() async throws {
        let finished = try await Self.attempt { () -> Bool in
            let permanent = PermanentThread()
            try permanent.start()
            try permanent.perform {}
            permanent.stop()
            return permanent.thread.isFinished
        }
        #expect(finished, "after stop() the thread must have exited")
    }

    @Test("A stopped thread and its owner are freed: no retain cycle")
    func freedAfterStop() async throws {
        let (ownerGone, threadGone, loopGone) = try await Self.attempt { () -> (Bool, Bool, Bool) in
            weak var owner: PermanentThread?
            weak var thread: LoopThread?
            weak var loop: Loop?
            do {
                let permanent = PermanentThread()
                try permanent.start()
                try permanent.perform {}
                for _ in 0..<200 where permanent.thread.loop == nil { Thread.sleep(forTimeInterval: 0.005) }
                owner = permanent
                thread = permanent.thread
                loop = permanent.thread.loop
                permanent.stop()
            }
            return (owner == nil, thread == nil, loop == nil)
        }
        #expect(ownerGone, "the PermanentThread was not freed: does the thread's body capture `self`? Capture only what it needs (a flag)")
        #expect(threadGone, "the thread object was not freed after it exited")
        #expect(loopGone, "the thread's loop was not freed after the thread exited")
    }

    @Test("Dropping the owner without stop() stops the thread")
    func ownerGoesAway() async throws {
        let finished = try await Self.attempt { () -> Bool in
            var permanent: PermanentThread? = PermanentThread()
            try permanent!.start()
            let thread = permanent!.thread
            permanent = nil   // the owner (a view controller, say) goes away
            _ = thread.join(timeout: 2)
            return thread.isFinished
        }
        #expect(finished, "the thread kept running after its owner was freed: stop it in `deinit` — which runs only if the thread does not keep its owner alive")
    }

    @Test("Stopping twice, or before start, does nothing")
    func stopIsIdempotent() async throws {
        let outcome = try await Self.attempt { () -> String in
            let idle = PermanentThread()
            idle.stop()
            let permanent = PermanentThread()
            try permanent.start()
            permanent.stop()
            permanent.stop()
            do {
                try permanent.perform {}
                return "perform after stop did not throw"
            } catch {
                return "threw: \(error)"
            }
        }
        #expect(outcome.hasPrefix("threw"), "\(outcome): work for a thread that has exited must be reported (LoopError.threadExited)")
    }
}

private final class IDs: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<ThreadID> = []
    func add(_ id: ThreadID) { lock.withLock { _ = ids.insert(id) } }
    var all: Set<ThreadID> { lock.withLock { ids } }
}
