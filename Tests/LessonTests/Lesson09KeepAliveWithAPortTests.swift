import Foundation
import Synchronization
import Testing

/// Lesson 09: the student's network thread, with short waits.
@Suite("Lesson 09 — Keep alive with a port", .serialized, .tags(.lesson09, .level2, .use))
struct Lesson09Tests {
    /// Waits up to 1 s for `condition`.
    static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<200 where !condition() { Thread.sleep(forTimeInterval: 0.005) }
        return condition()
    }

    @Test("Once started, the thread stays alive, its loop asleep")
    func staysAlive() async throws {
        let (asleep, alive) = try await Kata.attempt(lesson: 9) { () -> (Bool, Bool) in
            let network = NetworkThread()
            try network.start()
            let asleep = Self.eventually { network.thread.loop?.isWaiting == true }
            Thread.sleep(forTimeInterval: 0.1)
            return (asleep, !network.thread.isFinished)
        }
        #expect(alive, "the thread exited: a loop with nothing to wait for returns at once — give it a port")
        #expect(asleep, "the thread's loop never slept: keep it alive with a port and run it, don't spin")
    }

    @Test("It is kept alive by a port in its default mode")
    func keptByAPort() async throws {
        let kinds = try await Kata.attempt(lesson: 9) { () -> [String] in
            let network = NetworkThread()
            try network.start()
            _ = Self.eventually { network.thread.loop?.isWaiting == true }
            return (network.thread.loop?.items(inMode: .default) ?? []).map(\.kind.rawValue)
        }
        #expect(kinds.contains("port"), "the network thread's default mode holds \(kinds): keep it alive with a Loop.Port (AFNetworking 2 added an NSMachPort)")
    }

    @Test("Requests performed on it run there, in order")
    func requestsRun() async throws {
        let (ran, onNetworkThread) = try await Kata.attempt(lesson: 9) { () -> ([String], Bool) in
            let network = NetworkThread()
            try network.start()
            let log = Log()
            let ids = Lock<Set<ThreadID>>([])
            for n in 1...3 {
                try network.perform {
                    log.add("request \(n)")
                    ids.withLock { _ = $0.insert(ThreadID.current) }
                }
            }
            _ = Self.eventually { log.count == 3 }
            let id = network.thread.id
            return (log.all, ids.withLock { $0 } == [id].compactMap { $0 }.reduce(into: Set<ThreadID>()) { $0.insert($1) })
        }
        #expect(ran == ["request 1", "request 2", "request 3"])
        #expect(onNetworkThread, "requests must run on the network thread")
    }

    @Test("It keeps going: a request much later still runs")
    func stillAliveLater() async throws {
        let ran = try await Kata.attempt(lesson: 9) { () -> Bool in
            let network = NetworkThread()
            try network.start()
            let log = Log()
            try network.perform { log.add("first") }
            _ = Self.eventually { log.count == 1 }
            Thread.sleep(forTimeInterval: 0.2)
            try network.perform { log.add("later") }
            return Self.eventually { log.count == 2 }
        }
        #expect(ran, "after its first request the thread stopped taking work: its loop must keep running (run(), or a loop of run(mode:before:))")
    }

    @Test("shared is one thread for the whole app, already started")
    func shared() async throws {
        let (same, started) = try await Kata.attempt(lesson: 9) { () -> (Bool, Bool) in
            let first = NetworkThread.shared, second = NetworkThread.shared
            return (first === second, Self.eventually { first.thread.loop?.isWaiting == true })
        }
        #expect(same)
        #expect(started, "NetworkThread.shared must be started and its loop asleep, waiting for work")
    }
}
