import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "Sources and blocks": CFRunLoopPerformBlock.
@Suite struct BlockTests {
    @Test func blocksRunFirstInFirstOutInTheirModes() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        loop.perform(inModes: [.default]) { log.add("1") }
        loop.perform(inModes: ["other"]) { log.add("other") }
        loop.perform(inModes: [.default, "other"]) { log.add("2") }
        loop.perform(inModes: [.default]) { log.add("3") }
        try keepAlive(loop)
        try loop.run(mode: .default, timeout: 0)
        #expect(log.all == ["1", "2", "3"])
        #expect(!loop.isEmpty(mode: "other"), "the block for other waits")
        try loop.run(mode: "other", timeout: 0)
        #expect(log.all.last == "other")
    }

    @Test func aBlockForCommonModesRunsInACommonModeOnly() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        try keepAlive(loop, "private")
        loop.perform(inModes: [.common]) { log.add(loop.currentMode!.name) }
        try loop.run(mode: "private", timeout: 0)
        #expect(log.all.isEmpty)
        loop.addCommonMode("private")
        try loop.run(mode: "private", timeout: 0)
        #expect(log.all == ["private"])
    }

    @Test func aBlockQueuedDuringTheBlocksStepWaitsForTheNextOne() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let trace = loop.startTracing()
        loop.perform(inModes: [.default], name: "first") {
            loop.perform(inModes: [.default], name: "second") {}
        }
        try loop.run(mode: .default, timeout: 1)
        // step 3 runs "first"; "second" waits for step 10, after the sleep.
        expectLines(summaries(trace, [.callouts, .wakeUps]), ["block \"first\"", "woke: deadline", "block \"second\""])
    }

    @Test func queuingABlockDoesNotWakeTheLoop() async throws {
        let ran = Gate()
        let worker = Worker()
        try await worker.start()
        let loop = worker.loop
        let generation = loop.waiter.currentGeneration
        loop.perform(inModes: [.default]) { ran.open() }
        #expect(loop.waiter.currentGeneration == generation, "perform(inModes:) does not wake the loop")
        loop.wakeUp()
        #expect(await ran.opened())
        await worker.stop()
    }

    @Test func aBlockKeepsItsModeAliveUntilItHasRun() throws {
        let (loop, _) = virtualLoop()
        loop.perform(inModes: [.default]) {}
        #expect(!loop.isEmpty(mode: .default))
        // The block runs at step 3; emptiness is looked at only at step 11, after the sleep
        // (CF sleeps on its wake-up port alone): the run times out.
        #expect(try loop.run(mode: .default, timeout: 5) == .timedOut)
        #expect(loop.isEmpty(mode: .default))
        #expect(try loop.run(mode: .default, timeout: 5) == .finished)
    }
}
