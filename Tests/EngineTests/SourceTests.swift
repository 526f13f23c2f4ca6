import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "Sources and blocks": source0.
@Suite struct SourceTests {
    @Test func signalledSourcesRunByOrderThenByWhenTheyWereSignalled() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let sources = [("x", 5), ("y", 0), ("z", 0), ("w", -1)].map { name, order in Loop.Source(name: name, order: order) { log.add(name) } }
        for source in sources { try loop.add(source, forMode: .default) }
        for name in ["z", "x", "y", "w"] { sources.first { $0.name == name }!.signal() }
        try loop.run(mode: .default, timeout: 0)
        #expect(log.all == ["w", "z", "y", "x"])
    }

    @Test func aSignalledSourceRunsOnceAndASecondSignalBeforeItRunsIsTheSame() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let source = Loop.Source { log.add("ran") }
        try loop.add(source, forMode: .default)
        source.signal()
        source.signal()
        #expect(source.isSignalled)
        try loop.run(mode: .default, timeout: 0.5)
        #expect(log.count == 1 && !source.isSignalled)
    }

    @Test func returnAfterSourceHandledRunsOnlyTheFirstSignalledSource() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let a = Loop.Source(name: "a", order: 1) { log.add("a") }
        let b = Loop.Source(name: "b", order: 2) { log.add("b") }
        try loop.add(a, forMode: .default)
        try loop.add(b, forMode: .default)
        a.signal()
        b.signal()
        #expect(try loop.run(mode: .default, timeout: 5, returnAfterSourceHandled: true) == .handledSource)
        #expect(log.all == ["a"] && b.isSignalled)
    }

    @Test func aSignalledSourceOfAnotherModeWaits() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let source = Loop.Source { log.add("ran") }
        try loop.add(source, forMode: "other")
        try keepAlive(loop)
        source.signal()
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all.isEmpty && source.isSignalled)
    }

    @Test func anInvalidatedSourceLeavesEveryLoopAndNeverRuns() throws {
        let (loop, _) = virtualLoop()
        let (other, _) = virtualLoop()
        let log = Log()
        let source = Loop.Source { log.add("ran") }
        try loop.add(source, forMode: .common)
        try other.add(source, forMode: "x")
        source.signal()
        source.invalidate()
        #expect(!source.isValid && !source.isSignalled)
        #expect(loop.isEmpty(mode: .default) && other.isEmpty(mode: "x"))
        source.signal()
        #expect(!source.isSignalled)
    }
}
