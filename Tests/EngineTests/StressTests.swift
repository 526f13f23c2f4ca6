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
        let counts = Shared([Int](repeating: 0, count: total))
        let ran = Shared(0)
        @Sendable func record(_ id: Int) {
            counts.update { $0[id] += 1 }
            ran.update { $0 += 1 }
        }
        let ticks = Shared(0)
        let entries = Shared(0)
        let exits = Shared(0)
        let runs = Shared(0)
        let port = Loop.Port(name: "inbox") { message in record(Int(message)!) }
        let done = Shared(false)
        let loopBox = Shared<Loop?>(nil)
        let ready = Gate()
        let target = LoopThread(name: "target", registry: LoopRegistry()) {
            let loop = Loop.current
            do {
                try loop.add(port, forMode: .default)
                try loop.scheduleTimer(name: "tick", after: 0.001, interval: 0.001, mode: .common) { _ in ticks.update { $0 += 1 } }
                try loop.add(
                    Loop.Observer(activities: [.entry, .exit]) { activity in
                        if activity == .entry { entries.update { $0 += 1 } } else { exits.update { $0 += 1 } }
                    }, forMode: .default)
            } catch { Issue.record("set-up: \(error)") }
            loopBox.value = loop
            ready.open()
            while !done.value {
                _ = try? loop.run(mode: .default, before: .distantFuture)
                runs.update { $0 += 1 }
            }
        }
        try target.start()
        #expect(await ready.opened())
        let loop = try #require(loopBox.value)

        let stops = Shared(0)
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
                        if i % 16 == poster { stops.update { $0 += loop.stop() ? 1 : 0 } }
                    } catch { Issue.record("post \(id): \(error)") }
                }
            }
        }
        for thread in posters { try thread.start() }
        for thread in posters { #expect(await thread.finish(timeout: 20)) }
        #expect(await until(20) { ran.value == total }, "ran \(ran.value) of \(total)")
        done.value = true
        loop.stop()
        #expect(await target.finish(timeout: 5), "the target loop did not end: deadlock?")

        let wrong = counts.value.enumerated().filter { $0.element != 1 }
        #expect(wrong.isEmpty, "posts not run exactly once: \(wrong.prefix(10))")
        #expect(ticks.value > 0, "the timer fired meanwhile")
        #expect(entries.value == exits.value && entries.value == runs.value, "every run was told entry and exit once")
        #expect(stops.value > 0 && runs.value > stops.value, "the loop was stopped (\(stops.value) times) and restarted")
    }

    /// Timers share 64 lock stripes, so among 200 timers many pairs share one. Each callout
    /// reads, moves and invalidates other timers, and other threads do the same meanwhile: no
    /// path may hold a timer's stripe while it locks another timer or calls out, or this
    /// deadlocks (and `offPool` reports a timeout instead of hanging the run).
    @Test func timersSharingLockStripesTouchEachOtherFromCalloutsAndThreads() async throws {
        let fired = try await offPool(timeout: 30) { () -> Int in
            let loop = Loop.current
            let count = Shared(0)
            let timers = Shared<[Loop.Timer]>([])
            let all = try (0..<200).map { index in
                try Loop.Timer(name: "t\(index)", fireDate: loop.now + 0.001 * Double(index % 20), interval: 0.002) { timer in
                    count.value += 1
                    let others = timers.value
                    let other = others[(others.firstIndex { $0 === timer }! + 64) % others.count]
                    _ = other.isValid
                    other.fireDate = other.fireDate + 0.001
                    if count.value % 50 == 0 { other.invalidate() }
                }
            }
            timers.value = all
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
            while count.value < 400, loop.now < deadline { try loop.run(mode: .default, timeout: 0.05) }
            poker.join()
            for timer in all { timer.invalidate() }
            return count.value
        }
        #expect(fired >= 400, "only \(fired) callouts ran in 10 s")
    }
}
