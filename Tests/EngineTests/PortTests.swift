import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "Sources and blocks": source1 (ports).
@Suite struct PortTests {
    @Test func aMessageFromAnotherThreadWakesTheLoopAndReachesTheHandlerOnTheLoopsThread() async throws {
        let received = Lock<[String]>([])
        let gate = Gate()
        let handlerThread = Lock<ThreadID?>(nil)
        let port = Loop.Port(name: "net") { message in
            handlerThread.withLock { $0 = ThreadID.current }
            received.withLock { $0.append(message) }
            gate.open()
        }
        let worker = Worker { try $0.add(port, forMode: .default) }
        try await worker.start()
        try port.send("hello")
        #expect(await gate.opened())
        #expect(received.withLock { $0 } == ["hello"])
        #expect(handlerThread.withLock { $0 } == worker.thread.id)
        await worker.stop()
    }

    @Test func aPortWithNoHandlerKeepsItsModeAlive() throws {
        let (loop, clock) = virtualLoop()
        try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
        #expect(!loop.isEmpty(mode: .default))
        #expect(try loop.run(mode: .default, timeout: 3) == .timedOut)
        #expect(clock.now == Instant(seconds: 3))
    }

    @Test func portsWithMessagesAreHandledByOrderThenOldestMessage() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let low = Loop.Port(name: "low", order: -1) { log.add("low \($0)") }
        let a = Loop.Port(name: "a") { log.add("a \($0)") }
        let b = Loop.Port(name: "b") { log.add("b \($0)") }
        for port in [low, a, b] { try loop.add(port, forMode: .default) }
        try b.send("1")
        try a.send("2")
        try b.send("3")
        try low.send("4")
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all == ["low 4", "b 1", "a 2", "b 3"])
    }

    @Test func aMessageOnAPortOfAnotherModeWaitsForThatMode() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let port = Loop.Port(name: "p") { log.add($0) }
        try loop.add(port, forMode: "other")
        try keepAlive(loop)
        try port.send("m")
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all.isEmpty && port.pendingMessages == 1)
        try loop.run(mode: "other", timeout: 0.5)
        #expect(log.all == ["m"])
    }

    @Test func aPortMayServeSeveralLoops() async throws {
        let log = Log()
        let port = Loop.Port(name: "shared") { log.add($0) }
        let (loop, _) = virtualLoop()
        try loop.add(port, forMode: .default)
        let (other, _) = virtualLoop()
        try other.add(port, forMode: .default)
        try port.send("one")
        try other.run(mode: .default, timeout: 0.5)
        #expect(log.all == ["one"], "the message went to whichever loop took it first")
        #expect(port.pendingMessages == 0)
    }
}
