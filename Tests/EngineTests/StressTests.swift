import Testing
@testable import RunLoopEngine

/// Several threads post work to one loop — performs, blocks with a wake-up, port messages — while
/// a timer fires, an observer watches and the posters now and then stop the loop (its guarded
/// loop starts a new run each time). Every post runs exactly once; nothing deadlocks.
@Suite struct StressTests {
    static let posters = 4
    static let postsPerKind = 500

    @Test func postsFromManyThreadsRunExactlyOnceWhileTheLoopIsStoppedAndRestarted() async throws {
        let total = Self.posters * Self.postsPerKind * 3
        let counts = Lock([Int](repeating: 0, count: total))
        let ran = Lock(0)
        @Sendable func record(_ id: Int) {
            counts.withLock { $0[id] += 1 }
            ran.withLock { $0 += 1 }
        }
        let ticks = Lock(0)
        let entries = Lock(0)
        let exits = Lock(0)
        let runs = Lock(0)
        let port = Loop.Port(name: "inbox") { message in record(Int(message)!) }
        let done = Lock(false)
        let loopBox = Lock<Loop?>(nil)
        let ready = Gate()
        let target = LoopThread(name: "target", registry: LoopRegistry()) {
            let loop = Loop.current
            do {
                try loop.add(port, forMode: .default)
                try loop.scheduleTimer(name: "tick", after: 0.001, interval: 0.001, mode: .common) { _ in ticks.withLock { $0 += 1 } }
                try loop.add(
                    Loop.Observer(activities: [.entry, .exit]) { activity in
                        if activity == .entry { entries.withLock { $0 += 1 } } else { exits.withLock { $0 += 1 } }
                    }, forMode: .default)
            } catch { Issue.record("set-up: \(error)") }
            loopBox.withLock { $0 = loop }
            ready.open()
            while !done.withLock({ $0 }) {
                _ = try? loop.run(mode: .default, before: .distantFuture)
                runs.withLock { $0 += 1 }
            }
        }
        try target.start()
        #expect(await ready.opened())
        let loop = try #require(loopBox.withLock { $0 })

        let stops = Lock(0)
        let posters = (0..<Self.posters).map { poster in
            LoopThread(name: "poster \(poster)") {
                let base = poster * Self.postsPerKind * 3
                for i in 0..<Self.postsPerKind {
                    let id = base + 3 * i
                    do {
                        // Every 20th perform waits until done: back-pressure, so the loop is never
                        // thousands of sources behind (each waiting perform is a source of its own).
                        try target.perform(waitUntilDone: i % 20 == 19, timeout: 10) { record(id) }
                        loop.perform(inModes: [.default]) { record(id + 1) }
                        loop.wakeUp()
                        try port.send(String(id + 2))
                        if i % 16 == poster { stops.withLock { $0 += loop.stop() ? 1 : 0 } }
                    } catch { Issue.record("post \(id): \(error)") }
                }
            }
        }
        for thread in posters { try thread.start() }
        for thread in posters { #expect(await thread.finish(timeout: 20)) }
        #expect(await until(20) { ran.withLock { $0 } == total }, "ran \(ran.withLock { $0 }) of \(total)")
        done.withLock { $0 = true }
        // Performed, not `loop.stop()`: a stop falls between two runs, where it is dropped, as
        // often as the target has just handled a source (Worker.stop says more).
        try? target.perform(modes: [.default]) {}
        #expect(await target.finish(timeout: 5), "the target loop did not end: deadlock?")

        let wrong = counts.withLock { $0 }.enumerated().filter { $0.element != 1 }
        #expect(wrong.isEmpty, "posts not run exactly once: \(wrong.prefix(10))")
        let (entered, exited, started, stopped) = (entries.withLock { $0 }, exits.withLock { $0 }, runs.withLock { $0 }, stops.withLock { $0 })
        #expect(ticks.withLock { $0 } > 0, "the timer fired meanwhile")
        #expect(entered == exited && entered == started, "every run was told entry and exit once")
        #expect(stopped > 0 && started > stopped, "the loop was stopped (\(stopped) times) and restarted")
    }

    /// Timers share 64 lock stripes, so among 200 timers many pairs share one. Each callout
    /// reads, moves and invalidates other timers, and other threads do the same meanwhile: no
    /// path may hold a timer's stripe while it locks another timer or calls out, or this
    /// deadlocks (and `offPool` reports a timeout instead of hanging the run).
    @Test func timersSharingLockStripesTouchEachOtherFromCalloutsAndThreads() async throws {
        let fired = try await offPool(timeout: 30) { () -> Int in
            let loop = Loop.current
            let count = Lock(0)
            let timers = Lock<[Loop.Timer]>([])
            let all = try (0..<200).map { index in
                try Loop.Timer(name: "t\(index)", fireDate: loop.now + 0.001 * Double(index % 20), interval: 0.002) { timer in
                    count.withLock { $0 += 1 }
                    let others = timers.withLock { $0 }
                    let other = others[(others.firstIndex { $0 === timer }! + 64) % others.count]
                    _ = other.isValid
                    other.fireDate = other.fireDate + 0.001
                    if count.withLock({ $0 }) % 50 == 0 { other.invalidate() }
                }
            }
            timers.withLock { $0 = all }
            for timer in all { try loop.add(timer, forMode: .default) }
            let poker = LoopThread(name: "poker") {
                for round in 0..<2_000 {
                    let timer = all[round % all.count]
                    _ = timer.fireDate
                    _ = timer.isValid
                    if round % 400 == 399 { timer.invalidate() }
                }
            }
            try poker.start()
            // Runs until 400 callouts came (a slow machine, or ThreadSanitizer, takes longer),
            // at most 10 s: the point is the interleaving, not a rate.
            let deadline = loop.now + 10
            while count.withLock({ $0 }) < 400, loop.now < deadline { try loop.run(mode: .default, timeout: 0.05) }
            poker.join()
            for timer in all { timer.invalidate() }
            return count.withLock { $0 }
        }
        #expect(fired >= 400, "only \(fired) callouts ran in 10 s")
    }
}
