import Foundation
import Testing

/// Lesson 09: the student's network thread, with short waits. Each test retires the thread it
/// started by taking the items out of its loop's default mode: with nothing left to wait for,
/// `run()` returns and the thread exits.
@Suite("Lesson 09 — Keep alive with a port", .serialized, .tags(.lesson09, .level2, .use))
struct Lesson09Tests {
    /// A network thread, started, given up to 1 s for its loop to fall asleep.
    static func started() throws -> NetworkThread {
        let network = NetworkThread()
        try network.start()
        guard network.thread.phase != .notStarted else { return network }   // start() is still the stub
        _ = untilBlocking(1) { network.thread.loop?.isWaiting == true }
        return network
    }

    /// Takes every item out of the thread's default mode and wakes its loop; returns whether the
    /// thread then exited (within 1 s).
    @discardableResult
    static func retire(_ network: NetworkThread) -> Bool {
        guard let loop = network.thread.loop else { return network.thread.join(timeout: 1) }
        for item in loop.items(inMode: .default) { loop.remove(item, fromMode: .default) }
        loop.wakeUp()
        return network.thread.join(timeout: 1)
    }

    @Test("Once started, the thread stays alive, its loop asleep")
    func staysAlive() async throws {
        let (asleep, alive) = try await Kata.attempt(lesson: 9) { () -> (Bool, Bool) in
            let network = try Self.started()
            defer { Self.retire(network) }
            let asleep = network.thread.loop?.isWaiting == true
            Thread.sleep(forTimeInterval: 0.1)
            return (asleep && network.thread.loop?.isWaiting == true, !network.thread.isFinished)
        }
        #expect(alive, "the thread exited: a loop with nothing to wait for returns at once — give it a port")
        #expect(asleep, "the thread's loop is not asleep: keep it alive with a port and run it — no busy loop, no sleep()")
    }

    @Test("It is kept alive by a port in its default mode")
    func keptByAPort() async throws {
        let kinds = try await Kata.attempt(lesson: 9) { () -> [String] in
            let network = try Self.started()
            defer { Self.retire(network) }
            return (network.thread.loop?.items(inMode: .default) ?? []).map(\.kind.rawValue)
        }
        #expect(kinds.contains("port"), "the network thread's default mode holds \(kinds): keep it alive with a Loop.Port (AFNetworking 2 added an NSMachPort)")
    }

    @Test("The port is all that keeps it: take it away and run() returns, and the thread exits")
    func thePortIsAllThatKeepsIt() async throws {
        let (hadAPort, exited) = try await Kata.attempt(lesson: 9) { () -> (Bool, Bool) in
            let network = try Self.started()
            let hadAPort = network.thread.loop?.items(inMode: .default).contains { $0.kind == .port } == true
            return (hadAPort, Self.retire(network))
        }
        #expect(hadAPort, "keep the thread alive with a Loop.Port in its loop's default mode")
        #expect(exited, "with its port gone the thread did not exit: run the loop (run()) and let the port alone keep it alive — no while around it, no sleep")
    }

    @Test("Requests performed on it run there, in order")
    func requestsRun() async throws {
        let (ran, threads, network) = try await Kata.attempt(lesson: 9) { () -> ([String], Set<ThreadID>, ThreadID?) in
            let network = try Self.started()
            defer { Self.retire(network) }
            let log = Log()
            let threads = Lock<Set<ThreadID>>([])
            for n in 1...3 {
                try network.perform {
                    log.add("request \(n)")
                    threads.withLock { _ = $0.insert(ThreadID.current) }
                }
            }
            _ = untilBlocking(1) { log.count == 3 }
            return (log.all, threads.withLock { $0 }, network.thread.id)
        }
        #expect(ran == ["request 1", "request 2", "request 3"])
        #expect(threads == Set([network].compactMap { $0 }), "requests must run on the network thread")
    }

    @Test("It keeps going: a request much later still runs")
    func stillAliveLater() async throws {
        let ran = try await Kata.attempt(lesson: 9) { () -> Bool in
            let network = try Self.started()
            defer { Self.retire(network) }
            let log = Log()
            try network.perform { log.add("first") }
            _ = untilBlocking(1) { log.count == 1 }
            Thread.sleep(forTimeInterval: 0.2)
            try network.perform { log.add("later") }
            return untilBlocking(1) { log.count == 2 }
        }
        #expect(ran, "after its first request the thread stopped taking work: its loop must keep running (run(), with the port still there)")
    }

    @Test("Idle, the loop sleeps in one run: it does not wake up to run again and again")
    func sleepsInOneRun() async throws {
        let idle = try await Kata.attempt(lesson: 9) { () -> [String]? in
            let network = try Self.started()
            defer { Self.retire(network) }
            guard let loop = network.thread.loop, loop.isWaiting else { return nil }
            let trace = loop.startTracing()
            Thread.sleep(forTimeInterval: 0.25)
            loop.stopTracing()
            return Array(trace.lines([.activities, .results], times: false).prefix(8))
        }
        guard let idle else {
            Issue.record("the network thread's loop never went to sleep: keep it alive with a port and run it")
            return
        }
        Kata.expectSameLines(idle, [],
                             hint: "Idle for 0.25 s, the loop should do nothing at all: one run, asleep until work comes. Yours woke up and ran again (first lines shown): a loop run in short slices (a timeout, a near `before:` date) polls for nothing. Call `run()` and let the port alone keep it alive.",
                             expectedTitle: "expected while idle (nothing)")
    }

    @Test("shared is one thread for the whole app, already started")
    func shared() async throws {
        let (same, started) = try await Kata.attempt(lesson: 9) { () -> (Bool, Bool) in
            let first = NetworkThread.shared, second = NetworkThread.shared
            return (first === second, untilBlocking(1) { first.thread.loop?.isWaiting == true })
        }
        #expect(same)
        #expect(started, "NetworkThread.shared must be started and its loop asleep, waiting for work")
    }
}

extension ChineseTestNames {
    static let lesson09: [String: String] = [:]
}
